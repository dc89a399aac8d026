import { Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';
import { useFormBlocked } from '@/shared/forms/formErrors';
import { FormServerError } from '@/shared/forms/FormServerError';
import { FormStatus } from '@/shared/forms/FormStatus';

interface FormSubmitBarProps<V extends FieldValues> {
  control: Control<V>;
  /** The submit button's text. */
  label: ReactNode;
  /** Shows the button busy; by default while the submit handler runs (react-hook-form's isSubmitting). */
  loading?: boolean;
  /** Other actions beside the submit (Cancel, Back); they are not disabled by errors. */
  children?: ReactNode;
}

/**
 * The end of a react-hook-form form: the server's answer to the last submit, the submit button, and spec 5.7
 * (the button disabled while the form shows errors, with 'Please resolve the errors above.' under it).
 */
export function FormSubmitBar<V extends FieldValues>({
  control,
  label,
  children,
  ...props
}: FormSubmitBarProps<V>) {
  const blocked = useFormBlocked(control);
  const { isSubmitting } = useFormState({ control });
  const loading = props.loading ?? isSubmitting;
  return (
    <>
      <FormServerError control={control} />
      {children ? (
        // Wraps onto a second line rather than squeezing: four buttons on a phone made 'Save for later' three lines
        // tall. No button's label wraps.
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            justifyContent: 'flex-end',
            '& > .MuiButton-root': { whiteSpace: 'nowrap' },
          }}
        >
          {children}
          <Button type="submit" variant="contained" loading={loading} disabled={blocked}>
            {label}
          </Button>
        </Box>
      ) : (
        <Button type="submit" variant="contained" size="large" loading={loading} disabled={blocked}>
          {label}
        </Button>
      )}
      <FormStatus blocked={blocked} />
    </>
  );
}
