import { api, apiRequest } from '@/shared/api/client';
import { withQcmc } from '@/shared/api/qcmc';

/** GET /auth/forgot?username=[&qcmc=]: always 204, so it does not reveal who has an account. Failures are logged only. */
export async function requestPasswordReset(username: string): Promise<void> {
  await api.get<unknown>('/auth/forgot', withQcmc({ username }), { silent: true });
}

/** PUT /auth with the reset token from the e-mailed link (spec 2.6). */
export async function resetPassword(resetToken: string, newPassword: string, confirmPassword: string) {
  await apiRequest<unknown>('/auth', {
    method: 'PUT',
    headers: { 'X-PASSWORD-RESET-TOKEN': resetToken },
    body: { newPassword, confirmPassword },
    silent: true,
    skipRefresh: true,
  });
}

export interface UpdatePasswordRequest {
  username: string;
  password: string;
  newPassword: string;
  confirmPassword: string;
}

/** PUT /auth signed in: the current password and the new one (spec 2.11). */
export async function updatePassword(request: UpdatePasswordRequest): Promise<void> {
  await api.put<unknown>('/auth', request);
}
