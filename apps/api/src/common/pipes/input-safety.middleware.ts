import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/error-body';
import { findUnsafe, UNSAFE_TEXT_CODE, UNSAFE_TEXT_MESSAGE } from './unsafe-text';

const refuse = (res: Response, field: string) =>
  res.status(400).json({ errors: [{ message: UNSAFE_TEXT_MESSAGE, code: UNSAFE_TEXT_CODE, ...(field === 'depth' ? {} : { field }) }] });

/**
 * Refuses, before any route runs, a request whose path, query string or JSON/form body carries text no one types
 * (NUL, control characters, lone surrogates: see unsafe-text.ts) or a path that is not valid percent-encoded UTF-8.
 * Without it such a value reaches PostgreSQL, which refuses it and the caller saw a 500. Multipart fields are
 * parsed later, by the route's interceptor; the global SafeInputPipe checks them.
 */
export function refuseUnsafeInput() {
  return (req: Request, res: Response, next: NextFunction) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      res.status(400).json(errorBody(['The address is not valid.'], 'QC-INVALID-URL'));
      return;
    }
    const found = findUnsafe(path, 'path') ?? findUnsafe(req.query, 'query') ?? findUnsafe(req.body, 'body');
    if (found) {
      refuse(res, found);
      return;
    }
    next();
  };
}

/**
 * The body parsers' errors (malformed JSON, a body over the limit, an unknown charset) in the spec's shape:
 * Express hands them to the next error middleware, which is this one, before any route.
 */
export function bodyParserErrors() {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const e = err as { type?: unknown; status?: unknown; statusCode?: unknown };
    if (!e || typeof e.type !== 'string' || !e.type.startsWith('entity.') && !['encoding.unsupported', 'charset.unsupported', 'request.aborted', 'request.size.invalid', 'stream.encoding.set', 'parameters.too.many'].includes(e.type)) {
      next(err);
      return;
    }
    const status = Number(e.status ?? e.statusCode);
    const code = Number.isInteger(status) && status >= 400 && status < 500 ? status : 400;
    const message =
      e.type === 'entity.too.large'
        ? 'The request is too large.'
        : e.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON.'
          : 'The request body could not be read.';
    res.status(code).json(errorBody([message], 'QC-INVALID-BODY'));
  };
}
