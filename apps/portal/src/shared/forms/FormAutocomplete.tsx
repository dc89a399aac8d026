import { Autocomplete, TextField } from '@mui/material';
import type { FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from '@/shared/forms/useFormField';

type FormAutocompleteProps<V extends FieldValues, N extends FieldPath<V>, T> = FormFieldProps<V, N> & {
  id: string;
  label: string;
  /** Every option, filtered as the user types (for lists the server searches, FormRemoteAutocomplete). */
  options: readonly T[];
  optionLabel: (option: T) => string;
  optionKey: (option: T) => string | number;
  optionDisabled?: (option: T) => boolean;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
};

/** A searchable select over a list the page already has; the value is the option itself (or null). */
export function FormAutocomplete<V extends FieldValues, N extends FieldPath<V>, T>({
  control,
  name,
  rules,
  id,
  label,
  options,
  optionLabel,
  optionKey,
  optionDisabled,
  required,
  disabled,
  helperText,
}: FormAutocompleteProps<V, N, T>) {
  const { field, error, choose, leave } = useFormField({ control, name, rules });
  return (
    <Autocomplete<T>
      id={id}
      options={options}
      value={(field.value as T | null | undefined) ?? null}
      onChange={(_e, next) => choose(next as FieldPathValue<V, N>)}
      getOptionLabel={optionLabel}
      getOptionDisabled={optionDisabled}
      isOptionEqualToValue={(a, b) => optionKey(a) === optionKey(b)}
      disabled={disabled}
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
          name={field.name}
          label={label}
          required={required}
          onBlur={leave}
          inputRef={field.ref}
          error={error !== undefined}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
