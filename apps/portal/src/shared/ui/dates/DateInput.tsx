import type { SxProps, Theme } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { DateValidationError, FieldRef } from '@mui/x-date-pickers/models';
import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '@/shared/ui/format';

/** How a date is typed (verifications.md 9: 'input dd/MM/yyyy'), whatever the browser's language. */
export const DATE_INPUT_FORMAT = 'dd/MM/yyyy';
/** The spec's own help for a date typed in another shape (verifications.md 2.5, the DATE mask). */
export const DATE_FORMAT_HELP = 'Please ensure you use DD/MM/YYYY format.';

const dateOf = (iso: string | undefined): Date | null => {
  if (!iso) return null;
  const d = parseISO(iso);
  return isValid(d) ? d : null;
};

/** What the field says when the date typed cannot be used; null for a date it can. */
export function dateProblem(error: DateValidationError, min?: string, max?: string): string | null {
  switch (error) {
    case null:
      return null;
    case 'maxDate':
    case 'disableFuture':
      return max ? `Pick a date on or before ${formatDate(max)}.` : 'Pick a date that is not in the future.';
    case 'minDate':
    case 'disablePast':
      return min ? `Pick a date on or after ${formatDate(min)}.` : 'Pick a date that is not in the past.';
    default:
      return DATE_FORMAT_HELP;
  }
}

export interface DateInputProps {
  id: string;
  label: string;
  /** The date as YYYY-MM-DD (what filters and submissions carry, verifications.md 9), or '' for none. */
  value: string;
  /** Called with a complete date inside min..max as YYYY-MM-DD, or '' once the field is emptied. */
  onChange: (value: string) => void;
  /** The earliest and latest days that may be picked (YYYY-MM-DD); the calendar greys the others out. */
  min?: string;
  max?: string;
  /** Told what is wrong with the date in the field (null once it is whole and allowed, or empty): a form can refuse to go on. */
  onProblem?: (problem: string | null) => void;
  /** The month the calendar opens on while the field is empty (YYYY-MM-DD); by default today's. */
  openOn?: string;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A date typed as DD/MM/YYYY or picked from a calendar (MUI X's DatePicker on date-fns, British calendar: weeks
 * start on Monday). Replaces the browser's own date input, whose shape follows the browser's language and whose
 * calendar can neither open on a chosen month (verifications.md 9: 'picker default one month ago') nor say why a
 * date was refused. A date half typed, or outside min..max, stays in the field with the reason under it and is not
 * passed on: the list it filters keeps its last good date until the new one is whole.
 */
export function DateInput({
  id,
  label,
  value,
  onChange,
  min,
  max,
  openOn,
  onProblem,
  helperText,
  size,
  fullWidth,
  required,
  sx,
}: DateInputProps) {
  // The field's own date, which may be half typed (an Invalid Date); the parent's value wins when it changes.
  const [draft, setDraft] = useState<Date | null>(() => dateOf(value));
  const passedOn = useRef(value);
  const [problem, setProblemState] = useState<string | null>(null);
  // A date still being typed is not called wrong until the user leaves the field; one outside the range is at once.
  const [typing, setTyping] = useState(false);
  const shown = typing && problem === DATE_FORMAT_HELP ? null : problem;
  const fieldRef = useRef<FieldRef<Date | null>>(null);
  // A date begun in an empty field is not passed to onChange until whole (MUI publishes nothing): leaving the field
  // with some of it typed is the same mistake as a date that cannot be.
  const left = () => {
    setTyping(false);
    if (draft === null && fieldRef.current?.getSections().some((s) => s.value !== ''))
      setProblem(DATE_FORMAT_HELP);
  };
  const setProblem = (next: string | null) => {
    setProblemState(next);
    onProblem?.(next);
  };
  useEffect(() => {
    if (value !== passedOn.current) {
      passedOn.current = value;
      setDraft(dateOf(value));
      setProblemState(null);
      onProblem?.(null);
    }
  }, [value, onProblem]);

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      <DatePicker
        label={label}
        value={draft}
        format={DATE_INPUT_FORMAT}
        minDate={dateOf(min) ?? undefined}
        maxDate={dateOf(max) ?? undefined}
        referenceDate={dateOf(openOn) ?? undefined}
        onChange={(date, { validationError }) => {
          setDraft(date);
          const why = date === null ? null : dateProblem(validationError, min, max);
          setProblem(why);
          if (why) return;
          const next = date === null ? '' : format(date, 'yyyy-MM-dd');
          if (next !== passedOn.current) {
            passedOn.current = next;
            onChange(next);
          }
        }}
        sx={sx}
        slotProps={{
          field: { clearable: true, fieldRef },
          textField: {
            id,
            size,
            fullWidth,
            required,
            error: !!shown,
            helperText: shown ?? helperText,
            onFocus: () => setTyping(true),
            onBlur: left,
          },
        }}
      />
    </LocalizationProvider>
  );
}
