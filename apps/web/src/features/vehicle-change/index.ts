export { VehicleChangeForm, type RequestFormProps } from './components/VehicleChangeForm';
export { useRestrictions } from './api/get-restrictions';
