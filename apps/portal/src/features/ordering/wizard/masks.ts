/**
 * The dynamic fields' masks (verifications 2.5): DATE as DD/MM/YYYY with the day's first digit 0-3, the month's
 * 0-1 and the year's 1-2; INTEGER as 4 digits. What cannot fit the mask is dropped as it is typed.
 */
export function maskDate(raw: string): string {
  const limits: Record<number, RegExp> = { 0: /[0-3]/, 2: /[01]/, 4: /[12]/ };
  const digits: string[] = [];
  for (const ch of raw.replace(/\D/g, '')) {
    if (digits.length >= 8) break;
    const rule = limits[digits.length];
    if (rule && !rule.test(ch)) continue;
    digits.push(ch);
  }
  const d = digits.join('');
  if (d.length <= 2) return d.length === 2 && raw.length > 2 ? `${d}/` : d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

export const maskInteger = (raw: string) => raw.replace(/\D/g, '').slice(0, 4);

export const DATE_HELP = 'Please ensure you use DD/MM/YYYY format.';
