import { chromium } from 'playwright-core';

/** The system Chromium (Debian's), headless, with the flags that keep it off the network (STACK.md). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // A UK staff member's browser: date fields as dd/mm/yyyy (Debian's chromium-l10n has the en-GB locale).
    env: { ...process.env, LANGUAGE: 'en_GB', LANG: 'en_GB.UTF-8' },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--lang=en-GB'],
  });
}

export const VIEWPORT = { width: 1280, height: 800 };

/** Signs a staff member in through the console's own login page. */
export async function consoleSignIn(page, baseUrl, username = 'admin@credence.test', password = 'Demo-pass1') {
  await page.goto(`${baseUrl}/console/login`);
  await page.getByLabel('Email address / Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Service overview' }).waitFor();
}
