import type { Executor } from './db';

declare const opaque: unique symbol;

/**
 * The caller's unit of work as a port sees it: an opaque handle (ADR 068). The module that owns a transaction (its
 * locks, its Idempotency-Key row, its own rows) wraps it with `unitOfWork(tx)` and hands it to a port's `within`. An
 * adapter on our own database opens it with `executorOf` and joins the transaction; an adapter of an outside system
 * (a CRM over HTTP) cannot join it and ignores it. Port signatures name no database type.
 */
export interface UnitOfWork {
  readonly [opaque]: true;
}

const executors = new WeakMap<UnitOfWork, Executor>();

/** The handle on a transaction, or on the pool (then each call of the port commits on its own). */
export function unitOfWork(q: Executor): UnitOfWork {
  const handle = Object.freeze({}) as UnitOfWork;
  executors.set(handle, q);
  return handle;
}

/** For adapters on our own database only: the transaction (or pool) behind the handle. */
export function executorOf(handle: UnitOfWork): Executor {
  const q = executors.get(handle);
  if (!q) throw new Error('Not a unit of work of this database');
  return q;
}
