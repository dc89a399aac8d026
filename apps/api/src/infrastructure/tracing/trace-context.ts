import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Attributes,
  type Link,
  type Span,
} from '@opentelemetry/api';

/** Without a registered SDK (the embedded default) every call here is a cheap no-op. */
export const tracer = () => trace.getTracer('credence-api');

/** The W3C traceparent of the active span, to store in event metadata and job payloads. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** A link to the span a stored traceparent names: how projections and jobs join the request that caused them. */
export function linkTo(traceparent: string | undefined): Link | undefined {
  if (!traceparent) return undefined;
  const spanContext = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
  return spanContext && trace.isSpanContextValid(spanContext) ? { context: spanContext } : undefined;
}

export function contextOf(traceparent: string | undefined) {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : context.active();
}

/** Runs fn inside a new active span, recording failures on it. */
export async function withSpan<T>(
  name: string,
  /** parent: a stored traceparent to continue; root: start a new trace (batches that serve many requests). */
  options: { attributes?: Attributes; links?: (Link | undefined)[]; parent?: string; root?: boolean },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const links = (options.links ?? []).filter((l): l is Link => Boolean(l));
  const parent = options.root ? ROOT_CONTEXT : options.parent ? contextOf(options.parent) : context.active();
  return tracer().startActiveSpan(name, { attributes: options.attributes, links }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      span.recordException(e as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (e as Error).message });
      throw e;
    } finally {
      span.end();
    }
  });
}
