import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { LONG_TOAST_MS } from '@/shared/config';
import {
  beginRecording,
  currentRecordingId,
  DebugRecorder,
  logitRequested,
  recordsOn,
  type SendChunk,
} from '@/shared/debug/debugRecorder';
import { useNotify } from '@/shared/notifications/useNotify';
import { debugModeMessage } from '@/shared/public/deviceWarnings';

/**
 * Access 2.3: ?logit=true starts recording this tab's session (anywhere but /verify), and says so once, in the words
 * of the debug warning: the user is told their session is recorded for support to review.
 */
export function DebugRecording({
  send,
  load,
}: {
  send?: SendChunk;
  load?: ConstructorParameters<typeof DebugRecorder>[2];
}) {
  const { pathname, search } = useLocation();
  const notify = useNotify();
  const recorder = useRef<DebugRecorder | null>(null);

  useEffect(() => {
    const asked = logitRequested(search);
    const id = asked ? beginRecording() : currentRecordingId();
    if (!id || (recorder.current && recorder.current.id !== id)) {
      // Signing out wipes the tab's stored state, this recording's id with it: the recording ends there.
      void recorder.current?.stop();
      recorder.current = null;
      if (!id) return;
    }
    if (!recorder.current) {
      recorder.current = new DebugRecorder(id, send, load);
      if (asked) notify({ severity: 'warning', message: debugModeMessage(), durationMs: LONG_TOAST_MS });
    }
    if (recordsOn(pathname)) void recorder.current.start();
    else void recorder.current.stop();
  }, [pathname, search, send, load, notify]);

  useEffect(() => () => void recorder.current?.stop(), []);
  return null;
}
