import type { QueryKey } from '@tanstack/react-query';
import type { FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { RemoteAutocomplete } from '@/shared/forms/RemoteAutocomplete';
import { useFormField, type FormFieldProps } from '@/shared/forms/useFormField';

type FormRemoteAutocompleteProps<V extends FieldValues, N extends FieldPath<V>, T> = FormFieldProps<V, N> & {
  id: string;
  label: string;
  /** Asks the server for the options matching the text (blank lists all). */
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  /** The cache key of one search, from queryKeys (e.g. `queryKeys.refdata.countries`). */
  queryKey: (text: string) => QueryKey;
  optionLabel: (option: T) => string;
  optionKey: (option: T) => string | number;
  optionDisabled?: (option: T) => boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
};

/** RemoteAutocomplete (searched on the server, 200 ms after the last key) bound to a react-hook-form form. */
export function FormRemoteAutocomplete<V extends FieldValues, N extends FieldPath<V>, T>({
  control,
  name,
  rules,
  ...props
}: FormRemoteAutocompleteProps<V, N, T>) {
  const { field, error, choose, leave } = useFormField({ control, name, rules });
  return (
    <RemoteAutocomplete<T>
      {...props}
      value={(field.value as T | null | undefined) ?? null}
      onChange={(next) => choose(next as FieldPathValue<V, N>)}
      onBlur={leave}
      inputRef={field.ref}
      error={error}
    />
  );
}
