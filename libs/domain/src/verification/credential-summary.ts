import { CURRENT_STUDENT_GRAD_YEAR } from './verification.validation';

/** The fields naming what was verified: a degree's qualification and course ('BA (Hons) History'), else a job, else a school. */
const WHAT_KEYS = [['qualification', 'course'], ['jobTitle'], ['schoolName']] as const;
/** The fields dating it: a graduation year, else the year of an award, an issue, a test or a job's end. */
const WHEN_KEYS = ['awardDate', 'issueDate', 'testDate', 'endDate'] as const;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function yearOf(v: unknown): string | null {
  const s = typeof v === 'number' ? String(v) : text(v);
  const m = s ? /^(\d{4})/.exec(s) : null;
  return m ? m[1] : null;
}

/**
 * What a verification is of, in a few words, from the details its requester gave: 'BA (Hons) History, 2012',
 * 'Computer Science, 2017', 'Payroll Clerk, 2021', 'Current student'. The wallet and a share list their entries by institute, and two degrees
 * from one university read the same without it (the spec is silent; this is what a reader of a wallet expects).
 * Null when the details name nothing of the kind (an identity document, an English test without a date).
 */
export function credentialSummary(
  fields: Readonly<Record<string, unknown>> | null | undefined,
): string | null {
  if (!fields) return null;
  const what =
    WHAT_KEYS.map((keys) =>
      keys
        .map((k) => text(fields[k]))
        .filter((v) => v !== null)
        .join(' '),
    ).find((v) => v !== '') ?? null;
  const grad = fields.gradYear;
  const when =
    Number(grad) === CURRENT_STUDENT_GRAD_YEAR
      ? 'Current student'
      : (yearOf(grad) ?? WHEN_KEYS.map((k) => yearOf(fields[k])).find((v) => v !== null) ?? null);
  const parts = [what, when].filter((v): v is string => v !== null);
  return parts.length ? parts.join(', ') : null;
}
