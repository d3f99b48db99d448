import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { logPath } from '../lib/log-path';

/**
 * OpenTelemetry traces (ADR 067): the incoming request (node:http server span, named by its Fastify route in
 * tracing/context.ts), its SQL statements (node-postgres, which the embedded PGlite also goes through) and its outbound
 * calls (fetch: S3, SMS, CEP; SMTP gets a span of its own in ports/notifier.ts). Off unless an OTLP endpoint is configured; then every package is
 * loaded here, by dynamic import, so a server without tracing never loads one.
 *
 * Instrumentation patches `pg` and `node:http` when they are first required: this must run before the app's modules
 * are imported (tracing/preload.ts, the `--import` entry, does that).
 */
export interface TracingOptions {
  serviceName: string;
  /** OTLP/HTTP base address (the exporter adds /v1/traces); absent: the exporter reads OTEL_EXPORTER_OTLP_* itself. */
  endpoint?: string;
  /** Share of new traces kept (a parent's decision always wins): 1 keeps every trace. */
  sampleRatio?: number;
  /** Tests: this exporter, span by span, instead of OTLP in batches. */
  exporter?: SpanExporter;
}

/** Requests no one wants a trace of: probes and the metrics scrape. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

let running: { shutdown(): Promise<void> } | null = null;

export function tracingStarted(): boolean {
  return running !== null;
}

export async function startTracing(o: TracingOptions): Promise<void> {
  if (running) return;
  const [api, sdk, hooks, core, resources, { registerInstrumentations }, http, pgi, undici] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  let exporter = o.exporter;
  if (!exporter) {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    exporter = new OTLPTraceExporter(o.endpoint ? { url: `${o.endpoint.replace(/\/+$/, '')}/v1/traces` } : {});
  }
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': o.serviceName }),
    sampler: new sdk.ParentBasedSampler({ root: new sdk.TraceIdRatioBasedSampler(o.sampleRatio ?? 1) }),
    spanProcessors: [o.exporter ? new sdk.SimpleSpanProcessor({ exporter }) : new sdk.BatchSpanProcessor({ exporter })],
  });
  api.context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);

  const disable = registerInstrumentations({
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.has((req.url ?? '').split('?')[0] ?? ''),
        // The same path the log lines show: no query string, no CEP (a customer's address) in the lookup's path.
        requestHook: (span, req) => {
          if ('url' in req && typeof req.url === 'string' && !('path' in req)) span.setAttribute('url.path', logPath(req.url));
        },
      }),
      // Statement texts carry $1 placeholders, never values (enhancedDatabaseReporting stays off: values are personal
      // data). Only statements inside a traced request: the workers' polls would each start a trace of their own. No
      // span per pool checkout: a wait for a connection shows as the pool's metric (guarita_db_pool_waiting).
      new pgi.PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new undici.UndiciInstrumentation({
        // An outbound address without its query string, and a CEP in a lookup's path masked as the logs mask it.
        requestHook: (span, req) => span.setAttribute('url.full', redactOutbound(`${req.origin}${req.path}`)),
      }),
    ],
  });
  running = {
    shutdown: async () => {
      disable();
      await provider.shutdown();
    },
  };
}

/** Flushes the spans not yet exported and stops tracing (the server's shutdown). No-op when tracing is off. */
export async function stopTracing(): Promise<void> {
  const r = running;
  running = null;
  await r?.shutdown();
}

/** An outbound URL fit for a span: no query string, and runs of 8+ digits (a CEP, CPF, CNPJ, phone) masked. */
export function redactOutbound(url: string): string {
  return (url.split('?')[0] ?? '').replace(/\d{8,}/g, '[redacted]');
}
