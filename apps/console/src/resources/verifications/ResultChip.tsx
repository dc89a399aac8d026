import { resultLabel } from '@/shared/results';
import { StatusChip } from '@/shared/StatusChip';

export function ResultChip({ result }: { result: string | null | undefined }) {
  const { name, tone } = resultLabel(result);
  if (!name) return null;
  return <StatusChip label={name} tone={tone} title={result ?? undefined} />;
}
