// What a user does and sees in the portal, in one place, so journeys read as the steps they are.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api.ts';

export async function signInThroughUi(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  path = '/login',
) {
  await page.goto(path);
  await page.getByLabel('Email address / Username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The sidebar's entries, in order (desktop width: the sidebar is always open). */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Logout' }).waitFor();
  const items = nav.locator('.MuiListItemButton-root .MuiListItemText-primary');
  return (await items.allInnerTexts()).map((s) => s.trim());
}

/** Waits until the top bar names the screen (spec 2.3: the current route name). */
export async function expectTitle(page: Page, title: string) {
  await page.getByRole('banner').getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menu').waitFor();
}

/** Waits for a toast holding the text, and returns its whole text. */
export async function toast(page: Page, text: string): Promise<string> {
  const alert = page.locator('.MuiSnackbar-root .MuiAlert-root').filter({ hasText: text });
  await alert.first().waitFor();
  return (await alert.first().innerText()).trim();
}

/** Closes any toast, so the next screenshot shows the screen itself. */
export async function dismissToasts(page: Page) {
  const close = page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Close' });
  while ((await close.count()) > 0) {
    await close
      .first()
      .click()
      .catch(() => undefined);
    await page.waitForTimeout(400);
  }
}

export function assertSame(actual: unknown, expected: unknown, what: string) {
  assert.deepEqual(
    actual,
    expected,
    `${what}\n  expected: ${JSON.stringify(expected)}\n  actual:   ${JSON.stringify(actual)}`,
  );
}

/** The session the portal keeps in localStorage. */
export async function storedSession(
  page: Page,
): Promise<{ token?: string; refreshToken?: string; expiry?: number } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('credence.portal.session');
    return raw ? (JSON.parse(raw) as { token?: string; refreshToken?: string; expiry?: number }) : null;
  });
}

/** Journeys that upload files and pay: on a loaded machine (CI's two cores) a step may take longer than 15 s. */
export function patient(page: Page) {
  page.setDefaultTimeout(45_000);
  page.setDefaultNavigationTimeout(60_000);
}

/**
 * Types into an Autocomplete (`#fieldId`) and picks an option, as a person would. The list refreshes as the typed
 * text settles, and a click landing just then can be lost with the old list (seen once in CI: 'germ' typed, Germany
 * shown, not picked); the pick is tried again, up to three times, until the field shows the option.
 */
export async function pickOption(page: Page, fieldId: string, text: string, option: string) {
  const input = page.locator(`#${fieldId}`);
  for (let attempt = 1; ; attempt++) {
    await input.click();
    await input.fill(text);
    await page.getByRole('option', { name: option, exact: true }).click();
    try {
      await page.waitForFunction(
        ([id, value]) => (document.getElementById(id) as HTMLInputElement | null)?.value === value,
        [fieldId, option] as const,
        { timeout: 5_000 },
      );
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
