// Public surface of the notifications feature (ADR 020): the shell's header shows the bell.
export { NotificationBell } from './components/NotificationBell';
