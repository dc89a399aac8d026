// The verifications module's public face: what other modules (applications, rendering) may import. The Nest module
// last (see identity/index.ts).
export {
  VERIFICATION_LIST_TABLE,
  verificationProjectionDefinitions,
} from './projections/verification-tables';
export { BLOB_STORE, type BlobStore } from './ports/blob-store.port';
export { APPLICATION_MEMBERSHIP, memberOf, type ApplicationMembership } from './ports/application-membership.port';
export { REFERRAL_READERS, type ReferralReaders } from './ports/referral-readers.port';
export { bytesOfDataUrl, checkPdf, MAX_DOCUMENT_BYTES, tooLarge } from './commands/document-intake';
export { iso, presentListRow } from './http/verification.presenter';
export { VerificationMailer } from './mail/verification-mailer';
export { LifecycleService } from './commands/lifecycle.service';
export { SaveVerification } from './commands/handlers';
export { atUniDemo, CARD, DemoVerificationsSeeder, HELD, PDF, person } from './seed/demo-verifications.seeder';
