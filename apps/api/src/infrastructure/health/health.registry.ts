import { Injectable } from '@nestjs/common';

export interface HealthCheckResult {
  status: 'up' | 'down';
  kind?: string;
  detail?: string;
}

export interface HealthIndicator {
  /** database, eventStore, queue, ... */
  readonly name: string;
  check(): Promise<HealthCheckResult>;
}

/** Adapters register here at start-up; GET /health asks each of them. */
@Injectable()
export class HealthRegistry {
  private readonly indicators = new Map<string, HealthIndicator>();

  register(indicator: HealthIndicator) {
    this.indicators.set(indicator.name, indicator);
  }

  async checkAll(timeoutMs = 3000): Promise<{ status: 'ok' | 'error'; checks: Record<string, HealthCheckResult> }> {
    const entries = await Promise.all(
      [...this.indicators.values()].map(async (i) => {
        let result = await withTimeout(i.check(), timeoutMs);
        // One more look before reporting a dependency down: a connection dropped a moment ago is replaced on use.
        if (result.status === 'down') result = await withTimeout(i.check(), timeoutMs);
        return [i.name, result] as const;
      }),
    );
    const checks = Object.fromEntries(entries);
    const status = entries.every(([, r]) => r.status === 'up') ? 'ok' : 'error';
    return { status, checks };
  }
}

async function withTimeout(check: Promise<HealthCheckResult>, ms: number): Promise<HealthCheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthCheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down', detail: `no answer within ${ms} ms` }), ms);
  });
  try {
    return await Promise.race([
      check.catch((e: unknown) => ({ status: 'down' as const, detail: e instanceof Error ? e.message : String(e) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
