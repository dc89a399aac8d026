import { Box, CircularProgress } from '@mui/material';

/**
 * What a route shows while its screen's code loads: a progress indicator that says what it is waiting for, in a box
 * of the content area's usual height, so the shell around it (sidebar, top bar, footer) does not move. It appears
 * only after a short delay: a chunk from the cache arrives before it would be seen, and nothing flickers.
 */
export function ScreenLoading() {
  return (
    <Box
      sx={{
        minHeight: 320,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        '@keyframes screen-loading-in': { from: { opacity: 0 }, to: { opacity: 1 } },
        animation: 'screen-loading-in 0s 300ms both',
      }}
    >
      <CircularProgress aria-label="Loading the page" />
    </Box>
  );
}
