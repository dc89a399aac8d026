import { CssBaseline, ThemeProvider } from '@mui/material';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '@/app/theme';

/** A building block on its own, in the portal's theme. */
export function renderUi(ui: ReactElement, options?: RenderOptions) {
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {ui}
    </ThemeProvider>,
    options,
  );
}

/** jsdom has no ResizeObserver; charts measure their container with it. */
export function stubResizeObserver(width = 640, height = 320) {
  class FakeResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      const entry = { target, contentRect: { width, height } } as unknown as ResizeObserverEntry;
      this.callback([entry], this as unknown as ResizeObserver);
    }
    unobserve = () => undefined;
    disconnect = () => undefined;
  }
  globalThis.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
}
