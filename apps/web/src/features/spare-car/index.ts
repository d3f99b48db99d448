export { SpareCarForm } from './components/SpareCarForm';
