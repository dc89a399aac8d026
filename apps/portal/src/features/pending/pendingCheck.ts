import type { VerificationRow } from '@/features/verifications/api/verifications';

/**
 * The pending-verifications modal (verifications 2.15): after the history loads, the institutes of its PENDING
 * rows, each once, in the order they appear.
 */
export function pendingInstitutes(
  rows: readonly Pick<VerificationRow, 'result' | 'type' | 'fields' | 'instituteName' | 'instituteNames'>[],
): string[] {
  const names: string[] = [];
  for (const r of rows) {
    if (r.result !== 'PENDING') continue;
    // One name per institute: its other names (instituteNames) would read as more institutes in a sentence.
    const name =
      r.type === 'EMPLOYMENT'
        ? r.fields.employerName || r.instituteName
        : r.instituteName || r.instituteNames[0];
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** 'A, B and C'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export const PENDING_MODAL_TEXT = {
  title: 'Pending Verifications',
  body: (institutes: readonly string[]) =>
    `You currently have pending verifications at ${joinNames(institutes)}.`,
  reassurance:
    'Institutes and employers can take a while to respond, and you will be notified by email when a result is ready. We advise checking for updates every 48 hours.',
  acknowledge: 'I Understand',
} as const;

/**
 * The check-pending flag: set when the history is opened to look at pending verifications (the Result filter is
 * PENDING alone, as the dashboard's 'Verifications in Progress' link opens it) and cleared by 'I Understand' for
 * the institutes shown, for the rest of the browser session (access 3.1 keeps pendingInstitutesArray with the
 * session), so the same reassurance is not repeated on every visit.
 */
export function checkPendingFlag(results: readonly string[]): boolean {
  return results.length === 1 && results[0] === 'PENDING';
}

const STORAGE_KEY = 'credence.pendingInstitutesAcknowledged';

export function acknowledgedInstitutes(): string[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function acknowledgeInstitutes(names: readonly string[]) {
  try {
    const all = new Set([...acknowledgedInstitutes(), ...names]);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...all]));
  } catch {
    // storage unavailable (private mode): the modal may show again, nothing worse
  }
}
