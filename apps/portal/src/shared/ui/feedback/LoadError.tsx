import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * What a screen or card shows in place of what it could not load: the reason, and 'Try again' to ask for it once
 * more. Without it a failed card stayed empty, or showed the empty list's words ('No countries match your search'),
 * and the customer could not tell a failure from nothing to show.
 */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => unknown }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
