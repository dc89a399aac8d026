import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { requestContext } from './request-context';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Assigns (or accepts a well-formed incoming) X-Request-Id and logs one line per finished request. */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    requestContext.run({ requestId }, () => {
      res.on('finish', () => {
        requestContext.run({ requestId }, () => {
          // The path only, never the query string: it can carry tokens and e-mail addresses.
          logger.info(
            {
              method: req.method,
              path: req.path,
              status: res.statusCode,
              ms: Number(process.hrtime.bigint() - started) / 1e6,
            },
            'request',
          );
        });
      });
      next();
    });
  };
}
