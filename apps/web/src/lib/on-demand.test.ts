import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { MSG } from '@guarita/domain';
import { checksError, lazyResolver } from './on-demand';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false };

describe('checks loaded on demand', () => {
  it('a module that fails to load ends the submit with a form-level message, and the next submit asks again', async () => {
    const ok: Resolver<Values> = async (values) => ({ values, errors: {} });
    const load = vi
      .fn<() => Promise<{ resolver: Resolver<Values> }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ resolver: ok });
    const resolver = lazyResolver(load, (m) => m.resolver);

    const failed = await resolver({ email: 'a@b.c' }, undefined, options);
    expect(checksError(failed.errors)).toBe(MSG.formNotReady);
    expect(failed.values).toEqual({});

    const passed = await resolver({ email: 'a@b.c' }, undefined, options);
    expect(checksError(passed.errors)).toBeUndefined();
    expect(passed.values).toEqual({ email: 'a@b.c' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
