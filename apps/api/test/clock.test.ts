import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../src/ports/clock';
import { CPF_JOAO, createTestApp, type TestApp } from './helpers';

/** The Clock port: the seed and the services take the date from it, so a test can set the day. */
describe('clock', () => {
  // 10 March 2026, 09:00 in São Paulo. João's 200201 is due on the 15th.
  const clock = new FixedClock('2026-03-10T12:00:00Z');
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    token = (await t.login(CPF_JOAO)).AccessToken;
  });
  afterAll(() => t?.close());

  const forecast = async () => (await t.get('/api/payments/contracts/200201/advance', token)).json().conteudo;

  it('the seed dates the bills from the clock and the advance rule reads today from it', async () => {
    clock.set('2026-03-10T12:00:00Z'); // each test sets the day it needs (the other one moves it on)
    const bills = (await t.get('/api/contracts/200201/bills', token)).json().bills as Array<{ docDueDate: string }>;
    expect(bills[0]!.docDueDate).toBe('2026-03-15');
    expect(await forecast()).toMatchObject({ elegivel: false, motivo: 'PENDING_DEBIT', dataAgendada: '2026-03-15' });
  });

  it('moving the clock past the due date turns the unpaid bill into an overdue one', async () => {
    clock.set('2026-03-16T12:00:00Z');
    expect(await forecast()).toMatchObject({ elegivel: false, motivo: 'OVERDUE_BILLS' });
  });
});
