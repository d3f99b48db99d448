import sharp from 'sharp';
import { lumaFromPixels, measureLuma, PRE_SIDE, qualityFields, type PhotoMeasures, type PhotoQualityFields } from '@guarita/domain';

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

/** The columns migration 033 gave the photo tables (claim_photos, case_attachments), for their repositories' selects. */
export const QUALITY_COLUMNS = ['quality_sharpness', 'quality_brightness', 'quality_width', 'quality_height'] as const;

interface QualityRow {
  quality_sharpness: number | null;
  quality_brightness: number | null;
  quality_width: number | null;
  quality_height: number | null;
}

/** A photo's measures as the row's columns (all null when there are none). */
export const qualityColumns = (m: PhotoMeasures | null | undefined): QualityRow => ({
  quality_sharpness: m?.sharpness ?? null,
  quality_brightness: m?.brightness ?? null,
  quality_width: m?.width ?? null,
  quality_height: m?.height ?? null,
});

/** The measures of a row, or null when it has none (a PDF, a file from before migration 033). */
export const qualityOfRow = (r: QualityRow): PhotoMeasures | null =>
  r.quality_sharpness !== null && r.quality_brightness !== null && r.quality_width !== null && r.quality_height !== null
    ? { sharpness: r.quality_sharpness, brightness: r.quality_brightness, width: r.quality_width, height: r.quality_height }
    : null;

/** The row's measures as the API names them (PhotoQualityDto), or null. */
export const qualityDtoOfRow = (r: QualityRow): PhotoQualityFields | null => {
  const m = qualityOfRow(r);
  return m && qualityFields(m);
};
