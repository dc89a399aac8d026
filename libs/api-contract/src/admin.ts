/** Verification counts for the console's home, from the verifications area's read models. */
export interface VerificationFiguresView {
  /** False until the verifications area registers its read models. */
  available: boolean;
  /** The read model tables the figures came from, for the console's footnote. */
  source: string | null;
  byResult: { result: string; count: number }[];
  pendingByInstitute: { instituteId: string | null; instituteName: string | null; count: number }[];
}

/** One dead-lettered job as the console lists it (GET /admin/failed-jobs); `id` is `<queue>:<key>`. */
export interface FailedJobView {
  id: string;
  queue: string;
  key: string;
  payload: unknown;
  attempts: number;
  error: string;
  failedAt: string;
}

/** GET /admin/dashboard: the console's home, fetched again every 30 s while it is open. */
export interface AdminDashboardView {
  generatedAt: string;
  verifications: VerificationFiguresView;
  projections: {
    name: string;
    /** active: projecting in this process; standby: another process holds it; stopped; or 'not started'. */
    state: 'active' | 'standby' | 'stopped' | 'not started';
    lagMs: number;
    lastError: string | null;
    healthy: boolean;
    rebuilding: boolean;
  }[];
  /** Every dead-lettered job counted (up to 1,000), the 5 latest shown. */
  failedJobs: { total: number; recent: FailedJobView[] };
  /** Jobs waiting, by queue. */
  queues: Record<string, number>;
  accounts: {
    organisations: number;
    individuals: number;
    activeUsers: number;
    pendingUsers: number;
    disabledUsers: number;
  };
}

/** POST /admin/institutes/{id}/records/import (a CSV of the institute's records): what the import did, all or nothing. */
export interface RecordsImportView {
  importId: string;
  instituteId: string;
  /** append keeps the records already there; replace removes them first. */
  mode: 'append' | 'replace';
  imported: number;
  removed: number;
}

/**
 * POST /admin/refunds, a verification's charge given back by staff (Refund on an invoice's item in the console):
 * what went back as credit, and what goes back to the card.
 */
export interface VerificationRefundView {
  id: string;
  /** False when it had been refunded before (the call is idempotent per verification). */
  refunded: boolean;
  /** money or credits (token payers); null for an account that pays only by card or invoice. */
  unit: 'money' | 'credits' | null;
  toCredit: number | null;
  /** The card payment's share: PENDING until the provider answers, then refunded or failed. */
  toCard: { invoiceId: string; amountMinor: number; status: 'PENDING' | 'refunded' | 'failed' } | null;
  /** The account's available credit after it. */
  balance: number;
}
