import { accessSync, constants } from 'node:fs';
import type { PdfSettings } from '../../../config/config.schema';

/** Where Debian, Ubuntu, Alpine, Fedora and Google's packages put the browser. */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

export class ChromiumNotFoundError extends Error {
  constructor(detail: string) {
    super(
      `${detail} PDF rendering needs Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH ` +
        `(or PUPPETEER_EXECUTABLE_PATH) to the browser's executable.`,
    );
    this.name = 'ChromiumNotFoundError';
  }
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The browser to drive, in this order: CHROMIUM_PATH / PUPPETEER_EXECUTABLE_PATH (a wrong path is an error, not a
 * silent fallback), the system Chromium, else an error naming the setting. No browser is downloaded by npm
 * (PUPPETEER_SKIP_DOWNLOAD): CI and the Dockerfile install Debian's chromium.
 */
export function locateChromium(settings: Pick<PdfSettings, 'executablePath' | 'executablePathSetting'>, candidates = SYSTEM_CHROMIUM_PATHS): string {
  if (settings.executablePath) {
    if (executable(settings.executablePath)) return settings.executablePath;
    throw new ChromiumNotFoundError(`${settings.executablePathSetting ?? 'CHROMIUM_PATH'}=${settings.executablePath} is not an executable file.`);
  }
  const found = candidates.find(executable);
  if (found) return found;
  throw new ChromiumNotFoundError(`No Chromium found (looked in ${candidates.join(', ')}).`);
}
