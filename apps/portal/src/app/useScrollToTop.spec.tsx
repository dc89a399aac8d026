import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';
import { signInAs } from '@/test/session';

describe('scroll to the top after navigation (spec 2.2)', () => {
  it('brings the page back to the top of the content when the user moves on', async () => {
    mockFetch();
    signInAs();
    renderApp('/home');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Home' });
    // Scrolled down the page before choosing another screen.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 600 });
    // jsdom does no layout: the anchor sits 64 px down the document (under the top bar).
    const rect = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return this.id === 'top-of-content' ? ({ top: 64 - window.scrollY } as DOMRect) : rect.call(this);
    });
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Account' }),
    );
    // The scroll is animated frame by frame (250 ms): wait for its last frame however busy the machine is.
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0), { timeout: 10_000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});
