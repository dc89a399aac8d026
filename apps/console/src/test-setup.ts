import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeMediaQuery } from '@/test/media';

// findBy* and waitFor wait for what the screen does, not for how fast the machine is: a busy CI machine must
// not turn a slow render into a failure (tests never fail on timing). The first render of a file imports
// react-admin and MUI cold, which took over 10 s once with npm test's other suites on the same two cores; the
// limit stays under vite.config's testTimeout so a real miss still fails with the query's own message.
configure({ asyncUtilTimeout: 25_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

window.scrollTo = () => undefined;
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQuery(query, false);
