import { StatusChip } from '@/shared/StatusChip';

/** Pending (registration not completed), Disabled, or Active. */
export function UserState({ user }: { user: { pending?: boolean; disabled?: boolean; [key: string]: unknown } }) {
  if (user.disabled) return <StatusChip label="Disabled" tone="error" />;
  if (user.pending) return <StatusChip label="Pending" tone="warning" />;
  return <StatusChip label="Active" tone="success" />;
}
