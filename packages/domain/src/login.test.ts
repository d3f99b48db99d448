import { describe, expect, it } from 'vitest';
import { CODE_RESEND_WAIT_SECONDS, secondsUntil } from './login';

describe('resend countdown', () => {
  it('counts whole seconds down to zero and never below', () => {
    const at = 1_000_000 + CODE_RESEND_WAIT_SECONDS * 1000;
    expect(secondsUntil(at, 1_000_000)).toBe(30);
    expect(secondsUntil(at, 1_000_001)).toBe(30);
    expect(secondsUntil(at, at - 1000)).toBe(1);
    expect(secondsUntil(at, at)).toBe(0);
    expect(secondsUntil(at, at + 5000)).toBe(0);
  });
});
