/**
 * Jobs run side effects (mail, PDFs, automatic checks) outside requests. Queue names and payload types come
 * from this one map; every job is keyed by the id of the event that caused it, so enqueueing twice or running
 * twice has one effect.
 */
export interface JobPayloads {
  /** Used by the contract tests and the health check. */
  'system.echo': { message: string };
  /** Deliver one outbox mail over SMTP (only when SMTP_URL is set). */
  'mail.deliver': { mailId: string };
  /** Check a verification against its institute's records (keyed by the check id of AutomaticCheckStarted). */
  'verification.auto-check': { verificationId: string; checkId: string };
  /** Ask the identity provider for its verdict (keyed by check id and poll number). */
  'verification.identity-check': {
    verificationId: string;
    checkId: string;
    supplierId: string;
    poll: number;
  };
  /** Progress mails and the resolve link for one event (keyed by the event id). The raw link key travels here only. */
  'verification.notify': { verificationId: string; eventId: string; eventType: string; resolveKey?: string };
  /** An application takes stock of its verifications after one changed (keyed by the causing event and application). */
  'application.reconcile': { applicationId: string };
  /** Mails the applicant about their application (keyed by the event id). */
  'application.notify': { applicationId: string; eventId: string; eventType: string };
  /** Mails a private share's invitee the link to register (or sign in) and see it (keyed by the event id). */
  'share.notify': { shareId: string; eventId: string };
  /**
   * Renders and issues one certificate of a bulk download (keyed by verification id, stream revision and options,
   * so a repeat finds the certificate issued and renders nothing). The revision is a decimal string.
   */
  'certificate.render': {
    verificationId: string;
    revision: string;
    ignoreNotes: boolean;
    issuedByCompanyId: string;
  };
}

export type QueueName = keyof JobPayloads;

export interface Job<Q extends QueueName = QueueName> {
  queue: Q;
  /** Idempotency key: the causing event id (or another stable key). Enqueueing an existing key is a no-op. */
  key: string;
  payload: JobPayloads[Q];
  attempt: number;
}

export interface EnqueueOptions {
  /** Attempts before the job is moved to the failed (dead-letter) list. Default 5. */
  attempts?: number;
  /** First retry delay in ms, doubled on each retry. Default 1000. */
  backoffMs?: number;
  delayMs?: number;
}

export interface FailedJob {
  queue: QueueName;
  key: string;
  payload: unknown;
  attempts: number;
  error: string;
  failedAt: Date;
}

export type JobHandler<Q extends QueueName> = (job: Job<Q>) => Promise<void>;

export interface JobQueue {
  init(): Promise<void>;
  enqueue<Q extends QueueName>(
    queue: Q,
    key: string,
    payload: JobPayloads[Q],
    options?: EnqueueOptions,
  ): Promise<void>;
  /** Starts a worker for one queue. */
  work<Q extends QueueName>(
    queue: Q,
    handler: JobHandler<Q>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /** The dead-letter list: jobs that used up their attempts, newest first. */
  failed(options?: { queue?: QueueName; limit?: number }): Promise<FailedJob[]>;
  /**
   * Takes a job off the dead-letter list and runs it once more (one further attempt; failing again puts it back).
   * False when no job of that queue and key is on the list.
   */
  retry(queue: QueueName, key: string): Promise<boolean>;
  /** Jobs waiting or running per queue, for metrics and the console. */
  depth(): Promise<Record<string, number>>;
  /** Stops taking jobs, lets running ones finish, closes connections. */
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
