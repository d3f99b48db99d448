/**
 * What scripts/check-artefact.sh asks of a running production artefact (ADR 063), with nothing but Node itself: ready,
 * the web app served, and a customer login through the API (CPF → code by SMS → tokens → the customer's contracts).
 * Demo mode: the code is read from the demo outbox (GET /api/dev/outbox), as the e2e suite does.
 * Usage: node scripts/artefact-smoke.mjs http://127.0.0.1:3201
 */
const base = process.argv[2];
if (!base) throw new Error('usage: artefact-smoke.mjs BASE_URL');
const DOCUMENT = '52998224725'; // Maria (README, demo logins)

async function call(method, path, body, headers = {}) {
  const res = await fetch(new URL(path, base), {
    method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

function expectStatus(what, res, status) {
  if (res.status !== status) throw new Error(`${what}: ${res.status}, expected ${status}: ${res.text.slice(0, 300)}`);
  console.log(`ok ${what} ${res.status}`);
}

expectStatus('GET /readyz', await call('GET', '/readyz'), 200);
expectStatus('GET /healthz', await call('GET', '/healthz'), 200);
const page = await call('GET', '/');
expectStatus('GET / (the web app)', page, 200);
if (!/<html lang="pt-BR">[\s\S]*\/assets\/index-[\w-]+\.js/.test(page.text))
  throw new Error(`GET / is not the web app: ${page.text.slice(0, 300)}`);

const started = await call('POST', '/api/auth/login', { documento: DOCUMENT });
expectStatus('POST /api/auth/login', started, 200);
const { Sessao } = started.json();
const sms = await call('POST', '/api/auth/code', { Sessao, canal: 'sms' });
expectStatus('POST /api/auth/code', sms, 202);

let code;
for (const deadline = Date.now() + 10_000; !code && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
  const outbox = await call('GET', '/api/dev/outbox');
  expectStatus('GET /api/dev/outbox', outbox, 200);
  code = outbox
    .json()
    .find((m) => m.channel === 'sms')
    ?.body.match(/\b(\d{6})\b/)?.[1];
}
if (!code) throw new Error('no login code in the demo outbox');

const tokens = await call('POST', '/api/auth/verify', { Sessao, CodigoAutenticacao: code });
expectStatus('POST /api/auth/verify', tokens, 200);
const contracts = await call('GET', '/api/contracts', undefined, { authorization: `Bearer ${tokens.json().AccessToken}` });
expectStatus('GET /api/contracts (logged in)', contracts, 200);
const list = contracts.json();
if (!Array.isArray(list) || list.length === 0) throw new Error(`GET /api/contracts: no contract for ${DOCUMENT}`);
console.log(`ok customer ${DOCUMENT} logged in: ${list.length} contracts`);
