import type { ProjectionStatus } from '../../../infrastructure/projections/projections.service';

/** A projection's health as the console shows it; `id` is the projection's name. */
export interface ProjectionRow {
  id: string;
  name: string;
  version: number | null;
  state: ProjectionStatus['state'] | 'not started';
  position: string | null;
  eventsProcessed: number;
  updatedAt: string | null;
  lagMs: number;
  lastError: string | null;
  lastErrorAt: string | null;
  rebuilding: boolean;
  rebuild: ProjectionStatus['rebuild'];
  /** 0..1: how far a rebuild has come, measured against the events the live version has processed. */
  rebuildProgress: number | null;
  healthy: boolean;
}

/** Above this lag a projection counts as unhealthy on the dashboard. */
export const LAG_WARNING_MS = 60_000;

export function projectionRows(status: ProjectionStatus[], registered: string[]): ProjectionRow[] {
  const rows: ProjectionRow[] = status.map((s) => ({
    id: s.name,
    name: s.name,
    version: s.version,
    state: s.state,
    position: `${s.position.commit}/${s.position.prepare}`,
    eventsProcessed: s.eventsProcessed,
    updatedAt: s.updatedAt,
    lagMs: s.lagMs,
    lastError: s.lastError,
    lastErrorAt: s.lastErrorAt,
    rebuilding: s.rebuild !== null,
    rebuild: s.rebuild,
    rebuildProgress: s.rebuild ? Math.min(1, s.rebuild.eventsProcessed / Math.max(1, s.eventsProcessed)) : null,
    healthy: !s.lastError && s.lagMs < LAG_WARNING_MS,
  }));
  // Registered here but without a checkpoint yet: shown, so a projection that never started is visible.
  for (const name of registered) {
    if (rows.some((r) => r.name === name)) continue;
    rows.push({
      id: name, name, version: null, state: 'not started', position: null, eventsProcessed: 0, updatedAt: null, lagMs: 0,
      lastError: null, lastErrorAt: null, rebuilding: false, rebuild: null, rebuildProgress: null, healthy: false,
    });
  }
  return rows;
}
