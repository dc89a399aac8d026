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
