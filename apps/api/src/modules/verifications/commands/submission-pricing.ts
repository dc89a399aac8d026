import { fromMinor, schemePrice, type ApplicationState, type Price } from '@credence/domain';
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import type { CreditPurchaseDto } from '../dto/submission.dto';
import { VERIFICATION_PAYMENTS, type PaymentItem, type PaymentOutcome, type VerificationPayments } from '../ports/verification-payments.port';
import { ownerPaysFor, toCreditPurchase, type SubmissionEntry } from './submission-entry';

/** The order line of an entry: what it costs before VAT and discounts, as the money area prices it. */
export function paymentItem(p: SubmissionEntry): PaymentItem {
  return {
    verificationId: p.id,
    candidateName: `${p.draft.person.firstname} ${p.draft.person.surname}`.trim(),
    instituteId: p.institute?.id ?? null,
    instituteName: p.institute?.name ?? '',
    // An application's scheme price is the whole price of the check (the owner's agreed price per position),
    // so no institute surcharge is added on top of it.
    price: p.schemePrice ?? p.institute?.price ?? 0,
    surcharge: p.schemePrice != null ? 0 : (p.institute?.surcharge ?? 0),
    accreditationPrice: p.draft.accreditationRequested && p.institute?.accreditationPrice != null ? p.institute.accreditationPrice : null,
  };
}

/**
 * A submission's money, through the payments port: what each verification costs this caller (recorded in its
 * VerificationSubmitted), and paying for those still unpaid in one call that answers the payment's facts.
 */
@Injectable()
export class SubmissionPricing {
  constructor(@Inject(VERIFICATION_PAYMENTS) private readonly payments: VerificationPayments) {}

  async quote(principal: Principal, entries: SubmissionEntry[], application: ApplicationState | null | undefined): Promise<Record<string, Price>> {
    // Inside an application with a pricing scheme, each verification is priced by its position in it.
    if (application?.template.pricingScheme) {
      entries.forEach((p, i) => {
        const where = { instituteId: p.institute?.id ?? null, regionId: p.institute?.countryId ?? null };
        const minor = schemePrice(application.template.pricingScheme, where, application.verificationIds.length + i);
        p.schemePrice = minor === null ? null : fromMinor(minor);
      });
    }
    return this.payments.quote(principal, entries.map(paymentItem), ownerPaysFor(application));
  }

  /**
   * One order for the entries to pay. The same requests at the same revisions with the same card token are the same
   * order: a retry is never charged twice, while a new card token after a declined one is a new attempt.
   */
  pay(principal: Principal, toPay: SubmissionEntry[], creditPurchase: CreditPurchaseDto | undefined, application: ApplicationState | null | undefined): Promise<PaymentOutcome> {
    return this.payments.pay({
      principal,
      items: toPay.map(paymentItem),
      creditPurchase: creditPurchase ? toCreditPurchase(creditPurchase) : null,
      applicationOwnerPays: ownerPaysFor(application),
      idempotencyKey: `verifications/${createHash('sha256')
        .update(toPay.map((p) => `${p.id}@${p.loaded.revision.toString()}`).join(','))
        .update(`|${creditPurchase?.btNonce ?? ''}|${creditPurchase?.amount ?? 0}`)
        .digest('hex')}`,
    });
  }
}
