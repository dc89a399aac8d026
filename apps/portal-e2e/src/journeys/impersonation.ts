import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey } from '../harness.ts';
import { expectTitle, openUserMenu } from '../ui.ts';

/**
 * Waits until the open user menu shows the toggle in `state` and enabled: while a switch is being saved every toggle
 * is disabled and still shows the state before it (a CI run read 'ON' from a menu reopened during the save).
 */
async function expectToggle(page: Page, label: string, state: 'ON' | 'OFF', message?: string) {
  const item = page.getByRole('menuitem', { name: new RegExp(`^${label} (ON|OFF)$`) });
  try {
    await page
      .getByRole('menuitem', { name: new RegExp(`^${label} ${state}$`), disabled: false })
      .waitFor({ timeout: 10_000 });
  } catch {
    const shown = (await item.innerText()).replace(label, '').trim();
    assert.equal(shown, state, message ?? `${label} reads ${state}`);
  }
}

export const impersonation: Journey = {
  name: 'a staff admin impersonates a customer and switches an access flag',
  async run({ page, shot, axe }) {
    await page.goto('/login?impersonate=carol@globex.test');
    await page.getByRole('heading', { name: 'Impersonate' }).waitFor();
    await page.getByLabel('Email address / Username').fill('admin@credence.test');
    await page.locator('#login-password').fill('Demo-pass1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectTitle(page, 'Home');
    await page.getByText('Admin on behalf of Carol Chen').waitFor();

    // Carol has no Country Insights: the entry leads to the prompt (spec 2.2 step 5).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Country Insights' })
      .click();
    await page.waitForURL((url) => url.pathname === '/countryinfoprompt');

    await openUserMenu(page);
    await expectToggle(page, 'Country Insights', 'OFF');
    await expectToggle(page, 'Analytics', 'OFF');
    await expectToggle(page, 'Reports', 'OFF');
    await axe('user-menu-impersonating');
    await shot('user-menu-impersonating');

    // ON: saved, the login refreshed, and the page opens.
    await page.getByRole('menuitem', { name: /^Country Insights/ }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/countryinfo');
    await expectTitle(page, 'Country Insights');
    await openUserMenu(page);
    await expectToggle(page, 'Country Insights', 'ON');

    // Reports ON turns Analytics on too (spec 4.7); Carol is an admin, so Analytics opens.
    await page.getByRole('menuitem', { name: /^Reports/ }).click();
    await page.waitForURL((url) => url.pathname === '/analytics');
    await expectTitle(page, 'Analytics');
    await openUserMenu(page);
    await expectToggle(page, 'Reports', 'ON');
    await expectToggle(page, 'Analytics', 'ON');

    // OFF leads to the dashboard.
    await page.getByRole('menuitem', { name: /^Country Insights/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await openUserMenu(page);
    await expectToggle(page, 'Country Insights', 'OFF');

    // Back as the demo account was: Reports off (Analytics stays on), then Analytics off.
    await page.getByRole('menuitem', { name: /^Reports/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await openUserMenu(page);
    await expectToggle(page, 'Reports', 'OFF');
    await expectToggle(page, 'Analytics', 'ON', 'turning Reports off leaves Analytics on');
    await page.getByRole('menuitem', { name: /^Analytics/ }).click();
    await openUserMenu(page);
    await expectToggle(page, 'Analytics', 'OFF');
    await page.keyboard.press('Escape');
  },
};
