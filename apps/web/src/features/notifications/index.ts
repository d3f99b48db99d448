// Public surface of the notifications feature (ADR 020): the shell's header shows the bell.
export { NotificationBell } from './components/NotificationBell';
export { notificationKeys } from './api/keys'; // other features refetch the bell after a change that notifies (issue 31)
