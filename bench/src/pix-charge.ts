import { randomUUID } from 'node:crypto';
import { cents } from '@guarita/domain';
import { ApiPixClient, ApiPixPsp } from '../../apps/api/src/ports/api-pix';
import { StaticBrCodePixPsp, type PixPsp } from '../../apps/api/src/ports/pix-psp';
import { makeTestPki } from '../../apps/api/test/api-pix/certs';
import { FakeApiPix } from '../../apps/api/test/api-pix/fake-api-pix';
import type { Report } from './report';

/**
 * Issue 27: Pix-charge latency per PixPsp adapter against its fake (ADR 076). Each charge is `createCharge` as
 * PixService calls it (our side: the BR Code; for the API Pix adapter also PUT /cob over mutual TLS to the local fake,
 * certificates made here). Sequential calls, one at a time (the latency a customer's "Gerar Pix" adds). The API Pix
 * adapter's first call is reported apart: TLS handshake + OAuth2 token; later calls reuse the connection and token.
 * `getCharge` (GET /cob, what each webhook notification costs) is measured the same way.
 */
export interface PixLatency {
  label: string;
  calls: number;
  p50: number;
  p99: number;
  max: number;
}

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

function latency(label: string, samples: number[]): PixLatency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const r = (n: number) => Math.round(n * 100) / 100;
  return { label, calls: s.length, p50: r(at(0.5)), p99: r(at(0.99)), max: r(s[s.length - 1]!) };
}

async function timed(n: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    out.push(performance.now() - t0);
  }
  return out;
}

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
