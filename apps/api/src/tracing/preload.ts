/**
 * The tracing preload (ADR 067): `node --import ./apps/api/dist/tracing/preload.js apps/api/dist/server.js` (npm run
 * serve passes it). It runs before the server's modules are loaded, which instrumentation needs: `pg` and `node:http`
 * are patched as they are first required. With OTEL_EXPORTER_OTLP_ENDPOINT unset it reads three variables and returns:
 * no OpenTelemetry package is loaded and nothing is patched.
 */
import { tracingSettings } from '../config';
import { startTracing } from './start';

const s = tracingSettings();
if (s.OTEL_EXPORTER_OTLP_ENDPOINT) {
  await startTracing({ serviceName: s.OTEL_SERVICE_NAME, endpoint: s.OTEL_EXPORTER_OTLP_ENDPOINT, sampleRatio: s.TRACES_SAMPLE_RATIO });
}
