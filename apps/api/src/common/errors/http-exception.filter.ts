import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError, type DomainErrorKind } from '@credence/domain';
import type { Response } from 'express';
import { errorBody, type ErrorBody } from './error-body';
import { databaseInputError, databaseUnavailable } from './database-errors';
import { ReplayedResponse } from './replayed-response';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'rate-limited': 429,
};

/**
 * Concurrency errors from the event store carry this name; they are mapped here so the HTTP layer needs no
 * import of infrastructure.
 */
const CONCURRENCY_ERROR = 'WrongExpectedRevisionError';
/** A read model a command waits for is behind (projections' ReadModelBehindError): the write itself is committed. */
const READ_MODEL_BEHIND = 'ReadModelBehindError';

/** One place turns every failure into the spec's body; unexpected ones are logged and answered 500. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof ReplayedResponse) {
      res.status(exception.status).set(exception.headers).set('Idempotent-Replayed', 'true').end(exception.body);
      return;
    }
    if (exception instanceof DomainError) {
      res.status(STATUS[exception.kind]).json(domainErrorBody(exception));
      return;
    }
    if (exception instanceof Error && exception.name === CONCURRENCY_ERROR) {
      res
        .status(HttpStatus.CONFLICT)
        .json(errorBody(['This record was changed by someone else. Please reload and try again.'], 'QC-CONFLICT'));
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      res.status(status).json(errorBody(messagesOf(response, exception.message)));
      return;
    }
    const refused = databaseInputError(exception);
    if (refused) {
      // A value the database cannot take (bad number or date, text too long, invalid text): the caller's input.
      this.logger.warn(`database refused the request's input (SQLSTATE ${refused.sqlState})`);
      res.status(HttpStatus.BAD_REQUEST).json(errorBody([refused.message], 'QC-INVALID-INPUT'));
      return;
    }
    const behind = exception instanceof Error && exception.name === READ_MODEL_BEHIND;
    if (behind || databaseUnavailable(exception)) {
      const error = exception as Error & { code?: string };
      this.logger.warn(behind ? error.message : `database unavailable: ${error.code ?? error.message}`);
      if (res.headersSent) return;
      res
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .set('Retry-After', '5')
        .json(errorBody(['The service is temporarily unavailable, please try again in a moment.'], 'QC-UNAVAILABLE'));
      return;
    }
    // A real failure: logged with the request id (the logger's context) and the error's code and stack, never the
    // request's values (a database error's detail can quote them, so it is left out).
    this.logger.error(describeFailure(exception));
    if (res.headersSent) return;
    res
      .status(HttpStatus.INTERNAL_SERVER_ERROR)
      .json(errorBody(['An unknown error occurred, please try again or report this error.']));
  }
}

/**
 * A domain error's body: its message and code; an error that names several broken rules (a submission's
 * VerificationInvalid) answers each one, in the spec's words, with the form field it is about.
 */
function domainErrorBody(error: DomainError): ErrorBody {
  const problems = (error as DomainError & { problems?: unknown }).problems;
  if (Array.isArray(problems) && problems.length) {
    return { errors: (problems as { message: string; field?: string }[]).map((p) => ({ message: p.message, field: p.field, code: error.code })) };
  }
  return errorBody([error.message], error.code);
}

function messagesOf(response: string | object, fallback: string): string[] {
  if (typeof response === 'string') return [response];
  const body = response as { message?: unknown; errors?: unknown };
  if (Array.isArray(body.errors)) {
    return body.errors.map((e) => (typeof e === 'string' ? e : String((e as { message?: unknown }).message)));
  }
  if (Array.isArray(body.message)) return body.message.map(String);
  if (typeof body.message === 'string') return [body.message];
  return [fallback];
}

function describeFailure(exception: unknown): string {
  if (!(exception instanceof Error)) return `non-error thrown: ${typeof exception}`;
  const e = exception as Error & { code?: unknown; driverError?: { code?: unknown } };
  const code = e.code ?? e.driverError?.code;
  return `${code ? `[${String(code)}] ` : ''}${e.stack ?? `${e.name}: ${e.message}`}`;
}
