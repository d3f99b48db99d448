import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, SUPPORT_MSG, type PhotoMeasures, type UploadMime } from '@guarita/domain';
import { AppError } from '../../lib/errors';
import { measurePhoto } from './photo-quality';

/** An upload after inspection: its real type, the bytes we keep (re-encoded for images) and their hash. */
export interface InspectedFile {
  contentType: UploadMime;
  ext: 'pdf' | 'jpg' | 'png' | 'webp';
  data: Buffer;
  sha256: string;
  /** The photo-quality measures of the image received (ADR 090), when asked for (`measure`); null otherwise. */
  quality: PhotoMeasures | null;
}

/** Largest image side kept on the server (the client already resizes to 1500 px). */
export const MAX_IMAGE_SIDE = 1500;
/** Decompression-bomb guard: images above this many pixels are refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;

const EXT: Record<UploadMime, InspectedFile['ext']> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Decides a file's type by its magic bytes (file-type), never by name or header; refuses empty, oversized and
 * unlisted files with the spec's messages; re-encodes images with sharp (no EXIF/GPS, ICC or trailing payload
 * survives; orientation applied; at most 1500 px). PDFs are kept as they are (≤ 5 MB). `measure`: photos (claims, the
 * spare car) also get their quality measures (photo-quality.ts).
 */
export async function inspectUpload(
  input: Buffer,
  accept: readonly UploadMime[],
  wrongTypeMessage: string,
  opts: { measure?: boolean } = {},
): Promise<InspectedFile> {
  if (input.length === 0) throw new AppError(400, 'EMPTY_FILE', SUPPORT_MSG.emptyFile);
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', SUPPORT_MSG.fileTooLarge);
  const detected = await fileTypeFromBuffer(input);
  const mime = detected?.mime as UploadMime | undefined;
  if (!mime || !accept.includes(mime)) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', wrongTypeMessage);
  if (mime === 'application/pdf') return { contentType: mime, ext: 'pdf', data: input, sha256: sha256(input), quality: null };

  let data: Buffer;
  try {
    const img = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    // sharp writes no metadata unless asked (withMetadata/keepExif): the re-encoded file carries pixels only.
    data =
      mime === 'image/png'
        ? await img.png({ compressionLevel: 8 }).toBuffer()
        : mime === 'image/webp'
          ? await img.webp({ quality: 80 }).toBuffer()
          : await img.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  } catch {
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', wrongTypeMessage);
  }
  // Measured on the image as received (what the customer's phone measured too), once it decoded above.
  const quality = opts.measure ? await measurePhoto(input, MAX_INPUT_PIXELS) : null;
  return { contentType: mime, ext: EXT[mime], data, sha256: sha256(data), quality };
}
