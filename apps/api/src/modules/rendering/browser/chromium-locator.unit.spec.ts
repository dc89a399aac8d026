import { ChromiumNotFoundError, locateChromium } from './chromium-locator';
import { fontConfig } from './npm-chromium';
import { launchOptions } from './pdf-renderer';

// process.execPath stands in for "an executable file"; '/nowhere/...' for a path with nothing there.
const npmBrowser = {
  executablePath: process.execPath,
  libraryPath: '/tmp/al2023/lib',
  fontConfigFile: '/tmp/fonts.conf',
};
const noNpm = async () => null;

describe('finding the browser', () => {
  it('takes the configured path first, before the system browser and the npm one', async () => {
    const npmChromium = jest.fn(async () => npmBrowser);
    await expect(
      locateChromium(
        { executablePath: process.execPath, executablePathSetting: 'CHROMIUM_PATH' },
        { candidates: ['/usr/bin/env'], npmChromium },
      ),
    ).resolves.toEqual({ executablePath: process.execPath, source: 'setting' });
    expect(npmChromium).not.toHaveBeenCalled();
  });

  it('refuses a configured path that is not there, naming the setting, instead of falling back', async () => {
    const npmChromium = jest.fn(async () => npmBrowser);
    const found = locateChromium(
      { executablePath: '/nowhere/chrome', executablePathSetting: 'PUPPETEER_EXECUTABLE_PATH' },
      { candidates: [process.execPath], npmChromium },
    );
    await expect(found).rejects.toThrow(
      /PUPPETEER_EXECUTABLE_PATH=\/nowhere\/chrome is not an executable file/,
    );
    expect(npmChromium).not.toHaveBeenCalled();
  });

  it('takes the system browser next, without unpacking the npm one', async () => {
    const npmChromium = jest.fn(async () => npmBrowser);
    await expect(
      locateChromium({}, { candidates: ['/nowhere/a', process.execPath], npmChromium }),
    ).resolves.toEqual({
      executablePath: process.execPath,
      source: 'system',
    });
    expect(npmChromium).not.toHaveBeenCalled();
  });

  it('takes the npm package’s browser, with its libraries, when the machine has none', async () => {
    await expect(
      locateChromium({}, { candidates: ['/nowhere/a'], npmChromium: async () => npmBrowser }),
    ).resolves.toEqual({
      executablePath: process.execPath,
      source: 'npm',
      libraryPath: '/tmp/al2023/lib',
      fontConfigFile: '/tmp/fonts.conf',
    });
  });

  it('explains which setting to use when there is no browser at all', async () => {
    const none = () => locateChromium({}, { candidates: ['/nowhere/a'], npmChromium: noNpm });
    await expect(none()).rejects.toThrow(ChromiumNotFoundError);
    await expect(none()).rejects.toThrow(/set CHROMIUM_PATH/);
    await expect(none()).rejects.toThrow(/looked in \/nowhere\/a, and for @sparticuz\/chromium/);
    // An unpacked file that is not executable counts as none.
    await expect(
      locateChromium(
        {},
        { candidates: [], npmChromium: async () => ({ executablePath: '/nowhere/chromium' }) },
      ),
    ).rejects.toThrow(/set CHROMIUM_PATH/);
  });

  it('says so when the npm package is there but cannot be unpacked', async () => {
    const broken = async () => {
      throw new Error('ENOSPC: no space left on device');
    };
    await expect(locateChromium({}, { candidates: [], npmChromium: broken })).rejects.toThrow(
      /@sparticuz\/chromium could not be unpacked \(ENOSPC: no space left on device\).*set CHROMIUM_PATH/,
    );
  });
});

describe('starting the browser found', () => {
  it('gives the npm build its libraries first on the library path and its fonts, and leaves other browsers’ environment alone', () => {
    const npm = launchOptions({
      executablePath: '/tmp/chromium',
      source: 'npm',
      libraryPath: '/tmp/al2023/lib',
      fontConfigFile: '/tmp/f.conf',
    });
    expect(npm.executablePath).toBe('/tmp/chromium');
    expect('env' in npm && npm.env?.LD_LIBRARY_PATH?.split(':')[0]).toBe('/tmp/al2023/lib');
    expect('env' in npm && npm.env?.FONTCONFIG_FILE).toBe('/tmp/f.conf');
    expect('env' in npm && npm.env?.PATH).toBe(process.env.PATH);
    expect(npm.args).toContain('--disable-background-networking');
    const system = launchOptions({ executablePath: '/usr/bin/chromium', source: 'system' });
    expect('env' in system).toBe(false);
  });

  it('lets the npm build see the system’s fonts when there are any, and the package’s Open Sans always', () => {
    const conf = fontConfig('/tmp/a&b/fonts', '/tmp/cache');
    expect(conf).toContain('<include ignore_missing="yes">/etc/fonts/fonts.conf</include>');
    expect(conf).toContain('<dir>/tmp/a&amp;b/fonts</dir>');
    expect(conf).toContain('<cachedir>/tmp/cache</cachedir>');
  });
});
