import { decideAll, VerificationInvalid, verificationDecider, type Problem, type VerificationCommand, type VerificationState } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../common/auth/principal';
import { APPLICATION_MEMBERSHIP, memberOf, type ApplicationMembership } from '../ports/application-membership.port';
import type { CompanyRow } from '../../identity';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../ports/identity-provider.port';
import type { Payment } from '@credence/domain';
import type { CustomerActor } from './actors';
import type { UnappendedBlobs } from './document-intake';
import { InstituteLookup } from './institute-lookup';
import { ResolveLinks } from './resolve-links';
import { dedupe, type SubmissionEntry, type SubmissionRequest, type SubmissionResult } from './submission-entry';
import { SubmissionPricing } from './submission-pricing';
import { commandContext, VerificationWriter } from './verification-writer';
import type { VerificationCommandResult } from './verification-stream';

/**
 * Saves or submits the entries of one request (verifications.md 2.2, 2.9, 7): every stream's commands are tried on
 * its state first, so one invalid entry (or an application that would not be complete) writes and charges nothing;
 * then the unpaid ones are paid in one call that answers the payment's facts, and each stream is decided once,
 * payment and routing included, and appended on the revision it was read at (a concurrent change answers 409).
 * Jobs and mails follow from the events (VerificationJobsReactor), not from here.
 */
@Injectable()
export class SubmissionCheckout {
  constructor(
    private readonly writer: VerificationWriter,
    private readonly pricing: SubmissionPricing,
    private readonly institutes: InstituteLookup,
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    @Inject(APPLICATION_MEMBERSHIP) private readonly applications: ApplicationMembership,
    private readonly resolveLinks: ResolveLinks,
  ) {}

  async checkout(
    principal: Principal,
    company: CompanyRow,
    actor: CustomerActor,
    entries: SubmissionEntry[],
    request: SubmissionRequest,
    unappended: UnappendedBlobs,
  ): Promise<SubmissionResult> {
    const application = request.application ?? (request.draftApplicationId ? await this.applications.openOrNull(principal, request.draftApplicationId) : null);
    request = { ...request, application };
    const { submit, now } = request;
    if (submit) await this.addSubmit(principal, company, actor, entries, request);
    const states = await this.tryAll(entries, request);

    let invoiceId: string | null = null;
    let paymentDue = false;
    const ctx = commandContext(principal);
    const commandIdOf = (p: SubmissionEntry) => `${ctx.commandId}/${p.id}`;
    const toPay = submit ? entries.filter((p) => states.get(p.id)!.result === 'UNPAID') : [];
    if (toPay.length) {
      const outcome = await this.pricing.pay(principal, toPay, request.creditPurchase, application);
      if (outcome.status === 'PAID') {
        invoiceId = outcome.invoiceId;
        for (const p of toPay) {
          const resolveKeyHash = await this.resolveLinks.hashFor(p.id, commandIdOf(p));
          p.commands.push(...(await this.paid(actor, p, states.get(p.id)!, outcome.payments[p.id], resolveKeyHash)));
        }
      } else paymentDue = true;
    }

    const appended: VerificationCommandResult[] = [];
    for (const p of entries) {
      appended.push(
        await this.writer.append(p.id, p.commands, { ...ctx, commandId: commandIdOf(p) }, {
          expectedRevision: p.loaded.revision,
          now: new Date(now),
          unappended,
          before: p.loaded.state,
        }),
      );
    }
    await this.writer.settle(appended.map((a) => a.position).filter((p) => p !== null).pop() ?? null);
    if (application) await this.applications.include(principal, application.id, appended.map((a) => memberOf(a.state)), submit);
    return { ids: entries.map((p) => p.id), invoiceId, paymentDue };
  }

  private async addSubmit(principal: Principal, company: CompanyRow, actor: CustomerActor, entries: SubmissionEntry[], request: SubmissionRequest) {
    const quotes = await this.pricing.quote(principal, entries, request.application);
    for (const p of entries) {
      p.commands.push({
        type: 'SubmitVerification',
        actor,
        consent: p.consent,
        institute: p.institute,
        refRequired: company.refRequired && !p.draft.applicationId,
        refLabel: company.refLabel,
        refDataOptions: p.institute ? await this.institutes.refDataOptions(p.institute) : undefined,
        today: request.now.slice(0, 10),
        price: quotes[p.id],
      });
    }
  }

  /** Each entry's commands on its state, appending nothing: the problems of all of them, or the states they lead to. */
  private async tryAll(entries: SubmissionEntry[], request: SubmissionRequest): Promise<Map<string, VerificationState>> {
    const problems: Problem[] = [];
    const states = new Map<string, VerificationState>();
    for (const p of entries) {
      try {
        states.set(p.id, decideAll(verificationDecider, p.commands, p.loaded.state, request.now).state);
      } catch (e) {
        if (!(e instanceof VerificationInvalid)) throw e;
        problems.push(...e.problems);
      }
    }
    if (request.submit && request.application && !problems.length) {
      // The application closes with this submission: it must be complete before anything is paid or written.
      problems.push(...(await this.applications.problemsWith(request.application, [...states.values()].map(memberOf))));
    }
    if (problems.length) throw new VerificationInvalid(dedupe(problems));
    return states;
  }

  /** A paid entry records its payment's facts and goes where its institute checks it. */
  private async paid(actor: CustomerActor, p: SubmissionEntry, submitted: VerificationState, payment: Payment, resolveKeyHash: string): Promise<VerificationCommand[]> {
    const isIdentity = submitted.institute?.type === 'IDENTITY';
    return [
      { type: 'RecordPayment', actor, payment, accreditationSupported: p.institute?.accreditationPrice != null },
      {
        type: 'RouteForChecking',
        actor,
        holdsRecords: await this.institutes.holdsRecords(submitted.institute?.id),
        checkId: randomUUID(),
        resolveKeyHash,
        identity: isIdentity ? { supplierUrl: this.identity.captureUrl(p.id), thirdPartyActionUrl: this.identity.captureUrl(p.id) } : null,
      },
    ];
  }
}
