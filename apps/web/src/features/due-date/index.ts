export { DueDateForm } from './components/DueDateForm';
