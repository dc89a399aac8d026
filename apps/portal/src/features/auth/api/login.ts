import { apiRequest } from '@/shared/api/client';
import { withQcmc } from '@/shared/api/qcmc';

export interface LoginRequest {
  username: string;
  password: string;
  /** A staff administrator signs in as this customer (spec 6.6). */
  impersonate?: string;
}

export interface LoginTokens {
  token: string;
  refreshToken: string;
}

/** POST /v1/auth[?qcmc=]: the tokens come back in the response headers, not the body (spec 7.2). */
export async function login(request: LoginRequest): Promise<LoginTokens> {
  const response = await apiRequest<unknown>('/auth', {
    method: 'POST',
    body: request,
    query: withQcmc(),
    silent: true,
    skipRefresh: true,
  });
  return {
    token: response.headers.get('x-auth-token') ?? '',
    refreshToken: response.headers.get('x-refresh-token') ?? '',
  };
}
