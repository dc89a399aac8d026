import { api } from '@/shared/api/client';

/** POST /unsubscribe: stops the reminders of an application. Failures are logged only (spec 8). */
export function unsubscribe(applicationId: string, reason: string): Promise<void> {
  return api.post<void>('/unsubscribe', { applicationId, reason }, undefined, { silent: true });
}
