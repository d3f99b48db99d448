// Public surface of the shell feature (ADR 020): other features import only from here.
export { Logo } from './components/Logo';
export { VehicleSelector } from './components/VehicleSelector';
