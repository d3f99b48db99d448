import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../src/ports/clock';
import { createTestApp, type TestApp } from './helpers';
import { aBill, aLoggedInCustomer, type Customer } from './factories';

/** The Clock port: the seed and the services take the date from it, so a test can set the day. */
describe('clock', () => {
  // 10 March 2026, 09:00 in São Paulo.
  const clock = new FixedClock('2026-03-10T12:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  }, 180_000);
  afterAll(() => t?.close());

  /** A customer whose contract is due on the 15th: February's bill paid, March's open (ADR 070: its own data). */
  const dueOnThe15th = async (): Promise<Customer> => {
    const c = await aLoggedInCustomer(t, { contract: { dueDay: 15 } });
    await aBill(t, c.contract, { status: 'P', due: '2026-02-15' });
    await aBill(t, c.contract, { status: 'A', due: '2026-03-15' });
    return c;
  };
  const forecast = async (c: Customer) => (await c.call('GET', `/api/payments/contracts/${c.contract.nCtrId}/advance`)).json().conteudo;

  it('the demo seed dates its bills from the clock', async () => {
    // This one reads the seed on purpose (it is what is tested): João's 200201, due on the 15th, has its open bill on
    // the 15th of the clock's month.
    const open = await t.query<{ due: string }>(
      `SELECT to_char(doc_due_date, 'YYYY-MM-DD') AS due FROM bills WHERE n_ctr_id = 200201 AND id_status = 'A'`,
    );
    expect(open).toEqual([{ due: '2026-03-15' }]);
  });

  it('the advance rule reads today from the clock: this month’s bill is still to be debited', async () => {
    clock.set('2026-03-10T12:00:00Z'); // each test sets the day it needs (another one moves it on)
    const c = await dueOnThe15th();
    expect(await forecast(c)).toMatchObject({ elegivel: false, motivo: 'PENDING_DEBIT', dataAgendada: '2026-03-15' });
  });

  it('moving the clock past the due date turns the unpaid bill into an overdue one', async () => {
    clock.set('2026-03-10T12:00:00Z');
    const c = await dueOnThe15th();
    clock.set('2026-03-16T12:00:00Z');
    expect(await forecast(c)).toMatchObject({ elegivel: false, motivo: 'OVERDUE_BILLS' });
  });
});
