import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { DomainError } from '@credence/domain';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { from, mergeMap, type Observable } from 'rxjs';
import type { Principal } from '../../common/auth/principal';
import { errorBody } from '../../common/errors/error-body';
import { ReplayedResponse } from '../../common/errors/replayed-response';
import { requestContext } from '../logging/request-context';
import { IdempotencyStore, type StoredResponse } from './idempotency.store';
import { RERUN_AFTER_PARTIAL_COMMIT, type RerunPolicy } from './rerun-after-partial-commit';

const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7E]{1,255}$/;
/** A duplicate that arrives while the first attempt runs waits this long for its answer. */
const WAIT_MS = 30_000;
/** Answers kept for replay: the headers a client reads besides the body. */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'location', 'x-certificate-code', 'x-total-count'];
const MAX_STORED_BYTES = 5 * 1024 * 1024;

export const MISMATCH_MESSAGE = 'This Idempotency-Key was already used for a different request.';
export const LOST_ANSWER_MESSAGE = 'This request was already carried out, but its answer was lost. Reload to see the result.';

const sha256 = (...parts: string[]) => parts.reduce((h, p) => h.update(p).update('\u0000'), createHash('sha256')).digest('hex');

/** JSON with sorted keys, so the same body sent again in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** What makes two requests the same request: method, path with query, and body. */
export function requestFingerprint(req: Pick<Request, 'method' | 'originalUrl' | 'headers' | 'body'>): string {
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  // A multipart body is parsed later, by the route's own interceptor: its length stands for it.
  const body = type === 'multipart/form-data' ? `multipart:${req.headers['content-length'] ?? ''}` : canonical(req.body ?? null);
  return sha256(req.method, req.originalUrl, body);
}

/**
 * Idempotent writes (issue 19), for every POST, PUT, PATCH and DELETE that carries an Idempotency-Key, signed in:
 * the first answer is stored (PostgreSQL, 24 h) before it is sent, and the same key with the same request replays
 * it without running anything again; the same key with another request is 422; a duplicate arriving while the first
 * runs waits for its answer. Keys belong to the signed-in user (another account's key is another key). An attempt
 * that died unanswered (the process killed, or a 5xx) is run again by the next retry only if it committed no event
 * (the events of a keyed request carry a correlation id derived from the key, so the retry can tell), or if its
 * route can finish what it committed (@RerunAfterPartialCommit, e.g. an order paid whose verifications were not yet
 * written). Anonymous
 * requests are not keyed (nothing scopes their keys to an account).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request & { user?: Principal }>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = req.header('idempotency-key');
    if (key === undefined || !METHODS.has(req.method) || !req.user) return next.handle();
    if (!KEY.test(key)) throw new DomainError('invalid', 'The Idempotency-Key must be 1 to 255 visible ASCII characters.', 'QC-IDEMPOTENCY-KEY');
    const scope = `user:${req.user.userId}`;
    const rerun = this.reflector.get<RerunPolicy | undefined>(RERUN_AFTER_PARTIAL_COMMIT, context.getHandler());
    return from(this.begin(scope, key, requestFingerprint(req), rerun)).pipe(
      mergeMap((correlationId) => {
        const store = requestContext.getStore();
        if (store) store.correlationId = correlationId;
        this.recordAnswer(res, scope, key);
        return next.handle();
      }),
    );
  }

  /**
   * Resolves with the correlation id of the attempt's events once this attempt owns the key; otherwise throws the
   * answer to give instead. The correlation id is the same on every attempt of the key within its 24 h (and another
   * after them, when the key is new again).
   */
  private async begin(scope: string, key: string, fingerprint: string, rerun?: RerunPolicy): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const claim = await this.store.claim(scope, key, fingerprint);
      if (claim.kind === 'owner') {
        const correlationId = `idem-${sha256(scope, key, claim.since).slice(0, 32)}`;
        if (!claim.takeover) return correlationId;
        const committed = await this.store.committedStreams(correlationId);
        if (committed !== 'unknown' && (committed.length === 0 || rerun?.(committed))) return correlationId;
        // The first attempt committed (or we cannot tell), and the route cannot finish it: doing it again could
        // order or pay twice.
        const lost = json(409, errorBody([LOST_ANSWER_MESSAGE], 'QC-IDEMPOTENCY-ANSWER-LOST'));
        await this.store.complete(scope, key, lost);
        throw new ReplayedResponse(lost.status, lost.headers, lost.body);
      }
      if (claim.kind === 'replay') throw new ReplayedResponse(claim.response.status, claim.response.headers, claim.response.body);
      if (claim.kind === 'mismatch') throw new DomainError('unprocessable', MISMATCH_MESSAGE, 'QC-IDEMPOTENCY-MISMATCH');
      if (Date.now() > deadline) throw new DomainError('conflict', 'A request with this Idempotency-Key is still in progress. Please try again.', 'QC-IDEMPOTENCY-BUSY');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Keeps the answer as it is written, and stores it before the last byte leaves: an acknowledged request is always
   * replayable. A 5xx, a 409 and a 429 are not kept (the request may succeed when tried again).
   */
  private recordAnswer(res: Response, scope: string, key: string) {
    const release = this.store.hold(scope, key);
    const chunks: Buffer[] = [];
    let size = 0;
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      size += buf.length;
      if (size <= MAX_STORED_BYTES) chunks.push(buf);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      res.end = end as Response['end'];
      release();
      const status = res.statusCode;
      const done = status < 500 && status !== 409 && status !== 429 && size <= MAX_STORED_BYTES;
      const headers: Record<string, string> = {};
      for (const h of KEPT_HEADERS) {
        const v = res.getHeader(h);
        if (v !== undefined) headers[h] = String(v);
      }
      const saved = done ? this.store.complete(scope, key, { status, headers, body: Buffer.concat(chunks) }) : this.store.fail(scope, key);
      saved
        .catch((e: Error) => this.logger.warn(`could not record the answer of a keyed request: ${e.message}`))
        .finally(() => end(chunk, ...rest));
      return res;
    }) as Response['end'];
  }
}

function json(status: number, body: unknown): StoredResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(body)) };
}
