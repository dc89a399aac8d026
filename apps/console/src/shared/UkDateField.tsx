import { Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';
import { ukDate } from '@/shared/format';

/** A date in UK form (21 Nov 2026, or 21 Nov 2026, 14:05 with showTime); empty stays empty. */
export function UkDateField({ showTime = false, ...props }: FieldProps & { showTime?: boolean }) {
  const value = useFieldValue(props) as string | null | undefined;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {ukDate(value, showTime)}
    </Typography>
  );
}
