export { usePlan } from './api/get-plan';
