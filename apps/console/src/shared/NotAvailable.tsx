import { Alert, AlertTitle, Box } from '@mui/material';
import { useListContext, useShowContext } from 'react-admin';

/** True when an admin endpoint answered 404 for the collection itself: the area's API is not deployed yet. */
export const isMissingApi = (error: unknown) => (error as { status?: number } | null)?.status === 404;

/** Query options that keep react-admin's error toast for real failures, not for an API that does not exist yet. */
export const quietWhenMissing = {
  onError: () => undefined,
  retry: false,
} as const;

/**
 * What a list shows while its area's API is still being built (verifications, invoices, credit): a plain
 * statement instead of an error toast, naming the endpoint the console calls.
 */
export function NotAvailableYet({ area, endpoint }: { area: string; endpoint: string }) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Alert severity="info" variant="outlined" sx={{ maxWidth: 720 }}>
        <AlertTitle>{area}: not available yet</AlertTitle>
        The service does not answer <code>{endpoint}</code> yet. This page fills in by itself once that part of the
        API is deployed; nothing is wrong with your session.
      </Alert>
    </Box>
  );
}

/** The `error` element of a List: not-available on 404, otherwise the failure's own message. */
export function ListError({ area, endpoint }: { area: string; endpoint: string }) {
  const { error } = useListContext();
  if (isMissingApi(error)) return <NotAvailableYet area={area} endpoint={endpoint} />;
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {(error as Error | null)?.message ?? 'The list could not be loaded.'}
    </Alert>
  );
}

/** The `error` element of a Show page. */
export function ShowError({ area, endpoint }: { area: string; endpoint: string }) {
  const { error } = useShowContext();
  if (isMissingApi(error)) return <NotAvailableYet area={area} endpoint={endpoint} />;
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {(error as Error | null)?.message ?? 'This record could not be loaded.'}
    </Alert>
  );
}
