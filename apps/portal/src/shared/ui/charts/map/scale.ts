/**
 * A threshold colour scale: breakpoints [b0, b1, ..., bn] (ascending) make n+1 classes, [b0, b1), ..., [bn, ∞);
 * a value below b0, or not a number, is in none and is left off the map (money-and-insights.md 9: 'Metric values
 * of -1 or non-numeric are left off the map').
 */
export function classOf(value: number | null | undefined, breakpoints: readonly number[]): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    breakpoints.length === 0 ||
    value < breakpoints[0]
  )
    return -1;
  let k = 0;
  while (k + 1 < breakpoints.length && value >= breakpoints[k + 1]) k += 1;
  return k;
}

/** Legend text per class: '0 to 0.1', '0.1 to 12', ..., '20 and over'. */
export function classLabels(
  breakpoints: readonly number[],
  format: (v: number) => string = String,
): string[] {
  return breakpoints.map((b, i) =>
    i + 1 < breakpoints.length ? `${format(b)} to ${format(breakpoints[i + 1])}` : `${format(b)} and over`,
  );
}

/**
 * The institutions maps' classes (money 9: 0/0.001/2000/6150). Their counts are whole numbers, so the classes hold
 * none, 1-1,999, 2,000-6,149 and more; the breakpoints' own labels read '0 to 0' and '0 to 2000'.
 */
export const INSTITUTE_BREAKPOINTS: readonly number[] = [0, 0.001, 2000, 6150];
export const INSTITUTE_LEGEND: readonly string[] = ['None', '1 to 1,999', '2,000 to 6,149', '6,150 and over'];

/** From good to bad (verification times, fraud): green through amber to red. */
export const GOOD_TO_BAD = ['#2e7d32', '#7cb342', '#fbc02d', '#f57c00', '#c62828', '#7f0000'] as const;
/** From few to many (volumes, institutions): pale teal to the brand navy. */
export const FEW_TO_MANY = ['#cdeee9', '#8fd3c8', '#3fa9a0', '#0f766e', '#1f3a7a', '#16264f'] as const;
export const NO_DATA = '#e4e7ec';

/** The colour of each class: the palette's first colours, as many as there are classes. */
export function paletteFor(classes: number, palette: readonly string[] = FEW_TO_MANY): string[] {
  if (classes <= palette.length) {
    // Spread the classes over the palette so two classes still span from its first to its last colour.
    if (classes <= 1) return [palette[palette.length - 1]];
    return Array.from(
      { length: classes },
      (_, i) => palette[Math.round((i * (palette.length - 1)) / (classes - 1))],
    );
  }
  return Array.from({ length: classes }, (_, i) => palette[Math.min(i, palette.length - 1)]);
}
