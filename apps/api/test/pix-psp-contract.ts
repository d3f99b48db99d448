import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePixPayload } from '@guarita/domain';
import { PixPspRejectedError, type PixPsp } from '../src/ports/pix-psp';
import { aBill, aLoggedInCustomer } from './factories';
import type { TestApp } from './helpers';

/** What the contract suite needs of a PixPsp under test: an app wired with it, and the payer's side. */
export interface PixPspHarness {
  t: TestApp;
  psp: PixPsp;
  /** The payer pays the whole charge and the PSP tells us (its webhook into the app); answers the settlement. */
  pay(txid: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The PixPsp port's contract (ADR 076): what every PSP implementation answers, run on the API Pix adapter against the
 * mTLS fake and on the static BR Code sandbox (pix-psp-contract.test.ts). Charges are made the way customers make them
 * (POST …/pix through the app), so each implementation finds its charge wherever it keeps it. Each test makes its own
 * customer, contract and bill.
 */
export function describePixPsp(name: string, open: () => Promise<PixPspHarness>) {
  describe(`PixPsp contract: ${name}`, () => {
    let h: PixPspHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(() => h?.close());

    /** A customer's Pix for an overdue bill, made through the app with the PSP under test. */
    const aPix = async () => {
      const c = await aLoggedInCustomer(h.t);
      const bill = await aBill(h.t, c.contract, { status: 'I' });
      const res = await c.call(
        'POST',
        `/api/payments/contracts/${c.contract.nCtrId}/pix`,
        { faturas: [bill.docEntry], valorTotal: bill.total },
        {
          'idempotency-key': randomUUID(),
        },
      );
      expect(res.statusCode).toBe(200);
      const { txid, chaveAleatoria } = res.json().conteudo as { txid: string; chaveAleatoria: string };
      return { txid, payload: chaveAleatoria, amount: bill.total };
    };

    it('a new charge: a bank-readable BR Code, a txid of the PSP length, ATIVA with its amount and nothing received', async () => {
      const { txid, payload, amount } = await aPix();
      expect(txid).toMatch(/^[A-Za-z0-9]+$/);
      expect(txid).toHaveLength(h.psp.txidLength);
      const parsed = parsePixPayload(payload);
      expect(parsed).not.toBeNull(); // structure and CRC check
      expect(parsed!.key !== undefined || parsed!.url !== undefined).toBe(true);
      expect(await h.psp.getCharge(txid)).toEqual({ txid, status: 'ATIVA', amount, pix: [] });
    });

    it('an unknown txid is null', async () => {
      expect(await h.psp.getCharge(`GUA${randomUUID().replace(/-/g, '')}`.slice(0, h.psp.txidLength))).toBeNull();
    });

    it('once paid: CONCLUIDA with the Pix received (endToEndId, amount, when)', async () => {
      const { txid, amount } = await aPix();
      const before = Date.now() - 60_000;
      expect(await h.pay(txid)).toBe('paid');
      const state = await h.psp.getCharge(txid);
      expect(state).toMatchObject({ txid, status: 'CONCLUIDA', amount });
      expect(state!.pix).toHaveLength(1);
      const [p] = state!.pix;
      expect(p!.endToEndId).toMatch(/^[A-Za-z0-9]{20,35}$/);
      expect(p!.amount).toBe(amount);
      expect(p!.paidAt.getTime()).toBeGreaterThan(before);
    });

    it('refunds part of a Pix, answers (and reads back) the same refund for the same id, and never more than was received', async () => {
      const { txid, amount } = await aPix();
      await h.pay(txid);
      const [p] = (await h.psp.getCharge(txid))!.pix;
      const part = Math.floor(amount / 3);
      const first = await h.psp.refund({
        endToEndId: p!.endToEndId,
        refundId: `R${randomUUID().replace(/-/g, '')}`,
        amount: part as never,
      });
      expect(['EM_PROCESSAMENTO', 'DEVOLVIDO']).toContain(first.status);
      const id = `R${randomUUID().replace(/-/g, '')}`;
      const second = await h.psp.refund({ endToEndId: p!.endToEndId, refundId: id, amount: part as never });
      expect(await h.psp.refund({ endToEndId: p!.endToEndId, refundId: id, amount: part as never })).toEqual(second);
      expect(await h.psp.getRefund?.(p!.endToEndId, id)).toEqual(second); // as the PSP has it now
      expect(await h.psp.getRefund?.(p!.endToEndId, 'Rnone')).toBeNull();
      const rest = amount - 2 * part;
      await expect(
        h.psp.refund({ endToEndId: p!.endToEndId, refundId: `R${randomUUID().replace(/-/g, '')}`, amount: (rest + 1) as never }),
      ).rejects.toBeInstanceOf(PixPspRejectedError);
      const last = await h.psp.refund({ endToEndId: p!.endToEndId, refundId: `R${randomUUID().replace(/-/g, '')}`, amount: rest as never });
      expect(['EM_PROCESSAMENTO', 'DEVOLVIDO']).toContain(last.status);
    });

    it('a refund of a Pix nobody received is refused', async () => {
      await expect(
        h.psp.refund({
          endToEndId: `E00000000${Date.now()}${randomUUID().replace(/-/g, '').slice(0, 10)}`,
          refundId: 'R1',
          amount: 100 as never,
        }),
      ).rejects.toBeInstanceOf(PixPspRejectedError);
    });
  });
}
