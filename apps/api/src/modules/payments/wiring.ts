import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import type { RateLimiter } from '../../lib/rate-limit';
import type { Notifier } from '../../ports/notifier';
import { SandboxCardGateway, type CardGateway } from '../../ports/card-gateway';
import { StaticBrCodePixPsp, type PixPsp } from '../../ports/pix-psp';
import type { ContractService } from '../contracts/service';
import { IdempotencyStore } from './idempotency';
import { PaymentsRepository } from './repository';
import { PaymentsService } from './service';
import { paymentsSettings } from './settings';

/** Ports of the payments module; tests and real deployments may pass their own adapters. */
export interface PaymentPorts {
  cardGateway?: CardGateway;
  pixPsp?: PixPsp;
}

const UNCONFIGURED_PSP: PixPsp = {
  name: 'unconfigured',
  createCharge: () => Promise.reject(new Error('PIX_KEY is not configured')),
};

/** Builds the payments service once per app (called from services.ts). */
export function buildPayments(
  db: Db,
  config: AppConfig,
  contracts: ContractService,
  limiter: RateLimiter,
  ports: PaymentPorts = {},
  notifier?: Notifier,
) {
  const settings = paymentsSettings(config);
  const cardGateway = ports.cardGateway ?? new SandboxCardGateway({ publicUrl: settings.publicUrl });
  const pixPsp = ports.pixPsp ?? (settings.pix ? new StaticBrCodePixPsp(settings.pix) : UNCONFIGURED_PSP);
  const idempotency = new IdempotencyStore(db, settings.hashSecret);
  return new PaymentsService(db, new PaymentsRepository(), contracts, cardGateway, pixPsp, idempotency, settings, limiter, notifier);
}
