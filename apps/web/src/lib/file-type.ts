import { detectFileType, FILE_HEAD_BYTES, type UploadMime } from '@guarita/domain';

/** The first bytes of a file (FileReader where Blob.arrayBuffer is missing). */
function readHead(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, FILE_HEAD_BYTES);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsArrayBuffer(head);
  });
}

/**
 * The file's real type from its first bytes (the domain's `detectFileType`), or null when it is none of PDF, JPEG,
 * PNG, WebP or cannot be read. The one browser-side type check of every file field: the name and the browser's
 * `file.type` only repeat the extension.
 */
export async function sniffFileType(file: Blob): Promise<UploadMime | null> {
  try {
    return detectFileType(await readHead(file));
  } catch {
    return null;
  }
}

/** Whether the file really is one of `accept` (by its first bytes). */
export async function fileIsOneOf(file: Blob, accept: readonly UploadMime[]): Promise<boolean> {
  const t = await sniffFileType(file);
  return t !== null && accept.includes(t);
}
