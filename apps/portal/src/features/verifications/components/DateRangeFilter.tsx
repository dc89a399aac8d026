import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { DATE_SHORTCUTS, daysBefore, localToday } from '@/features/verifications/historyFilters';

/**
 * The filters' date range (2.10, 2.11): From and To with no future dates and To never before From, and the
 * shortcuts that set a range ending today (the referral history's Date filter, 2.14, has none). Used by the history,
 * the resolvers' lists and the referral history.
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
        <Stack direction="row" spacing={1.5}>
          <TextField
            label="From"
            type="date"
            size="small"
            value={fromDate}
            onChange={(e) => onChange({ fromDate: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: toDate || today } }}
            sx={{ width: { xs: '50%', sm: 180 } }}
          />
          <TextField
            label="To"
            type="date"
            size="small"
            value={toDate}
            onChange={(e) => onChange({ toDate: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: fromDate || undefined, max: today },
            }}
            sx={{ width: { xs: '50%', sm: 180 } }}
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
