import { beforeAll, describe, expect, it } from 'vitest';
import {
  downscaleLuma,
  fitSide,
  laplacianSharpness,
  lumaFromPixels,
  measureLuma,
  meanBrightness,
  photoProblems,
  photoQuestion,
  photoScoreText,
  PHOTO_QUALITY,
  PRE_SIDE,
  type LumaImage,
  type PhotoMeasures,
} from './photo-quality';
import { labelledSet, type LabelledPhoto, type SceneLabel } from './photo-quality-scenes';

const flat = (width: number, height: number, v: number): LumaImage => ({ width, height, data: new Uint8Array(width * height).fill(v) });

describe('the measures', () => {
  it('luminance from RGBA, RGB and grey pixels (Rec. 601, integer)', () => {
    expect([...lumaFromPixels([255, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 9], 3, 1, 4).data]).toEqual([77, 149, 29]);
    expect([...lumaFromPixels([255, 255, 255, 0, 0, 0], 2, 1, 3).data]).toEqual([255, 0]);
    expect([...lumaFromPixels([10, 255, 20, 255], 2, 1, 2).data]).toEqual([10, 20]);
  });

  it('fits the longest side, never enlarging', () => {
    expect(fitSide(4032, 3024, 1024)).toEqual({ width: 1024, height: 768 });
    expect(fitSide(3024, 4032, 512)).toEqual({ width: 384, height: 512 });
    expect(fitSide(300, 200, 512)).toEqual({ width: 300, height: 200 });
  });

  it('downscales by area averaging (a 2×2 block becomes its mean; a small image is copied)', () => {
    const img: LumaImage = { width: 4, height: 2, data: Uint8Array.from([0, 100, 200, 200, 100, 200, 0, 0]) };
    expect(downscaleLuma(img, 2)).toEqual({ width: 2, height: 1, data: Uint8Array.from([100, 100]) });
    const small = flat(3, 3, 7);
    expect(downscaleLuma(small, 512)).toEqual(small);
    expect(downscaleLuma(small, 512).data).not.toBe(small.data);
  });

  it('a flat image has no sharpness; a checkerboard has the most; brightness is the mean', () => {
    expect(laplacianSharpness(flat(10, 10, 128))).toBe(0);
    expect(laplacianSharpness(flat(2, 2, 0))).toBe(0);
    const board: LumaImage = {
      width: 8,
      height: 8,
      data: Uint8Array.from({ length: 64 }, (_, i) => (((i % 8) + Math.floor(i / 8)) % 2 ? 255 : 0)),
    };
    expect(laplacianSharpness(board)).toBeGreaterThan(100_000);
    expect(meanBrightness(flat(4, 4, 51))).toBeCloseTo(0.2);
  });

  it('a shake along one direction scores as low as a blur: the weaker direction counts', () => {
    // Vertical stripes smeared sideways are gone; horizontal stripes are not (a 1-D shake on a 2-D scene).
    const stripes = (vertical: boolean, v: (k: number) => number): LumaImage => ({
      width: 16,
      height: 16,
      data: Uint8Array.from({ length: 256 }, (_, i) => v(vertical ? i % 16 : Math.floor(i / 16))),
    });
    const crisp = stripes(true, (k) => (k % 2 ? 200 : 50));
    const grid: LumaImage = { ...crisp, data: crisp.data.map((v, i) => (v + stripes(false, (k) => (k % 2 ? 200 : 50)).data[i]!) / 2) };
    const shaken: LumaImage = { ...grid, data: stripes(false, (k) => (k % 2 ? 162 : 87)).data };
    expect(laplacianSharpness(grid)).toBeGreaterThan(1000);
    expect(laplacianSharpness(shaken)).toBe(0);
  });
});

describe('the verdict and its words', () => {
  const ok: PhotoMeasures = { sharpness: 400, brightness: 0.5, width: 1500, height: 1125 };
  it('names each problem in order', () => {
    expect(photoProblems(ok)).toEqual([]);
    expect(photoProblems({ ...ok, sharpness: 99 })).toEqual(['tremida']);
    expect(photoProblems({ ...ok, brightness: 0.19 })).toEqual(['escura']);
    expect(photoProblems({ ...ok, width: 640, height: 480 })).toEqual(['baixa_resolucao']);
    expect(photoProblems({ ...ok, width: 1500, height: 500 })).toEqual(['baixa_resolucao']);
    expect(photoProblems({ sharpness: 5, brightness: 0.1, width: 400, height: 300 })).toEqual(['tremida', 'escura', 'baixa_resolucao']);
  });
  it("asks 'A foto parece tremida/escura — tirar outra?' with what was measured", () => {
    expect(photoQuestion([])).toBeNull();
    expect(photoQuestion(['tremida'])).toBe('A foto parece tremida — tirar outra?');
    expect(photoQuestion(['escura'])).toBe('A foto parece escura — tirar outra?');
    expect(photoQuestion(['tremida', 'escura'])).toBe('A foto parece tremida e escura — tirar outra?');
    expect(photoQuestion(['baixa_resolucao'])).toBe('A foto parece pequena demais — tirar outra?');
    expect(photoQuestion(['tremida', 'escura', 'baixa_resolucao'])).toBe('A foto parece tremida, escura e pequena demais — tirar outra?');
  });
  it("the staff line: 'Nitidez 142 · Brilho 38% · 4032×3024'", () => {
    expect(photoScoreText({ sharpness: 142, brightness: 0.38, width: 4032, height: 3024 })).toBe('Nitidez 142 · Brilho 38% · 4032×3024');
  });
});

/** The class a verdict puts a photo in, for the confusion table: the darkness first (it blurs the score too). */
const predicted = (m: PhotoMeasures): SceneLabel => {
  const p = photoProblems(m);
  return p.includes('escura') ? 'escura' : p.includes('baixa_resolucao') ? 'baixa resolução' : p.includes('tremida') ? 'tremida' : 'nítida';
};

describe('the labelled set (ADR 090)', () => {
  let measured: Array<LabelledPhoto & { m: PhotoMeasures }>;
  beforeAll(() => {
    // As the platforms do it: resized to PRE_SIDE first, then measured.
    measured = labelledSet().map((p) => ({ ...p, m: measureLuma(downscaleLuma(p.image, PRE_SIDE), p.image) }));
  }, 120_000);

  it('every photo is classed as labelled (the confusion table is diagonal)', () => {
    const labels: SceneLabel[] = ['nítida', 'tremida', 'escura', 'baixa resolução'];
    const table = labels.map((label) => labels.map((p) => measured.filter((x) => x.label === label && predicted(x.m) === p).length));
    if (process.env.PHOTO_QUALITY_TABLE)
      console.log(
        ['rótulo \\ previsto', ...labels].join(' | '),
        '\n' + table.map((row, i) => [labels[i], ...row].join(' | ')).join('\n'),
        '\n' + measured.map((x) => `${x.name} ${photoScoreText(x.m)} ${photoProblems(x.m).join(',')}`).join('\n'),
      );
    expect(table).toEqual([
      [9, 0, 0, 0],
      [0, 12, 0, 0],
      [0, 0, 6, 0],
      [0, 0, 0, 6],
    ]);
  });

  it('blurred and shaken photos are only tremida; the small ones stay sharp; a margin of nearly 2× either side of the threshold', () => {
    const of = (label: SceneLabel) => measured.filter((x) => x.label === label);
    for (const x of of('tremida')) expect(photoProblems(x.m), x.name).toEqual(['tremida']);
    for (const x of of('baixa resolução')) expect(photoProblems(x.m), x.name).toEqual(['baixa_resolucao']);
    const sharpest = Math.max(...of('tremida').map((x) => x.m.sharpness));
    const softest = Math.min(...of('nítida').map((x) => x.m.sharpness));
    expect(softest / sharpest).toBeGreaterThan(4);
    expect(softest).toBeGreaterThan(1.9 * PHOTO_QUALITY.minSharpness);
    expect(sharpest).toBeLessThan(PHOTO_QUALITY.minSharpness / 2);
  });
});
