import { Alert } from '@mui/material';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';

/**
 * The server's answer to the last submit when it is about the whole form (see applyServerError). The API client
 * has announced it already as a toast (spec 7.1); this copy stays beside the button after the toast has gone, so
 * it is a note, not a second alert.
 */
export function FormServerError<V extends FieldValues>({ control }: { control: Control<V> }) {
  const { errors } = useFormState({ control });
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <Alert severity="error" role="note" sx={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}
