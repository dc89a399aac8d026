import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { tracer } from './trace-context';

/**
 * A server span per request, continuing an incoming traceparent. When the SDK's own HTTP instrumentation is
 * active (full topology) there is already a span and this does nothing. The span is named by the route
 * pattern, never by the raw path, which can carry ids and tokens.
 */
export function httpTracing() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (trace.getActiveSpan()) return next();
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer().startSpan(
      `HTTP ${req.method}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
      parent,
    );
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      if (route) {
        span.updateName(`${req.method} ${req.baseUrl}${route}`);
        span.setAttribute('http.route', `${req.baseUrl}${route}`);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
}
