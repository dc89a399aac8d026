import type { ApplicationState, DraftInput, Problem, VerificationCommand, VerificationState } from '@credence/domain';
import type { LoadedStream } from '../../../infrastructure/command-handling/handle-command';
import type { CreditPurchaseDto } from '../dto/submission.dto';
import type { DirectoryInstitute } from '../ports/institute-directory.port';
import type { CreditPurchase } from '../ports/verification-payments.port';

/** One verification of a submission: its stream as read, and the commands the request makes of it. */
export interface SubmissionEntry {
  id: string;
  loaded: LoadedStream<VerificationState>;
  institute: DirectoryInstitute | null;
  consent: boolean;
  commands: VerificationCommand[];
  /** The person and institute for the order lines. */
  draft: DraftInput;
  /** The application's price for this verification (its pricingScheme), when it has one. */
  schemePrice?: number | null;
}

export interface SubmissionResult {
  ids: string[];
  invoiceId: string | null;
  /** Whether payment is still due (a card payer without a card token). */
  paymentDue: boolean;
}

/** What a submission asks beyond its entries. */
export interface SubmissionRequest {
  /** Submit (and pay) the entries, or only save them. */
  submit: boolean;
  creditPurchase?: CreditPurchaseDto;
  /** The open application the entries go into, when they do. */
  application?: ApplicationState | null;
  /** A saved draft's application: the entries go into it if it is still open (the caller's own). */
  draftApplicationId?: string | null;
  now: string;
}

/**
 * Who pays inside an application: its template says (applicantPays false: the organisation). Outside one the
 * account decides as before (an applicant account registered through an owner that pays for its applicants).
 */
export const ownerPaysFor = (application: ApplicationState | null | undefined) => (application ? !application.template.applicantPays : undefined);

export const toCreditPurchase = (c: CreditPurchaseDto): CreditPurchase => ({ amount: c.amount ?? 0, btNonce: c.btNonce ?? null, btSaveCard: c.btSaveCard ?? false });

export function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
