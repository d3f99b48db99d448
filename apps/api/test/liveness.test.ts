import { describe, expect, it } from 'vitest';
import { FamilyLiveness } from '../src/modules/auth/liveness';

describe('FamilyLiveness (the session check’s memory of live logins)', () => {
  const far = new Date(Date.UTC(2100, 0, 1));

  it('remembers a live login for its customer only, and not past the TTL', () => {
    let t = 1_000;
    const l = new FamilyLiveness(5_000, 100, () => t);
    expect(l.isLive('f1', 7)).toBe(false);
    l.remember('f1', 7, far);
    expect(l.isLive('f1', 7)).toBe(true);
    expect(l.isLive('f1', 8)).toBe(false); // a token naming another customer's login
    t += 4_999;
    expect(l.isLive('f1', 7)).toBe(true);
    t += 1;
    expect(l.isLive('f1', 7)).toBe(false);
  });

  it('never past the login’s own expiry', () => {
    let t = 1_000;
    const l = new FamilyLiveness(5_000, 100, () => t);
    l.remember('f1', 7, new Date(2_000));
    t = 1_999;
    expect(l.isLive('f1', 7)).toBe(true);
    t = 2_000;
    expect(l.isLive('f1', 7)).toBe(false);
  });

  it('forgets a revoked login at once and stays bounded', () => {
    const l = new FamilyLiveness(5_000, 2, () => 0);
    l.remember('a', 1, far);
    l.forget('a');
    expect(l.isLive('a', 1)).toBe(false);
    l.remember('a', 1, far);
    l.remember('b', 2, far);
    l.remember('c', 3, far);
    expect(l.isLive('a', 1)).toBe(false); // the oldest went first
    expect(l.isLive('b', 2)).toBe(true);
    expect(l.isLive('c', 3)).toBe(true);
  });
});
