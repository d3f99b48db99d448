import { sql } from 'kysely';
import { UPLOAD_MSG } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';

const notFinished = () => new AppError(400, 'ANEXO_NOT_FINISHED', UPLOAD_MSG.anexoNotFinished);

/**
 * The bytes of finished attachment uploads (ADR 092), in the order asked: each must be the customer's, finished, an
 * `anexo` and for this contract, else 400 (a client that sends the request before its files arrived sends it again).
 */
export async function takeAnexos(db: Database, customerId: number, nCtrId: number, ids: readonly string[]): Promise<Buffer[]> {
  if (!ids.length) return [];
  if (new Set(ids).size !== ids.length) throw notFinished();
  const rows = await db
    .selectFrom('uploads')
    .select(['id', 'upload_length'])
    .where('id', 'in', [...ids])
    .where('customer_id', '=', customerId)
    .where('destino', '=', 'anexo')
    .where(sql<boolean>`(metadata->>'contrato')::bigint = ${nCtrId}`)
    .where('finished_at', 'is not', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  if (rows.length !== ids.length) throw notFinished();
  const chunks = await db
    .selectFrom('upload_chunks')
    .select(['upload_id', 'bytes'])
    .where('upload_id', 'in', [...ids])
    .orderBy('upload_id')
    .orderBy('chunk_offset')
    .execute();
  return ids.map((id) => {
    const data = Buffer.concat(chunks.filter((c) => c.upload_id === id).map((c) => c.bytes));
    if (data.length !== rows.find((r) => r.id === id)!.upload_length) throw notFinished();
    return data;
  });
}

/**
 * In the case's transaction: the attachment uploads it took are deleted with its commit. Gone already (a concurrent
 * request took them, or they expired meanwhile): 400, and the case is not created.
 */
export async function consumeAnexos(tx: Executor, customerId: number, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const r = await tx
    .deleteFrom('uploads')
    .where('id', 'in', [...ids])
    .where('customer_id', '=', customerId)
    .where('finished_at', 'is not', null)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) !== ids.length) throw notFinished();
}
