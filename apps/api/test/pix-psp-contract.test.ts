import { randomBytes } from 'node:crypto';
import { ApiPixPsp } from '../src/ports/api-pix/adapter';
import { ApiPixClient } from '../src/ports/api-pix/client';
import { signWebhookBody } from '../src/ports/pix-psp';
import { makeTestPki } from './api-pix/certs';
import { FakeApiPix } from './api-pix/fake-api-pix';
import { createTestApp } from './helpers';
import { describePixPsp } from './pix-psp-contract';

/** The PixPsp contract (ADR 076) on both implementations: the API Pix adapter on its mTLS fake, and the static sandbox. */

describePixPsp('API Pix adapter on the local mTLS fake', async () => {
  const pki = await makeTestPki();
  const fake = await new FakeApiPix({ pki }).start();
  const client = new ApiPixClient({
    baseUrl: fake.baseUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    tls: { ...pki.client, ca: pki.ca },
  });
  const psp = new ApiPixPsp(client, {
    receiverKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
    merchantName: 'Guarita Protecao Veicular',
    merchantCity: 'Belo Horizonte',
  });
  const t = await createTestApp({ ports: { pixPsp: psp } });
  return {
    t,
    psp,
    pay: async (txid) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/pix/api-pix/webhook/pix', payload: fake.pay(txid) });
      return res.json().resultados[0].resultado;
    },
    close: async () => {
      await t.close();
      await client.close();
      await fake.stop();
    },
  };
});

describePixPsp('static BR Code sandbox (our own records)', async () => {
  const secret = randomBytes(24).toString('hex');
  const t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: secret } });
  return {
    t,
    psp: t.app.pixPsp!,
    // The receiving bank's signed webhook with the charge's amount: how a static BR Code payment reaches us.
    pay: async (txid) => {
      const [row] = await t.query<{ amount_cents: number }>(`SELECT amount_cents FROM pix_charges WHERE txid = $1`, [txid]);
      const valor = (row!.amount_cents / 100).toFixed(2);
      const e2e = `E00000000${Date.now()}${randomBytes(5).toString('hex')}`;
      const raw = JSON.stringify({ pix: [{ endToEndId: e2e, txid, valor, horario: new Date().toISOString() }] });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/pix/webhook',
        headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, secret) },
        payload: raw,
      });
      return res.json().resultados[0].resultado;
    },
    close: () => t.close(),
  };
});
