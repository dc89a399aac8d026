/**
 * Session recordings and error reports (access 2.3, 9): the words the portal sends, the API keeps and the console
 * shows.
 */

/** Why a tab is recorded: support's debug mode (logit=true), the 10% sample, or a session that met an error. */
export type RecordingReason = 'debug' | 'sampled' | 'error';

/**
 * Where the portal met an error: the window's error event, an unhandled rejection, a screen that failed to render,
 * or a failure a screen handled and reports (verifications 8).
 */
export type ErrorSource = 'error' | 'unhandledrejection' | 'render' | 'caught';
