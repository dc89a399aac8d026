/**
 * A response decided before the handler ran, to be written exactly as it is (status, headers, bytes): the first
 * answer to an Idempotency-Key, replayed. Thrown by the idempotency interceptor; the global filter writes it.
 */
export class ReplayedResponse extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly body: Buffer,
  ) {
    super('replayed response');
    this.name = 'ReplayedResponse';
  }
}
