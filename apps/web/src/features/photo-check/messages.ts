import type { PhotoMeasures } from '@guarita/domain/photo-quality';

/** What the page sends the worker: the chosen file (a Blob is passed by reference, not copied). */
export interface PhotoCheckRequest {
  file: Blob;
}
/** Its answer: the measures, or ok: false when the browser cannot decode the file; `ms` = time in the worker. */
export type PhotoCheckReply = { ok: true; measures: PhotoMeasures; ms: number } | { ok: false; ms: number };
