import { AddApplicationDocumentHandler, RemoveApplicationDocumentHandler } from './application-documents.handler';
import { SaveApplicationDetailsHandler, SelectApplicationVerificationsHandler } from './application-details.handler';
import { ArchiveApplicationHandler, SubmitApplicationHandler } from './application-status.handler';

export * from './application-documents.handler';
export * from './application-details.handler';
export * from './application-status.handler';

/** The application write path's @CommandHandler classes, for the module's providers. */
export const APPLICATION_COMMAND_HANDLERS = [
  SubmitApplicationHandler,
  ArchiveApplicationHandler,
  SaveApplicationDetailsHandler,
  SelectApplicationVerificationsHandler,
  AddApplicationDocumentHandler,
  RemoveApplicationDocumentHandler,
];
