import { createRequire } from 'node:module';
import pg from 'pg';

/** node-postgres's own conversion of a parameter to what goes on the wire (Date, arrays, JSON, Buffer). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(v: unknown): unknown };

/**
 * A listener on every query node-postgres runs (PGlite goes through node-postgres too, ADR 005): the text, its values
 * as the driver sends them (strings, bytes or null) and the names of the result's columns. Installed before a pool
 * first connects (db.ts binds each client's query at connect), it sees every statement Kysely and the tests run.
 */
export interface TappedQuery {
  text: string;
  /** Each value as node-postgres sends it: text, base64 bytes ({ b64 }), or null. */
  values: RecordedValue[];
  /** Column names of the result (empty for a statement without RETURNING). */
  fields: string[];
}
export type RecordedValue = string | null | { b64: string };

type Listener = (q: TappedQuery) => void;
const listeners = new Set<Listener>();
const TAPPED = Symbol.for('guarita.pg-tap');

interface QueryConfigLike {
  text?: string;
  values?: unknown[];
  submit?: unknown;
}
interface ResultLike {
  fields?: { name: string }[];
}

export function recordedValue(v: unknown): RecordedValue {
  const prepared = prepareValue(v);
  if (prepared == null) return null;
  if (Buffer.isBuffer(prepared)) return { b64: prepared.toString('base64') };
  return String(prepared);
}

/** Adds `listener` (once per process the prototype is wrapped); returns a function that removes it. */
export function tapQueries(listener: Listener): () => void {
  const proto = pg.Client.prototype as unknown as Record<symbol | string, unknown>;
  if (!proto[TAPPED]) {
    const original = proto.query as (...args: unknown[]) => unknown;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      const [first, second] = args;
      const config: QueryConfigLike =
        typeof first === 'string' ? { text: first, values: second as unknown[] } : ((first ?? {}) as QueryConfigLike);
      // Callbacks and submittables (cursors) are not ours: only the promise form Kysely and the tests use.
      if (listeners.size && typeof config.text === 'string' && !config.submit && result instanceof Promise) {
        result.then(
          (res: ResultLike) => {
            const q = {
              text: config.text!,
              values: (Array.isArray(config.values) ? config.values : []).map(recordedValue),
              fields: (res?.fields ?? []).map((f) => f.name),
            };
            for (const l of listeners) l(q);
          },
          () => {},
        );
      }
      return result;
    };
    proto[TAPPED] = true;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
