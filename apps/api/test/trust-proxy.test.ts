import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { MSG } from '@guarita/domain';
import { createTestApp, type TestApp } from './helpers';
import { loadConfig } from '../src/config';
import { trustProxyOption } from '../src/lib/trust-proxy';

/**
 * Issue 23 item 3: behind a proxy the client address is the one a trusted proxy saw, never the left-most
 * X-Forwarded-For entry (which the client writes).
 */
describe('trustProxyOption', () => {
  /** The request address Fastify derives under TRUST_PROXY=`value`, from a peer and the X-Forwarded-For it sends. */
  async function ipUnder(value: string, remoteAddress: string, xff?: string): Promise<string> {
    const app = Fastify({ trustProxy: trustProxyOption(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).env.TRUST_PROXY) });
    app.get('/', async (req) => req.ip);
    try {
      const res = await app.inject({ url: '/', remoteAddress, ...(xff ? { headers: { 'x-forwarded-for': xff } } : {}) });
      return res.body;
    } finally {
      await app.close();
    }
  }

  it('off by default and with false or 0: X-Forwarded-For is ignored', async () => {
    for (const v of ['', 'false', '0']) expect(await ipUnder(v, '10.0.0.5', '203.0.113.80')).toBe('10.0.0.5');
  });

  it('a hop count trusts that many proxies, the nearest connecting from our own network', async () => {
    expect(await ipUnder('1', '10.0.0.5', '6.6.6.6, 203.0.113.1')).toBe('203.0.113.1');
    expect(await ipUnder('true', '::ffff:192.168.1.9', '6.6.6.6, 203.0.113.2')).toBe('203.0.113.2');
    // client → CDN (appends the client) → load balancer (appends the CDN) → app
    expect(await ipUnder('2', '10.0.0.5', '6.6.6.6, 203.0.113.3, 198.51.100.1')).toBe('203.0.113.3');
    // A client that reaches the app directly from outside names nobody: its socket address counts.
    expect(await ipUnder('1', '203.0.113.4', '6.6.6.6')).toBe('203.0.113.4');
  });

  it('a list of proxy addresses and ranges: only those may name the client', async () => {
    const list = '10.0.0.0/8, 192.0.2.1';
    expect(await ipUnder(list, '10.20.30.40', '6.6.6.6, 203.0.113.70')).toBe('203.0.113.70');
    expect(await ipUnder(list, '10.20.30.40', '6.6.6.6, 203.0.113.71, 192.0.2.1')).toBe('203.0.113.71');
    expect(await ipUnder(list, '192.0.2.9', '6.6.6.6')).toBe('192.0.2.9');
  });

  it('reads false, 0, true, a hop count and lists, and refuses anything else', () => {
    const tp = (v: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: v }).env.TRUST_PROXY;
    expect([tp('false'), tp('0'), tp('true'), tp('1'), tp('3')]).toEqual([false, false, 1, 1, 3]);
    expect(tp('loopback, 10.0.0.0/8, ::1, fd00::/8')).toEqual(['loopback', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '-1']) expect(() => tp(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('TRUST_PROXY=true (one hop) in the app', () => {
  let t: TestApp;
  const loginsPerIp = 4;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' }, staff: { loginsPerIp } });
  });
  afterAll(() => t.close());

  /** A staff login through the load balancer at 10.0.0.5, which appends the address it saw. */
  const viaProxy = (xff: string, email = 'admin@guarita.example') =>
    t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      payload: { email, senha: 'senha-errada', codigo: '000000' },
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': xff },
    });

  it('a client writing its own X-Forwarded-For entries still meets the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= loginsPerIp; i++) {
      const res = await viaProxy(`198.18.0.${i}, 203.0.113.50`, `ninguem${i}@guarita.example`);
      statuses.push(res.statusCode);
      if (i === loginsPerIp) expect(res.json()).toMatchObject({ erro: 'RATE_LIMITED', mensagem: MSG.tooManyRequests });
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Another client behind the same proxy is not counted with it.
    expect((await viaProxy('198.18.0.1, 203.0.113.51')).statusCode).toBe(401);
  });

  it('the audit log keeps the address the proxy saw', async () => {
    expect((await viaProxy('1.2.3.4, 203.0.113.52')).statusCode).toBe(401);
    const [row] = await t.query<{ ip: string }>(`SELECT ip FROM staff_audit ORDER BY id DESC LIMIT 1`);
    expect(row!.ip).toBe('203.0.113.52');
  });
});
