import { useEffect } from 'react';
import { LONG_TOAST_MS } from '@/shared/config';
import { useNotify } from '@/shared/notifications/useNotify';
import { debugModeMessage, isDebugHost } from '@/shared/public/deviceWarnings';

/** Once per page load, whatever the screen (and React's development double effects). */
let warned = false;

/** Access 2.3: on a debug host, the warning that the session is in debug mode, for 10 s, once per page load. */
export function DebugModeWarning({ host = window.location.hostname }: { host?: string }) {
  const notify = useNotify();
  useEffect(() => {
    if (warned || !isDebugHost(host)) return;
    warned = true;
    notify({ severity: 'warning', message: debugModeMessage(), durationMs: LONG_TOAST_MS });
  }, [host, notify]);
  return null;
}

/** For tests: a new page load. */
export const resetDebugModeWarning = () => {
  warned = false;
};
