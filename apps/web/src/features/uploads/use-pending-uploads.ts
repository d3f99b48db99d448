import { useSyncExternalStore } from 'react';
import { getServerSnapshot, getSnapshot, subscribe, type PendingUpload } from '../../lib/uploads/manager';

/** What the upload manager still has to send (ADR 093), kept up to date. */
export const usePendingUploads = (): readonly PendingUpload[] => useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
