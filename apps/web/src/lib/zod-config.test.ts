import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns zod jitless before zod loads, without importing zod', async () => {
    await import('./zod-config');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
