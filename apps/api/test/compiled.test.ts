import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOnce } from '../src/db/compiled';
import type { Database } from '../src/db/db';
import { migrateWithOwner } from '../src/db/roles';
import { seedDemo } from '../src/db/seed';
import { openFreshDb } from './helpers';

describe('compileOnce (a query built once, run with new values, ADR 049)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    let owner: Database;
    ({ db, owner, drop } = await openFreshDb());
    await migrateWithOwner(db, owner);
    await seedDemo(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  const built = (customerId: number) =>
    db
      .selectFrom('contracts')
      .select(['n_ctr_id', 'status'])
      .where('customer_id', '=', customerId)
      .where('cancelled', '=', false)
      .orderBy('n_ctr_id')
      .execute();

  it('answers what the same query built each time answers, for each new value, keeping the constants', async () => {
    const compiled = compileOnce((p: { customerId: number }) =>
      db
        .selectFrom('contracts')
        .select(['n_ctr_id', 'status'])
        .where('customer_id', '=', p.customerId)
        .where('cancelled', '=', false)
        .orderBy('n_ctr_id'),
    );
    const customers = await db.selectFrom('customers').select('id').orderBy('id').execute();
    expect(customers.length).toBeGreaterThan(2);
    let nonEmpty = 0;
    for (const { id } of [...customers, { id: -1 }]) {
      const rows = await compiled(db, { customerId: id });
      expect(rows).toEqual(await built(id));
      if (rows.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(2);
  });

  it('takes values in the order the SQL uses them, and runs inside the caller’s transaction', async () => {
    const compiled = compileOnce((p: { nCtrId: number; customerId: number }) =>
      db.selectFrom('contracts').select('n_ctr_id').where('customer_id', '=', p.customerId).where('n_ctr_id', '=', p.nCtrId),
    );
    const [owner] = await db.selectFrom('contracts').select(['customer_id', 'n_ctr_id']).limit(1).execute();
    if (!owner) throw new Error('no contract in the demo data');
    expect(await compiled(db, { nCtrId: owner.n_ctr_id, customerId: owner.customer_id })).toEqual([{ n_ctr_id: owner.n_ctr_id }]);
    expect(await compiled(db, { nCtrId: owner.n_ctr_id, customerId: owner.customer_id + 1_000_000 })).toEqual([]);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('contracts').set({ plate: 'TRX0A00' }).where('n_ctr_id', '=', owner.n_ctr_id).execute();
        const plate = compileOnce((p: { nCtrId: number }) => db.selectFrom('contracts').select('plate').where('n_ctr_id', '=', p.nCtrId));
        expect(await plate(trx, { nCtrId: owner.n_ctr_id })).toEqual([{ plate: 'TRX0A00' }]);
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
  });

  it('refuses to run without a value for every slot', async () => {
    const compiled = compileOnce((p: { customerId: number }) =>
      db.selectFrom('contracts').select('n_ctr_id').where('customer_id', '=', p.customerId),
    );
    await expect(compiled(db, {} as { customerId: number })).rejects.toThrow(/customerId/);
  });
});
