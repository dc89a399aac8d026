import type { ShareScope } from './shares';

/** The sharing reads' cache keys (one prefix, so a change refreshes every list of the same scope). */
export const shareKeys = {
  all: ['share'] as const,
  list: (scope: ShareScope) => ['share', 'list', scope.kind === 'WALLET' ? 'wallet' : scope.id] as const,
  view: (id: string) => ['share', 'view', id] as const,
  received: () => ['share', 'received'] as const,
};
