import { accessSync, constants } from 'node:fs';
import type { PdfSettings } from '../../../config/config.schema';
import { loadNpmChromium, NPM_CHROMIUM_PACKAGE, type NpmChromium } from './npm-chromium';

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
      `${detail} PDF rendering needs Chromium: install it (Debian: apt-get install chromium), install the optional ` +
        `dependency ${NPM_CHROMIUM_PACKAGE} (Linux x64), or set CHROMIUM_PATH (or PUPPETEER_EXECUTABLE_PATH) to the ` +
        `browser's executable.`,
    );
    this.name = 'ChromiumNotFoundError';
  }
}

/** The browser found, where it came from, and the libraries and fonts it needs (only the npm one brings its own). */
export interface LocatedChromium {
  executablePath: string;
  source: 'setting' | 'system' | 'npm';
  libraryPath?: string;
  fontConfigFile?: string;
}

export interface LocatorSources {
  /** The system paths to try, in order. */
  candidates?: readonly string[];
  /** The npm-shipped browser, or null when its package is absent or does not fit this platform. */
  npmChromium?: () => Promise<NpmChromium | null>;
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
 * silent fallback), the system Chromium, the Chromium shipped in the optional npm package (so `npm install && npm
 * start` renders on a bare Linux x64 machine without apt), else an error naming the setting. Puppeteer downloads
 * nothing (PUPPETEER_SKIP_DOWNLOAD): CI and the Dockerfile install Debian's chromium.
 */
export async function locateChromium(
  settings: Pick<PdfSettings, 'executablePath' | 'executablePathSetting'>,
  { candidates = SYSTEM_CHROMIUM_PATHS, npmChromium = loadNpmChromium }: LocatorSources = {},
): Promise<LocatedChromium> {
  if (settings.executablePath) {
    if (executable(settings.executablePath))
      return { executablePath: settings.executablePath, source: 'setting' };
    throw new ChromiumNotFoundError(
      `${settings.executablePathSetting ?? 'CHROMIUM_PATH'}=${settings.executablePath} is not an executable file.`,
    );
  }
  const found = candidates.find(executable);
  if (found) return { executablePath: found, source: 'system' };
  let npm: NpmChromium | null;
  try {
    npm = await npmChromium();
  } catch (e) {
    throw new ChromiumNotFoundError(
      `No system Chromium found, and ${NPM_CHROMIUM_PACKAGE} could not be unpacked (${(e as Error).message}).`,
    );
  }
  if (npm && executable(npm.executablePath)) return { ...npm, source: 'npm' };
  throw new ChromiumNotFoundError(
    `No Chromium found (looked in ${candidates.join(', ')}, and for ${NPM_CHROMIUM_PACKAGE}).`,
  );
}
