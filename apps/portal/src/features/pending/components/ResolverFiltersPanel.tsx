import {
  Box,
  Button,
  Checkbox,
  FormControl,
  InputLabel,
  Link,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { RESOLVED_RESULT_CHOICES } from '@credence/domain';
import { EMPTY_RESOLVER_FILTERS, type ResolverFilters } from '@/features/pending/resolverFilters';
import { DebouncedTextField } from '@/features/verifications/components/DebouncedTextField';
import { DATE_SHORTCUTS, daysBefore, localToday } from '@/features/verifications/historyFilters';

interface Props {
  id: string;
  filters: ResolverFilters;
  onChange: (next: ResolverFilters) => void;
  /** The resolved list adds the Result multi-select (Rejected, Verified, Not Verified) with its 'clear' link. */
  withResults: boolean;
}

/** The Filters panel of the Pending and Resolved Verifications lists (2.11), in the spec's order and words. */
export function ResolverFiltersPanel({ id, filters, onChange, withResults }: Props) {
  const set = (patch: Partial<ResolverFilters>) => onChange({ ...filters, ...patch });
  const today = localToday();
  const labelOf = (v: string) => RESOLVED_RESULT_CHOICES.find((c) => c.value === v)?.label ?? v;
  return (
    <Box id={id} component="section" aria-label="Filters" sx={{ pt: 1 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <DebouncedTextField
          label="Name or QCID"
          value={filters.query}
          onCommit={(query) => set({ query })}
          helperText="Search by first, last or full name, or by QCID."
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {withResults && (
          <Box>
            <FormControl fullWidth>
              <InputLabel id={`${id}-result-label`} shrink>
                Result
              </InputLabel>
              <Select
                labelId={`${id}-result-label`}
                id={`${id}-result`}
                multiple
                displayEmpty
                value={filters.results}
                onChange={(e) => {
                  const v = e.target.value;
                  set({ results: typeof v === 'string' ? v.split(',') : v });
                }}
                input={<OutlinedInput label="Result" notched />}
                renderValue={(selected) => (selected.length ? selected.map(labelOf).join(', ') : 'All')}
              >
                {RESOLVED_RESULT_CHOICES.map((c) => (
                  <MenuItem key={c.value} value={c.value}>
                    <Checkbox checked={filters.results.includes(c.value)} size="small" />
                    <ListItemText primary={c.label} />
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {filters.results.length > 0 && (
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() => set({ results: [] })}
                sx={{ mt: 0.5 }}
              >
                clear
              </Link>
            )}
          </Box>
        )}
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
                value={filters.fromDate}
                onChange={(e) => set({ fromDate: e.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.toDate || today } }}
                sx={{ width: { xs: '50%', sm: 180 } }}
              />
              <TextField
                label="To"
                type="date"
                size="small"
                value={filters.toDate}
                onChange={(e) => set({ toDate: e.target.value })}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: filters.fromDate || undefined, max: today },
                }}
                sx={{ width: { xs: '50%', sm: 180 } }}
              />
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
              {DATE_SHORTCUTS.map((s) => (
                <Button
                  key={s.days}
                  size="small"
                  onClick={() => set({ fromDate: daysBefore(today, s.days), toDate: today })}
                >
                  {s.label}
                </Button>
              ))}
            </Stack>
          </Stack>
        </Box>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="outlined" onClick={() => onChange(EMPTY_RESOLVER_FILTERS)}>
          Clear All
        </Button>
      </Stack>
    </Box>
  );
}
