import { randomBytes } from 'node:crypto';
import { PAYMENT_MSG, pixExpiresAt, pixStatus, type Cents } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { CardGateway } from '../../ports/card-gateway';
import type { Clock } from '../../ports/clock';
import type { ContractService } from '../contracts';
import type { NotificationOutbox } from '../notifications';
import type { LinkRow, PaymentsRepository } from './repository';
import { notifyPaid, reference, type ConfirmResult } from './shared';

const newLinkId = () => randomBytes(18).toString('base64url');

/** Payment links (an advance by LP): created at the card gateway, paid on its checkout page, settled once. */
export class PaymentLinkService {
  constructor(
    private readonly db: Database,
    private readonly repo: PaymentsRepository,
    private readonly contracts: ContractService,
    private readonly gateway: CardGateway,
    private readonly clock: Clock,
    private readonly returnUrl: string,
    private readonly outbox?: NotificationOutbox,
  ) {}

  /** Creates the link at the gateway and records it in the caller's transaction. */
  async issue(tx: Executor, p: { customerId: number; nCtrId: number; docEntries: number[]; amount: Cents }): Promise<LinkRow> {
    const id = newLinkId();
    const now = this.clock.now();
    const expiresAt = pixExpiresAt(now);
    let created;
    try {
      created = await this.gateway.createPaymentLink({
        linkId: id,
        reference: reference(p.nCtrId),
        amount: p.amount,
        description: `Antecipação do contrato ${p.nCtrId}`,
        expiresAt,
        returnUrl: this.returnUrl,
      });
    } catch {
      throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.advanceOtherError);
    }
    return this.repo.insertLink(tx, {
      id,
      ...p,
      url: created.url,
      gateway: this.gateway.name,
      gatewayId: created.gatewayId,
      expiresAt,
      createdAt: now,
    });
  }

  /** A payment link with its effective status at this moment (the sandbox checkout page shows it). */
  async find(id: string): Promise<(LinkRow & { effectiveStatus: LinkRow['status'] }) | null> {
    const link = await this.repo.findLink(this.db, id);
    return link ? { ...link, effectiveStatus: pixStatus(link.status, link.expiresAt, this.clock.now()) } : null;
  }

  /**
   * Settles a paid link exactly once; the gateway's AUTHORISATION notification calls this, with the provider's id of
   * the payment (`paidGatewayId`: what a refund from the desk names; kept on a redelivery if it was missing).
   */
  confirm(id: string, paidGatewayId: string | null = null): Promise<ConfirmResult> {
    return this.db.transaction().execute(async (tx) => {
      const link = await this.repo.findLink(tx, id, { forUpdate: true });
      if (!link) return 'not_found';
      const now = this.clock.now();
      const status = pixStatus(link.status, link.expiresAt, now);
      if (status === 'paid') {
        if (paidGatewayId) await this.repo.setLinkPaidGatewayId(tx, id, paidGatewayId);
        return 'already_paid';
      }
      if (status === 'expired') {
        await this.repo.setLinkExpired(tx, id);
        await this.repo.finishAdvance(tx, { linkId: id }, 'failed');
        return 'expired';
      }
      await this.repo.setLinkPaid(tx, id, now, paidGatewayId);
      await this.contracts.markBillsPaid(tx, link.docEntries, now);
      await this.repo.finishAdvance(tx, { linkId: id }, 'paid');
      await notifyPaid(this.outbox, tx, link, 'link', `link:${id}:pago`);
      return 'paid';
    });
  }
}
