import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A list item's secondary line of facts joined by ' · ' ('University of Demo · 28 Nov 2026'). A line breaks only
 * between the facts, never inside one: on a phone a date used to wrap as '28' / 'Nov 2026'. Empty facts are left out.
 */
export function MetaLine({ parts }: { parts: ReadonlyArray<ReactNode> }) {
  const shown = parts.filter((p) => p !== null && p !== undefined && p !== false && p !== '');
  return (
    <>
      {/* The dot ends the fact before it, so a line breaks after it ('University of Demo ·' / '28 Nov 2026'), never
          before it. */}
      {shown.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {part}
            {i < shown.length - 1 && ' ·'}
          </Box>
        </Fragment>
      ))}
    </>
  );
}
