import { TextField, type TextFieldProps } from '@mui/material';
import type { FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from '@/shared/forms/useFormField';

type FormTextFieldProps<V extends FieldValues, N extends FieldPath<V>> = FormFieldProps<V, N> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
    /** Applied to what is typed before it is stored (the e-mail lower-cased on input, spec 5.5). */
    transform?: (raw: string) => string;
  };

/** A text field of a react-hook-form form: its value, its shown error (else the helper text), and its focus. */
export function FormTextField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  rules,
  transform,
  helperText,
  ...props
}: FormTextFieldProps<V, N>) {
  const { field, error, change, leave } = useFormField({ control, name, rules });
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) =>
        change((transform ? transform(e.target.value) : e.target.value) as FieldPathValue<V, N>)
      }
      onBlur={leave}
      inputRef={field.ref}
      error={error !== undefined}
      helperText={error ?? helperText}
    />
  );
}
