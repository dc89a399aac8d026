import type { ReadsOnConnection } from '../projections/catch-up-runner';
import type { AppendHint } from '../projections/projections.service';
import { currentTraceparent, withSpan } from '../tracing/trace-context';
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision } from './event-store.port';

/**
 * Wraps any adapter: each append gets a span, and each event the traceparent of that span, so projections and
 * jobs it causes can be joined to the request. Retries keep their event ids, so idempotency is unaffected.
 */
export class TracedEventStore implements EventStore, Partial<AppendHint>, Partial<ReadsOnConnection> {
  readonly onAppended?: AppendHint['onAppended'];
  readonly readerOn?: ReadsOnConnection['readerOn'];

  constructor(readonly inner: EventStore) {
    const hint = (inner as Partial<AppendHint>).onAppended;
    if (hint) this.onAppended = (listener) => hint.call(inner, listener);
    const readerOn = (inner as Partial<ReadsOnConnection>).readerOn;
    if (readerOn) this.readerOn = (client) => readerOn.call(inner, client);
  }

  append(streamName: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const category = streamName.includes('-') ? streamName.slice(0, streamName.indexOf('-')) : streamName;
    return withSpan(
      'eventstore.append',
      { attributes: { 'credence.stream.category': category, 'credence.events': events.length } },
      () => {
        const traceparent = currentTraceparent();
        const stamped = traceparent
          ? events.map((e) => (e.metadata.traceparent ? e : { ...e, metadata: { ...e.metadata, traceparent } }))
          : events;
        return this.inner.append(streamName, stamped, expected);
      },
    );
  }

  readStream: EventStore['readStream'] = (s, o) => this.inner.readStream(s, o);
  readStoredStream: EventStore['readStoredStream'] = (s, o) => this.inner.readStoredStream(s, o);
  readAll: EventStore['readAll'] = (o) => this.inner.readAll(o);
  subscribeToAll: EventStore['subscribeToAll'] = (o) => this.inner.subscribeToAll(o);
  headPosition: EventStore['headPosition'] = () => this.inner.headPosition();
  init: EventStore['init'] = () => this.inner.init();
  close: EventStore['close'] = () => this.inner.close();
}
