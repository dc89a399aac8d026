/**
 * PostgreSQL's answers that mean "this input is not a value of that type" (SQLSTATE class 22, data exception)
 * or "this value is too big to index" (54000): the request's fault, so 400, never 500. Everything else from the
 * database (lost connection, deadlock, constraint the code should have checked) stays a 500.
 */
const MESSAGES: Record<string, string> = {
  '22001': 'A value is too long.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time is not valid.',
  '22008': 'A date or time is out of range.',
  '22021': 'The request contains characters that are not allowed.',
  '22P02': 'A value is not valid.',
  '22P05': 'The request contains characters that are not allowed.',
  '22023': 'A value is not valid.',
  '2201B': 'A search pattern is not valid.',
  '22025': 'A search pattern is not valid.',
  '54000': 'A value is too long.',
};
const DEFAULT_MESSAGE = 'A value is not valid.';

export interface DatabaseInputError {
  sqlState: string;
  message: string;
}

/** The SQLSTATE of a pg error, also when an ORM wrapped it (TypeORM's QueryFailedError keeps it as driverError). */
export function sqlStateOf(exception: unknown): string | undefined {
  if (!(exception instanceof Error)) return undefined;
  const e = exception as Error & { code?: unknown; driverError?: { code?: unknown }; cause?: unknown };
  for (const code of [e.code, e.driverError?.code, (e.cause as { code?: unknown } | undefined)?.code]) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function databaseInputError(exception: unknown): DatabaseInputError | null {
  const sqlState = sqlStateOf(exception);
  if (!sqlState) return null;
  if (sqlState.startsWith('22') || sqlState === '54000') return { sqlState, message: MESSAGES[sqlState] ?? DEFAULT_MESSAGE };
  return null;
}

/** SQLSTATEs and socket errors that mean the database cannot be reached right now, not that the request is wrong. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53000']);
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE = /Connection terminated|connection ended|Client has encountered a connection error|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i;

/**
 * Whether the failure is the database being away (a restart, a failover, too many connections): answered 503 with
 * Retry-After, so clients and load balancers retry, instead of a 500 that reads as a defect.
 */
export function databaseUnavailable(exception: unknown): boolean {
  if (!(exception instanceof Error)) return false;
  const e = exception as Error & { code?: unknown; driverError?: { code?: unknown } };
  const code = e.code ?? e.driverError?.code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_SOCKET.has(code))) return true;
  return UNAVAILABLE_MESSAGE.test(e.message);
}
