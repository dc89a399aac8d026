import type { UIMatch } from 'react-router';

export type Access = 'public' | 'private';

/** What the route table says about each screen; read by the guard and the shell's top bar. */
export interface RouteHandle {
  /** The spec's screen name (access.md 2.1). */
  name: string;
  access: Access;
  /** Where individuals know the screen by another name, e.g. 'Receipts'. */
  individualName?: string;
  /** Public screens laid out wider than the sign-in card (the registration chooser, BookAMeeting). */
  wide?: boolean;
}

/** The handle of the deepest matched route that has one. */
export function routeHandle(matches: UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}
