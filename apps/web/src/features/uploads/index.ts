export { PendingUploads, pendingLabel } from './PendingUploads';
export { usePendingUploads } from './use-pending-uploads';
export { OUTBOX_MSG } from './messages';
