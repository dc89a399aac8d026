import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A list cell with its secondary fact beneath, so a list keeps fewer columns and fits beside the sidebar. */
export function Stacked({
  primary,
  secondary,
  mono = false,
}: {
  primary: ReactNode;
  secondary?: ReactNode;
  mono?: boolean;
}) {
  return (
    <>
      <Typography component="div" variant="body2">
        {primary}
      </Typography>
      {secondary ? (
        <Typography
          component="div"
          variant="caption"
          color="text.secondary"
          sx={mono ? { fontFamily: 'monospace', fontSize: 12 } : undefined}
        >
          {secondary}
        </Typography>
      ) : null}
    </>
  );
}
