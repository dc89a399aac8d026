import type { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';
import { requestContext } from './request-context';

/**
 * Structured JSON logs, one object per line, each carrying the request id of the request it belongs to.
 * Personal data never goes in: log ids and codes, not names, e-mails or tokens.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'credence-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const ctx = requestContext.getStore();
        const span = trace.getActiveSpan()?.spanContext();
        return {
          ...(ctx ? { requestId: ctx.requestId } : {}),
          ...(span && trace.isSpanContextValid(span) ? { traceId: span.traceId } : {}),
        };
      },
      redact: {
        paths: ['password', 'newPassword', 'token', '*.password', '*.token', 'req.headers.authorization', 'req.headers["x-auth-token"]'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Adapts pino to Nest's LoggerService so framework messages come out as the same JSON lines. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
