export * from './verification.types';
export * from './verification.events';
export * from './verification.commands';
export * from './verification.rules';
export * from './verification.timeline';
export * from './result-labels';
export * from './document-requirements';
export { credentialSummary } from './credential-summary';
export {
  AUTOMATIC_RETRIES,
  evolve as evolveVerification,
  initialState as initialVerificationState,
  stageAfter,
  awaitsResolver,
  type VerificationState,
} from './verification.state';
export {
  customerCanSee,
  decide as decideVerification,
  ERRORS as VERIFICATION_ERRORS,
  instituteCanSee,
  VerificationInvalid,
  verificationDecider,
} from './verification.decide';
export {
  CURRENT_STUDENT_GRAD_YEAR,
  MESSAGES as VERIFICATION_MESSAGES,
  MINIMUM_AGE_YEARS,
  normaliseDate,
  validateCheckCounts,
  validateDocuments,
  validateDraft,
  validateInstituteFields,
  validatePerson,
  validateResolution,
  validateSubmission,
  APPROVAL_PROCESS_REQUIRED,
  RESOLUTION_COMMENT_REQUIRED,
  yearsBefore,
  YEAR_MINIMUM,
  type Problem,
  type SubmissionCheck,
} from './verification.validation';
export * from './wizard';
