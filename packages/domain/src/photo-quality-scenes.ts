/**
 * The labelled set behind PHOTO_QUALITY's thresholds (ADR 090): generated, deterministic greyscale "photos" of a car
 * in a street (buildings with windows, asphalt texture, a plate with characters, a sign with lines of text, sensor
 * noise), then blurred (Gaussian, as out of focus; along a line, as a shaken phone), darkened and shrunk copies.
 * Test support only: the domain test measures them, the API test sends them through sharp, the e2e spec encodes
 * them to JPEG with sharp and picks them in the browser.
 */
import { downscaleLuma, type LumaImage } from './photo-quality';
import { prng } from './prng';

/** The size the app sends (the client resizes to 1500 px before uploading, 002 §5.2). */
export const SCENE_SIZE = { width: 1500, height: 1125 } as const;

/** A street scene as luminance, `seed` moving and shading its parts. */
export function streetScene(seed: number, width: number = SCENE_SIZE.width, height: number = SCENE_SIZE.height): LumaImage {
  const rnd = prng(seed);
  const px = new Float32Array(width * height);
  const rect = (x0: number, y0: number, w: number, h: number, v: number) => {
    const xa = Math.max(0, Math.round(x0 * width));
    const ya = Math.max(0, Math.round(y0 * height));
    const xb = Math.min(width, Math.round((x0 + w) * width));
    const yb = Math.min(height, Math.round((y0 + h) * height));
    for (let y = ya; y < yb; y++) px.fill(v, y * width + xa, y * width + xb);
  };
  const disc = (cx: number, cy: number, r: number, v: number) => {
    const R = r * width;
    for (let y = Math.max(0, Math.floor(cy * height - R)); y < Math.min(height, Math.ceil(cy * height + R)); y++)
      for (let x = Math.max(0, Math.floor(cx * width - R)); x < Math.min(width, Math.ceil(cx * width + R)); x++)
        if ((x - cx * width) ** 2 + (y - cy * height) ** 2 <= R * R) px[y * width + x] = v;
  };
  // Sky and street.
  for (let y = 0; y < height; y++) px.fill(y < height * 0.55 ? 200 - (60 * y) / height : 105, y * width, (y + 1) * width);
  // Buildings with windows.
  let x = 0;
  while (x < 1) {
    const w = 0.12 + rnd() * 0.15;
    const top = 0.08 + rnd() * 0.25;
    const shade = 120 + rnd() * 70;
    rect(x, top, w, 0.55 - top, shade);
    for (let wy = top + 0.03; wy < 0.5; wy += 0.06)
      for (let wx = x + 0.015; wx < x + w - 0.03; wx += 0.035) rect(wx, wy, 0.02, 0.035, rnd() < 0.5 ? 60 : 230);
    x += w + 0.01;
  }
  // A sign with lines of "text".
  const sx = 0.05 + rnd() * 0.15;
  rect(sx, 0.12, 0.22, 0.14, 240);
  for (let line = 0; line < 5; line++) {
    let lx = sx + 0.01;
    while (lx < sx + 0.2) {
      const word = 0.01 + rnd() * 0.03;
      rect(lx, 0.135 + line * 0.025, Math.min(word, sx + 0.21 - lx), 0.012, 30);
      lx += word + 0.008;
    }
  }
  // The car: body, windows, wheels, plate with characters.
  const cx = 0.3 + rnd() * 0.15;
  rect(cx, 0.5, 0.42, 0.2, 50 + rnd() * 40);
  rect(cx + 0.06, 0.4, 0.28, 0.11, 70);
  rect(cx + 0.08, 0.42, 0.11, 0.08, 150);
  rect(cx + 0.21, 0.42, 0.11, 0.08, 150);
  disc(cx + 0.09, 0.71, 0.045, 25);
  disc(cx + 0.33, 0.71, 0.045, 25);
  disc(cx + 0.09, 0.71, 0.018, 170);
  disc(cx + 0.33, 0.71, 0.018, 170);
  rect(cx + 0.16, 0.6, 0.1, 0.05, 235);
  for (let c = 0; c < 7; c++) {
    const gx = cx + 0.165 + c * 0.0128;
    rect(gx, 0.61, 0.003, 0.03, 20);
    if (rnd() < 0.6) rect(gx, 0.61, 0.009, 0.005, 20);
    if (rnd() < 0.6) rect(gx, 0.623, 0.009, 0.005, 20);
    if (rnd() < 0.6) rect(gx, 0.635, 0.009, 0.005, 20);
    if (rnd() < 0.5) rect(gx + 0.006, 0.61, 0.003, 0.03, 20);
  }
  // Asphalt grain and sensor noise.
  const out = new Uint8Array(width * height);
  for (let i = 0; i < px.length; i++) {
    const grain = i >= width * Math.round(height * 0.55) && px[i] === 105 ? (rnd() - 0.5) * 40 : 0;
    out[i] = Math.max(0, Math.min(255, Math.round(px[i]! + grain + (rnd() + rnd() - 1) * 6)));
  }
  return { width, height, data: out };
}

/** One pass of a 1-D kernel along rows (`horizontal`) or columns, edges clamped. */
function convolve1d(img: LumaImage, kernel: number[], horizontal: boolean): LumaImage {
  const { width: w, height: h, data } = img;
  const r = (kernel.length - 1) / 2;
  const out = new Uint8Array(w * h);
  const len = horizontal ? w : h;
  const step = horizontal ? 1 : w;
  const line = new Float32Array(len + 2 * r);
  for (let l = 0; l < (horizontal ? h : w); l++) {
    const base = horizontal ? l * w : l;
    for (let i = 0; i < len + 2 * r; i++) line[i] = data[base + Math.min(len - 1, Math.max(0, i - r)) * step]!;
    for (let i = 0; i < len; i++) {
      let v = 0;
      for (let k = 0; k < kernel.length; k++) v += line[i + k]! * kernel[k]!;
      out[base + i * step] = Math.round(v);
    }
  }
  return { width: w, height: h, data: out };
}

/** Out of focus: a Gaussian blur of `sigma` px. */
export function gaussianBlur(img: LumaImage, sigma: number): LumaImage {
  const r = Math.ceil(sigma * 3);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0);
  const kernel = k.map((v) => v / sum);
  return convolve1d(convolve1d(img, kernel, true), kernel, false);
}

/** A shaken phone: the image smeared along a horizontal line of `length` px. */
export function motionBlur(img: LumaImage, length: number): LumaImage {
  const n = length % 2 ? length : length + 1;
  return convolve1d(
    img,
    Array.from({ length: n }, () => 1 / n),
    true,
  );
}

/** Less light: every pixel times `factor` (0–1). */
export function darken(img: LumaImage, factor: number): LumaImage {
  return { ...img, data: img.data.map((v) => Math.round(v * factor)) };
}

export type SceneLabel = 'nítida' | 'tremida' | 'escura' | 'baixa resolução';

export interface LabelledPhoto {
  name: string;
  label: SceneLabel;
  image: LumaImage;
}

/** The labelled set: per seed, sharp and dim-but-fine copies, four blurred, two dark and two small ones. */
export function labelledSet(seeds: readonly number[] = [1, 2, 3]): LabelledPhoto[] {
  const set: LabelledPhoto[] = [];
  for (const seed of seeds) {
    const scene = streetScene(seed);
    set.push({ name: `cena${seed}-nitida`, label: 'nítida', image: scene });
    set.push({ name: `cena${seed}-foco-leve-s1`, label: 'nítida', image: gaussianBlur(scene, 1) });
    set.push({ name: `cena${seed}-penumbra-x0.6`, label: 'nítida', image: darken(scene, 0.6) });
    set.push({ name: `cena${seed}-desfocada-s3`, label: 'tremida', image: gaussianBlur(scene, 3) });
    set.push({ name: `cena${seed}-desfocada-s6`, label: 'tremida', image: gaussianBlur(scene, 6) });
    set.push({ name: `cena${seed}-tremida-25px`, label: 'tremida', image: motionBlur(scene, 25) });
    set.push({ name: `cena${seed}-tremida-45px`, label: 'tremida', image: motionBlur(scene, 45) });
    set.push({ name: `cena${seed}-escura-x0.3`, label: 'escura', image: darken(scene, 0.3) });
    set.push({ name: `cena${seed}-escura-x0.15`, label: 'escura', image: darken(scene, 0.15) });
    set.push({ name: `cena${seed}-pequena-640`, label: 'baixa resolução', image: downscaleLuma(scene, 640) });
    set.push({ name: `cena${seed}-pequena-400`, label: 'baixa resolução', image: downscaleLuma(scene, 400) });
  }
  return set;
}
