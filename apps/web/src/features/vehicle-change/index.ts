export { VehicleChangeForm } from './components/VehicleChangeForm';
export { useRestrictions } from './api/get-restrictions';
