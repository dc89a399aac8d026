import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from '@/shared/forms/useFormField';

type FormCheckboxProps<V extends FieldValues, N extends FieldPath<V>> = FormFieldProps<V, N> & {
  label: ReactNode;
  /** Spec 5.7: a red asterisk after the label (hidden from screen readers, which hear aria-required instead). */
  required?: boolean;
  /** For a label of several lines: the box stays by its first line instead of its middle. */
  alignTop?: boolean;
};

/** A checkbox holding a boolean, with its label beside it and its error under it. */
export function FormCheckbox<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  rules,
  label,
  required,
  alignTop,
}: FormCheckboxProps<V, N>) {
  const { field, error, change, leave } = useFormField({ control, name, rules });
  return (
    <FormControl required={required} error={error !== undefined}>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={!!field.value}
            onChange={(e) => change(e.target.checked as FieldPathValue<V, N>)}
            onBlur={leave}
            inputRef={field.ref}
            slotProps={{ input: { 'aria-required': required || undefined } as object }}
          />
        }
        label={
          <Typography variant="body2" component="span">
            {label}
            {required && (
              <Box component="span" aria-hidden="true" sx={{ color: 'error.main' }}>
                {' *'}
              </Box>
            )}
          </Typography>
        }
        sx={alignTop ? { alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } } : undefined}
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
