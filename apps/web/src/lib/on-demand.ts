import { useCallback, useState } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { MSG } from '@guarita/domain';

/** Where a form's errors say that its checks could not be loaded (`errors.root.checks`). */
const CHECKS_ERROR = 'checks';

/**
 * A form's checks as a module of its own (the domain's zod schema through `zodResolver`): the screen's first load
 * carries neither zod nor the schema (ADR 025). `resolver` imports the module the first time the form validates;
 * `useOnDemand` warms it on the first focus or tap in the form and tells the screen when it has arrived. When the
 * import fails (the connection dropped), the submit ends with `checksError(errors)` set instead of waiting silently;
 * the next submit asks for the module again.
 */
export function lazyResolver<M, T extends FieldValues, C = unknown, O = T>(
  load: () => Promise<M>,
  pick: (checks: M) => Resolver<T, C, O>,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    let checks: M;
    try {
      checks = await load();
    } catch {
      // A form-level error (react-hook-form's `root.*`), which no field's type describes.
      const errors = { root: { [CHECKS_ERROR]: { type: 'unavailable', message: MSG.formNotReady } } } as unknown as FieldErrors<T>;
      return { values: {}, errors };
    }
    return pick(checks)(values, context, options);
  };
}

/** The message to show when the form's checks could not be loaded, else undefined. */
export function checksError(errors: FieldErrors): string | undefined {
  return errors.root?.[CHECKS_ERROR]?.message;
}

/**
 * A module loaded on demand: `null` until `warm()` (safe to call often: the import runs once) has brought it;
 * `failed` when the last try could not load it (the next `warm()`, on the next focus or tap, tries again).
 */
export function useOnDemand<M>(load: () => Promise<M>): [M | null, () => void, boolean] {
  const [loaded, setLoaded] = useState<M | null>(null);
  const [failed, setFailed] = useState(false);
  const warm = useCallback(() => {
    load().then(
      (m) => {
        setLoaded(() => m);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [load]);
  return [loaded, warm, failed];
}
