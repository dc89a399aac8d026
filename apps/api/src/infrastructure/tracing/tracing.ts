import type { AppConfig } from '../../config/config.schema';

export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * The auto-instrumentations, less those that cost every request a span or more and tell nothing the others do not
 * (measured in process like tools/bench/http-floor.mjs, exporting to a local OTLP sink: 0.51 ms of CPU per signed-in
 * trivial request with all of them, 0.11 ms without tracing, 0.22 ms with these settings):
 * - router (Express 5's router) and express: no span per middleware and per route handler (nestjs-core's handler
 *   span names the controller method); the spans still carry the route (http.route);
 * - pino: the logger's own mixin already puts the traceId on every line (infrastructure/logging/logger.ts);
 * - fs, dns, net: a span per file read, name lookup and socket, below the http, pg and ioredis spans.
 */
type InstrumentationConfig = NonNullable<Parameters<typeof import('@opentelemetry/auto-instrumentations-node').getNodeAutoInstrumentations>[0]>;
/** ExpressLayerType is a string enum of the instrumentation's own package: its values, as that type. */
type ExpressLayers = NonNullable<NonNullable<InstrumentationConfig['@opentelemetry/instrumentation-express']>['ignoreLayersType']>;

export const INSTRUMENTATION_CONFIG: InstrumentationConfig = {
  '@opentelemetry/instrumentation-express': { ignoreLayersType: ['middleware', 'request_handler'] as ExpressLayers },
  '@opentelemetry/instrumentation-router': { enabled: false },
  '@opentelemetry/instrumentation-pino': { enabled: false },
  '@opentelemetry/instrumentation-fs': { enabled: false },
  '@opentelemetry/instrumentation-dns': { enabled: false },
  '@opentelemetry/instrumentation-net': { enabled: false },
};

/**
 * OpenTelemetry: exporting is off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docker compose sets it). The SDK
 * is loaded only then, before the application's modules, so its instrumentations can patch them; traces and
 * metrics (projection lag, queue depth) go to the endpoint over OTLP/HTTP.
 */
export function startTracing(config: AppConfig['tracing']): Tracing {
  if (!config.otlpEndpoint) return { shutdown: async () => undefined };
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { getNodeAutoInstrumentations } =
    require('@opentelemetry/auto-instrumentations-node') as typeof import('@opentelemetry/auto-instrumentations-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { OTLPMetricExporter } =
    require('@opentelemetry/exporter-metrics-otlp-http') as typeof import('@opentelemetry/exporter-metrics-otlp-http');
  const { PeriodicExportingMetricReader } =
    require('@opentelemetry/sdk-metrics') as typeof import('@opentelemetry/sdk-metrics');
  const base = config.otlpEndpoint.replace(/\/$/, '');
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${base}/v1/traces` }),
    metricReaders: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${base}/v1/metrics` }),
        exportIntervalMillis: 15000,
      }),
    ],
    instrumentations: [getNodeAutoInstrumentations(INSTRUMENTATION_CONFIG)],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
