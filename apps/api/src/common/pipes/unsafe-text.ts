/**
 * Text no request may carry: NUL and the other C0 controls except tab, line feed and carriage return (PostgreSQL
 * refuses NUL in text, and none of them is typed by a person), DEL, and lone UTF-16 surrogates (not Unicode text
 * at all; they reach the database as U+FFFD, so what was stored would not be what was sent).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isUnsafeText = (s: string): boolean => UNSAFE.test(s);

/** Nesting deeper than this is refused as well: no form of the product needs it, and walking it costs. */
export const MAX_DEPTH = 32;

/**
 * Where a value (a parsed JSON body, a query object, a form field) carries unsafe text, in a key or a string:
 * the path to it (for the error message, never the value), 'depth' when it nests too deep, or null when clean.
 */
export function findUnsafe(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path || 'value' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return 'depth';
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafe(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${safeName(key)}` : safeName(key);
    if (isUnsafeText(key)) return at;
    const found = findUnsafe(v, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A key as it may appear in a message: printable ASCII, at most 40 characters. */
const safeName = (key: string) => key.replace(/[^\x20-\x7E]/g, '?').slice(0, 40);

export const UNSAFE_TEXT_MESSAGE = 'The request contains characters that are not allowed.';
export const UNSAFE_TEXT_CODE = 'QC-INVALID-TEXT';
