import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acknowledgeAccount,
  getAccount,
  updateAccessFlags,
  updateAccount,
  type AccessFlagsUpdate,
  type Account,
  type AccountUpdate,
} from '@/features/account/api/account';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * The signed-in user's account (spec 3.4), one cached answer for the shell (impersonation banner, terms and welcome
 * modals) and the account screen. Quiet on failure: each reader decides what a missing account means.
 */
export function useAccount() {
  return useQuery({
    queryKey: queryKeys.account.me(),
    queryFn: ({ signal }) => getAccount({ signal }),
  });
}

/** Resolves once the account has been read again, so a caller can show the saved values. */
function useInvalidateAccount() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.account.me() });
}

/** PUT /account with the user's own details (spec 2.11); the cached account is read again. */
export function useUpdateAccount() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (update: AccountUpdate) => updateAccount(update),
    onSuccess: invalidate,
  });
}

/**
 * The terms and welcome modals' save (spec 4.5): the full account with the changes. Whatever the caller does next
 * (refreshing the login), the cached account is read again so the modals decide from the new state.
 */
export function useAcknowledgeAccount() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: ({ account, changes }: { account: Account; changes: Partial<Account> }) =>
      acknowledgeAccount(account, changes),
    onSettled: invalidate,
  });
}

/** PUT /account/access while impersonating (spec 4.7). The flags live in the token's claims, not in the cache. */
export function useUpdateAccessFlags() {
  return useMutation({ mutationFn: (update: AccessFlagsUpdate) => updateAccessFlags(update) });
}
