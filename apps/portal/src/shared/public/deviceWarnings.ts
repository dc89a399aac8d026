import { APP_VERSION } from '@/shared/config';

/** Access 2.3: the product's debug host, where sessions are reviewed by support. */
export const DEBUG_HOSTS = ['debug.credence.test'] as const;

export const isDebugHost = (host: string) => (DEBUG_HOSTS as readonly string[]).includes(host.toLowerCase());

/** Access 2.3, shown for 10 s (access 9: debug-mode warning 10000 ms). */
export const debugModeMessage = (version: string = APP_VERSION) =>
  `Debug Mode enabled. Application version v${version}. Please notify support when you are finished so we can review your session.`;

/**
 * Access 2.4 (a): 'On a mobile keyboard of one device maker, the start form warns'. The spec does not name the maker;
 * our reading is Samsung, whose own keyboard is the default on its phones and is the one known to fight web forms'
 * autofill and predictive text. A page cannot see which keyboard is in use, so the phone's maker stands for it: the
 * user agent of Samsung Internet, or of any browser on a Samsung model (SM-xxxx), names it.
 */
export function mobileKeyboardMaker(userAgent: string): string | null {
  return /SamsungBrowser|\bSAMSUNG\b|\bSM-[A-Z]\d{2,4}/i.test(userAgent) && /Android|Mobile/i.test(userAgent)
    ? 'Samsung'
    : null;
}

export const mobileKeyboardMessage = (maker: string) =>
  `Please note that some users have reported issues with this form whilst using the ${maker} mobile keyboard. We recommend using a different device if you experience any issues.`;
