import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing, stopTracing } from '../src/tracing/start';
import type { TestApp } from './helpers';

/**
 * Traces (issue 28 item 7, ADR 067): a customer's GET /api/contracts is one trace with the HTTP server span, named by
 * its route, and the SQL statements under it. Tracing starts before the app's modules are loaded, as the --import
 * preload does in production; `pg` and `node:http` are required once more after it, in case this worker loaded them
 * for an earlier file (instrumentation patches a module when it is required).
 */
const exporter = new InMemorySpanExporter();
await startTracing({ serviceName: 'guarita-test', exporter });
const require = createRequire(import.meta.url);
require('pg');
require('http');
const { createTestApp } = await import('./helpers');
const { aLoggedInCustomer } = await import('./factories');

const SERVER = 1;
const CLIENT = 2;
const onPostgres = Boolean(process.env.DATABASE_URL);

async function spansOf(traceId: string, until: (s: ReadableSpan[]) => boolean): Promise<ReadableSpan[]> {
  for (let i = 0; i < 50; i++) {
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    if (until(spans)) return spans;
    await new Promise((r) => setTimeout(r, 20));
  }
  return exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
}

describe('traces', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await stopTracing();
  });

  it(`GET /api/contracts of a logged-in customer: the HTTP span named by its route, and its SQL spans (${onPostgres ? 'PostgreSQL' : 'PGlite, through node-postgres too'})`, async () => {
    const c = await aLoggedInCustomer(t);
    exporter.reset();
    const res = await fetch(`${base}/api/contracts`, { headers: { authorization: `Bearer ${c.token}` } });
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);

    // The test's own fetch is traced too (outbound calls): its traceparent header carries the trace into the server.
    const fetchSpan = exporter.getFinishedSpans().find((s) => s.kind === CLIENT && s.attributes['url.path'] === '/api/contracts');
    expect(fetchSpan).toBeDefined();
    const traceId = fetchSpan!.spanContext().traceId;
    const spans = await spansOf(traceId, (s) => s.some((x) => x.kind === SERVER));
    const server = spans.find((s) => s.kind === SERVER);
    expect(server?.name).toBe('GET /api/contracts');
    expect(server?.attributes).toMatchObject({ 'http.route': '/api/contracts', 'http.response.status_code': 200 });
    expect(server?.parentSpanContext?.spanId).toBe(fetchSpan!.spanContext().spanId);

    const sql = spans.filter((s) => s.kind === CLIENT && s.attributes['db.system.name'] === 'postgresql');
    expect(sql.length).toBeGreaterThan(0);
    const texts = sql.map((s) => String(s.attributes['db.query.text']));
    expect(texts.some((q) => /\bcontracts\b/.test(q))).toBe(true);
    // Statement texts with placeholders, never the values: no customer id in them.
    expect(texts.join('\n')).not.toContain(String(c.id));
    for (const s of sql) expect(s.spanContext().traceId).toBe(traceId);
  });

  it('probes are not traced', async () => {
    exporter.reset();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(exporter.getFinishedSpans().filter((s) => s.kind === SERVER)).toEqual([]);
  });
});
