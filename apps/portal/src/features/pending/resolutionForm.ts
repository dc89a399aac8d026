import { validateResolution, type ResolutionResult } from '@credence/domain';
import type { ResolutionInput } from '@/features/pending/api/pending';
import type { RuleErrors } from '@/shared/forms/rulesResolver';

/** The Resolution form (verifications 2.11). `result` is the button pressed: the rules depend on it. */
export interface ResolutionValues {
  approvedByName: string;
  approvedByTitle: string;
  abp: string;
  notes: string;
  result: ResolutionResult;
}

/** libs/domain's rules of a resolution, in the API's words, on the form's fields. */
export function resolutionFormErrors(v: ResolutionValues, staff: boolean): RuleErrors<ResolutionValues> {
  const errors: RuleErrors<ResolutionValues> = {};
  const problems = validateResolution(
    {
      result: v.result,
      notes: v.notes,
      approvedByName: v.approvedByName,
      approvedByTitle: v.approvedByTitle,
      approvalProcess: v.abp,
    },
    { staff },
  );
  for (const p of problems) {
    const field = p.field as keyof ResolutionValues;
    errors[field] ??= p.message;
  }
  return errors;
}

export function toResolutionInput(v: ResolutionValues, staff: boolean): ResolutionInput {
  return {
    result: v.result,
    notes: v.notes.trim() || null,
    approvedByName: v.approvedByName.trim(),
    approvedByTitle: v.approvedByTitle.trim(),
    ...(staff ? { abp: v.abp } : {}),
  };
}

/** The three answers (2.11), each with what it means to the enquirer. */
export const RESOLUTION_ACTIONS: readonly { result: ResolutionResult; label: string; meaning: string }[] = [
  {
    result: 'VERIFIED',
    label: 'Verified',
    meaning: 'Respond that the details, with any corrections and comments, are correct.',
  },
  {
    result: 'REJECTED',
    label: 'Reject',
    meaning:
      'Return the request to the enquirer to review and update it due to issues in the comments (e.g. invalid consent form).',
  },
  {
    result: 'NOT_VERIFIED',
    label: 'Not Verified',
    meaning: 'Details are incorrect and no corrections or comments can be made.',
  },
];

/** 2.11 and 8: the page's states and their words. */
export const RESOLVE_TEXT = {
  title: 'Thank you for taking the time to respond to this request.',
  oops: 'Oops!',
  oopsMessage:
    'Something went wrong loading this verification request. Please try again or report this error.',
  alreadyResolved: 'Already Resolved',
  alreadyResolvedMessage: 'This verification request has already been resolved. Please close this window.',
  done: 'Done!',
  doneMessage: 'Thank you for taking the time to respond to this request... You may now close this window.',
  toast: 'Verification resolved, thank you.',
} as const;
