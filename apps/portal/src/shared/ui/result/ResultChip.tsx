import { Chip, Stack, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { applicationStatusLabel, presentResult, type ResultList, type ResultTone } from '@credence/domain';

interface ResultChipProps {
  /** The internal result (VERIFIED, NOT_FOUND, RESOLVE_..., or an application's ACTION_REQUIRED). */
  result: string;
  /** Which list's wording (verifications.md 4): history and wallet by default, resolved, pending, other. */
  list?: ResultList;
  inApplication?: boolean;
  thirdPartyActionUrl?: string | null;
  size?: 'small' | 'medium';
}

/** A verification's result as customers read it, coloured by its tone; the label and tone come from libs/domain. */
export function ResultChip({
  result,
  list = 'history',
  inApplication,
  thirdPartyActionUrl,
  size = 'small',
}: ResultChipProps) {
  const { label, tone } = presentResult(result, list, { inApplication, thirdPartyActionUrl });
  return <ToneChip label={label} tone={tone} size={size} data-result={result} />;
}

/** An application's status (verifications.md 4): APPLICANT_ACTION shows Pending with 'Applicant Action Required'. */
export function ApplicationStatusChip({
  status,
  size = 'small',
}: {
  status: string;
  size?: 'small' | 'medium';
}) {
  const { label, detail, tone } = applicationStatusLabel(status);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <ToneChip label={label} tone={tone} size={size} data-status={status} />
      {detail && (
        <Typography variant="body2" component="span" color="warning.dark">
          {detail}
        </Typography>
      )}
    </Stack>
  );
}

/** The palette colour of a tone; neutral is grey. */
export function toneColor(theme: Theme, tone: ResultTone): string {
  return tone === 'neutral' ? theme.palette.grey[700] : theme.palette[tone].main;
}

function ToneChip({
  label,
  tone,
  size,
  ...data
}: {
  label: string;
  tone: ResultTone;
  size: 'small' | 'medium';
  'data-result'?: string;
  'data-status'?: string;
}) {
  return (
    <Chip
      label={label}
      size={size}
      data-tone={tone}
      {...data}
      sx={(t) => {
        const c = toneColor(t, tone);
        return {
          fontWeight: 600,
          color: tone === 'neutral' ? t.palette.text.secondary : t.palette[tone].dark,
          bgcolor: alpha(c, 0.1),
          border: `1px solid ${alpha(c, 0.35)}`,
        };
      }}
    />
  );
}
