import type { ResolverRow } from '@/features/pending/api/pending';
import {
  PendingVerificationsScreen,
  ResolvedVerificationsScreen,
} from '@/features/pending/components/ResolverListScreen';
import { ResolvedVerificationScreen } from '@/features/pending/components/ResolvedVerificationScreen';
import { PublicResolveScreen, ResolvePendingScreen } from '@/features/pending/components/ResolveScreen';
import { VerificationHistoryScreen } from '@/features/verifications/components/VerificationHistoryScreen';
import { row } from '@/features/verifications/test/fixtures';
import { renderRoutes } from '@/test/renderRoutes';

/** The area's screens at their routes (and the history, where the modal of 2.15 shows), in the app's providers. */
export function renderPending(url: string) {
  return renderRoutes(
    [
      { path: '/verification/pending', element: <PendingVerificationsScreen /> },
      { path: '/verification/pending/:id', element: <ResolvePendingScreen /> },
      { path: '/verification/resolved', element: <ResolvedVerificationsScreen /> },
      { path: '/verification/resolved/:id', element: <ResolvedVerificationScreen /> },
      { path: '/verify/:id', element: <PublicResolveScreen /> },
      { path: '/verification/history', element: <VerificationHistoryScreen /> },
    ],
    url,
  );
}

/** A row of the pending or resolved list: a history row with the enquiring company. */
export function resolverRow(over: Partial<ResolverRow> = {}): ResolverRow {
  return {
    ...row({ result: 'PENDING', resultLabel: 'Pending' }),
    company: { id: 'c1', name: 'Acme Recruitment Ltd' },
    approvedDate: null,
    ...over,
  } as ResolverRow;
}

/** An institute account's claims (access 6.1). */
export const INSTITUTE_CLAIMS = { sub: 'irene@uni-demo.test', paymentType: 'INSTITUTE', allowedTypes: '[]' };
