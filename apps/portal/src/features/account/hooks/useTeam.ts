import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addUser,
  deleteUser,
  listUsers,
  resendInvitation,
  TEAM_QUERY,
  updateUser,
  type TeamUser,
  type TeamUserInput,
} from '@/features/account/api/users';
import { queryKeys } from '@/shared/query/queryKeys';

/** Spec 2.11: everyone who signs in to the account, pending users included. */
export function useTeam() {
  return useQuery({
    queryKey: queryKeys.account.users(TEAM_QUERY),
    queryFn: ({ signal }) => listUsers({ signal }),
  });
}

/** Every change to the team reads the team list again once it succeeded (spec 4.4). */
function useTeamMutation<T>(write: (input: T) => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.users() }),
  });
}

export const useAddUser = () => useTeamMutation((user: TeamUserInput) => addUser(user));
export const useUpdateUser = () => useTeamMutation((user: TeamUserInput) => updateUser(user));
export const useDeleteUser = () => useTeamMutation((username: string) => deleteUser(username));

/** Resending changes nothing listed: the user stays pending. */
export function useResendInvitation() {
  return useMutation({ mutationFn: (user: TeamUser) => resendInvitation(user) });
}
