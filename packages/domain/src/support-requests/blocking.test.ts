import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockLine, hasOpenThirdPartyCollision, invoiceBlockEnd, spareCarBlocking, type BlockingBill, type BlockingCase } from './blocking';

const H = 3_600_000;
const D = 24 * H;
/** coverage started long ago: no grace */
const old = { validityStart: '2025-01-10' };
const at = (t: string) => new Date(t);
const run = (over: { contract?: { validityStart: string }; bills?: BlockingBill[]; cases?: BlockingCase[]; now: Date }) =>
  spareCarBlocking({ contract: old, bills: [], cases: [], ...over });
const rules = (d: ReturnType<typeof spareCarBlocking>) => d.blocks.map((b) => b.rule);

describe('spare-car blocking rules (001 §4)', () => {
  it('a customer with nothing recent is not blocked', () => {
    expect(run({ now: at('2026-11-22T12:00:00Z') })).toEqual({ blocked: false, blocks: [] });
  });

  describe('30-day grace after the start of coverage', () => {
    const contract = { validityStart: '2026-10-01' }; // starts 01/10 00:00 in São Paulo = 03:00 UTC
    it('day 29 blocks, until 31/10 00:00 São Paulo', () => {
      const d = run({ contract, now: new Date(Date.parse('2026-10-01T03:00:00Z') + 29 * D) });
      expect(d.blocks).toEqual([{ rule: 'GRACE_PERIOD', endsAt: '2026-10-31T03:00:00.000Z' }]);
    });
    it('one minute before day 30 still blocks; day 30 does not', () => {
      expect(run({ contract, now: new Date(Date.parse('2026-10-31T02:59:00Z')) }).blocked).toBe(true);
      expect(run({ contract, now: new Date(Date.parse('2026-10-01T03:00:00Z') + 30 * D) }).blocked).toBe(false);
    });
  });

  describe('48 h after regularising an overdue bill (the invoice rule)', () => {
    const paidLate: BlockingBill = { idStatus: 'P', docDueDate: '2026-11-10', paidAt: '2026-11-20T15:00:00Z' };
    const paid = Date.parse('2026-11-20T15:00:00Z');
    it('47 h after paying late blocks until 48 h', () => {
      const d = run({ bills: [paidLate], now: new Date(paid + 47 * H) });
      expect(d.blocks).toEqual([{ rule: 'RECENT_REGULARISATION', endsAt: '2026-11-22T15:00:00.000Z' }]);
    });
    it('48 h after does not', () => {
      expect(run({ bills: [paidLate], now: new Date(paid + 48 * H) }).blocked).toBe(false);
    });
    it('a bill paid on or before its due date does not count (São Paulo date of payment)', () => {
      const onTime = { ...paidLate, paidAt: '2026-11-11T02:30:00Z' }; // 10/11 23:30 in São Paulo
      expect(invoiceBlockEnd(onTime, new Date('2026-11-11T03:00:00Z'))).toBeNull();
      const nextDay = { ...paidLate, paidAt: '2026-11-11T03:30:00Z' }; // 11/11 00:30 in São Paulo
      expect(invoiceBlockEnd(nextDay, new Date('2026-11-11T04:00:00Z'))).toBe(Date.parse('2026-11-13T03:30:00Z'));
    });
    it('status I or A is excluded, and an unpaid bill never counts', () => {
      const now = new Date(paid + H);
      expect(invoiceBlockEnd({ ...paidLate, idStatus: 'I' }, now)).toBeNull();
      expect(invoiceBlockEnd({ ...paidLate, idStatus: 'A' }, now)).toBeNull();
      expect(invoiceBlockEnd({ ...paidLate, paidAt: null }, now)).toBeNull();
    });
    it('several late payments: the block ends 48 h after the latest', () => {
      const later = { ...paidLate, docDueDate: '2026-11-15', paidAt: '2026-11-21T09:00:00Z' };
      expect(run({ bills: [paidLate, later], now: new Date(paid + 2 * H) }).blocks[0]!.endsAt).toBe('2026-11-23T09:00:00.000Z');
    });
  });

  describe('a theft, robbery or spare-car case in the last 30 days', () => {
    const created = '2026-11-01T12:00:00Z';
    const c = (reason: string, status = 'Closed'): BlockingCase => ({ reason, status, phase: 'Concluído', createdAt: created });
    it.each(['Furto', 'Roubo', 'Carro Reserva'])('%s 29 days ago blocks until day 30; 30 days ago does not', (reason) => {
      const d = run({ cases: [c(reason)], now: new Date(Date.parse(created) + 29 * D) });
      expect(d.blocks).toEqual([{ rule: 'RECENT_THEFT_OR_SPARE_CAR', endsAt: '2026-12-01T12:00:00.000Z' }]);
      expect(run({ cases: [c(reason)], now: new Date(Date.parse(created) + 30 * D) }).blocked).toBe(false);
    });
    it('other reasons do not', () => {
      expect(run({ cases: [c('Vidros'), c('Alteração de Plano', 'New')], now: new Date(Date.parse(created) + D) }).blocked).toBe(false);
    });
  });

  describe('a collision case in a blocking phase', () => {
    const collision = (phase: string, status = 'New', thirdParties = false): BlockingCase => ({
      reason: 'Colisão',
      status,
      phase,
      createdAt: '2026-01-01T12:00:00Z',
      thirdParties,
    });
    const now = at('2026-11-22T12:00:00Z');
    it.each(['Aberto', 'Documentação', 'Análise', 'Sindicância', 'Pré-Sindicância'])(
      '%s with Status New blocks, with no end date',
      (phase) => {
        expect(run({ cases: [collision(phase)], now }).blocks).toEqual([{ rule: 'COLLISION_IN_PROGRESS', endsAt: null }]);
      },
    );
    it.each(['Reparo Autorizado', 'Pagamento', 'Concluido', 'Pré-Análise'])('%s does not', (phase) => {
      expect(run({ cases: [collision(phase)], now }).blocked).toBe(false);
    });
    it('a Closed case or another reason does not', () => {
      expect(run({ cases: [collision('Análise', 'Closed')], now }).blocked).toBe(false);
      expect(run({ cases: [{ ...collision('Análise'), reason: 'Vidros' }], now }).blocked).toBe(false);
    });
    it('an open collision with third parties blocks in any phase, with the spec message', () => {
      const d = run({ cases: [collision('Reparo Autorizado', 'New', true)], now });
      expect(d.blocks).toEqual([{ rule: 'THIRD_PARTY_COLLISION', endsAt: null }]);
      expect(blockLine(d.blocks[0]!)).toBe('Você possui um caso de colisão com terceiros em aberto.');
      expect(hasOpenThirdPartyCollision([collision('Reparo Autorizado', 'New', true)])).toBe(true);
      expect(hasOpenThirdPartyCollision([collision('Análise', 'Closed', true)])).toBe(false);
    });
  });

  it('every rule that applies is listed, each with when it ends', () => {
    const now = at('2026-11-22T12:00:00Z');
    const d = run({
      contract: { validityStart: '2026-11-10' },
      bills: [{ idStatus: 'P', docDueDate: '2026-11-15', paidAt: '2026-11-21T12:00:00Z' }],
      cases: [
        { reason: 'Roubo', status: 'Closed', phase: 'Concluído', createdAt: '2026-11-20T12:00:00Z' },
        { reason: 'Colisão', status: 'New', phase: 'Documentação', createdAt: '2026-11-12T12:00:00Z', thirdParties: true },
      ],
      now,
    });
    expect(rules(d)).toEqual([
      'GRACE_PERIOD',
      'RECENT_REGULARISATION',
      'RECENT_THEFT_OR_SPARE_CAR',
      'COLLISION_IN_PROGRESS',
      'THIRD_PARTY_COLLISION',
    ]);
    expect(d.blocks.map(blockLine)).toEqual([
      'Carência de 30 dias após o início da cobertura: disponível a partir de 10/12/2026, 00:00.',
      'Fatura em atraso regularizada há menos de 48 horas: disponível a partir de 23/11/2026, 09:00.',
      'Há uma solicitação de furto, roubo ou carro reserva nos últimos 30 dias: disponível a partir de 20/12/2026, 09:00.',
      'Há um caso de colisão em andamento: disponível quando ele for concluído.',
      'Você possui um caso de colisão com terceiros em aberto.',
    ]);
  });

  it('property: every dated block ends after now, and at its end that rule no longer applies', () => {
    const instant = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') });
    const bill = fc.record({
      idStatus: fc.constantFrom('I' as const, 'A' as const, 'P' as const),
      docDueDate: instant.map((t) => new Date(t).toISOString().slice(0, 10)),
      paidAt: fc.option(instant.map((t) => new Date(t).toISOString())),
    });
    const kase = fc.record({
      reason: fc.constantFrom('Furto', 'Roubo', 'Carro Reserva', 'Colisão', 'Vidros'),
      status: fc.constantFrom('New', 'Closed'),
      phase: fc.constantFrom('Aberto', 'Análise', 'Reparo Autorizado'),
      createdAt: instant.map((t) => new Date(t).toISOString()),
      thirdParties: fc.boolean(),
    });
    fc.assert(
      fc.property(instant, instant, fc.array(bill, { maxLength: 4 }), fc.array(kase, { maxLength: 4 }), (start, now, bills, cases) => {
        const contract = { validityStart: new Date(start).toISOString().slice(0, 10) };
        const d = spareCarBlocking({ contract, bills, cases, now: new Date(now) });
        expect(d.blocked).toBe(d.blocks.length > 0);
        for (const b of d.blocks) {
          if (b.endsAt === null) continue;
          expect(Date.parse(b.endsAt)).toBeGreaterThan(now);
          const after = spareCarBlocking({ contract, bills, cases, now: new Date(b.endsAt) });
          expect(after.blocks.map((x) => x.rule)).not.toContain(b.rule);
        }
      }),
    );
  });
});
