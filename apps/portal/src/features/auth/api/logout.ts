import { apiRequest } from '@/shared/api/client';

/** DELETE /v1/auth revokes the refresh token. */
export async function logout(refreshToken: string): Promise<void> {
  await apiRequest<unknown>('/auth', {
    method: 'DELETE',
    headers: { 'X-REFRESH-TOKEN': refreshToken },
    silent: true,
    skipRefresh: true,
  });
}
