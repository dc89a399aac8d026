/**
 * The kinds of failure a caller can act on. The HTTP layer maps each to a status; the message is shown to the
 * user as it is, so it uses the spec's words.
 */
export type DomainErrorKind =
  | 'invalid' // 400: bad input
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not-found' // 404: also used for other tenants' data, so its existence is not revealed
  | 'conflict' // 409: a concurrent change or a state that no longer allows the command
  | 'unprocessable' // 422: understood but refused by a business rule
  | 'rate-limited'; // 429

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** A stable machine-readable code, e.g. QC-CANTREFRESH. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
