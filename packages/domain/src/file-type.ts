import type { UploadMime } from './cases/schemas';

/**
 * A file's type from its first bytes (its "magic number"), the check the API makes with `file-type` (ADR 035):
 * the browser makes it too, so a renamed file ('foto.png' saved as 'fatura.pdf') is refused when it is chosen,
 * with the field's own message, and not after sending. Pure: the web reads the head with `sniffFileType`
 * (apps/web/src/lib/file-type.ts); claims, contestation, ombudsman, documents and the spare car share it.
 */
export const FILE_HEAD_BYTES = 16;

const startsWith = (head: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => head[at + i] === b);

/** PDF, JPEG, PNG or WebP from the first bytes (at least 12), else null. */
export function detectFileType(head: Uint8Array): UploadMime | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'; // RIFF....WEBP
  return null;
}

/** Whether a file whose first bytes are `head` is one of `accept`. */
export const fileTypeAccepted = (head: Uint8Array, accept: readonly UploadMime[]) => {
  const t = detectFileType(head);
  return t !== null && accept.includes(t);
};
