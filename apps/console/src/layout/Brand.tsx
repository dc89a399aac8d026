import { Box } from '@mui/material';

/**
 * The shield-and-tick mark with "Credence" and a "console" tag, so staff always know which app they are in.
 * `compact` drops the word "Credence" on a phone, where the top bar needs the room for the page title.
 */
export function Brand({
  tone = 'light',
  height = 28,
  compact = false,
}: {
  tone?: 'light' | 'dark';
  height?: number;
  compact?: boolean;
}) {
  const ink = tone === 'light' ? '#ffffff' : '#16264f';
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: ink }}
      role="img"
      aria-label="Credence console"
    >
      <Box component="svg" viewBox="0 0 32 32" sx={{ width: height, height }} aria-hidden="true">
        <path d="M16 2 4 6.5v8.3c0 7.4 5.1 13.3 12 15.2 6.9-1.9 12-7.8 12-15.2V6.5z" fill={ink} />
        <path
          d="m10.5 16.2 3.8 3.8 7.4-7.6"
          fill="none"
          stroke={tone === 'light' ? '#16264f' : '#14b8a6'}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </Box>
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          fontWeight: 700,
          fontSize: height * 0.64,
          letterSpacing: '-0.02em',
          display: compact ? { xs: 'none', sm: 'inline' } : undefined,
        }}
      >
        Credence
      </Box>
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          fontSize: height * 0.42,
          fontWeight: 700,
          textTransform: 'uppercase',
          letterSpacing: '0.08em',
          px: 0.75,
          py: 0.25,
          borderRadius: 1,
          bgcolor: '#f59e0b',
          color: '#16264f',
        }}
      >
        Console
      </Box>
    </Box>
  );
}
