import type { AppConfig } from '../../config/config.schema';

export interface Tracing {
  shutdown(): Promise<void>;
}

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
    instrumentations: [getNodeAutoInstrumentations({ '@opentelemetry/instrumentation-fs': { enabled: false } })],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
