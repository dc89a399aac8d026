import type { AppConfig } from '../../config/config.schema';

export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry: exporting is off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docker compose sets it).
 * The SDK is loaded only then, so the embedded default pays nothing for it.
 */
export function startTracing(config: AppConfig['tracing']): Tracing {
  if (!config.otlpEndpoint) return { shutdown: async () => undefined };
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { getNodeAutoInstrumentations } = require('@opentelemetry/auto-instrumentations-node') as typeof import('@opentelemetry/auto-instrumentations-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const base = config.otlpEndpoint.replace(/\/$/, '');
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${base}/v1/traces` }),
    instrumentations: [getNodeAutoInstrumentations({ '@opentelemetry/instrumentation-fs': { enabled: false } })],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
