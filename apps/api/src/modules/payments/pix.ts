import { randomBytes } from 'node:crypto';
import {
  PAYMENT_MSG,
  PIX_SLP_CODE,
  pixDueDate,
  pixExpiresAt,
  type Cents,
  type ContractId,
  type PixConteudoDto,
  type PixResultDto,
} from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError, notFound } from '../../lib/errors';
import type { IdempotencyStore, IdempotentAnswer } from '../../lib/idempotency';
import type { Clock } from '../../ports/clock';
import { PixPspUnavailableError, type PixPsp } from '../../ports/pix-psp';
import type { ContractService } from '../contracts';
import type { PayableBills } from './payable-bills';
import type { PaymentsRepository, PixRow } from './repository';
import { sortedUnique, toPixConteudo, type PixInput } from './shared';

/** 'GUA' + hex: [A-Za-z0-9] of the PSP's length (25 for a static BR Code's 62-05, 35 for an API Pix cob). */
const newTxid = (length: number) => `GUA${randomBytes(16).toString('hex')}`.slice(0, length);

/** Pix charges: of overdue bills (the customer's), of an advance (AdvanceService), and their status. */
export class PixService {
  constructor(
    private readonly db: Database,
    private readonly repo: PaymentsRepository,
    private readonly contracts: ContractService,
    private readonly bills: PayableBills,
    private readonly idem: IdempotencyStore,
    /** null: Pix is not configured; creating one answers 503. */
    private readonly psp: PixPsp | null,
    private readonly clock: Clock,
  ) {}

  async create(customerId: number, nCtrId: ContractId, key: string, input: PixInput): Promise<IdempotentAnswer<PixResultDto>> {
    await this.contracts.requireActive(customerId, nCtrId);
    this.requirePsp();
    const hash = this.idem.requestHash('pix', { nCtrId, faturas: sortedUnique(input.faturas), valorTotal: input.valorTotal });
    return this.idem.run(customerId, key, 'pix', hash, async (tx) => {
      const { bills, total } = await this.bills.lock(tx, nCtrId, input.faturas, input.valorTotal);
      const pix = await this.issue(tx, {
        customerId,
        nCtrId,
        purpose: 'invoice',
        docEntries: bills.map((b) => b.docEntry),
        amount: total,
      });
      return { status: 200, body: { sucesso: true, mensagem: PAYMENT_MSG.pixCreated, conteudo: toPixConteudo(pix, this.clock.now()) } };
    });
  }

  /** The caller's own charge only (someone else's txid is a 404, like an unknown one). */
  async status(customerId: number, txid: string): Promise<PixConteudoDto> {
    const pix = await this.repo.findPix(this.db, txid, { customerId });
    if (!pix) throw notFound(PAYMENT_MSG.pixNotFound);
    return toPixConteudo(pix, this.clock.now());
  }

  /** Pending Pix charges that expire within `minutes` (the notifications' periodic scan). */
  expiringSoon(minutes: number, limit = 200): Promise<PixRow[]> {
    const now = this.clock.now();
    return this.repo.pixExpiring(this.db, now, new Date(now.getTime() + minutes * 60_000), limit);
  }

  /** The PSP, or 503 PIX_UNAVAILABLE when Pix is not configured (checked before any work). */
  requirePsp(): PixPsp {
    if (this.psp) return this.psp;
    throw new AppError(503, 'PIX_UNAVAILABLE', PAYMENT_MSG.pixUnavailable);
  }

  /** Creates the charge at the PSP and records it in the caller's transaction. */
  async issue(
    tx: Executor,
    p: { customerId: number; nCtrId: number; purpose: 'invoice' | 'advance'; docEntries: number[]; amount: Cents },
  ): Promise<PixRow> {
    const psp = this.requirePsp();
    const txid = newTxid(psp.txidLength);
    const now = this.clock.now();
    const expiresAt = pixExpiresAt(now);
    const dueDate = pixDueDate(now);
    let created;
    try {
      created = await psp.createCharge({ txid, amount: p.amount, expiresAt, dueDate, description: `Contrato ${p.nCtrId}` });
    } catch (err) {
      // Unreachable or refusing PSP (TLS, token, 5xx, timeout): 503, try again later; anything else it answered: 502.
      // Either way the caller's transaction rolls back, so nothing is recorded.
      throw new AppError(err instanceof PixPspUnavailableError ? 503 : 502, 'PSP_UNAVAILABLE', PAYMENT_MSG.pixUnavailable);
    }
    return this.repo.insertPixCharge(tx, {
      txid,
      nCtrId: p.nCtrId,
      customerId: p.customerId,
      purpose: p.purpose,
      docEntries: p.docEntries,
      amount: p.amount,
      slpCode: PIX_SLP_CODE,
      dueDate,
      payload: created.payload,
      psp: psp.name,
      pspReference: created.pspReference,
      location: created.location,
      expiresAt,
      createdAt: now,
    });
  }
}
