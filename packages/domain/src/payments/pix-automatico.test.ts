import { describe, expect, it } from 'vitest';
import {
  COBR_MAX_DAYS_BEFORE_DUE,
  COBR_MIN_DAYS_BEFORE_DUE,
  RECURRENCE_LABEL,
  RECURRENCE_STATUSES,
  authoriseRefusal,
  canCancel,
  canTransition,
  chargeDecision,
  chargeStatusFromCobr,
  cobrSendWindow,
  pixAutomaticoAuthoriseSchema,
  pixAutomaticoWebhookSchema,
  recurrenceStartDate,
  PIX_AUTOMATICO_MSG,
} from './pix-automatico';

describe('recurrence states', () => {
  it('a created recurrence is approved, rejected, expired or cancelled; an approved one only ends', () => {
    expect(canTransition('CRIADA', 'APROVADA')).toBe(true);
    expect(canTransition('CRIADA', 'REJEITADA')).toBe(true);
    expect(canTransition('CRIADA', 'EXPIRADA')).toBe(true);
    expect(canTransition('APROVADA', 'CANCELADA')).toBe(true);
    expect(canTransition('APROVADA', 'REJEITADA')).toBe(false);
    expect(canTransition('APROVADA', 'CRIADA')).toBe(false);
  });

  it('final states go nowhere, not even back to themselves', () => {
    for (const end of ['REJEITADA', 'EXPIRADA', 'CANCELADA'] as const)
      for (const to of RECURRENCE_STATUSES) expect(canTransition(end, to)).toBe(false);
  });

  it('only a waiting or running recurrence can be cancelled', () => {
    expect(RECURRENCE_STATUSES.filter(canCancel)).toEqual(['CRIADA', 'APROVADA']);
  });

  it('labels every state in pt-BR', () => {
    expect(RECURRENCE_LABEL.CRIADA).toBe('Pendente de autorização');
    expect(RECURRENCE_LABEL.APROVADA).toBe('Ativo');
    expect(RECURRENCE_LABEL.CANCELADA).toBe('Cancelado');
    for (const s of RECURRENCE_STATUSES) expect(RECURRENCE_LABEL[s]).toMatch(/\S/);
  });
});

describe('who may authorise', () => {
  it('an active contract with a fee and no recurrence, or one that ended', () => {
    expect(authoriseRefusal({ contractActive: true, monthlyFee: 19497, current: null })).toBeNull();
    expect(authoriseRefusal({ contractActive: true, monthlyFee: 19497, current: 'CANCELADA' })).toBeNull();
    expect(authoriseRefusal({ contractActive: true, monthlyFee: 19497, current: 'REJEITADA' })).toBeNull();
  });
  it('not twice, not on a closed contract, not without a fee', () => {
    expect(authoriseRefusal({ contractActive: true, monthlyFee: 19497, current: 'CRIADA' })).toBe('RECURRENCE_EXISTS');
    expect(authoriseRefusal({ contractActive: true, monthlyFee: 19497, current: 'APROVADA' })).toBe('RECURRENCE_EXISTS');
    expect(authoriseRefusal({ contractActive: false, monthlyFee: 19497, current: null })).toBe('CONTRACT_INACTIVE');
    expect(authoriseRefusal({ contractActive: true, monthlyFee: 0, current: null })).toBe('NO_MONTHLY_FEE');
  });
});

describe('which bills are charged, and when', () => {
  const approvedAt = new Date('2026-11-10T12:00:00Z');
  const bill = { idStatus: 'A', dueDate: '2026-12-10', amount: 19497, issuedAt: new Date('2026-11-20T09:00:00Z') };

  it('the regulation: between 10 and 2 days before the due date', () => {
    expect([COBR_MAX_DAYS_BEFORE_DUE, COBR_MIN_DAYS_BEFORE_DUE]).toEqual([10, 2]);
    expect(cobrSendWindow('2026-12-10')).toEqual({ from: '2026-11-30', until: '2026-12-08' });
  });

  it('a new open bill is charged inside the window, waits before it, is left to the customer after it', () => {
    expect(chargeDecision(bill, approvedAt, '2026-11-29')).toBe('wait');
    expect(chargeDecision(bill, approvedAt, '2026-11-30')).toBe('charge');
    expect(chargeDecision(bill, approvedAt, '2026-12-08')).toBe('charge');
    expect(chargeDecision(bill, approvedAt, '2026-12-09')).toBe('too_late');
  });

  it('bills issued before the approval, overdue, paid or of nothing are not charged', () => {
    expect(chargeDecision({ ...bill, issuedAt: new Date('2026-11-01T00:00:00Z') }, approvedAt, '2026-12-01')).toBe('not_eligible');
    expect(chargeDecision({ ...bill, idStatus: 'I' }, approvedAt, '2026-12-01')).toBe('not_eligible');
    expect(chargeDecision({ ...bill, idStatus: 'P' }, approvedAt, '2026-12-01')).toBe('not_eligible');
    expect(chargeDecision({ ...bill, amount: 0 }, approvedAt, '2026-12-01')).toBe('not_eligible');
  });

  it('maps the PSP charge states onto ours', () => {
    expect(chargeStatusFromCobr('ATIVA')).toBe('scheduled');
    expect(chargeStatusFromCobr('CONCLUIDA')).toBe('paid');
    expect(chargeStatusFromCobr('REJEITADA')).toBe('failed');
    expect(chargeStatusFromCobr('EXPIRADA')).toBe('failed');
    expect(chargeStatusFromCobr('CANCELADA')).toBe('cancelled');
  });

  it('the first payment is the next due date, or tomorrow when that has passed', () => {
    expect(recurrenceStartDate('2026-11-27', '2026-12-10')).toBe('2026-12-10');
    expect(recurrenceStartDate('2026-11-27', '2026-11-27')).toBe('2026-11-28');
    expect(recurrenceStartDate('2026-11-27', null)).toBe('2026-11-28');
  });
});

describe('input', () => {
  it('authorising needs the consent ticked, with a pt-BR message', () => {
    expect(pixAutomaticoAuthoriseSchema.safeParse({ aceite: true }).success).toBe(true);
    const bad = pixAutomaticoAuthoriseSchema.safeParse({ aceite: false });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(PIX_AUTOMATICO_MSG.consentRequired);
    expect(pixAutomaticoAuthoriseSchema.safeParse({}).error?.issues[0]?.message).toBe(PIX_AUTOMATICO_MSG.consentRequired);
  });

  it('the webhook takes ids only, bounded', () => {
    expect(pixAutomaticoWebhookSchema.safeParse({ recs: [{ idRec: 'RR1234567820261127abcdefghijk' }] }).success).toBe(true);
    expect(pixAutomaticoWebhookSchema.safeParse({ cobsr: [{ txid: "x'; drop" }] }).success).toBe(false);
    expect(pixAutomaticoWebhookSchema.safeParse({ recs: Array.from({ length: 101 }, () => ({ idRec: 'R1' })) }).success).toBe(false);
  });
});
