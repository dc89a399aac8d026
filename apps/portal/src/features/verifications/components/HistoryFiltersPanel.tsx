import {
  Box,
  Button,
  Checkbox,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { historyResultChoices, type ResultFilterChoice } from '@credence/domain';
import {
  DATE_SHORTCUTS,
  daysBefore,
  EMPTY_FILTERS,
  localToday,
  type HistoryFilters,
} from '@/features/verifications/historyFilters';
import { DebouncedTextField } from '@/features/verifications/components/DebouncedTextField';
import { RequestedByPicker } from '@/features/verifications/components/RequestedByPicker';

export interface TypeChoice {
  value: string;
  label: string;
}

interface Props {
  id: string;
  filters: HistoryFilters;
  onChange: (next: HistoryFilters) => void;
  /** Individuals have no Requested By (6). */
  showRequestedBy: boolean;
  showDeleted: boolean;
  typeChoices: readonly TypeChoice[];
  /** The account's reference label (refLabel), e.g. 'Customer Reference'. */
  refLabel: string;
}

/** The Filters panel of the verification history (2.10), in the spec's order and words. */
export function HistoryFiltersPanel({
  id,
  filters,
  onChange,
  showRequestedBy,
  showDeleted,
  typeChoices,
  refLabel,
}: Props) {
  const set = (patch: Partial<HistoryFilters>) => onChange({ ...filters, ...patch });
  const today = localToday();
  return (
    <Box id={id} component="section" aria-label="Filters" sx={{ pt: 1 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <DebouncedTextField
          label="Name or QCID"
          value={filters.query}
          onCommit={(query) => set({ query })}
          helperText="Search by first, last or full name, or by QCID."
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {showRequestedBy && (
          <RequestedByPicker value={filters.requestedBy} onChange={(requestedBy) => set({ requestedBy })} />
        )}
        <DebouncedTextField
          label={refLabel}
          value={filters.customerReference}
          onCommit={(customerReference) => set({ customerReference })}
          helperText="Search by the reference number or key used to track this case in your internal system"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <MultiSelect
          id={`${id}-result`}
          label="Result"
          choices={historyResultChoices({ showDeleted })}
          value={filters.results}
          onChange={(results) => set({ results })}
        />
        <MultiSelect
          id={`${id}-type`}
          label="Type"
          choices={typeChoices}
          value={filters.types}
          onChange={(types) => set({ types })}
        />
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
        <Button variant="outlined" onClick={() => onChange(EMPTY_FILTERS)}>
          Clear All
        </Button>
      </Stack>
    </Box>
  );
}

function MultiSelect({
  id,
  label,
  choices,
  value,
  onChange,
}: {
  id: string;
  label: string;
  choices: readonly ResultFilterChoice[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const labelOf = (v: string) => choices.find((c) => c.value === v)?.label ?? v;
  return (
    <FormControl fullWidth>
      <InputLabel id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        multiple
        displayEmpty
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          onChange(typeof v === 'string' ? v.split(',') : v);
        }}
        input={<OutlinedInput label={label} notched />}
        renderValue={(selected) => (selected.length ? selected.map(labelOf).join(', ') : 'All')}
      >
        {choices.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            <Checkbox checked={value.includes(c.value)} size="small" />
            <ListItemText primary={c.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
