import { startApi } from './api-process';
import type { Cleanup } from './cleanup';
import { measure, type LoadResult } from './load';
import { logIn } from './login';
import type { CpuLayout } from './pinning';
import type { Settings } from './settings';

/**
 * Issue 12 §6: quotation latency. Each request is a real quotation of Maria's Onix (GUARITA_COMPLETO_MG): the
 * contract, the state's catalogue, the target plan's towing options and price rows are read, the domain prices it
 * and the quotation is stored (one INSERT). Measured alone (1 connection: the latency a customer sees) and under load.
 */
export const QUOTATION_PATH = '/api/plans/contracts/100101/quotations';
const BODY = JSON.stringify({ tipoPagamento: 'M', itens: ['SRV_ASS24', 'SRV_REBOQ', 'SRV_VIDROS'], reboqueKm: 400 });

export interface QuotationFigures {
  single: LoadResult;
  loaded: LoadResult;
}

export async function measureQuotation(s: Settings, cleanup: Cleanup, cpus: CpuLayout | undefined): Promise<QuotationFigures> {
  const api = await startApi(s.root, s.databaseUrl, cleanup, cpus?.server);
  try {
    const token = await logIn(api.base);
    const common = {
      url: api.base + QUOTATION_PATH,
      method: 'POST' as const,
      body: BODY,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      warmup: s.warmup,
      duration: s.duration,
    };
    const single = await measure({ ...common, label: `POST ${QUOTATION_PATH} (1 connection)`, connections: 1 });
    const loaded = await measure({ ...common, label: `POST ${QUOTATION_PATH} (${s.connections} connections)`, connections: s.connections });
    return { single, loaded };
  } finally {
    await api.server.stop();
  }
}
