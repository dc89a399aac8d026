import { endpointExists, signIn } from '../api.ts';
import type { Journey } from '../harness.ts';
import { assertSame, expectTitle, sidebarLabels, signInThroughUi } from '../ui.ts';

const always = ['Account', 'FAQS', 'Logout'];

/**
 * Spec 2.3 and 6.1, per demo account: the sidebar each one should see, and where '/' leads them (2.1). Written out
 * from the spec and the demo accounts' descriptions, not computed with the portal's own rules.
 */
const ACCOUNTS: { username: string; start: string; title: string; sidebar: string[] }[] = [
  {
    username: 'alice@acme.test', // organisation admin, card, analytics + reports + country, applicants, referrals
    start: '/home',
    title: 'Home',
    sidebar: [
      'Home',
      'Dashboard',
      'New Verification',
      'Verification History',
      'Referrals',
      'Applicants',
      'Buy Credit',
      'Invoices',
      'Analytics',
      'Country Insights',
      ...always,
    ],
  },
  {
    username: 'bob@acme.test', // the same company, not an admin: no Analytics
    start: '/home',
    title: 'Home',
    sidebar: [
      'Home',
      'Dashboard',
      'New Verification',
      'Verification History',
      'Referrals',
      'Applicants',
      'Buy Credit',
      'Invoices',
      'Country Insights',
      ...always,
    ],
  },
  {
    username: 'carol@globex.test', // invoice payer: no Buy Credit, no Invoices
    start: '/home',
    title: 'Home',
    sidebar: ['Home', 'Dashboard', 'New Verification', 'Verification History', 'Country Insights', ...always],
  },
  {
    username: 'dave@initech.test', // token payer
    start: '/home',
    title: 'Home',
    sidebar: [
      'Home',
      'Dashboard',
      'New Verification',
      'Verification History',
      'Order Credits',
      'Country Insights',
      ...always,
    ],
  },
  {
    username: 'irene@uni-demo.test', // institute: pending and resolved verifications, pays in credits
    start: '/dashboard',
    title: 'Dashboard',
    sidebar: [
      'Home',
      'Dashboard',
      'New Verification',
      'Verification History',
      'Pending Verifications',
      'Resolved Verifications',
      'Order Credits',
      'Country Insights',
      ...always,
    ],
  },
  {
    username: 'paul@board-demo.test', // parent account
    start: '/dashboard',
    title: 'Dashboard',
    sidebar: [
      'Home',
      'Dashboard',
      'New Verification',
      'Verification History',
      'Pending Verifications',
      'Resolved Verifications',
      'Order Credits',
      'Country Insights',
      ...always,
    ],
  },
  {
    username: 'indy@mail.test', // individual, card
    start: '/wallet',
    title: "I'm Verified Wallet",
    sidebar: ["I'm Verified Wallet", 'New Verification', 'Receipts', ...always],
  },
  {
    username: 'admin@credence.test', // staff, signed in as themselves
    start: '/home',
    title: 'Home',
    sidebar: ['Home', 'Dashboard', 'New Verification', 'Verification History', 'Country Insights', ...always],
  },
];

export const sidebars: Journey = {
  name: 'sign in as each demo account and see the right sidebar',
  async run({ page, context, log }) {
    for (const account of ACCOUNTS) {
      await signInThroughUi(page, account.username);
      await page.waitForURL((url) => url.pathname === account.start);
      await expectTitle(page, account.title);
      assertSame(await sidebarLabels(page), account.sidebar, `${account.username}: sidebar`);
      log(`${account.username}: ${account.start}, ${account.sidebar.length} entries`);
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
  },
};

export const applicantSidebar: Journey = {
  name: 'the applicant with an open application sees Open Applications instead of the wallet',
  async run({ page, baseUrl, skip }) {
    const { token } = await signIn(baseUrl, 'anna@mail.test');
    if (!(await endpointExists(baseUrl, token, '/application?status=OPEN&page=0&size=500'))) {
      skip('the API has no GET /v1/application yet (open applications at login, spec 2.5 and 7.2)');
    }
    await signInThroughUi(page, 'anna@mail.test');
    await page.waitForURL((url) => url.pathname === '/applications/open');
    assertSame(await sidebarLabels(page), ['Open Applications', 'Receipts', ...always], 'anna: sidebar');
  },
};
