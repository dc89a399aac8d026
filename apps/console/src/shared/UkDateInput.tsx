import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { useEffect, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { ukDate } from '@/shared/format';

/**
 * Dates in the console are typed DD/MM/YYYY, as the portal's (verifications.md 9), whatever the browser's language:
 * the browser's own date input follows it, so an American-set browser took 03/04 as the 4th of March, and a wrong
 * day received on an invoice is a wrong date on the customer's receipt. MUI X's DatePicker on date-fns with the
 * British locale (weeks start on Monday), the picker the portal uses.
 */
const FORMAT = 'dd/MM/yyyy';
const FORMAT_HELP = 'Please ensure you use DD/MM/YYYY format.';

const dateOf = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = parseISO(iso);
  return isValid(d) ? d : null;
};

/** The staff member's day (their browser's clock and zone), as YYYY-MM-DD: not UTC's, which is a day behind at 00:30 in summer. */
export const localToday = () => format(new Date(), 'yyyy-MM-dd');

function problemOf(error: DateValidationError, max?: string): string | null {
  if (error === null) return null;
  if (error === 'maxDate' || error === 'disableFuture')
    return max ? `Pick a date on or before ${ukDate(max)}.` : 'Pick a date that is not in the future.';
  return FORMAT_HELP;
}

interface UkDatePickerProps {
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  /** A whole date up to max as YYYY-MM-DD and null; or, while the field holds a date that cannot be used, '' and why. */
  onChange: (value: string, problem: string | null) => void;
  /** The latest day that may be picked (YYYY-MM-DD). */
  max?: string;
  helperText?: string;
  /** The form's own complaint (e.g. a required date left empty), shown when the field has none of its own. */
  error?: string | null;
  required?: boolean;
  size?: 'small' | 'medium';
  /** react-admin's filter form gives its inputs a margin and width of their own. */
  sx?: object;
}

/** A date typed as DD/MM/YYYY or picked from a calendar; a date that cannot be used says why under the field. */
export function UkDatePicker({
  label,
  value,
  onChange,
  max,
  helperText,
  error,
  required,
  size,
  sx,
}: UkDatePickerProps) {
  const [draft, setDraft] = useState<Date | null>(() => dateOf(value));
  const [own, setProblem] = useState<string | null>(null);
  const problem = own ?? error ?? null;
  // The parent's value wins when it changes to one this field did not pass on (a filter removed from the list's
  // filter buttons); the values it passed on itself ('' while a date is half typed) leave the field as it is.
  const passedOn = useRef(value);
  useEffect(() => {
    if (value !== passedOn.current) {
      passedOn.current = value;
      setDraft(dateOf(value));
      setProblem(null);
    }
  }, [value]);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      <DatePicker
        label={label}
        value={draft}
        format={FORMAT}
        maxDate={dateOf(max) ?? undefined}
        onChange={(date, { validationError }) => {
          setDraft(date);
          const why = date === null ? null : problemOf(validationError, max);
          setProblem(why);
          passedOn.current = why || date === null ? '' : format(date, 'yyyy-MM-dd');
          onChange(passedOn.current, why);
        }}
        sx={sx}
        slotProps={{
          field: { clearable: true },
          // Filled, as react-admin's inputs and the console's other fields are (the picker's field ignores the theme's).
          textField: {
            variant: 'filled',
            size,
            required,
            error: !!problem,
            helperText: problem ?? helperText,
          },
        }}
      />
    </LocalizationProvider>
  );
}

/**
 * A list filter's date (react-admin's filter form): the filter is the YYYY-MM-DD the API takes, set once the date
 * is whole; a date half typed leaves the list as it was. Future days cannot be picked (nothing was recorded then).
 */
export function UkDateFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <UkDatePicker
      label={label}
      value={value}
      max={localToday()}
      size="small"
      sx={{ width: 190, mb: 0.5 }}
      onChange={(next, problem) => {
        if (!problem && next !== value) field.onChange(next === '' ? undefined : next);
      }}
    />
  );
}
