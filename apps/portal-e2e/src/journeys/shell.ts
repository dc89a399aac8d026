import assert from 'node:assert/strict';
import type { Journey } from '../harness.ts';
import { expectTitle, openUserMenu, signInThroughUi, storedSession } from '../ui.ts';

export const shellScreens: Journey = {
  name: 'the shell: notices, user menu, sidebar entries, account kinds, password dialog, logout',
  async run({ page, context, shot, axe }) {
    await signInThroughUi(page, 'dave@initech.test');
    await expectTitle(page, 'Home');
    // Dashboard notices as warning banners (spec 2.3).
    await page
      .getByText('Verifications from some institutes in Nigeria may take longer than usual this month.')
      .waitFor();
    // Home (issue 23): dave's alerts and news.
    await page.getByRole('region', { name: 'Latest News' }).waitFor();
    await axe('home-dave');
    await shot('home-dave');

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'My account' }).waitFor();
    await axe('user-menu');
    await shot('user-menu');
    await page.keyboard.press('Escape');

    // Sidebar entries lead to their screens (every route has one; the placeholder screen is gone).
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Verification History' }).click();
    await expectTitle(page, 'History list');
    await page.getByRole('heading', { name: 'Past verifications requested by you and your team' }).waitFor();
    await nav.getByRole('link', { name: 'New Verification' }).click();
    await expectTitle(page, 'New Verification');
    // The wizard (issue 15): its start screen.
    await page.getByRole('heading', { name: "Individual's Details" }).waitFor();
    await nav.getByRole('link', { name: 'Order Credits' }).click();
    await expectTitle(page, 'Order Credit Tokens');
    // Order Credits (issue 21): its form.
    await page.getByRole('heading', { name: 'Order Credits' }).waitFor();
    await axe('order-credits');

    // Phone width: the sidebar sits behind the menu button and closes after a choice.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expectTitle(page, 'Account');
    await page.getByRole('button', { name: 'Change' }).waitFor();
    await shot('account-phone-menu-closed');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Update password dialog (spec 2.11).
    await page.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update password' });
    await dialog.getByText('Please supply your current password and a new password').waitFor();
    assert.equal(await dialog.getByLabel('Username').inputValue(), 'dave@initech.test');
    await dialog.locator('#password-new').fill('short');
    await dialog.getByText('1 uppercase letter').waitFor();
    await axe('update-password-dialog');
    await shot('update-password-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Logout asks first, then clears the session.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const logout = page.getByRole('dialog', { name: 'Logout?' });
    await logout.getByText('Any unsaved changes you have made will be lost!').waitFor();
    await axe('logout-dialog');
    await shot('logout-dialog');
    await logout.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal((await storedSession(page))?.token ?? '', '', 'logout clears the stored session');
    await context.clearCookies();

    // The account screen for the other kinds of account.
    for (const [username, name, expectOrganisation] of [
      ['bob@acme.test', 'account-non-admin', true],
      ['irene@uni-demo.test', 'account-institute', true],
      ['indy@mail.test', 'account-individual', false],
    ] as const) {
      await signInThroughUi(page, username);
      await page.goto('/account');
      await expectTitle(page, 'Account');
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(
        await page.getByRole('heading', { name: 'Organisation' }).count(),
        expectOrganisation ? 1 : 0,
        `${username}: organisation card`,
      );
      assert.equal(
        await page.getByRole('heading', { name: 'Users' }).count(),
        expectOrganisation ? 1 : 0,
        `${username}: users card`,
      );
      if (username === 'bob@acme.test') {
        assert.equal(
          await page.getByRole('button', { name: 'Add a user' }).count(),
          0,
          'no Add a user for non-admins',
        );
        assert.equal(
          await page.locator('#org-name').getAttribute('readonly'),
          '',
          'organisation read-only for non-admins',
        );
      }
      if (username === 'irene@uni-demo.test') {
        await page.getByRole('button', { name: 'Add a user' }).click();
        await page
          .getByRole('dialog', { name: 'New User' })
          .getByText(
            'New users will be able review and resolve pending verifications as well as submit new requests on behalf of your institute',
          )
          .waitFor();
        await page.keyboard.press('Escape');
      }
      await axe(name);
      await shot(name);
      await page.evaluate(() => localStorage.clear());
    }
  },
};
