/**
 * Photo quality (issue 31 item 3, ADR 090): sharpness (the Laplacian's variance), brightness and resolution of a
 * claim or spare-car photo, measured the same way in the browser (a Web Worker, before sending) and on the server
 * (sharp, where the upload is re-encoded), so the score the customer was warned about is the one staff see.
 *
 * Pure and zod-free: the worker imports it through `@guarita/domain/photo-quality` (no schema reaches its chunk).
 *
 * The pipeline, both sides:
 *  1. the platform decodes the photo (orientation applied) and resizes it to at most PRE_SIDE px on its longest side
 *     (the browser: OffscreenCanvas drawImage, high smoothing; the server: sharp resize, fit inside);
 *  2. `lumaFromPixels` turns its RGB(A) or grey pixels into luminance (Rec. 601 weights, integer);
 *  3. `downscaleLuma` area-averages that to QUALITY_SIDE px: the last resampling before the Laplacian is the same
 *     code on both sides, so the platforms' different resizers (Lanczos, Chromium's) only reach it averaged;
 *  4. `laplacianSharpness` and `meanBrightness` on that copy; the resolution is the decoded photo's own size.
 * A fixed working size makes the score independent of the camera's resolution: a blur of 1 % of the frame scores
 * the same on a 12 MP phone photo and on the 1500 px copy the app sends.
 */

/** Longest side the Laplacian is measured on (ADR 090: plate characters still span several pixels; 0.2 MP). */
export const QUALITY_SIDE = 512;
/** Longest side each platform resizes to before `downscaleLuma` (twice QUALITY_SIDE: step 3 averages 2×2 or more). */
export const PRE_SIDE = 2 * QUALITY_SIDE;

/**
 * The thresholds, chosen from the labelled set in photo-quality-scenes.ts (confusion table in ADR 090).
 * - minSharpness: `laplacianSharpness` at QUALITY_SIDE below which the photo looks shaken or out of focus;
 * - minBrightness: mean luminance (0–1) below which the photo is dark;
 * - minLongSide / minShortSide: below either, too small for a reviewer to read a plate or a damage (VGA fails).
 */
export const PHOTO_QUALITY = {
  minSharpness: 100,
  minBrightness: 0.2,
  minLongSide: 800,
  minShortSide: 600,
} as const;

/** Luminance pixels, one byte each, row by row. */
export interface LumaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** What both sides measure and the server stores with the photo. */
export interface PhotoMeasures {
  /** `laplacianSharpness` at QUALITY_SIDE, rounded. */
  sharpness: number;
  /** Mean luminance, 0–1, two decimals. */
  brightness: number;
  /** The decoded photo's size (orientation applied). */
  width: number;
  height: number;
}

export type PhotoProblem = 'tremida' | 'escura' | 'baixa_resolucao';

/** The size `width`×`height` takes to fit `maxSide` on its longest side (never enlarged). */
export function fitSide(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Luminance from interleaved pixels with `channels` = 1 (grey), 2 (grey + alpha), 3 (RGB) or 4 (RGBA); alpha ignored. */
export function lumaFromPixels(data: ArrayLike<number>, width: number, height: number, channels: number): LumaImage {
  const n = width * height;
  const out = new Uint8Array(n);
  if (channels < 3) {
    for (let i = 0; i < n; i++) out[i] = data[i * channels]!;
  } else {
    // Rec. 601 luma in integers (77 + 150 + 29 = 256): the same bytes on every platform.
    for (let i = 0, p = 0; i < n; i++, p += channels) out[i] = (77 * data[p]! + 150 * data[p + 1]! + 29 * data[p + 2]! + 128) >> 8;
  }
  return { width, height, data: out };
}

/** For each output index, the first source index it covers and the weights of those it covers (summing to 1). */
function areaWeights(src: number, dst: number): Array<{ from: number; weights: number[] }> {
  const ratio = src / dst;
  const out: Array<{ from: number; weights: number[] }> = [];
  for (let o = 0; o < dst; o++) {
    const start = o * ratio;
    const end = start + ratio;
    const from = Math.floor(start);
    const weights: number[] = [];
    for (let s = from; s < Math.min(src, Math.ceil(end)); s++) weights.push((Math.min(end, s + 1) - Math.max(start, s)) / ratio);
    out.push({ from, weights });
  }
  return out;
}

/** An area-averaged copy whose longest side is at most `maxSide` (a copy as it is when already smaller). */
export function downscaleLuma(img: LumaImage, maxSide: number = QUALITY_SIDE): LumaImage {
  const { width: dw, height: dh } = fitSide(img.width, img.height, maxSide);
  if (dw === img.width && dh === img.height) return { width: dw, height: dh, data: Uint8Array.from(img.data) };
  const xs = areaWeights(img.width, dw);
  const ys = areaWeights(img.height, dh);
  // Rows first (each source row to dw columns), then columns.
  const rows = new Float32Array(dw * img.height);
  for (let y = 0; y < img.height; y++) {
    const base = y * img.width;
    for (let x = 0; x < dw; x++) {
      const { from, weights } = xs[x]!;
      let v = 0;
      for (let k = 0; k < weights.length; k++) v += img.data[base + from + k]! * weights[k]!;
      rows[y * dw + x] = v;
    }
  }
  const out = new Uint8Array(dw * dh);
  for (let y = 0; y < dh; y++) {
    const { from, weights } = ys[y]!;
    for (let x = 0; x < dw; x++) {
      let v = 0;
      for (let k = 0; k < weights.length; k++) v += rows[(from + k) * dw + x]! * weights[k]!;
      out[y * dw + x] = Math.min(255, Math.round(v));
    }
  }
  return { width: dw, height: dh, data: out };
}

/**
 * Sharpness: the 4-neighbour Laplacian [0 1 0; 1 −4 1; 0 1 0] is the sum of the horizontal second difference
 * [1 −2 1] and the vertical one; the score is twice the variance of the weaker of the two, over the inner pixels.
 * On a photo blurred alike in every direction (out of focus) that is about the Laplacian's variance; a phone shaken
 * along one direction keeps the other direction's edges crisp, which the plain Laplacian's variance still counts (a
 * 25 px shake took 62 % of it in the labelled set, against 98 % of this score; ADR 090). 0 under 3×3 pixels.
 */
export function laplacianSharpness(img: LumaImage): number {
  const { width: w, height: h, data } = img;
  if (w < 3 || h < 3) return 0;
  let sx = 0;
  let sxx = 0;
  let sy = 0;
  let syy = 0;
  for (let y = 1; y < h - 1; y++) {
    const row = y * w;
    for (let x = 1; x < w - 1; x++) {
      const i = row + x;
      const c = 2 * data[i]!;
      const dx = data[i - 1]! + data[i + 1]! - c;
      const dy = data[i - w]! + data[i + w]! - c;
      sx += dx;
      sxx += dx * dx;
      sy += dy;
      syy += dy * dy;
    }
  }
  const n = (w - 2) * (h - 2);
  return 2 * Math.min(sxx / n - (sx / n) ** 2, syy / n - (sy / n) ** 2);
}

/** Mean luminance, 0 (black) to 1 (white). */
export function meanBrightness(img: LumaImage): number {
  let sum = 0;
  for (let i = 0; i < img.data.length; i++) sum += img.data[i]!;
  return img.data.length ? sum / img.data.length / 255 : 0;
}

/** The measures of a photo from its luminance at up to PRE_SIDE (step 2's output) and the decoded photo's own size. */
export function measureLuma(luma: LumaImage, original: { width: number; height: number }): PhotoMeasures {
  const small = downscaleLuma(luma, QUALITY_SIDE);
  return {
    sharpness: Math.round(laplacianSharpness(small)),
    brightness: Math.round(meanBrightness(small) * 100) / 100,
    width: original.width,
    height: original.height,
  };
}

/** What is wrong with a photo, in the order the question names it ([] = fine). */
export function photoProblems(m: PhotoMeasures, t: typeof PHOTO_QUALITY = PHOTO_QUALITY): PhotoProblem[] {
  const problems: PhotoProblem[] = [];
  if (m.sharpness < t.minSharpness) problems.push('tremida');
  if (m.brightness < t.minBrightness) problems.push('escura');
  const long = Math.max(m.width, m.height);
  const short = Math.min(m.width, m.height);
  if (long < t.minLongSide || short < t.minShortSide) problems.push('baixa_resolucao');
  return problems;
}

/** One word per problem: the question's adjective, and the warning staff read beside the score. */
export const PHOTO_PROBLEM_WORD: Record<PhotoProblem, string> = {
  tremida: 'tremida',
  escura: 'escura',
  baixa_resolucao: 'pequena demais',
};

/** What the question adds under it: what makes a better photo, per problem. */
export const PHOTO_PROBLEM_TIP: Record<PhotoProblem, string> = {
  tremida: 'Apoie bem o celular e espere o foco antes de fotografar.',
  escura: 'Procure um lugar mais iluminado ou acenda a luz.',
  baixa_resolucao: 'Use a câmera do celular na resolução normal, sem recortar a foto.',
};

/** 'tremida', 'tremida e escura', 'tremida, escura e pequena demais'. */
export function photoProblemWords(problems: readonly PhotoProblem[]): string {
  const words = problems.map((p) => PHOTO_PROBLEM_WORD[p]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} e ${words[words.length - 1]!}`;
}

/**
 * The question before sending: 'A foto parece tremida — tirar outra?', 'A foto parece tremida e escura — tirar
 * outra?'; a small photo: 'A foto parece pequena demais — tirar outra?'. Null when nothing is wrong.
 */
export function photoQuestion(problems: readonly PhotoProblem[]): string | null {
  return problems.length === 0 ? null : `A foto parece ${photoProblemWords(problems)} — tirar outra?`;
}

/** The API's names of the measures (PhotoQualityDto in cases/dto.ts): nitidez, brilho, largura, altura. */
export interface PhotoQualityFields {
  nitidez: number;
  brilho: number;
  largura: number;
  altura: number;
}
export const qualityFields = (m: PhotoMeasures): PhotoQualityFields => ({
  nitidez: m.sharpness,
  brilho: m.brightness,
  largura: m.width,
  altura: m.height,
});
export const qualityMeasures = (q: PhotoQualityFields): PhotoMeasures => ({
  sharpness: q.nitidez,
  brightness: q.brilho,
  width: q.largura,
  height: q.altura,
});

/** The staff console's line beside a photo: 'Nitidez 142 · Brilho 38% · 4032×3024'. */
export function photoScoreText(m: PhotoMeasures): string {
  return `Nitidez ${m.sharpness} · Brilho ${Math.round(m.brightness * 100)}% · ${m.width}×${m.height}`;
}
