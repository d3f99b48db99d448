/**
 * The browser's side of the photo-quality measures (ADR 090), off the main thread: decode the chosen file (the
 * EXIF orientation applied), draw it at most PRE_SIDE px on an OffscreenCanvas with high smoothing, read its pixels
 * and hand them to the domain's functions, the ones the server runs on sharp's pixels. No zod here, nor anything
 * that imports it: only '@guarita/domain/photo-quality'.
 */
import { fitSide, lumaFromPixels, measureLuma, PRE_SIDE } from '@guarita/domain/photo-quality';
import type { PhotoCheckReply, PhotoCheckRequest } from './messages';

// A dedicated worker's scope: its postMessage takes no target origin (the DOM typings describe a window's).
const scope = globalThis as unknown as Worker;

scope.onmessage = async (e: MessageEvent<PhotoCheckRequest>) => {
  const started = performance.now();
  let reply: PhotoCheckReply;
  try {
    const bitmap = await createImageBitmap(e.data.file);
    const original = { width: bitmap.width, height: bitmap.height };
    const { width, height } = fitSide(bitmap.width, bitmap.height, PRE_SIDE);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d context');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const pixels = ctx.getImageData(0, 0, width, height).data;
    const measures = measureLuma(lumaFromPixels(pixels, width, height, 4), original);
    reply = { ok: true, measures, ms: Math.round(performance.now() - started) };
  } catch {
    reply = { ok: false, ms: Math.round(performance.now() - started) };
  }
  scope.postMessage(reply);
};
