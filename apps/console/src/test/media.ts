/** A MediaQueryList for jsdom, which has none: `matches` answers the query. */
export const fakeMediaQuery = (media: string, matches: boolean) =>
  ({
    matches,
    media,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
