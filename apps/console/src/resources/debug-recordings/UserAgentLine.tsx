import { Typography } from '@mui/material';

/** Under a session's or a report's facts: the browser's own words, in full, for what browserOf() could not name. */
export function UserAgentLine({ userAgent }: { userAgent: string | null | undefined }) {
  return (
    <Typography
      variant="caption"
      component="p"
      color="text.secondary"
      sx={{ mt: 2, overflowWrap: 'anywhere' }}
    >
      User agent: {userAgent ?? 'not sent'}
    </Typography>
  );
}
