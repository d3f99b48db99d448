import type { PhotoMeasures } from '@guarita/domain/photo-quality';
import type { PhotoCheckReply, PhotoCheckRequest } from './messages';

/** A check that takes longer than this lets the photo go unmeasured: the question is a help, never a wall. */
export const PHOTO_CHECK_TIMEOUT_MS = 10_000;

/**
 * Measures a photo in a Web Worker (photo-quality.worker.ts), one worker per photo, ended when it answers.
 * Resolves null when it cannot tell (no Worker or OffscreenCanvas, a file the browser cannot decode, too slow), so
 * the caller sends the photo as before. The time is left as a performance entry 'photo-quality' (ADR 090's figure).
 */
export function measurePhotoFile(file: Blob): Promise<PhotoMeasures | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const started = performance.now();
    let worker: Worker;
    try {
      worker = new Worker(new URL('./photo-quality.worker.ts', import.meta.url), { type: 'module', name: 'photo-quality' });
    } catch {
      resolve(null);
      return;
    }
    const done = (m: PhotoMeasures | null) => {
      clearTimeout(timer);
      worker.terminate();
      performance.measure?.('photo-quality', { start: started, end: performance.now() });
      resolve(m);
    };
    const timer = setTimeout(() => done(null), PHOTO_CHECK_TIMEOUT_MS);
    worker.onmessage = (e: MessageEvent<PhotoCheckReply>) => done(e.data.ok ? e.data.measures : null);
    worker.onerror = () => done(null);
    worker.postMessage({ file } satisfies PhotoCheckRequest);
  });
}
