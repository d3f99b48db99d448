import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema';

/** A slot in a query built once: stands where a value goes, replaced by the caller's value on each execution. */
class Slot {
  constructor(readonly name: string) {}
}

type Slots<P> = { [K in keyof P]: P[K] };

/**
 * A query built and compiled to SQL once, executed many times with new values (ADR 049). The hottest reads build the
 * same Kysely query on every request (column list, joins, aliases) only to compile it to the same text; this keeps the
 * text and the parameter order, and each call only fills the values in. Constants written into the query stay as they
 * are; every value that changes per call must come from `p`.
 *
 *     const listFor = compileOnce<{ customerId: number }, Row>((p) =>
 *       db.selectFrom('contracts').selectAll().where('customer_id', '=', p.customerId));
 *     const rows = await listFor(db, { customerId: 7 });
 *
 * The SQL text is the same object on every call, so the statement cache of `db.ts` names it at no cost.
 */
export function compileOnce<P extends Record<string, unknown>, R>(
  build: (p: Slots<P>) => Compilable<R>,
): (q: Kysely<DB>, params: P) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  return async (q, params) => {
    if (!compiled) {
      const slots = new Proxy({} as Slots<P>, { get: (_t, name) => new Slot(String(name)) });
      compiled = build(slots).compile();
    }
    const parameters = compiled.parameters.map((v) => {
      if (!(v instanceof Slot)) return v;
      if (!(v.name in params)) throw new Error(`compileOnce: no value for ${v.name}`);
      return params[v.name];
    });
    const result = await q.executeQuery<R>({ query: compiled.query, sql: compiled.sql, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
