import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type Ref } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/shared/config';
import { useDebouncedValue } from '@/shared/forms/useDebouncedValue';

interface RemoteAutocompleteProps<T> {
  id: string;
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  /** Asks the server for the options matching the text (blank lists all). */
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  /**
   * The cache key of one search, from queryKeys (`queryKeys.refdata.countries`). Without it the results are cached
   * under the field's id, which is right only while one search function is used per id.
   */
  queryKey?: (text: string) => QueryKey;
  optionLabel: (option: T) => string;
  optionKey: (option: T) => string | number;
  optionDisabled?: (option: T) => boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: string;
  helperText?: string;
  /** The input element, for a form to focus the field (react-hook-form's field.ref). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A select searched on the server as the user types (spec 5.2, 5.5: country and industry), 200 ms after the last
 * key (spec 9). Each search is a cached query keyed by its text: the options stay on screen while the next search
 * loads, a search typed again answers from the cache. Text that matches nothing is an invalid search, said under
 * the field.
 */
export function RemoteAutocomplete<T>(props: RemoteAutocompleteProps<T>) {
  const { id, label, value, onChange, onBlur, search, optionLabel, optionKey, optionDisabled } = props;
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState(value ? optionLabel(value) : '');
  // The caller's functions may be new on every render; the query reads the latest without refetching.
  const searchRef = useRef(search);
  searchRef.current = search;

  const typed = value && input === optionLabel(value) ? '' : input;
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: props.queryKey ? props.queryKey(term) : ['search', id, term],
    queryFn: async ({ signal }) => {
      try {
        return await searchRef.current(term, signal);
      } catch (error) {
        // Spec 8: failures to load industries or countries are logged only.
        if (!signal.aborted) console.warn(`Could not search ${label}`);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
  const options = results.data ?? [];
  const loading = results.isFetching;

  useEffect(() => {
    if (value) setInput(optionLabel(value));
  }, [value]);

  const answered = results.isSuccess && !results.isPlaceholderData && !loading && term === typed;
  const invalidSearch = answered && typed.trim() !== '' && options.length === 0;
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
      // A read-only pick shows no open-the-list arrow: nothing can be picked.
      forcePopupIcon={props.readOnly ? false : 'auto'}
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
          inputRef={props.inputRef}
          error={!!message}
          helperText={message ?? props.helperText}
          slotProps={{
            input: {
              ...params.InputProps,
              readOnly: props.readOnly,
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
