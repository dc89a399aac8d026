/** Constants of the product that the spec fixes (access.md section 9). */
export const PRODUCT_NAME = 'Credence';
export const APP_VERSION = '2.1.4c';

/** Spec 2.2 step 1: when set, every route goes to the maintenance page. Null in the current build. */
export const DOWNTIME_END: Date | null = null;

/** Spec 7.1 and 9: every call gives up after five minutes. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** Spec 8 and 9: toasts stay 7.5 s unless a message says otherwise. */
export const TOAST_DURATION_MS = 7_500;
export const TOAST_MAX_CHARS = 1_500;

/** Staff accounts are the usernames on the product's own domain (spec 6.1). */
export const STAFF_DOMAIN = '@credence.test';

/**
 * The public website's pages linked from the footer. The spec names the pages but not their addresses; they live
 * here once so marketing can change them without touching components.
 */
export const FOOTER_LINKS = [
  { label: 'Terms', href: 'https://www.credence.test/terms' },
  { label: 'Privacy', href: 'https://www.credence.test/privacy' },
  { label: 'Cookies', href: 'https://www.credence.test/cookies' },
  { label: 'Data protection', href: 'https://www.credence.test/data-protection' },
  { label: 'Contact', href: 'https://www.credence.test/contact' },
] as const;

export const FAQ_URLS = {
  individual: 'https://www.credence.test/faqs/individuals',
  organisation: 'https://www.credence.test/faqs/organisations',
} as const;

/** Spec 4.1 and 9: a session is logged out 14 minutes after its token expires; the check runs every 10 s. */
export const AUTO_LOGOUT_AFTER_EXPIRY_MS = 14 * 60_000;
export const AUTO_LOGOUT_CHECK_MS = 10_000;
/**
 * A token this close to its expiry is refreshed before the next call rather than sent: a call that leaves just
 * before the expiry would otherwise reach the API just after it and be refused.
 */
export const REFRESH_MARGIN_MS = 15_000;

/** Spec 2.2 and 9: after each navigation the page scrolls to the top of the content in 250 ms, offset -100. */
export const SCROLL_DURATION_MS = 250;
export const SCROLL_OFFSET_PX = -100;

/** Spec 9: country and industry searches wait 200 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * Spec 9: 'Error reporting: session replay on 10% of sessions and on 100% of sessions with an error.' A session is a
 * tab until its user signs out (shared/debug).
 */
export const REPLAY_SAMPLE_RATE = 0.1;
export const ERROR_REPLAY_RATE = 1;

/** Spec 8: toasts that stay longer than the default. */
export const LONG_TOAST_MS = 10_000;

/**
 * Spec 2.2 step 3: on the product's own app hosts a signed-out visitor goes to /login, on any other host to
 * /login/register. Local development counts as an app host.
 */
export const APP_HOSTS = [
  'app.credence.test',
  'debug.credence.test',
  'beta.credence.test',
  'localhost',
  '127.0.0.1',
] as const;

/** Spec 1: the alternative-branded variant, chosen from the browser host. */
export const ALT_BRAND_HOSTS = ['verify.credence-partners.test'] as const;

/**
 * Access 2.1: the partner-branded login, /login/{partner segment}, one per partner: its name (the logo's words) and
 * logo. Its login page lives on the alternative-branded host (the first of ALT_BRAND_HOSTS).
 */
export const PARTNER_LOGINS: Readonly<Record<string, { name: string }>> = {
  partners: { name: 'Credence Partners' },
};

/**
 * Spec 2.4: hosts of the product whose first label is not an application-template subdomain. A host outside this
 * list and the app hosts is a partner subdomain, looked up as an application template owner.
 */
export const PRODUCT_DOMAIN = 'credence.test';

/** Spec 2.4: the institution or application codes (iaoi) that map to application templates 1 to 4. */
export const IAOI_TEMPLATES: Readonly<Record<string, number>> = {
  'uni-demo': 1,
  'board-demo': 2,
  'acme-careers': 3,
  'globex-talent': 4,
};

/** Spec 2.4: hosts on which the referral code is forced to a fixed partner code. */
export const HOST_REFERRAL_CODES: Readonly<Record<string, string>> = {
  'partners.credence.test': 'PARTNER',
};

/** Spec 9: the application template with a help card instead of the explainer video. */
export const HELP_CARD_TEMPLATE_ID = 17;

/** Addresses the spec describes without giving; kept here once. */
export const LINKS = {
  terms: 'https://www.credence.test/terms',
  privacy: 'https://www.credence.test/privacy',
  bookMeeting: 'https://meet.credence.test/solutions-team',
  salesEmail: 'sales@credence.test',
  helpVideo: 'https://www.credence.test/videos/applicant-help',
  helpFaq: 'https://www.credence.test/faqs/applicants',
} as const;
