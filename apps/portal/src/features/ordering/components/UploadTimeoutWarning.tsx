import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { UPLOAD_TIMEOUT_WARNING } from '@credence/domain';

/**
 * The sticky warning after a document upload timed out (verifications 8): it stays, listing the causes and the
 * advice, until it is clicked (anywhere on it, or its close button).
 */
export function UploadTimeoutWarning({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Box sx={{ position: 'fixed', bottom: 16, left: 16, right: 16, zIndex: (t) => t.zIndex.snackbar, display: 'flex', justifyContent: 'center' }}>
      <Alert severity="warning" variant="filled" role="alert" onClose={onDismiss} onClick={onDismiss} sx={{ maxWidth: 640, width: '100%', cursor: 'pointer' }}>
        <AlertTitle>{UPLOAD_TIMEOUT_WARNING.title}</AlertTitle>
        <Typography variant="body2">This can happen when:</Typography>
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {UPLOAD_TIMEOUT_WARNING.causes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Typography variant="body2">Please try:</Typography>
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {UPLOAD_TIMEOUT_WARNING.advice.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </Box>
        <Typography variant="caption">Click to dismiss.</Typography>
      </Alert>
    </Box>
  );
}
