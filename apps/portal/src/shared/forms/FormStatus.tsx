import { Typography } from '@mui/material';

export const RESOLVE_ERRORS = 'Please resolve the errors above.';

/** Spec 5.7: under a form's disabled action buttons while it shows errors. */
export function FormStatus({ blocked }: { blocked: boolean }) {
  if (!blocked) return null;
  return (
    <Typography variant="body2" color="error" role="alert" sx={{ textAlign: 'center' }}>
      {RESOLVE_ERRORS}
    </Typography>
  );
}
