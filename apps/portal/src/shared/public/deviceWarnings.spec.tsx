import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/App';
import { DebugModeWarning, resetDebugModeWarning } from '@/shared/public/DebugModeWarning';
import { debugModeMessage, mobileKeyboardMaker, mobileKeyboardMessage } from '@/shared/public/deviceWarnings';
import { mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

const SAMSUNG_INTERNET =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36';
const CHROME_ON_GALAXY =
  'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const CHROME_ON_PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

afterEach(() => {
  vi.restoreAllMocks();
  resetDebugModeWarning();
});

describe('device warnings (access 2.3, 2.4)', () => {
  it('knows a Samsung phone by Samsung Internet or a Galaxy model, and nothing else', () => {
    expect(mobileKeyboardMaker(SAMSUNG_INTERNET)).toBe('Samsung');
    expect(mobileKeyboardMaker(CHROME_ON_GALAXY)).toBe('Samsung');
    for (const other of [CHROME_ON_PIXEL, IPHONE, DESKTOP, '']) expect(mobileKeyboardMaker(other)).toBeNull();
  });

  it("warns on the start form of a Samsung phone, in the spec's words", async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_GALAXY);
    mockFetch();
    renderApp('/login/register');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Continue: Register as an individual' }));
    expect(
      await screen.findByText(
        'Please note that some users have reported issues with this form whilst using the Samsung mobile keyboard. We recommend using a different device if you experience any issues.',
      ),
    ).toBeInTheDocument();
    expect(mobileKeyboardMessage('Samsung')).toMatch(/^Please note/);
  });

  it('does not warn elsewhere', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    mockFetch();
    renderApp('/login/register');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Continue: Register as an individual' }));
    await screen.findByRole('heading', { name: 'Register as an individual' });
    expect(screen.queryByText(/mobile keyboard/)).toBeNull();
  });

  it('says Debug Mode once on a debug host, with the app version, and nothing on the others', async () => {
    const { unmount } = render(
      <AppProviders>
        <DebugModeWarning host="app.credence.test" />
      </AppProviders>,
    );
    expect(screen.queryByText(/Debug Mode enabled/)).toBeNull();
    unmount();
    render(
      <AppProviders>
        <DebugModeWarning host="DEBUG.credence.test" />
        <DebugModeWarning host="debug.credence.test" />
      </AppProviders>,
    );
    expect(await screen.findAllByText(debugModeMessage())).toHaveLength(1);
    expect(debugModeMessage('2.1.4c')).toBe(
      'Debug Mode enabled. Application version v2.1.4c. Please notify support when you are finished so we can review your session.',
    );
  });
});
