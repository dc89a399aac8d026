import { Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';
import { ukDate } from '@/shared/format';

/**
 * A date in UK form (21 Nov 2026, or 21 Nov 2026, 14:05 with showTime). No date shows `empty`, e.g. 'Never' for a
 * sign-in, so a blank cell is never mistaken for one that failed to load.
 */
export function UkDateField({
  showTime = false,
  empty = '',
  ...props
}: FieldProps & { showTime?: boolean; empty?: string }) {
  const value = useFieldValue(props) as string | null | undefined;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {value ? ukDate(value, showTime) : empty}
    </Typography>
  );
}
