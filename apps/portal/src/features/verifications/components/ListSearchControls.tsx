import { Badge, Button, InputAdornment } from '@mui/material';
import FilterList from '@mui/icons-material/FilterList';
import Search from '@mui/icons-material/Search';
import { DebouncedTextField } from '@/features/verifications/components/DebouncedTextField';

/**
 * The quick search above a list (verifications 2.10, 2.11, 2.13): a search icon, the spec's placeholder and the
 * accessible name 'Quick search'; the text is applied once typing pauses, or at Enter.
 */
export function QuickSearchField({
  value,
  onCommit,
  placeholder,
  width,
}: {
  value: string;
  onCommit: (query: string) => void;
  placeholder: string;
  /** The field's width from sm up; below sm it takes the whole row. */
  width: Partial<Record<'sm' | 'md' | 'lg', number>>;
}) {
  return (
    <DebouncedTextField
      size="small"
      value={value}
      onCommit={onCommit}
      placeholder={placeholder}
      slotProps={{
        htmlInput: { 'aria-label': 'Quick search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{
        width: { xs: '100%', ...width },
        // A long placeholder ends in '…' where it must be cut; it is smaller on a phone, where the typed text stays
        // 16 px (a phone zooms into an input whose text is smaller).
        '& input::placeholder': { fontSize: { xs: '0.875rem', sm: '1rem' }, textOverflow: 'ellipsis' },
      }}
    />
  );
}

/** 'Filters' or 'Filters (n)' with a dot while any is set; opens and closes the panel it controls. */
export function FiltersButton({
  active,
  open,
  onToggle,
  controls,
}: {
  active: number;
  open: boolean;
  onToggle: () => void;
  /** The id of the Filters panel. */
  controls: string;
}) {
  return (
    <Button
      variant={open ? 'contained' : 'outlined'}
      startIcon={
        <Badge color="primary" variant="dot" invisible={active === 0}>
          <FilterList />
        </Badge>
      }
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
      sx={{ flexShrink: 0 }}
    >
      {active ? `Filters (${active})` : 'Filters'}
    </Button>
  );
}
