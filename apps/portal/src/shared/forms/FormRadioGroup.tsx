import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import type { FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import type { Choice } from '@/shared/forms/FormSelect';
import { useFormField, type FormFieldProps } from '@/shared/forms/useFormField';

type FormRadioGroupProps<V extends FieldValues, N extends FieldPath<V>> = FormFieldProps<V, N> & {
  /** The group's label: text, or text with links (the terms choice). */
  label: ReactNode;
  options: readonly Choice[];
  required?: boolean;
  row?: boolean;
  labelSx?: SxProps<Theme>;
};

/**
 * A radio group labelled by its question. A choice shows its error at once; on a submit with errors the focus
 * goes to the chosen radio, else the first.
 */
export function FormRadioGroup<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  rules,
  label,
  options,
  required,
  row,
  labelSx,
}: FormRadioGroupProps<V, N>) {
  const { field, error, choose, leave } = useFormField({ control, name, rules });
  const labelId = useId();
  const focusable = (group: HTMLElement | null) =>
    field.ref(
      group && {
        focus: () =>
          (group.querySelector<HTMLInputElement>('input:checked') ?? group.querySelector('input'))?.focus(),
      },
    );
  return (
    <FormControl required={required} error={error !== undefined}>
      <FormLabel id={labelId} sx={labelSx}>
        {label}
      </FormLabel>
      <RadioGroup
        ref={focusable}
        row={row}
        name={field.name}
        aria-labelledby={labelId}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={(e) => choose(e.target.value as FieldPathValue<V, N>)}
        onBlur={leave}
      >
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            value={o.value}
            control={<Radio />}
            label={o.label}
            disabled={o.disabled}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
