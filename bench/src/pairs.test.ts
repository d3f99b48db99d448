import { describe, expect, it } from 'vitest';
import { alternate, formatPaired, median, medianResult, pairedRatio, pairedRps } from './pairs';

const load = (rps: number, p50 = 1, p99 = 2) => ({ label: 'x', rps, total: rps * 10, p50, p99 });

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([0.8, 0.61, 0.7])).toBe(0.7);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses nothing', () => {
    expect(() => median([])).toThrow();
  });
});

describe('pairedRatio', () => {
  it('divides within each pair, not the totals, and gives the median and the range of those ratios', () => {
    // The machine slowed down by half between pairs 1 and 3; each pair's ratio still says 0.5–0.6.
    const r = pairedRatio([500, 300, 240], [1000, 500, 400]);
    expect(r.ratios).toEqual([0.5, 0.6, 0.6]);
    expect(r).toMatchObject({ median: 0.6, min: 0.5, max: 0.6 });
  });

  it('takes the mean of the middle pairs for an even count', () => {
    expect(pairedRatio([1, 2, 3, 4], [10, 10, 10, 10]).median).toBeCloseTo(0.25);
  });

  it('refuses unmatched sides, no pairs and a zero denominator', () => {
    expect(() => pairedRatio([1, 2], [1])).toThrow();
    expect(() => pairedRatio([], [])).toThrow();
    expect(() => pairedRatio([1], [0])).toThrow();
  });

  it('reads req/s from load results', () => {
    expect(pairedRps([load(70), load(80), load(61)], [load(100), load(100), load(100)])).toMatchObject({
      median: 0.7,
      min: 0.61,
      max: 0.8,
    });
  });
});

describe('formatPaired', () => {
  it('puts the median first, so `ratio: <number>` still parses, then the range and the pairs', () => {
    const line = `ratio: ${formatPaired(pairedRatio([61, 80, 70], [100, 100, 100]))}`;
    expect(line).toBe('ratio: 0.70 (0.61–0.80, 3 pairs)');
    expect(Number(/^ratio: ([\d.]+)/.exec(line)?.[1])).toBe(0.7);
  });

  it('keeps the digits asked for', () => {
    expect(formatPaired(pairedRatio([1], [3]), 3)).toBe('0.333 (0.333–0.333, 1 pairs)');
  });
});

describe('medianResult', () => {
  it('takes each field’s median and sums the answers', () => {
    expect(medianResult([load(100, 1, 9), load(300, 3, 5), load(200, 2, 7)])).toEqual({
      label: 'x',
      rps: 200,
      total: 6000,
      p50: 2,
      p99: 7,
    });
  });
});

describe('alternate', () => {
  it('runs the steps A B A B … and answers each step’s results in round order', async () => {
    const order: string[] = [];
    let n = 0;
    const step = (name: string) => async () => {
      order.push(name);
      return load(++n);
    };
    const out = await alternate(3, { api: step('A'), reference: step('B') });
    expect(order).toEqual(['A', 'B', 'A', 'B', 'A', 'B']);
    expect(out.api.map((r) => r.rps)).toEqual([1, 3, 5]);
    expect(out.reference.map((r) => r.rps)).toEqual([2, 4, 6]);
  });
});
