/** GET /credit: the balance (money in major units, or credits for token payers) and the unseen-invoice count. */
export interface CreditInfo {
  credit: number;
  /** The card form's client token (card payers, unless includeBTToken=false). */
  btToken: string | null;
  vatPayer: boolean;
  usesTokens: boolean;
  currency: string;
  currencySymbol: string;
  unseenInvoices: number;
}
