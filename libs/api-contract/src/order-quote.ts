/** One verification of the order review (money 2.9), in the account's currency (major units). */
export interface OrderQuoteMoneyLine {
  /** The id the caller gave the line (or line-1, line-2...). */
  id: string;
  candidateName: string;
  instituteName: string;
  fee: number;
  /** The fee before the account's discount, shown struck through; null without a discount. */
  originalFee: number | null;
  surcharge: number;
  /** 0 when the accreditation check was not chosen. */
  accreditation: number;
  /** Fee + surcharge + accreditation, before VAT. */
  total: number;
}

export interface OrderQuoteCreditLine {
  id: string;
  candidateName: string;
  instituteName: string;
  /** The check's credit plus the accreditation's. */
  credits: number;
  accreditationCredits: number;
}

/**
 * POST /verification/quote: the order review's figures before submitting. 'none' when the caller does not pay
 * (an applicant whose application's owner pays, an account that does not order).
 */
export type OrderQuoteView =
  | { unit: 'none' }
  | { unit: 'credits'; lines: OrderQuoteCreditLine[]; totalCredits: number; balance: number }
  | {
      unit: 'money';
      currency: string;
      paymentType: string;
      vatRatePercent: number;
      lines: OrderQuoteMoneyLine[];
      subTotal: number;
      vat: number;
      /** The current credit available. */
      currentCredit: number;
      /** The part of it used towards this order (none when extra credit is bought). */
      creditUsed: number;
      extraCredit: number;
      /** What the card is charged, or the account invoiced: the verifications due plus any extra credit. */
      total: number;
    };
