import { StatusChip } from '@/shared/StatusChip';

/** active / standby / stopped / not started, and whether it is healthy (no error, lag under a minute). */
export function ProjectionState({ p }: { p: { state?: string; healthy?: boolean; lastError?: string | null; [k: string]: unknown } }) {
  if (p.lastError) return <StatusChip label="Failing" tone="error" title={p.lastError} />;
  if (p.state === 'active') return <StatusChip label={p.healthy ? 'Active' : 'Lagging'} tone={p.healthy ? 'success' : 'warning'} />;
  if (p.state === 'standby') return <StatusChip label="Standby (other process)" tone="info" />;
  return <StatusChip label={p.state === 'not started' ? 'Not started' : 'Stopped'} tone="default" />;
}
