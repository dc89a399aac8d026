/**
 * The one way HTML is made on the server: a tagged template that escapes every interpolated value unless it is
 * already `SafeHtml` (made by this tag or by `trustedSvg` for markup the server generated itself, like QR codes).
 * Customer-entered text (names, notes, fields, addresses) can therefore never become markup.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"'`]/g, (c) => ESCAPES[c]);

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** Markup produced by our own code (the QR code's SVG, the product's logo): never customer input. */
export const trustedMarkup = (markup: string) => new SafeHtml(markup);

/**
 * An image as a data: URL, the only kind of URL a template may contain. Anything else (http, file, javascript)
 * is dropped, so a logo setting pointing elsewhere renders as no logo rather than as a request.
 */
export function imageDataUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]+$/.test(value) ? value : null;
}
