import { CancelVerificationHandler, DeleteVerificationHandler } from './close-verification.handler';
import { SaveVerificationHandler } from './save-verification.handler';
import { SubmitVerificationsHandler } from './submit-verifications.handler';
import { AttachVerificationDocumentHandler, RemoveVerificationDocumentHandler } from './verification-documents.handler';

export * from './close-verification.handler';
export * from './save-verification.handler';
export * from './submit-verifications.handler';
export * from './verification-documents.handler';

/** The verification write path's @CommandHandler classes, for the module's providers. */
export const VERIFICATION_COMMAND_HANDLERS = [
  SubmitVerificationsHandler,
  SaveVerificationHandler,
  AttachVerificationDocumentHandler,
  RemoveVerificationDocumentHandler,
  CancelVerificationHandler,
  DeleteVerificationHandler,
];
