import { resultLabel, staffResultName } from '@/shared/results';
import { StatusChip } from '@/shared/StatusChip';

/** `distinct` names a result that shares its label with another ('Action required: not found'), where staff act on it. */
export function ResultChip({
  result,
  distinct = false,
}: {
  result: string | null | undefined;
  distinct?: boolean;
}) {
  const { name, tone } = resultLabel(result);
  if (!name) return null;
  return (
    <StatusChip
      label={distinct && result ? staffResultName(result) : name}
      tone={tone}
      title={result ?? undefined}
    />
  );
}
