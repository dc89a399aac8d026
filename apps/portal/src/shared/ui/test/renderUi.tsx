import { CssBaseline, ThemeProvider } from '@mui/material';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
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

/**
 * jsdom has no ResizeObserver and lays nothing out; charts measure their container with the observer and read its
 * size from getComputedStyle, where jsdom gives the inline '100%' or nothing (read as 100 px wide). Both answer `width` x `height` here, so a chart draws at a
 * real size (at jsdom's empty width its drawing area was a few pixels wide, and its axis labels depended on that).
 * The getComputedStyle spy is restored after each test (test-setup's vi.restoreAllMocks).
 */
export function stubResizeObserver(width = 640, height = 320) {
  const computedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = computedStyle(element, pseudo);
    if (style.width.endsWith('px')) return style;
    return new Proxy(style, {
      get: (target, key) => {
        if (key === 'width') return `${width}px`;
        if (key === 'height' && !target.height.endsWith('px')) return `${height}px`;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  });
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
