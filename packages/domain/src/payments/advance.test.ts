import { describe, expect, it } from 'vitest';
import { advanceEligibility, showsUnavailableSheet, type AdvanceBill } from './advance';
import { PAYMENT_MSG } from './messages';
import { advanceRequestSchema } from './schemas';

const bill = (docEntry: number, docDueDate: string, idStatus: AdvanceBill['idStatus'], extra: Partial<AdvanceBill> = {}): AdvanceBill => ({
  docEntry,
  docDueDate,
  idStatus,
  docTotal: 18990,
  valorMulta: 0,
  valorJuros: 0,
  ...extra,
});
const today = '2026-11-22';

describe('advance eligibility (ADR 002)', () => {
  it('the next open bill of a later month can be advanced; its total is the value', () => {
    const d = advanceEligibility(
      [bill(1, '2026-11-10', 'P'), bill(3, '2027-01-10', 'A'), bill(2, '2026-12-10', 'A', { valorJuros: 10 })],
      today,
    );
    expect(d).toEqual({ eligible: true, bill: expect.objectContaining({ docEntry: 2 }), amount: 19000 });
  });
  it('not while this month’s debit is still scheduled, with its date', () => {
    const d = advanceEligibility([bill(1, '2026-10-25', 'P'), bill(2, '2026-11-25', 'A')], today);
    expect(d).toMatchObject({ eligible: false, reason: 'PENDING_DEBIT', scheduledDate: '2026-11-25', amount: 18990 });
    expect(!d.eligible && d.message).toBe('A antecipação só é possível após o débito da mensalidade deste mês, agendado para 25/11/2026.');
  });
  it('not while there are overdue bills', () => {
    const d = advanceEligibility([bill(1, '2026-11-10', 'I'), bill(2, '2026-12-10', 'A')], today);
    expect(d).toMatchObject({ eligible: false, reason: 'OVERDUE_BILLS', message: PAYMENT_MSG.advanceUnavailableOverdue });
    expect(advanceEligibility([bill(2, '2026-11-20', 'A')], today)).toMatchObject({ reason: 'OVERDUE_BILLS' });
  });
  it('no open bill → the spec message', () => {
    expect(advanceEligibility([bill(1, '2026-11-10', 'P')], today)).toMatchObject({
      reason: 'NO_INVOICES',
      message: 'Você não possui faturas para antecipação!',
      amount: 0,
    });
    expect(advanceEligibility([], today)).toMatchObject({ reason: 'NO_INVOICES' });
  });
  it('a request in processing wins over everything else', () => {
    expect(advanceEligibility([bill(2, '2026-12-10', 'A')], today, { requestInProgress: true })).toMatchObject({
      reason: 'REQUEST_IN_PROGRESS',
      message: 'Já existe uma solicitação de antecipação em processamento para o seu contrato!',
    });
  });
  it('the sheet is for overdue and pending debit only', () => {
    expect(showsUnavailableSheet('PENDING_DEBIT')).toBe(true);
    expect(showsUnavailableSheet('OVERDUE_BILLS')).toBe(true);
    expect(showsUnavailableSheet('NO_INVOICES')).toBe(false);
  });
  it('the method is required with the spec message', () => {
    const r = advanceRequestSchema.safeParse({});
    expect(r.error?.issues[0]?.message).toBe('Selecione um método de pagamento para antecipação');
    expect(advanceRequestSchema.safeParse({ metodoPagamento: 'XX' }).error?.issues[0]?.message).toBe(
      'Selecione um método de pagamento para antecipação',
    );
    expect(advanceRequestSchema.parse({ metodoPagamento: 'LP' })).toEqual({ metodoPagamento: 'LP' });
  });
});
