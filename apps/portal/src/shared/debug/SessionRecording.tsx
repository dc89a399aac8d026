import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { LONG_TOAST_MS, REPLAY_SAMPLE_RATE } from '@/shared/config';
import {
  beginRecording,
  currentRecordingId,
  currentRecordingReason,
  DebugRecorder,
  logitRequested,
  recordsOn,
  type LoadRrweb,
  type SendChunk,
} from '@/shared/debug/debugRecorder';
import { listenForErrors, routeOf, setReportingContext } from '@/shared/debug/errorReporting';
import { useNotify } from '@/shared/notifications/useNotify';
import { debugModeMessage } from '@/shared/public/deviceWarnings';
import { useSession } from '@/shared/session/useSession';

/** This tab's draw for access 9's 10%: made once, wiped with the rest of the tab's state when its user signs out. */
const SAMPLED_KEY = 'credence.portal.replay.sampled';

function drawnForReplay(random: () => number): boolean {
  let drawn = sessionStorage.getItem(SAMPLED_KEY);
  if (drawn === null) {
    drawn = random() < REPLAY_SAMPLE_RATE ? 'yes' : 'no';
    sessionStorage.setItem(SAMPLED_KEY, drawn);
  }
  return drawn === 'yes';
}

/**
 * The tab's session recording (shared/debug/debugRecorder.ts), anywhere but /verify:
 * - access 2.3: ?logit=true records it for support, and says so once, in the words of the debug warning;
 * - access 9: one tab in ten is recorded as a sample; every other one keeps its last minute or two in memory, sent
 *   with an error report (shared/debug/errorReporting.ts). Errors nothing caught are reported from here on.
 */
export function SessionRecording({
  send,
  load,
  random = Math.random,
}: {
  send?: SendChunk;
  load?: LoadRrweb;
  random?: () => number;
}) {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const params = matches.at(-1)?.params ?? {};
  const notify = useNotify();
  const user = useSession().claims?.sub ?? null;
  const recorder = useRef<DebugRecorder | null>(null);
  /** Whose screens the recorder holds: kept minutes must not outlive their user's session (a shared computer). */
  const holder = useRef<string | null>(null);

  useEffect(() => {
    if (recorder.current && holder.current !== null && holder.current !== user) {
      void recorder.current.stop(); // a recorder that only kept them drops them
      recorder.current = null;
    }
    holder.current = user;
    const asked = logitRequested(search);
    const told = !!currentRecordingId() && currentRecordingReason() === 'debug';
    let id = asked ? beginRecording('debug') : currentRecordingId();
    if (!id && drawnForReplay(random)) id = beginRecording('sampled');
    if (recorder.current && recorder.current.id !== id) {
      // Signing out wipes the tab's stored state, its recording's id with it: that recording ends there.
      void recorder.current.stop();
      recorder.current = null;
    }
    if (!recorder.current) {
      recorder.current = new DebugRecorder(id, send, load);
    }
    if (asked && !told) {
      notify({ severity: 'warning', message: debugModeMessage(), durationMs: LONG_TOAST_MS });
      // A sampled or error recording becomes support's: from here on its text is not masked.
      recorder.current.restart();
    }
    if (recordsOn(pathname)) void recorder.current.start();
    else void recorder.current.stop();
  }, [pathname, search, send, load, notify, random, user]);

  const route = routeOf(pathname, params);
  useEffect(() => setReportingContext(route, recorder.current), [route, pathname, search]);

  useEffect(() => {
    const stopListening = listenForErrors();
    return () => {
      stopListening();
      void recorder.current?.stop();
    };
  }, []);
  return null;
}
