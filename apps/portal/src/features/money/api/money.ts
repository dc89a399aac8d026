import type {
  CreditHistoryRow,
  CreditInfo,
  CreditOrderResult,
  CreditPurchaseResult,
  InvoiceView,
  Page,
} from '@credence/api-contract';
import { downloadFile, type DownloadedFile } from '@/features/verifications/api/downloads';
import { api, type CallOptions } from '@/shared/api/client';

/** GET /credit/history?page&size (money 2.13, 7): the account's invoices or receipts, newest first. */
export function getCreditHistory(
  params: { page: number; size: number },
  options: CallOptions = {},
): Promise<Page<CreditHistoryRow>> {
  return api.get<Page<CreditHistoryRow>>('/credit/history', params, options);
}

/** GET /credit/history/{id} (money 2.14): one invoice; its page shows its own message when it fails. */
export function getInvoice(id: string, options: CallOptions = {}): Promise<InvoiceView> {
  return api.get<InvoiceView>(`/credit/history/${encodeURIComponent(id)}`, undefined, {
    ...options,
    silent: true,
  });
}

/** GET /credit/history/{id}/pdf: the invoice (or receipt) as a PDF, through the binary download of the session. */
export function downloadInvoicePdf(id: string): Promise<DownloadedFile> {
  return downloadFile(`/credit/history/${encodeURIComponent(id)}/pdf`, {}, `Invoice-${id}.pdf`);
}

/** POST /credit/order (money 2.12, 3 Credit order); failures show the spec's own message, not the client's. */
export interface CreditOrderRequest {
  name: string;
  email: string;
  org: string;
  department: string | null;
  toBuy: number;
}

export function orderCredits(order: CreditOrderRequest): Promise<CreditOrderResult> {
  return api.post<CreditOrderResult>('/credit/order', order, undefined, { silent: true });
}

/** POST /credit (money 2.11, 3 Credit purchase): amount, btNonce, btSaveCard; answers the total added and the invoice id. */
export interface CreditPurchaseRequest {
  amount: number;
  btNonce: string;
  btSaveCard: boolean;
  clientReference?: string;
}

/** A refused payment is told to the payment form (money 2.11, 8), not in a toast. */
export function buyCredit(purchase: CreditPurchaseRequest): Promise<CreditPurchaseResult> {
  return api.post<CreditPurchaseResult>('/credit', purchase, undefined, { silent: true });
}

/** GET /credit?includeBTToken=false: the balance, the currency and whether VAT is paid (money 7). */
export function getCreditInfo(options: CallOptions = {}): Promise<CreditInfo> {
  return api.get<CreditInfo>('/credit', { includeBTToken: false }, options);
}
