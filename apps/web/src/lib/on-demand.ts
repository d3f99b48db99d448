import { useCallback, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's checks as a module of its own (the domain's zod schema through `zodResolver`): the screen's first load
 * carries neither zod nor the schema (ADR 025). `resolver` imports the module the first time the form validates;
 * `useOnDemand` warms it on the first focus or tap in the form and tells the screen when it has arrived.
 */
export function lazyResolver<M, T extends FieldValues, C = unknown, O = T>(
  load: () => Promise<M>,
  pick: (checks: M) => Resolver<T, C, O>,
): Resolver<T, C, O> {
  return async (values, context, options) => pick(await load())(values, context, options);
}

/** A module loaded on demand: `null` until `warm()` (safe to call often: the import runs once) has brought it. */
export function useOnDemand<M>(load: () => Promise<M>): [M | null, () => void] {
  const [loaded, setLoaded] = useState<M | null>(null);
  const warm = useCallback(() => {
    // A failed import (offline) leaves the form waiting; the next focus or submit tries again.
    load().then(
      (m) => setLoaded(() => m),
      () => undefined,
    );
  }, [load]);
  return [loaded, warm];
}
