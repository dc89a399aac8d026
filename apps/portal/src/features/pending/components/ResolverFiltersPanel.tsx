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
} from '@mui/material';
import { RESOLVED_RESULT_CHOICES } from '@credence/domain';
import { EMPTY_RESOLVER_FILTERS, type ResolverFilters } from '@/features/pending/resolverFilters';
import { DebouncedTextField } from '@/features/verifications/components/DebouncedTextField';
import { DateRangeFilter } from '@/features/verifications/components/DateRangeFilter';

interface Props {
  id: string;
  filters: ResolverFilters;
  /** The filters that change, applied over the newest ones (Clear All passes them all). */
  onChange: (patch: Partial<ResolverFilters>) => void;
  /** The resolved list adds the Result multi-select (Rejected, Verified, Not Verified) with its 'clear' link. */
  withResults: boolean;
}

/** The Filters panel of the Pending and Resolved Verifications lists (2.11), in the spec's order and words. */
export function ResolverFiltersPanel({ id, filters, onChange, withResults }: Props) {
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
          onCommit={(query) => onChange({ query })}
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
                  onChange({ results: typeof v === 'string' ? v.split(',') : v });
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
                onClick={() => onChange({ results: [] })}
                sx={{ mt: 0.5 }}
              >
                clear
              </Link>
            )}
          </Box>
        )}
        <DateRangeFilter id={id} fromDate={filters.fromDate} toDate={filters.toDate} onChange={onChange} />
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="outlined" onClick={() => onChange(EMPTY_RESOLVER_FILTERS)}>
          Clear All
        </Button>
      </Stack>
    </Box>
  );
}
