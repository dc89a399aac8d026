import { Alert, AlertTitle, Link, Snackbar, type AlertColor } from '@mui/material';
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_CHARS } from '@/shared/config';
import { setGlobalNotifier } from '@/shared/notifications/notifier';

export interface Notification {
  message: string;
  severity?: AlertColor;
  /** Bold first line, e.g. 'Error' or 'Success'. */
  title?: string;
  durationMs?: number;
  /** The whole message as a link, e.g. the registration toast that leads to the login page. */
  href?: string;
}

export type Notify = (notification: Notification) => void;

export const NotificationsContext = createContext<Notify | null>(null);

interface Queued extends Notification {
  key: number;
}

/** Toasts centre-top, one at a time in order of arrival, a newer one taking over at once (spec 8). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Queued[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const showing = useRef(0);
  showing.current = queue.length;

  const notify = useCallback<Notify>((notification) => {
    setQueue((q) => [...q, { ...notification, key: Date.now() + Math.random() }]);
    // A newer message replaces the one on screen (which leaves at once) rather than waiting its 7.5 s.
    setOpen(showing.current === 0);
  }, []);

  const close = useCallback((_event?: unknown, reason?: string) => {
    // A click elsewhere on the page should not swallow an error the user has not read yet.
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  const next = useCallback(() => {
    setQueue((q) => q.slice(1));
    setOpen(true);
  }, []);

  const value = useMemo(() => notify, [notify]);

  useEffect(() => {
    setGlobalNotifier(notify);
    return () => setGlobalNotifier(null);
  }, [notify]);

  return (
    <NotificationsContext.Provider value={value}>
      {children}
      {current && (
        <Snackbar
          key={current.key}
          open={open}
          autoHideDuration={current.durationMs ?? TOAST_DURATION_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          // Below the top bar (56 px on a phone, 64 on a desktop), not over its menu and user buttons.
          sx={{ top: { xs: 64, sm: 72 } }}
          onClose={close}
          slotProps={{ transition: { onExited: next } }}
        >
          <Alert
            onClose={close}
            severity={current.severity ?? 'info'}
            variant="filled"
            role={current.severity === 'error' || current.severity === 'warning' ? 'alert' : 'status'}
            sx={{ width: '100%', maxWidth: 560, whiteSpace: 'pre-line', boxShadow: 3 }}
          >
            {current.title && <AlertTitle>{current.title}</AlertTitle>}
            {current.href ? (
              <Link href={current.href} color="inherit" underline="always">
                {current.message.slice(0, TOAST_MAX_CHARS)}
              </Link>
            ) : (
              current.message.slice(0, TOAST_MAX_CHARS)
            )}
          </Alert>
        </Snackbar>
      )}
    </NotificationsContext.Provider>
  );
}
