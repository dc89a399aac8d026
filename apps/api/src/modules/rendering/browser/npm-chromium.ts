import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A Chromium unpacked from an npm package, and the shared libraries it brings (NSS, NSPR, expat). */
export interface NpmChromium {
  executablePath: string;
  /** Put first on the browser's LD_LIBRARY_PATH: a bare machine has no libnss3. */
  libraryPath?: string;
  /**
   * The browser's FONTCONFIG_FILE: the system's fonts plus the package's Open Sans. Chromium needs one installed
   * font as its last resort (with none it fails every web font, or crashes), even though the documents are set
   * in their embedded Inter.
   */
  fontConfigFile?: string;
}

/** The package that ships it: a brotli-packed chromium-headless-shell for Linux x64, MIT, ~67 MB installed. */
export const NPM_CHROMIUM_PACKAGE = '@sparticuz/chromium';

/** The part of the package's API used here (it is ESM-only and optional, so its own types are not imported). */
interface SparticuzModule {
  default: { executablePath(input?: string): Promise<string> };
  inflate(file: string): Promise<string>;
}

let unpacking: Promise<NpmChromium | null> | null = null;

/**
 * The optional dependency's browser, unpacked once per process into the temporary folder (the package's own
 * layout: os.tmpdir()/chromium and os.tmpdir()/al2023/lib; ~4 s the first time, at once after). Null when the
 * package is not installed (`npm install --omit=optional`) or cannot run on this platform (it ships Linux x64
 * only). A package that is there but cannot be unpacked (a full disk) throws.
 */
export function loadNpmChromium(): Promise<NpmChromium | null> {
  unpacking ??= unpack().catch((e: unknown) => {
    unpacking = null;
    throw e;
  });
  return unpacking;
}

async function unpack(): Promise<NpmChromium | null> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  let entry: string;
  try {
    entry = require.resolve(NPM_CHROMIUM_PACKAGE);
  } catch {
    return null;
  }
  // require() of an ES module: Node >= 22.12 loads it synchronously (the package has no top-level await).
  const mod = require(NPM_CHROMIUM_PACKAGE) as SparticuzModule;
  const bin = join(dirname(entry), '..', 'bin');
  const [executablePath, libs, fonts] = await Promise.all([
    mod.default.executablePath(bin),
    mod.inflate(join(bin, 'al2023.tar.br')),
    mod.inflate(join(bin, 'fonts.tar.br')),
  ]);
  // The package's own fonts.conf names /tmp/fonts, which is its folder only when the temporary folder is /tmp.
  const fontConfigFile = join(tmpdir(), 'credence-chromium-fonts.conf');
  await writeFile(
    fontConfigFile,
    fontConfig(join(fonts, 'fonts'), join(tmpdir(), 'credence-chromium-fonts-cache')),
  );
  return { executablePath, libraryPath: join(libs, 'lib'), fontConfigFile };
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The system's configuration when there is one, and the package's fonts in any case. */
export const fontConfig = (fontDir: string, cacheDir: string) =>
  `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${xmlText(fontDir)}</dir>
  <cachedir>${xmlText(cacheDir)}</cachedir>
</fontconfig>
`;
