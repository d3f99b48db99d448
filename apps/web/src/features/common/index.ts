// Public surface of the common feature (ADR 020): other features import only from here.
export { ContractNotFound } from './components/ContractNotFound';
export { SelectedContractGuard, type SelectedContract } from './components/SelectedContractGuard';
export { EmergencyLines, EmergencyStrip } from './components/EmergencyLines';
export { CobreModal, type CobreContact } from './components/CobreModal';
export { PageErrorBoundary } from './components/RenderErrorPage';
