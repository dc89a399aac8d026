import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader, type MetricData } from '@opentelemetry/sdk-metrics';
import type { AppConfig } from '../../../config/config.schema';

/** Collects on demand: what an OTLP exporter would be sent. */
class TestReader extends MetricReader {
  protected onShutdown() {
    return Promise.resolve();
  }
  protected onForceFlush() {
    return Promise.resolve();
  }
}
const reader = new TestReader();
// Before the renderer module makes its instruments: the API hands out no-op meters until a provider is set.
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
const { PdfRenderer } = require('./pdf-renderer') as typeof import('./pdf-renderer');

async function collected(name: string): Promise<MetricData | undefined> {
  const { resourceMetrics } = await reader.collect();
  return resourceMetrics.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === name);
}

describe('PDF metrics (OpenTelemetry)', () => {
  const renderer = new PdfRenderer({
    pdf: { poolSize: 2, maxRendersPerBrowser: 500, renderTimeoutMs: 15000 },
  } as AppConfig);
  afterAll(() => renderer.onApplicationShutdown());

  it('records render durations, the pool size and browser restarts', async () => {
    await renderer.render('<!doctype html><p>one</p>');
    await renderer.render('<!doctype html><p>two</p>');
    process.kill(renderer.stats().browserPid ?? 0, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    await renderer.render('<!doctype html><p>after a crash</p>');

    const duration = await collected('credence.pdf.render.duration');
    const ok = duration?.dataPoints.find((p) => p.attributes.outcome === 'ok');
    expect((ok?.value as { count: number }).count).toBe(3);

    const restarts = await collected('credence.pdf.browser.restarts');
    expect(restarts?.dataPoints[0]?.value).toBe(1);

    const pool = await collected('credence.pdf.pool.size');
    const byState = Object.fromEntries((pool?.dataPoints ?? []).map((p) => [p.attributes.state, p.value]));
    expect(byState).toEqual({ total: expect.any(Number), borrowed: 0, waiting: 0 });
    expect(byState.total).toBeGreaterThanOrEqual(1);
  });
});
