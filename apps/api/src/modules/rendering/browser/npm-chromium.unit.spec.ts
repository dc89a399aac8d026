import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { unpackNpmChromium } from './npm-chromium';

/** A package `bin` folder shaped like @sparticuz/chromium's: chromium.br, al2023.tar.br (lib/...), fonts.tar.br (fonts/...). */
function fakePackage(root: string, binary: string) {
  const bin = join(root, 'bin');
  const src = join(root, 'src');
  mkdirSync(join(src, 'lib'), { recursive: true });
  mkdirSync(join(src, 'fonts'), { recursive: true });
  writeFileSync(join(src, 'lib', 'libnss3.so'), 'nss');
  writeFileSync(join(src, 'fonts', 'OpenSans.ttf'), 'font');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'chromium.br'), brotliCompressSync(Buffer.from(binary)));
  for (const [name, dir] of [['al2023', 'lib'], ['fonts', 'fonts']]) {
    const tar = execFileSync('tar', ['-cf', '-', '-C', src, dir]);
    writeFileSync(join(bin, `${name}.tar.br`), brotliCompressSync(tar));
  }
  return bin;
}

describe('the npm package\'s Chromium, unpacked', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'npm-chromium-test-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('never uses a stale /tmp/chromium (or a half-unpacked folder): its own folder per package build, complete or absent', async () => {
    const tmp = join(root, 'tmp');
    mkdirSync(tmp);
    // What the package itself would reuse: a binary left by another version.
    writeFileSync(join(tmp, 'chromium'), 'stale binary of another version');
    const bin = fakePackage(join(root, 'pkg'), '#!/bin/sh\necho chromium 153\n');
    const found = await unpackNpmChromium(bin, tmp);
    expect(found.executablePath).not.toBe(join(tmp, 'chromium'));
    expect(readFileSync(found.executablePath, 'utf8')).toContain('chromium 153');
    expect(statSync(found.executablePath).mode & 0o100).toBeTruthy();
    expect(existsSync(join(found.libraryPath ?? '', 'libnss3.so'))).toBe(true);
    expect(readFileSync(found.fontConfigFile ?? '', 'utf8')).toContain(`${join(found.executablePath, '..', 'fonts', 'fonts')}</dir>`);
    // Nothing half-made is left beside it.
    expect(readdirSync(tmp).filter((n) => n.includes('.unpacking-'))).toEqual([]);

    // A second process reuses the complete folder as it is.
    const before = statSync(found.executablePath).mtimeMs;
    expect(await unpackNpmChromium(bin, tmp)).toEqual(found);
    expect(statSync(found.executablePath).mtimeMs).toBe(before);
  });

  it('replaces a folder a crash left incomplete, and two unpacking at once agree', async () => {
    const tmp = join(root, 'tmp');
    mkdirSync(tmp);
    const bin = fakePackage(join(root, 'pkg'), 'new build');
    const [first] = await Promise.all([unpackNpmChromium(bin, tmp), unpackNpmChromium(bin, tmp)]);
    const dir = join(first.executablePath, '..');
    rmSync(join(dir, '.complete'));
    writeFileSync(first.executablePath, 'truncated');
    const again = await unpackNpmChromium(bin, tmp);
    expect(readFileSync(again.executablePath, 'utf8')).toBe('new build');
    expect(readdirSync(tmp).filter((n) => n.includes('.unpacking-'))).toEqual([]);
  });
});
