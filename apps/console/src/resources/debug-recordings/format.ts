import type { RecordingReason } from '@credence/api-contract';
/**
 * A user agent as staff read it: 'Chrome 120 on Android', 'Safari 17 on iOS'. The full string stays on the
 * session's page; this only names the browser, its major version and the system, and says so when it cannot.
 */
export function browserOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const browser = browserName(userAgent);
  const system = systemName(userAgent);
  const name = browser ?? 'Other browser';
  return system ? `${name} on ${system}` : name;
}

/** Order matters: Edge and Opera also say Chrome, and Chrome also says Safari. */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//],
];

function browserName(ua: string): string | null {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}`;
  }
  return null;
}

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

function systemName(ua: string): string | null {
  return SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
}

/** Bytes as staff read a size: 812 B, 12.3 kB, 4.1 MB (1 kB = 1000 bytes). */
export function sizeOf(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return '';
  if (bytes < 1000) return `${bytes} B`;
  // 999,960 bytes is 1.0 MB, not 1000.0 kB.
  if (bytes < 999_950) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1000 / 1000).toFixed(1)} MB`;
}

/** A replay's position: 95000 ms -> '1:35'. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export type { RecordingReason };

const REASONS: Record<RecordingReason, string> = {
  debug: 'Debug mode',
  sampled: 'Sampled',
  error: 'After an error',
};

/** The reason filter's choices, in the order staff think of them. */
export const reasonChoices = (Object.keys(REASONS) as RecordingReason[]).map((id) => ({
  id,
  name: REASONS[id],
}));

/** A recording's reason as staff read it; recordings from before reasons were kept are debug mode. */
export function reasonOf(reason: string | null | undefined): string {
  return REASONS[(reason ?? 'debug') as RecordingReason] ?? reason ?? '';
}
