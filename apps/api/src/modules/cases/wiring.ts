import path from 'node:path';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import { TableAnalytics, type Analytics } from '../../ports/analytics';
import { LocalDiskStorage, type FileStorage } from '../../ports/storage';
import type { ContractService } from '../contracts/service';
import { IdempotencyStore } from '../payments/idempotency';
import { BuiltInCaseSystem, type CaseSystem } from './case-system';
import { CasesService } from './service';

/** Ports of the cases module; tests and real deployments may pass their own adapters. */
export interface CasePorts {
  caseSystem?: CaseSystem;
  storage?: FileStorage;
  analytics?: Analytics;
}

/** Builds the cases service once per app (called from services.ts). */
export function buildCases(db: Db, config: AppConfig, contracts: ContractService, ports: CasePorts = {}) {
  const storage = ports.storage ?? new LocalDiskStorage(path.resolve(config.env.UPLOADS_DIR ?? path.join(config.env.DATA_DIR, 'uploads')));
  return new CasesService(
    db,
    ports.caseSystem ?? new BuiltInCaseSystem(),
    storage,
    ports.analytics ?? new TableAnalytics(),
    contracts,
    new IdempotencyStore(db, config.authSecret),
    { quotaBytes: config.env.UPLOAD_QUOTA_MB * 1024 * 1024 },
  );
}
