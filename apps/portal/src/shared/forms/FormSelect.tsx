import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from '@/shared/forms/useFormField';

export interface Choice<T extends string = string> {
  value: T;
  label: string;
  disabled?: boolean;
}

type FormSelectProps<V extends FieldValues, N extends FieldPath<V>> = FormFieldProps<V, N> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'select'> & {
    options: readonly Choice[];
  };

/** A drop-down of fixed options. A choice shows its error at once, as useForm's `choose` does. */
export function FormSelect<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  rules,
  options,
  helperText,
  ...props
}: FormSelectProps<V, N>) {
  const { field, error, choose, leave } = useFormField({ control, name, rules });
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => choose(e.target.value as FieldPathValue<V, N>)}
      onBlur={leave}
      inputRef={field.ref}
      error={error !== undefined}
      helperText={error ?? helperText}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
