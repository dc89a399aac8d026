import { DOCUMENT_FONT, embeddedFontStyle } from './fonts';
import { html, trustedMarkup, type SafeHtml } from './html';

/** The product's mark, drawn inline so the document needs no image request. */
export const PRODUCT_LOGO = trustedMarkup(
  `<svg class="logo" viewBox="0 0 180 40" width="150" height="34" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Credence">` +
    `<rect x="0" y="4" width="32" height="32" rx="7" fill="#1f4e79"/>` +
    `<path d="M10 21l5 5 9-11" stroke="#fff" stroke-width="3.2" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text x="40" y="28" font-family="${DOCUMENT_FONT}, sans-serif" font-size="21" font-weight="700" fill="#1f4e79">Credence</text></svg>`,
);

/** The provider's own company details, printed at the head of invoices and receipts (money 2.14): the one block the
 * portal's invoice view prints too (libs/domain). */
export { INVOICE_PROVIDER as PROVIDER } from '@credence/domain';

/**
 * Text is set in the embedded Inter (fonts.ts), never in a system font: the same letters on every machine, a bare
 * one included. The system's fonts are only the fallback for scripts Inter's embedded subsets do not cover.
 */
const BASE_CSS = `
@page { size: A4; margin: 16mm 15mm 18mm 15mm; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: '${DOCUMENT_FONT}', sans-serif; font-size: 10pt; color: #1d2733; line-height: 1.35; }
h1 { font-size: 17pt; margin: 0; color: #1f4e79; }
h2 { font-size: 11pt; margin: 14px 0 6px; color: #1f4e79; border-bottom: 1px solid #c9d6e3; padding-bottom: 3px; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: 4px 6px; overflow-wrap: anywhere; }
/* A table that runs onto the next page repeats its header there, and never splits a row. */
thead { display: table-header-group; }
tr { break-inside: avoid; }
.kv th { width: 38%; color: #4a5a6a; font-weight: 600; }
.kv tr:nth-child(even) td, .kv tr:nth-child(even) th { background: #f4f7fa; }
.grid th { background: #1f4e79; color: #fff; font-weight: 600; }
.grid td { border-bottom: 1px solid #dde5ed; }
.num { text-align: right; white-space: nowrap; }
.muted { color: #5b6b7b; font-size: 8.5pt; }
.head { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px; border-bottom: 3px solid #1f4e79; padding-bottom: 10px; margin-bottom: 12px; }
.brand { text-align: right; font-size: 8.5pt; color: #4a5a6a; }
.brand img { max-height: 40px; max-width: 160px; display: block; margin: 2px 0 6px auto; }
.mono { font-family: '${DOCUMENT_FONT}', sans-serif; font-variant-numeric: tabular-nums; font-size: 8pt; word-break: break-all; }
.keep { break-inside: avoid; }
`;

export function documentShell(title: string, css: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">
${trustedMarkup(embeddedFontStyle())}<style>${trustedMarkup(BASE_CSS + css)}</style></head>
<body>${body}</body></html>`.value;
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** A day (yyyy-MM-dd) as '18 Nov 2026'; a timestamp as dateTime. */
export const dayOrDateTime = (value: string | null | undefined) =>
  !value ? '' : /^\d{4}-\d{2}-\d{2}$/.test(value) ? SHORT_DATE.format(new Date(`${value}T00:00:00Z`)) : dateTime(value);
export const longDate = (value: string | Date | null | undefined) => (value ? DATE.format(new Date(value)) : '');
export const dateTime = (value: string | Date | null | undefined) => (value ? `${DATE_TIME.format(new Date(value))} UTC` : '');
