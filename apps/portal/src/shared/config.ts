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
