import assert from 'node:assert/strict';
import { linkFromMail } from '../api.ts';
import type { Journey } from '../harness.ts';
import { expectTitle, signInThroughUi, storedSession, toast } from '../ui.ts';

export const expiredSession: Journey = {
  name: 'an expired session is refreshed on navigation, and logged out after 14 more minutes',
  async run({ page, shot, axe }) {
    // The browser's clock is the test's: tokens last 15 minutes (expOffset 900).
    await page.clock.install();
    await signInThroughUi(page, 'bob@acme.test');
    await expectTitle(page, 'Home');
    const first = await storedSession(page);
    assert.ok(first?.token, 'a token is kept after login');

    // Past the expiry, before the auto-logout: the next navigation refreshes the login first (spec 2.2 step 4).
    await page.clock.fastForward('16:00');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expectTitle(page, 'Account');
    const refreshed = await storedSession(page);
    // (The new JWT may equal the old one byte for byte when both were signed within the same server second.)
    assert.notEqual(refreshed?.refreshToken, first?.refreshToken, 'the refresh token rotated');
    assert.ok(
      (refreshed?.expiry ?? 0) >= (first?.expiry ?? 0) + 15 * 60_000,
      'the new expiry counts from the refresh',
    );

    // 14 minutes after the new token's expiry, the 10-second check logs the user out (spec 4.1).
    await page.clock.fastForward('30:00');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === 'true');
    await page.getByText('Your session has expired, please log in again').waitFor();
    assert.equal((await storedSession(page))?.token ?? '', '', 'the session is gone');
    await axe('login-after-expiry');
    await shot('login-after-expiry');

    // Signing in again returns to the page the user was on.
    await page.getByLabel('Email address / Username').fill('bob@acme.test');
    await page.locator('#login-password').fill('Demo-pass1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/account');
  },
};

export const forgotAndReset: Journey = {
  name: 'forgot password, reset through the e-mailed link, sign in with the new password',
  async run({ page, baseUrl }) {
    const username = 'carol@globex.test';
    const started = Date.now() - 5_000;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('Email address / Username').fill(username);
    await page.getByRole('button', { name: 'Reset' }).click();
    const said = await toast(
      page,
      'If registered, instructions on how to reset your password have been sent, please check your inbox.',
    );
    assert.match(said, /^Success/);
    await page.waitForURL((url) => url.pathname === '/login');

    const link = await linkFromMail(baseUrl, username, '/login/reset/', started);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Create new password' }).waitFor();
    // The live hint and the rule (spec 5.3): a weak password is refused before any call.
    await page.locator('#reset-new-password').fill('weak');
    await page.getByText('1 uppercase letter').waitFor();
    await page.locator('#reset-confirm-password').fill('weak');
    await page.getByText('Invalid password').waitFor();
    await page.getByText('Please resolve the errors above.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save' }).isDisabled(), true);

    await page.locator('#reset-new-password').fill('Fresh-start9');
    await page.locator('#reset-confirm-password').fill('Fresh-start9');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your password has been updated.');
    await page.waitForURL((url) => url.pathname === '/login');

    // The old password no longer works; the new one does.
    await page.getByLabel('Email address / Username').fill(username);
    await page.locator('#login-password').fill('Demo-pass1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Incorrect username or password');
    await signInThroughUi(page, username, 'Fresh-start9');
    await expectTitle(page, 'Home');

    // Signed in, the password changes again from the account screen (spec 2.11), back to the demo password.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update password' });
    await dialog.locator('#password-current').fill('Fresh-start9');
    await dialog.locator('#password-new').fill('Demo-pass1');
    await dialog.locator('#password-confirm').fill('Demo-pass2');
    await dialog.locator('#password-confirm').blur();
    await dialog.getByText('Passwords do not match').waitFor();
    await dialog.locator('#password-confirm').fill('Demo-pass1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your password has been updated.');
    await dialog.waitFor({ state: 'detached' });
  },
};
