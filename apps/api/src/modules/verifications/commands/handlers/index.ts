import { CancelVerificationHandler, DeleteVerificationHandler } from './close-verification.handler';
import { InitIdentityCaptureHandler } from './init-identity.handler';
import { AttachOutputDocumentByLinkHandler, AttachOutputDocumentHandler } from './output-documents.handler';
import { ResolveVerificationByLinkHandler, ResolveVerificationHandler } from './resolve-verification.handler';
import { SaveVerificationHandler } from './save-verification.handler';
import { AddVerificationCommentHandler, MarkVerificationUnableHandler, RecordVerificationAccreditationHandler } from './staff-actions.handler';
import { SubmitVerificationsHandler } from './submit-verifications.handler';
import { AttachVerificationDocumentHandler, RemoveVerificationDocumentHandler } from './verification-documents.handler';

export * from './close-verification.handler';
export * from './init-identity.handler';
export * from './output-documents.handler';
export * from './resolve-verification.handler';
export * from './save-verification.handler';
export * from './staff-actions.handler';
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
  ResolveVerificationHandler,
  ResolveVerificationByLinkHandler,
  AttachOutputDocumentHandler,
  AttachOutputDocumentByLinkHandler,
  MarkVerificationUnableHandler,
  RecordVerificationAccreditationHandler,
  AddVerificationCommentHandler,
  InitIdentityCaptureHandler,
];
