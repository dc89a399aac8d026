import { fromMinor, schemePrice, type ApplicationState, type Price } from '@credence/domain';
import { orderLineName, type DirectoryInstitute } from '../ports/institute-directory.port';
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import type { CreditPurchaseDto } from '../dto/submission.dto';
import { VERIFICATION_PAYMENTS, type OrderPreview, type PaymentItem, type PaymentOutcome, type VerificationPayments } from '../ports/verification-payments.port';
import { ownerPaysFor, toCreditPurchase, type SubmissionEntry } from './submission-entry';

/** The order line of an entry: what it costs before VAT and discounts, as the money area prices it. */
export function paymentItem(p: SubmissionEntry): PaymentItem {
  return {
    verificationId: p.id,
    candidateName: `${p.draft.person.firstname} ${p.draft.person.surname}`.trim(),
    instituteId: p.institute?.id ?? null,
    instituteName: p.institute ? orderLineName(p.institute) : '',
    // An application's scheme price is the whole price of the check (the owner's agreed price per position),
    // so no institute surcharge is added on top of it.
    price: p.schemePrice ?? p.institute?.price ?? 0,
    surcharge: p.schemePrice != null ? 0 : (p.institute?.surcharge ?? 0),
    accreditationPrice: p.draft.accreditationRequested && p.institute?.accreditationPrice != null ? p.institute.accreditationPrice : null,
  };
}

/**
 * The application's price (its pricingScheme, money 2.6) of a check at this institute taking the position `offset`
 * after the verifications it already has; null outside an application or when its scheme does not price it.
 */
export function applicationPrice(application: ApplicationState | null | undefined, institute: DirectoryInstitute | null, offset: number): number | null {
  if (!application?.template.pricingScheme) return null;
  const where = { instituteId: institute?.id ?? null, regionId: institute?.countryId ?? null };
  const minor = schemePrice(application.template.pricingScheme, where, application.verificationIds.length + offset);
  return minor === null ? null : fromMinor(minor);
}

/** An order line priced by the application's scheme: the scheme's price is the whole price, no surcharge. */
export function withApplicationPrice(item: PaymentItem, price: number | null): PaymentItem {
  return price === null ? item : { ...item, price, surcharge: 0 };
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
    if (application?.template.pricingScheme) entries.forEach((p, i) => (p.schemePrice = applicationPrice(application, p.institute, i)));
    return this.payments.quote(principal, entries.map(paymentItem), ownerPaysFor(application));
  }

  /**
   * The order review's figures (POST /verification/quote) as the submission will charge them: inside an
   * application, its scheme's prices by position and nothing at all when the organisation pays.
   */
  preview(
    principal: Principal,
    lines: readonly { item: PaymentItem; institute: DirectoryInstitute }[],
    application: ApplicationState | null,
    extraCredit: number | null,
  ): Promise<OrderPreview> {
    const items = lines.map((l, i) => withApplicationPrice(l.item, applicationPrice(application, l.institute, i)));
    return this.payments.preview(principal, items, { extraCredit, applicationOwnerPays: ownerPaysFor(application) });
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
