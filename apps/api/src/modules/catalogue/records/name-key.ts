/**
 * The form of a name that record matching compares: accents, case, apostrophes and full stops do not count, and
 * hyphens and runs of spaces are one space ("O'Brien" = "obrien", "Jean-Luc" = "jean luc", "José" = "jose").
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .replace(/[\s\-‐–]+/g, ' ')
    .trim();
}

/** A value of a qualification field, compared loosely: case and spacing do not count. */
export const valueKey = (value: unknown): string => nameKey(String(value ?? ''));
