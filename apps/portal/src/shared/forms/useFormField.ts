import { useRef } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import { isShown } from '@/shared/forms/formErrors';

export interface FormFieldProps<V extends FieldValues, N extends FieldPath<V>> {
  control: Control<V>;
  name: N;
  /**
   * Extra react-hook-form rules; with a rules resolver the usual one is `deps`: fields validated again when this
   * one changes (a confirmation when its password changes).
   */
  rules?: Pick<RegisterOptions<V, N>, 'deps'>;
}

/**
 * One field bound to the form, with the error the user should see. Typing is a change; leaving after a change
 * shows the field's error; a choice (radio, select, autocomplete) is a change and a leave at once, so its error
 * shows immediately. Walking past a field without changing it shows nothing until the submit attempt.
 */
export function useFormField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  rules,
}: FormFieldProps<V, N>) {
  const { field, fieldState, formState } = useController({ control, name, rules });
  const changed = useRef(false);
  const error =
    fieldState.error && isShown(fieldState.isTouched, formState.submitCount)
      ? (fieldState.error.message ?? '')
      : undefined;
  return {
    field,
    error,
    change: (value: FieldPathValue<V, N>) => {
      changed.current = true;
      field.onChange(value);
    },
    choose: (value: FieldPathValue<V, N>) => {
      changed.current = true;
      field.onChange(value);
      field.onBlur();
    },
    leave: () => {
      if (changed.current) field.onBlur();
    },
  };
}
