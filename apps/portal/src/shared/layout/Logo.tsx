import { Box, type SxProps, type Theme } from '@mui/material';
import { PRODUCT_NAME } from '@/shared/config';

interface LogoProps {
  /** 'light' for dark backgrounds. */
  tone?: 'dark' | 'light';
  height?: number;
  sx?: SxProps<Theme>;
}

/** The shield-and-tick mark with the wordmark. The text is real text, so it is read out and scales. */
export function Logo({ tone = 'dark', height = 36, sx }: LogoProps) {
  const ink = tone === 'light' ? '#ffffff' : '#16264f';
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: ink, ...sx }}
      aria-label={PRODUCT_NAME}
      role="img"
    >
      <Box
        component="svg"
        viewBox="0 0 32 32"
        sx={{ height, width: height, flexShrink: 0 }}
        aria-hidden="true"
      >
        <path
          d="M16 2 4 6.5v8.3c0 7.4 5.1 13.3 12 15.2 6.9-1.9 12-7.8 12-15.2V6.5z"
          fill={tone === 'light' ? '#ffffff' : '#16264f'}
        />
        <path
          d="m10.5 16.2 3.8 3.8 7.4-7.6"
          fill="none"
          stroke="#14b8a6"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </Box>
      <Box
        component="span"
        aria-hidden="true"
        sx={{ fontSize: height * 0.66, fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1 }}
      >
        {PRODUCT_NAME}
      </Box>
    </Box>
  );
}
