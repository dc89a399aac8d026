import { useQuery } from '@tanstack/react-query';
import { listApprovalProcesses } from '@/features/pending/api/pending';
import { queryKeys } from '@/shared/query/queryKeys';

/** GET approvalprocess: the 'Resolved By Process' choices, asked only for staff administrators (2.11, 6). */
export function useApprovalProcesses(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.refdata.approvalProcesses(),
    queryFn: ({ signal }) => listApprovalProcesses({ signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}
