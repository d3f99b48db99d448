-- Issue 31 item 3 (ADR 090): the server's photo-quality measures, stored with each photo when it is received and
-- shown to staff beside it. Nullable: PDFs have none, and files received before this migration were never measured.
-- sharpness = laplacianSharpness at 512 px (packages/domain/src/photo-quality.ts), brightness = mean luminance 0–1,
-- width/height = the received image's size. Columns of the photo's own row: they live and go with it (retention).
ALTER TABLE claim_photos
  ADD COLUMN quality_sharpness integer CHECK (quality_sharpness >= 0),
  ADD COLUMN quality_brightness real CHECK (quality_brightness BETWEEN 0 AND 1),
  ADD COLUMN quality_width integer CHECK (quality_width > 0),
  ADD COLUMN quality_height integer CHECK (quality_height > 0);
ALTER TABLE case_attachments
  ADD COLUMN quality_sharpness integer CHECK (quality_sharpness >= 0),
  ADD COLUMN quality_brightness real CHECK (quality_brightness BETWEEN 0 AND 1),
  ADD COLUMN quality_width integer CHECK (quality_width > 0),
  ADD COLUMN quality_height integer CHECK (quality_height > 0);
