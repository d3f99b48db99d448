import { describe, expect, it } from 'vitest';
import { percentile, readFigures, scaleVerdict, sizesByTable } from './scale-stats';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted on purpose

  it('is the nearest-rank value: p50 of 1..100 is 50, p95 is 95, p99 is 99', () => {
    expect([0.5, 0.95, 0.99].map((q) => percentile(hundred, q))).toEqual([50, 95, 99]);
  });

  it('is the only value of one, and NaN of none', () => {
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('readFigures', () => {
  it('counts reads per second over the window and keeps the errors', () => {
    expect(readFigures([1, 2, 3, 4], 2, 1)).toEqual({ count: 4, p50: 2, p95: 4, p99: 4, rps: 2, errors: 1 });
  });
});

describe('scaleVerdict', () => {
  it('holds a customer read to p95 ≤ 10 ms and every read to at most 2× its demo-size p95', () => {
    expect(scaleVerdict('customer', 9, 4)).toEqual({ p95Ok: true, demoOk: false, slowdown: 2.25 });
    expect(scaleVerdict('customer', 11, 6)).toEqual({ p95Ok: false, demoOk: true, slowdown: 11 / 6 });
  });

  it('sets no p95 bar for staff and login reads, and no comparison without a demo figure', () => {
    expect(scaleVerdict('staff', 40, 30).p95Ok).toBeUndefined();
    expect(scaleVerdict('login', 40, undefined)).toEqual({ p95Ok: undefined, demoOk: undefined, slowdown: undefined });
  });
});

describe('sizesByTable', () => {
  it('sums partitions under their parent, counts them, and lists the biggest first', () => {
    const sizes = sizesByTable([
      { table: 'customers', parent: null, bytes: 300, rows: 10 },
      { table: 'positions', parent: null, bytes: 0, rows: -1 },
      { table: 'positions_2026_10', parent: 'positions', bytes: 200, rows: 5 },
      { table: 'positions_2026_11', parent: 'positions', bytes: 250, rows: 6 },
    ]);
    expect(sizes).toEqual([
      { table: 'positions', bytes: 450, partitions: 2, rows: 11 },
      { table: 'customers', bytes: 300, partitions: 0, rows: 10 },
    ]);
  });
});
