import type { ErrorSource } from '@credence/api-contract';
import { ApiError, api } from '@/shared/api/client';
import { APP_VERSION, ERROR_REPLAY_RATE } from '@/shared/config';
import { beginRecording, recordsOn, type DebugRecorder } from '@/shared/debug/debugRecorder';

export type { ErrorSource };

export interface ErrorReport {
  source: ErrorSource;
  message: string;
  stack?: string;
  /** The route, not the address: '/verification/history/:id', never an id, a token or a query. */
  path: string;
  recordingId?: string;
  appVersion: string;
}

export type SendReport = (report: ErrorReport) => Promise<void>;

/** POST /v1/debug/errors, quietly: reporting an error must never be an error for the user. */
export const sendReport: SendReport = (report) =>
  api.post<void>('/debug/errors', report, undefined, { silent: true });

/** The most one page load reports: an error in a loop is one problem, not a flood. */
export const MAX_REPORTS_PER_PAGE = 10;
const MAX_MESSAGE = 2000;
const MAX_STACK = 16_000;

/**
 * The route a path is on: each parameter's value replaced by its name. Ids, share keys and reset tokens are in
 * paths; they are not the report's business.
 */
export function routeOf(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const segments = pathname.split('/');
  const splat = params['*'];
  let tail = '';
  if (splat) {
    const at = segments.length - splat.split('/').length;
    segments.splice(at);
    tail = '/*';
  }
  const named = segments.map((segment) => {
    const name = Object.keys(params).find((key) => {
      const value = params[key];
      return key !== '*' && value && (segment === value || safeDecode(segment) === value);
    });
    return name ? `:${name}` : segment;
  });
  return named.join('/') + tail || '/';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Not reported: noise browsers raise that no change of ours would fix (a cross-origin script's hidden error, layout
 * loop notices), and the API's answers to the user's own input, which the user has been shown. A failure a screen
 * reports ('caught') is, when the API could not answer (no response, a 5xx).
 */
function ignored(message: string, error: unknown, source: ErrorSource): boolean {
  if (error instanceof ApiError) return source !== 'caught' || (error.status > 0 && error.status < 500);
  return message === 'Script error.' || /^ResizeObserver loop/.test(message);
}

/**
 * The API refuses a body with control characters (other than tab and line breaks) in its text: an error's message
 * can hold one (a value read from a file, a terminal's colours), and a refused report would be lost.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this replaces
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const printable = (text: string) => text.replace(CONTROL, '\uFFFD');

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** What the reporter knows of the page: the route now, and the tab's recorder (SessionRecording keeps them). */
const page: { route: string | null; recorder: DebugRecorder | null; sent: Set<string> } = {
  route: null,
  recorder: null,
  sent: new Set(),
};

export function setReportingContext(route: string, recorder: DebugRecorder | null) {
  page.route = route;
  page.recorder = recorder;
}

/** For tests: a fresh page load. */
export function resetReporting() {
  page.route = null;
  page.recorder = null;
  page.sent.clear();
}

/**
 * Reports `error` once per page load (by source and message), with the tab's recording unless the page is not
 * recorded (/verify). Resolves when the report has been sent or could not be; never rejects.
 */
export async function reportError(
  error: unknown,
  source: ErrorSource,
  send: SendReport = sendReport,
  random: () => number = Math.random,
): Promise<void> {
  const { message, stack } = describe(error);
  if (ignored(message, error, source)) return;
  const key = `${source}:${message}`;
  if (page.sent.has(key) || page.sent.size >= MAX_REPORTS_PER_PAGE) return;
  page.sent.add(key);
  try {
    // A screen that fails on its first render reports before the page's other effects have run, the recording's
    // among them: the report waits for them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let recordingId: string | undefined;
    const recorder = page.recorder;
    if (recorder && recordsOn(page.route ?? location.pathname) && random() < ERROR_REPLAY_RATE) {
      recordingId = beginRecording('error');
      await recorder.sendTo(recordingId);
    }
    await send({
      source,
      message: printable(message).slice(0, MAX_MESSAGE) || '(no message)',
      ...(stack ? { stack: printable(stack).slice(0, MAX_STACK) } : {}),
      path: page.route ?? '/',
      ...(recordingId ? { recordingId } : {}),
      appVersion: APP_VERSION,
    });
  } catch {
    // Nothing more to do: the report is lost, the page goes on.
  }
}

/** Window-level listeners: errors no code caught. Returns the function that removes them. */
export function listenForErrors(report: typeof reportError = reportError): () => void {
  const onError = (event: ErrorEvent) => void report(event.error ?? event.message, 'error');
  const onRejection = (event: PromiseRejectionEvent) => void report(event.reason, 'unhandledrejection');
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  return () => {
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  };
}
