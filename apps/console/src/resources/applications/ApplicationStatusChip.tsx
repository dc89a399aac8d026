import { Box, Typography } from '@mui/material';
import type { ApplicationStatus } from '@credence/domain';
import { StatusChip } from '@/shared/StatusChip';
import { STATUS } from '@/resources/applications/status';

/** The status as the spec shows it, the raw status in the tooltip for staff. */
export function ApplicationStatusChip({ status }: { status: ApplicationStatus | null | undefined }) {
  if (!status) return null;
  const s = STATUS[status] ?? { label: status, tone: 'default' };
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      <StatusChip label={s.label} tone={s.tone} title={status} />
      {s.note ? (
        <Typography variant="caption" color="warning.dark" sx={{ fontWeight: 600 }}>
          {s.note}
        </Typography>
      ) : null}
    </Box>
  );
}
