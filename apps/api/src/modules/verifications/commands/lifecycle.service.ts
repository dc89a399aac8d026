/**
 * The lifecycle's writes are command handlers now (commands/handlers); what is left here is the name the
 * rendering module still imports for `readerOf` (a read-side question, VerificationReaders). Drop this file
 * when rendering imports VerificationReaders.
 */
export { VerificationReaders as LifecycleService } from '../queries/verification-readers';
