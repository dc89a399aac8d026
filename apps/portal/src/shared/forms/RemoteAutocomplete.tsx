import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/shared/config';

interface RemoteAutocompleteProps<T> {
  id: string;
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  /** Asks the server for the options matching the text (blank lists all). */
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  optionLabel: (option: T) => string;
  optionKey: (option: T) => string | number;
  optionDisabled?: (option: T) => boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: string;
  helperText?: string;
}

/**
 * A select searched on the server as the user types (spec 5.2, 5.5: country and industry), 200 ms after the last
 * key. Text that matches nothing is an invalid search, said under the field.
 */
export function RemoteAutocomplete<T>(props: RemoteAutocompleteProps<T>) {
  const { id, label, value, onChange, onBlur, search, optionLabel, optionKey, optionDisabled } = props;
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState(value ? optionLabel(value) : '');
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [searched, setSearched] = useState<string | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  const typed = value && input === optionLabel(value) ? '' : input;

  useEffect(() => {
    if (!open && searched !== null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      searchRef
        .current(typed, controller.signal)
        .then((found) => {
          setOptions(found);
          setSearched(typed);
        })
        .catch(() => {
          // Spec 8: failures to load industries or countries are logged only.
          if (!controller.signal.aborted) console.warn(`Could not search ${label}`);
        })
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [typed, open]);

  useEffect(() => {
    if (value) setInput(optionLabel(value));
  }, [value]);

  const invalidSearch = !loading && searched === typed && typed.trim() !== '' && options.length === 0;
  const message = invalidSearch ? `No ${label.toLowerCase()} matches “${typed.trim()}”` : props.error;

  return (
    <Autocomplete
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_e, next, reason) => {
        setInput(next);
        if (reason === 'input' && value && next !== optionLabel(value)) onChange(null);
      }}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      getOptionDisabled={optionDisabled}
      isOptionEqualToValue={(a, b) => optionKey(a) === optionKey(b)}
      loading={loading}
      disabled={props.disabled}
      readOnly={props.readOnly}
      noOptionsText={typed ? 'No matches' : 'Type to search'}
      renderOption={(liProps, option) => {
        const { key, ...rest } = liProps as typeof liProps & { key: string };
        return (
          <li key={key} {...rest}>
            {optionLabel(option)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={props.required}
          onBlur={onBlur}
          error={!!message}
          helperText={message ?? props.helperText}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading && open ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
