import type { ErrorSource } from '@credence/api-contract';
export type { ErrorSource };

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
