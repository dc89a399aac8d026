import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { DomainError } from '@credence/domain';
import type { Request } from 'express';
import { isUnsafeText } from './unsafe-text';

/** The kinds of id the routes take, each with the one shape a real id of that kind has. */
export const ID_KINDS = {
  /** A verification: 'QC' and ten Crockford base-32 characters (verifications' newVerificationId). */
  qcid: /^QC[0-9A-HJKMNP-TV-Z]{10}$/,
  /** Applications (uuid v5), documents, users, outbox mails. */
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /** Secrets in a URL: resolve-link keys, registration tokens, certificate codes (base64url). */
  key: /^[A-Za-z0-9_-]{1,256}$/,
  /** Everything else (invoice numbers, institute ids, names): one line of printable text, at most 200 characters. */
  text: /^[^\s\\][^\\\r\n\t]{0,199}$/,
} as const;
export type IdKind = keyof typeof ID_KINDS;

/**
 * Which kind each route parameter is: the first rule whose route pattern matches (Express's own path, e.g.
 * '/v1/verification/:id/document/:docId') and that names the parameter. A parameter no rule names is 'text'.
 * Kept here, beside the shapes, so no controller has to declare anything; a test walks the route table and
 * checks that every parameter of every route resolves to a kind and that real ids pass.
 */
/** The answer a malformed id gets: the same 404 the route's handler gives an unknown id of that resource. */
const VERIFICATION_404 = { message: 'Verification not found.', code: 'QC-VERIFICATION-NOT-FOUND' };
const DOCUMENT_404 = { message: 'Document not found.', code: 'QC-DOCUMENT-NOT-FOUND' };
const APPLICATION_404 = { message: 'Application not found.', code: 'QC-APPLICATION-NOT-FOUND' };
const USER_404 = { message: 'User not found.' };

export const ID_RULES: { route: RegExp; param: string; kind: IdKind; notFound?: { message: string; code?: string } }[] = [
  { route: /^\/v1\/verification\/pending\/key\//, param: 'vkey', kind: 'key' },
  { route: /^\/v1\/verification\/pending\/key\//, param: 'docId', kind: 'uuid', notFound: DOCUMENT_404 },
  { route: /^\/v1\/verification\//, param: 'id', kind: 'qcid', notFound: VERIFICATION_404 },
  { route: /^\/v1\/verification\//, param: 'docId', kind: 'uuid', notFound: DOCUMENT_404 },
  { route: /^\/admin\/verifications\//, param: 'id', kind: 'qcid', notFound: VERIFICATION_404 },
  { route: /^\/v1\/application\/:id/, param: 'id', kind: 'uuid', notFound: APPLICATION_404 },
  { route: /^\/v1\/application\/:id/, param: 'docId', kind: 'uuid', notFound: DOCUMENT_404 },
  { route: /^\/admin\/applications\//, param: 'id', kind: 'uuid', notFound: APPLICATION_404 },
  { route: /^\/admin\/mails\//, param: 'id', kind: 'uuid' },
  { route: /^\/admin\/users\//, param: 'id', kind: 'uuid', notFound: USER_404 },
  { route: /^\/admin\/error-reports\//, param: 'id', kind: 'uuid', notFound: { message: 'Error report not found.' } },
  { route: /^\/v1\/register\//, param: 'token', kind: 'key' },
  { route: /^\/v1\/certificate\//, param: 'code', kind: 'key' },
];

function ruleOf(route: string, param: string) {
  return ID_RULES.find((r) => r.param === param && r.route.test(route));
}

export function idKindOf(route: string, param: string): IdKind {
  return ruleOf(route, param)?.kind ?? 'text';
}

export function isWellFormedId(kind: IdKind, value: string): boolean {
  return ID_KINDS[kind].test(value) && !isUnsafeText(value);
}

/**
 * Ids validated at the edge: a route parameter that cannot be an id of its kind answers 404 (nothing has that id)
 * before the handler runs, instead of reaching PostgreSQL as a value it refuses. Global; it reads the matched
 * route from Express, so controllers keep their plain @Param('id').
 */
@Injectable()
export class IdParamsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    if (context.getType() === 'http') {
      const req = context.switchToHttp().getRequest<Request>();
      const route = typeof req.route?.path === 'string' ? (req.route.path as string) : '';
      for (const [param, value] of Object.entries(req.params ?? {})) {
        if (typeof value !== 'string') continue;
        const rule = ruleOf(route, param);
        if (isWellFormedId(rule?.kind ?? 'text', value)) continue;
        const answer = rule?.notFound ?? { message: 'Not found.', code: 'QC-NOT-FOUND' };
        throw new DomainError('not-found', answer.message, answer.code);
      }
    }
    return next.handle();
  }
}
