// Public surface of the payments feature (ADR 020): other features import only from here.
export { AdvanceLink } from './components/AdvanceLink';
export { OpenTotal } from './components/OpenTotal';
export { OverdueBanner } from './components/OverdueBanner';
