import type { OrderQuoteView } from '@credence/api-contract';
import { DomainError, fromMinor } from '@credence/domain';
import { orderLineName, type DirectoryInstitute } from '../ports/institute-directory.port';
import type { OrderPreview, PaymentItem } from '../ports/verification-payments.port';
import type { QuoteItemDto } from '../dto/submission.dto';

/** The payment item of a line to quote: catalogue prices, the accreditation only when chosen and supported. */
export function quoteItem(item: QuoteItemDto, index: number, institute: DirectoryInstitute): PaymentItem {
  return {
    verificationId: item.id || `line-${index + 1}`,
    candidateName: item.candidateName?.trim() ?? '',
    instituteId: institute.id,
    instituteName: orderLineName(institute),
    price: institute.price,
    surcharge: institute.surcharge,
    accreditationPrice: item.accreditation && institute.accreditationPrice != null ? institute.accreditationPrice : null,
  };
}

export function checkQuoteSize(items: readonly unknown[]) {
  if (items.length === 0) throw new DomainError('invalid', 'An order needs at least one verification.');
  if (items.length > 100) throw new DomainError('invalid', 'An order has at most 100 verifications.');
}

/** The order review (money 2.9) in major units: 'Your Order' rows, Sub total, Plus VAT, Less current credit, Total. */
export function presentQuote(preview: OrderPreview): OrderQuoteView {
  switch (preview.unit) {
    case 'none':
      return { unit: 'none' as const };
    case 'credits':
      return {
        unit: 'credits' as const,
        lines: preview.lines.map((l) => ({
          id: l.verificationId,
          candidateName: l.candidateName,
          instituteName: l.instituteName,
          credits: l.checkCredits + l.accreditationCredits,
          accreditationCredits: l.accreditationCredits,
        })),
        totalCredits: preview.totalCredits,
        balance: preview.balance,
      };
    case 'money':
      return {
        unit: 'money' as const,
        currency: preview.currency,
        paymentType: preview.paymentType,
        vatRatePercent: preview.vatRatePercent,
        lines: preview.lines.map((l) => ({
          id: l.verificationId,
          candidateName: l.candidateName,
          instituteName: l.instituteName,
          fee: fromMinor(l.feeMinor),
          originalFee: l.originalFeeMinor === null ? null : fromMinor(l.originalFeeMinor),
          surcharge: fromMinor(l.surchargeMinor),
          accreditation: fromMinor(l.accreditationMinor),
          total: fromMinor(l.totalMinor),
        })),
        subTotal: fromMinor(preview.subtotalMinor),
        vat: fromMinor(preview.vatMinor),
        currentCredit: fromMinor(preview.creditAvailableMinor),
        creditUsed: fromMinor(preview.creditUsedMinor),
        extraCredit: fromMinor(preview.extraCreditMinor),
        /** What the card is charged, or the account invoiced: the verifications due plus any extra credit. */
        total: fromMinor(preview.chargeMinor),
      };
    default: {
      const never: never = preview;
      throw new Error(`unknown order preview ${JSON.stringify(never)}`);
    }
  }
}
