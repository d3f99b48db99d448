// Public surface of the auth feature (ADR 020): other features import only from here.
export { LoginPage } from './components/LoginPage';
export { logout } from './api/logout';
export { registerPasskey } from './api/passkey-register';
export { platformPasskeyAvailable, webAuthnAvailable } from './api/passkey-device';
export { passkeyErrorText } from './components/passkey-errors';
