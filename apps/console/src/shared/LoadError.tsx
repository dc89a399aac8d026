import { Alert } from '@mui/material';
import { useListContext, useShowContext } from 'react-admin';

/**
 * The `error` element of a List: the failure's own message, whatever its status. Every admin endpoint exists, so a
 * 404 on a collection is a real fault to show, not an API "not deployed yet".
 */
export function ListError() {
  const { error } = useListContext();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {(error as Error | null)?.message || 'The list could not be loaded.'}
    </Alert>
  );
}

/** The `error` element of a Show page. */
export function ShowError() {
  const { error } = useShowContext();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {(error as Error | null)?.message || 'This record could not be loaded.'}
    </Alert>
  );
}
