import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The portal's typeface, so a certificate reads like the product wherever it is rendered. */
export const DOCUMENT_FONT = 'Inter';

/** Latin (with the accents of Polish, Czech, Turkish... names), Cyrillic and Greek; other scripts fall back to the system's fonts. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'];
const WEIGHTS = [400, 600, 700];

/**
 * @font-face rules for Inter with every file inlined as a data: URL (woff2), so the documents look the same on any
 * machine (a bare one has no fonts at all) and still make no request. The unicode ranges are the package's own:
 * Chromium decodes only the subsets a document uses. Built once per process (~300 kB of CSS).
 */
export function embeddedFontCss(): string {
  cached ??= build();
  return cached;
}

let cached: string | undefined;

/** The id of the <style> element that carries the embedded fonts in every document (the renderer keeps it per page). */
export const FONT_STYLE_ID = 'credence-fonts';

/** embeddedFontCss() as its own <style> element: the renderer recognises it and parses it once per pooled page. */
export function embeddedFontStyle(): string {
  cachedStyle ??= `<style id="${FONT_STYLE_ID}">${embeddedFontCss()}</style>`;
  return cachedStyle;
}

let cachedStyle: string | undefined;

function build(): string {
  const dir = dirname(require.resolve('@fontsource/inter'));
  const rules: string[] = [];
  for (const weight of WEIGHTS) {
    const css = readFileSync(join(dir, `${weight}.css`), 'utf8');
    for (const subset of SUBSETS) {
      const file = `inter-${subset}-${weight}-normal.woff2`;
      const rule = new RegExp(
        `/\\* inter-${subset}-${weight}-normal \\*/\\s*@font-face \\{[^}]*unicode-range: ([^;]+);`,
      ).exec(css);
      if (!rule) throw new Error(`@fontsource/inter ${weight}.css has no ${subset} face`);
      const data = readFileSync(join(dir, 'files', file)).toString('base64');
      rules.push(
        `@font-face{font-family:'${DOCUMENT_FONT}';font-style:normal;font-weight:${weight};` +
          `src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${rule[1]};}`,
      );
    }
  }
  return rules.join('\n');
}
