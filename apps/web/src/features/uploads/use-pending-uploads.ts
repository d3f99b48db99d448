import { useSyncExternalStore } from 'react';
import { getServerSnapshot, getSnapshot, subscribe, type PendingUpload } from '../../lib/uploads/state';

/**
 * What the upload manager still has to send (ADR 093), kept up to date. From its memory (`state`), not the manager: a
 * page showing the list does not load the sending code; the layout loads it once the page is idle.
 */
export const usePendingUploads = (): readonly PendingUpload[] => useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
