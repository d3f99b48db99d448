// Public surface of the auth feature (ADR 020): other features import only from here.
export { LoginPage } from './components/LoginPage';
export { logout } from './api/logout';
