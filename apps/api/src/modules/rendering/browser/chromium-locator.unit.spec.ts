import { ChromiumNotFoundError, locateChromium } from './chromium-locator';

describe('finding the browser', () => {
  it('takes the configured path first', () => {
    expect(locateChromium({ executablePath: process.execPath, executablePathSetting: 'CHROMIUM_PATH' }, [])).toBe(process.execPath);
  });

  it('refuses a configured path that is not there, naming the setting', () => {
    expect(() => locateChromium({ executablePath: '/nowhere/chrome', executablePathSetting: 'PUPPETEER_EXECUTABLE_PATH' })).toThrow(
      /PUPPETEER_EXECUTABLE_PATH=\/nowhere\/chrome is not an executable file/,
    );
  });

  it('falls back to the system browser, else explains which setting to use', () => {
    expect(locateChromium({}, ['/nowhere/a', process.execPath])).toBe(process.execPath);
    expect(() => locateChromium({}, ['/nowhere/a'])).toThrow(ChromiumNotFoundError);
    expect(() => locateChromium({}, ['/nowhere/a'])).toThrow(/set CHROMIUM_PATH/);
  });
});
