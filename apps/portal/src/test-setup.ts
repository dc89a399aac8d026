import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetReporting } from '@/shared/debug/errorReporting';
import { sessionStore } from '@/shared/session/sessionStore';

// findBy* and waitFor wait for what the screen does, not for how fast the machine is: a busy CI machine must
// not turn a slow render into a failure (tests never fail on timing).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  sessionStore.clear();
  localStorage.clear();
  // Each test a fresh page load for the error reporter (it reports a given error once per page).
  resetReporting();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom implements neither; the router scrolls to the top and MUI asks for media queries.
window.scrollTo = () => undefined;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
