import { Box } from '@mui/material';
import { isIsoInstant, ukInstant, ukInstantMs } from '@/shared/format';

/** A short code (MANUAL_CHECK) split at its underscore reads as two words: it stays on one line. */
const SHORT_CODE = /^[A-Z][A-Z0-9_]{0,23}$/;

/**
 * Recorded data as an auditor reads it: objects as pretty JSON, instants to the second (`precise`: to the millisecond)
 * with the exact value on hover, nothing as a grey dash. The events' and the replay's values are the same shapes, so they share this.
 */
export function DataValue({ value, precise = false }: { value: unknown; precise?: boolean }) {
  if (value === null || value === undefined) {
    return (
      <Box component="span" title="none" sx={{ color: 'text.disabled' }}>
        —
      </Box>
    );
  }
  if (value === '') {
    return (
      <Box component="span" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
        empty
      </Box>
    );
  }
  if (isIsoInstant(value)) {
    return (
      <Box component="time" dateTime={value} title={value}>
        {precise ? ukInstantMs(value) : ukInstant(value)}
      </Box>
    );
  }
  if (typeof value === 'object') return <JsonBlock value={value} />;
  const text = String(value);
  return (
    <Box
      component="span"
      sx={SHORT_CODE.test(text) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}
    >
      {text}
    </Box>
  );
}

/**
 * Pretty JSON that wraps only between words: 'break-word' (not 'anywhere', nor word-break) keeps a table column
 * from shrinking until 'countryName' splits as 'count ryName'.
 */
export function JsonBlock({ value }: { value: unknown }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        fontFamily: 'monospace',
        fontSize: 12,
        lineHeight: 1.5,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'break-word',
        wordBreak: 'normal',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
