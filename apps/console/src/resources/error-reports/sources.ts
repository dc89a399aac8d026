/**
 * Where the portal met an error (the API's source): the window's error event, a rejected promise, a screen that
 * failed to render, or a failure a screen handled and reported.
 */
export type ErrorSource = 'error' | 'unhandledrejection' | 'render' | 'caught';

const SOURCES: Record<ErrorSource, string> = {
  error: 'Uncaught error',
  unhandledrejection: 'Unhandled promise rejection',
  render: 'Rendering error',
  caught: 'Reported by a screen',
};

/** The source filter's choices. */
export const sourceChoices = (Object.keys(SOURCES) as ErrorSource[]).map((id) => ({ id, name: SOURCES[id] }));

export function sourceOf(source: string | null | undefined): string {
  return source ? (SOURCES[source as ErrorSource] ?? source) : '';
}
