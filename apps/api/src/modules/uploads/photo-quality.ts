import sharp from 'sharp';
import { lumaFromPixels, measureLuma, PRE_SIDE, type PhotoMeasures } from '@guarita/domain';

/**
 * The server's side of the photo-quality measures (ADR 090): the same pipeline as the browser's worker
 * (apps/web/src/features/photo-check), with sharp for the platform steps — decode with the orientation applied,
 * resize to PRE_SIDE (fit inside, never enlarged), raw pixels — and the domain's functions for the rest
 * (luminance, the area average to 512 px, the Laplacian's second differences, brightness), so both sides agree.
 * Null when the image cannot be decoded (inspectUpload has refused it by then anyway).
 */
export async function measurePhoto(input: Buffer, limitInputPixels: number): Promise<PhotoMeasures | null> {
  try {
    const img = sharp(input, { limitInputPixels, failOn: 'error' }).rotate();
    const { data, info } = await img
      .resize({ width: PRE_SIDE, height: PRE_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const meta = await sharp(input, { limitInputPixels }).metadata();
    // metadata() answers the stored size; the orientation tag (5–8) turns it a quarter: the size the viewer sees.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? info.width;
    const height = (turned ? meta.width : meta.height) ?? info.height;
    return measureLuma(lumaFromPixels(data, info.width, info.height, info.channels), { width, height });
  } catch {
    return null;
  }
}
