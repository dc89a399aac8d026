import { api, type CallOptions } from '@/shared/api/client';

/** Spec 3.5. */
export interface TeamUser {
  username: string;
  firstname: string;
  lastname: string;
  phone?: string | null;
  admin?: boolean;
  pending?: boolean;
  customRoles?: string[] | null;
  marketing?: boolean;
  notifications?: boolean;
  disabled?: boolean;
}

export interface TeamUserInput {
  username: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  marketing: boolean;
  notifications?: boolean;
  admin: boolean;
  customRoles: string[];
}

export const TEAM_QUERY = { query: '', includePending: true, orderBy: 'firstname' } as const;

/** GET /user: the account screen asks for everyone, pending users included. */
export function listUsers(options: CallOptions = {}): Promise<TeamUser[]> {
  return api.get<TeamUser[]>('/user', TEAM_QUERY, options);
}

/** POST /user adds a user; the same call with a pending user resends their registration e-mail. */
export function addUser(user: TeamUserInput): Promise<void> {
  return api.post<void>('/user', user);
}

/** Resend: failures have their own message (spec 8), so the generic toast is left out. */
export function resendInvitation(user: TeamUser): Promise<void> {
  return api.post<void>(
    '/user',
    {
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      phone: user.phone ?? null,
      marketing: user.marketing ?? true,
      admin: !!user.admin,
      customRoles: user.customRoles ?? [],
    },
    undefined,
    { silent: true },
  );
}

export function updateUser(user: TeamUserInput): Promise<void> {
  return api.put<void>('/user', user);
}

export function deleteUser(username: string): Promise<void> {
  return api.delete<void>('/user', { username });
}
