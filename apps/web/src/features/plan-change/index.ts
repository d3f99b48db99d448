export { PlanChangeForm } from './components/PlanChangeForm';
