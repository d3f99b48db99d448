import { randomUUID } from 'node:crypto';
import { cents } from '@guarita/domain';
import { ApiPixClient, ApiPixPsp } from '../../apps/api/src/ports/api-pix';
import { StaticBrCodePixPsp, type PixPsp } from '../../apps/api/src/ports/pix-psp';
import { makeTestPki } from '../../apps/api/test/api-pix/certs';
import { FakeApiPix } from '../../apps/api/test/api-pix/fake-api-pix';
import type { Report } from './report';
import { latency, timed, type Latency } from './latency';

/**
 * Issue 27: Pix-charge latency per PixPsp adapter against its fake (ADR 076). Each charge is `createCharge` as
 * PixService calls it (our side: the BR Code; for the API Pix adapter also PUT /cob over mutual TLS to the local fake,
 * certificates made here). Sequential calls, one at a time (the latency a customer's "Gerar Pix" adds). The API Pix
 * adapter's first call is reported apart: TLS handshake + OAuth2 token; later calls reuse the connection and token.
 * `getCharge` (GET /cob, what each webhook notification costs) is measured the same way.
 */
export type PixLatency = Latency;

export interface PixChargeFigures {
  rows: PixLatency[];
  /** The API Pix adapter's first createCharge (handshake + token), ms. */
  apiPixFirstMs: number;
}

const SETTINGS = {
  receiverKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  merchantName: 'Guarita Protecao Veicular',
  merchantCity: 'Belo Horizonte',
};

const txid = (length: number) => `GUA${randomUUID().replace(/-/g, '')}`.slice(0, length);
const request = (psp: PixPsp) => ({
  txid: txid(psp.txidLength),
  amount: cents(19_497),
  expiresAt: new Date(Date.now() + 360 * 60_000),
  dueDate: '2026-12-01',
  description: 'Contrato 100101',
});

export async function measurePixCharges(calls = 300): Promise<PixChargeFigures> {
  const rows: PixLatency[] = [];
  // The static BR Code touches no database to create a charge.
  const staticPsp = new StaticBrCodePixPsp(
    { key: SETTINGS.receiverKey, merchantName: SETTINGS.merchantName, merchantCity: SETTINGS.merchantCity },
    null as never,
  );
  await timed(20, () => staticPsp.createCharge(request(staticPsp))); // warm-up
  rows.push(latency('static BR Code: createCharge', await timed(calls, () => staticPsp.createCharge(request(staticPsp)))));

  const pki = await makeTestPki();
  const fake = await new FakeApiPix({ pki }).start();
  const client = new ApiPixClient({
    baseUrl: fake.baseUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    tls: { ...pki.client, ca: pki.ca },
  });
  try {
    const psp = new ApiPixPsp(client, SETTINGS);
    const t0 = performance.now();
    await psp.createCharge(request(psp));
    const apiPixFirstMs = Math.round((performance.now() - t0) * 100) / 100;
    await timed(20, () => psp.createCharge(request(psp))); // warm-up
    const made: string[] = [];
    rows.push(
      latency(
        'API Pix (mTLS fake): createCharge',
        await timed(calls, async () => {
          const r = request(psp);
          made.push(r.txid);
          await psp.createCharge(r);
        }),
      ),
    );
    rows.push(latency('API Pix (mTLS fake): getCharge', await timed(calls, (i) => psp.getCharge(made[i]!))));
    return { rows, apiPixFirstMs };
  } finally {
    await client.close();
    await fake.stop();
  }
}

/** The bench's section: one line per adapter and call, and the API Pix adapter's first call. */
export async function pixFigures(report: Report): Promise<void> {
  report.line('');
  report.line(
    'Pix charge per adapter (PixPsp.createCharge / getCharge one at a time, in the bench process; the API Pix fake is local, over mTLS)',
  );
  try {
    const f = await measurePixCharges();
    for (const r of f.rows) report.info(r.label, `p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (${r.calls} calls)`);
    report.info('API Pix (mTLS fake): first createCharge', `${f.apiPixFirstMs} ms (TLS handshake + OAuth2 token + PUT /cob)`);
  } catch (err) {
    report.error('pix charge', err);
  }
}
