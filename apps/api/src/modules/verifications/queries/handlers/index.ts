import { CountVerificationsHandler, ListResolverVerificationsHandler, ListVerificationHistoryHandler, SummariseVerificationsHandler } from './verification-lists.handlers';
import {
  GetPendingVerificationHandler,
  GetVerificationByResolveKeyHandler,
  GetVerificationDocumentHandler,
  GetVerificationHandler,
  GetVerificationTimelineHandler,
} from './verification-record.handlers';
import { GetVerificationEventsHandler, ListVerificationsForStaffHandler } from './staff-verifications.handlers';

/** The verification read side's @QueryHandler classes, for the module's providers. */
export const VERIFICATION_QUERY_HANDLERS = [
  ListVerificationHistoryHandler,
  SummariseVerificationsHandler,
  CountVerificationsHandler,
  ListResolverVerificationsHandler,
  GetVerificationHandler,
  GetPendingVerificationHandler,
  GetVerificationTimelineHandler,
  GetVerificationByResolveKeyHandler,
  GetVerificationDocumentHandler,
  ListVerificationsForStaffHandler,
  GetVerificationEventsHandler,
];
