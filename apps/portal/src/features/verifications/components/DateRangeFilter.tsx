import { Box, Button, Stack, Typography } from '@mui/material';
import { DATE_SHORTCUTS } from '@/features/verifications/historyFilters';
import { daysBefore, localToday } from '@/shared/ui/format';
import { DateInput } from '@/shared/ui/dates';

/**
 * The filters' date range (2.10, 2.11): From and To with no future dates and To never before From, and the
 * shortcuts that set a range ending today (the referral history's Date filter, 2.14, has none). Used by the history,
 * the resolvers' lists and the referral history. Dates are typed DD/MM/YYYY; From's calendar opens on the month a month
 * ago (verifications.md 9: 'picker default one month ago'), To's on From's month, else today's.
 */
export function DateRangeFilter({
  id,
  fromDate,
  toDate,
  onChange,
  shortcuts = true,
}: {
  id: string;
  fromDate: string;
  toDate: string;
  onChange: (range: { fromDate?: string; toDate?: string }) => void;
  shortcuts?: boolean;
}) {
  const today = localToday();
  return (
    <Box role="group" aria-labelledby={`${id}-dates`} sx={{ gridColumn: '1 / -1' }}>
      <Typography id={`${id}-dates`} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Show only verifications on or between these dates.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        {/* One under the other on a phone: a date with its calendar button does not fit in half of one. */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <DateInput
            id={`${id}-from`}
            label="From"
            size="small"
            value={fromDate}
            onChange={(v) => onChange({ fromDate: v })}
            max={toDate || today}
            openOn={daysBefore(today, 30)}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
          <DateInput
            id={`${id}-to`}
            label="To"
            size="small"
            value={toDate}
            onChange={(v) => onChange({ toDate: v })}
            min={fromDate || undefined}
            max={today}
            openOn={fromDate || undefined}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
        </Stack>
        {shortcuts && (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {DATE_SHORTCUTS.map((s) => (
              <Button
                key={s.days}
                size="small"
                onClick={() => onChange({ fromDate: daysBefore(today, s.days), toDate: today })}
              >
                {s.label}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
