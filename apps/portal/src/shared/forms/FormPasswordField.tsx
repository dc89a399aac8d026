import type { TextFieldProps } from '@mui/material';
import type { FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { PasswordField } from '@/shared/forms/PasswordField';
import { useFormField, type FormFieldProps } from '@/shared/forms/useFormField';

type FormPasswordFieldProps<V extends FieldValues, N extends FieldPath<V>> = FormFieldProps<V, N> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'type'> & {
    /** The live hint of spec 5.3, for new passwords. */
    hint?: boolean;
  };

/** PasswordField (show/hide, live hint) bound to a react-hook-form form. */
export function FormPasswordField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  rules,
  helperText,
  ...props
}: FormPasswordFieldProps<V, N>) {
  const { field, error, change, leave } = useFormField({ control, name, rules });
  return (
    <PasswordField
      {...props}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => change(e.target.value as FieldPathValue<V, N>)}
      onBlur={leave}
      inputRef={field.ref}
      error={error !== undefined}
      helperText={error ?? helperText}
    />
  );
}
