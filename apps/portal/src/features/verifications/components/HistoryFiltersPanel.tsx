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
} from '@mui/material';
import { historyResultChoices, type ResultFilterChoice } from '@credence/domain';
import { EMPTY_FILTERS, type HistoryFilters } from '@/features/verifications/historyFilters';
import { DebouncedTextField } from '@/features/verifications/components/DebouncedTextField';
import { RequestedByPicker } from '@/features/verifications/components/RequestedByPicker';
import { DateRangeFilter } from '@/features/verifications/components/DateRangeFilter';

export interface TypeChoice {
  value: string;
  label: string;
}

interface Props {
  id: string;
  filters: HistoryFilters;
  /** The filters that change, applied over the newest ones (Clear All passes them all). */
  onChange: (patch: Partial<HistoryFilters>) => void;
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
          onCommit={(query) => onChange({ query })}
          helperText="Search by first, last or full name, or by QCID."
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {showRequestedBy && (
          <RequestedByPicker
            value={filters.requestedBy}
            onChange={(requestedBy) => onChange({ requestedBy })}
          />
        )}
        <DebouncedTextField
          label={refLabel}
          value={filters.customerReference}
          onCommit={(customerReference) => onChange({ customerReference })}
          helperText="Search by the reference number or key used to track this case in your internal system"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <MultiSelect
          id={`${id}-result`}
          label="Result"
          choices={historyResultChoices({ showDeleted })}
          value={filters.results}
          onChange={(results) => onChange({ results })}
        />
        <MultiSelect
          id={`${id}-type`}
          label="Type"
          choices={typeChoices}
          value={filters.types}
          onChange={(types) => onChange({ types })}
        />
        <DateRangeFilter id={id} fromDate={filters.fromDate} toDate={filters.toDate} onChange={onChange} />
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
