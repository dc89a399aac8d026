import { RESULTS, resultLabel as domainResultLabel, VERIFICATION_TYPES, type Stage } from '@credence/domain';
import type { Tone } from '@/shared/StatusChip';

const TONES: Record<string, Tone> = {
  PENDING: 'info',
  VERIFIED: 'success',
  NOT_VERIFIED: 'error',
  REJECTED: 'warning',
  NOT_FOUND: 'warning',
  UNABLE: 'warning',
};

/**
 * A result as the console shows it: the history label of verifications.md 4 (from libs/domain, like the portal),
 * with the raw result kept for staff where two results share a label.
 */
export function resultLabel(result: string | null | undefined): { name: string; tone: Tone } {
  if (!result) return { name: '', tone: 'default' };
  return { name: domainResultLabel(result, 'history'), tone: result.startsWith('RESOLVE') ? 'info' : (TONES[result] ?? 'default') };
}

/** 'NOT_FOUND' as words, 'not found', to tell apart two results that share a label. */
const codeInWords = (code: string) => code.toLowerCase().replace(/_/g, ' ');

/**
 * The Result filter's choices (2.10). Staff filter by the raw result, so a shared label says which one in words:
 * 'Action required: not found', 'Incomplete: unpaid'.
 */
export const RESULT_CHOICES = RESULTS.map((id) => {
  const name = domainResultLabel(id, 'history');
  const shared = RESULTS.filter((o) => domainResultLabel(o, 'history') === name).length > 1;
  return { id, name: shared ? `${name.charAt(0)}${name.slice(1).toLowerCase()}: ${codeInWords(id)}` : name };
});

/** access.md 3.3, from libs/domain: the types that have a short code (what allowedTypes lists). */
export const TYPES = VERIFICATION_TYPES.flatMap((t) => (t.code ? [{ id: t.code, alias: t.alias, name: t.name }] : []));

export const typeName = (codeOrAlias: string | null | undefined) =>
  VERIFICATION_TYPES.find((t) => t.code === codeOrAlias || t.alias === codeOrAlias)?.name ?? codeOrAlias ?? '';

/** For staff, where two results share a label: 'Action required: not found'. */
export const staffResultName = (result: string) => RESULT_CHOICES.find((c) => c.id === result)?.name ?? resultLabel(result).name;

const STAGES: Record<Stage, string> = {
  DRAFT: 'Draft',
  AWAITING_PAYMENT: 'Awaiting payment',
  AUTOMATIC_CHECK: 'Automatic check',
  MANUAL_CHECK: 'Manual check',
  IDENTITY_CAPTURE: 'Identity capture',
  IDENTITY_CHECK: 'Identity check',
  ACTION_REQUIRED: 'Action required',
  CLOSED: 'Closed',
};

/** A verification's stage (libs/domain Stage) in words; a stage this console does not know yet, in words all the same. */
export const stageName = (stage: string) =>
  STAGES[stage as Stage] ?? codeInWords(stage).replace(/^./, (c) => c.toUpperCase());
