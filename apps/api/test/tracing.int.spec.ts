import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Module, OnModuleInit, Post } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import request from 'supertest';
import { Public } from '../src/common/auth/public.decorator';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../src/infrastructure/projections/projections.service';
import { JOB_QUEUE, type JobQueue } from '../src/infrastructure/queue/job-queue.port';
import { freshDatabase, waitFor } from './fresh-database';
import { startTestApp } from './test-app';

/** A probe route: appends one event, enqueues one job, and answers once the read model shows the event. */
@Controller('probe')
class ProbeController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly projections: ProjectionsService,
  ) {}

  @Public()
  @Post()
  async probe(@Body() body: { id: string }) {
    const eventId = randomUUID();
    const result = await this.store.append(
      `probe-${body.id}`,
      [
        {
          type: 'Probed',
          schemaVersion: 1,
          data: {},
          metadata: { eventId, correlationId: body.id, causationId: body.id, actor: 'system:probe', occurredAt: new Date().toISOString() },
        },
      ],
      'no_stream',
    );
    await this.queue.enqueue('system.echo', eventId, { message: body.id });
    await this.projections.waitFor('stream-stats', result.position);
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule implements OnModuleInit {
  static handled: string[] = [];
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}
  async onModuleInit() {
    await this.queue.work('system.echo', async (job) => {
      ProbeModule.handled.push(job.payload.message);
    });
  }
}

describe('one request traced from HTTP to the projection and the job', () => {
  const exporter = new InMemorySpanExporter();
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
    db = await freshDatabase('tracing');
    ({ app } = await startTestApp({ DATABASE_URL: db.url }, [ProbeModule]));
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('joins the append, the projection batch and the job to the request', async () => {
    const id = randomUUID();
    await request(app.getHttpServer()).post('/v1/probe').send({ id }).expect(201);

    const spans = () => exporter.getFinishedSpans();
    const server = spans().find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /v1/probe')!;
    expect(server).toBeDefined();
    const traceId = server.spanContext().traceId;

    const append = spans().find((s) => s.name === 'eventstore.append' && s.spanContext().traceId === traceId)!;
    expect(append).toBeDefined();
    expect(append.parentSpanContext?.spanId).toBe(server.spanContext().spanId);

    // The batch serves many requests, so it starts its own trace and links to each event's append span.
    const linksToAppend = (s: ReadableSpan) =>
      s.links.some((l) => l.context.traceId === traceId && l.context.spanId === append.spanContext().spanId);
    const batch = await waitFor(
      async () =>
        spans().find((s) => s.name === 'projection.batch' && s.attributes['credence.projection'] === 'stream-stats' && linksToAppend(s)),
      10000,
      'the projection batch span',
    );
    expect(batch.attributes['credence.projection']).toBe('stream-stats');

    // The job runs later, in a worker, continuing the request's trace.
    const job = await waitFor(
      async () => spans().find((s) => s.name === 'job system.echo' && s.spanContext().traceId === traceId),
      15000,
      'the job span',
    );
    expect(job.kind).toBe(SpanKind.CONSUMER);
    expect(ProbeModule.handled).toContain(id);
  });

  it('continues an incoming W3C traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await request(app.getHttpServer())
      .post('/v1/probe')
      .set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`)
      .send({ id: randomUUID() })
      .expect(201);
    const server = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER && s.spanContext().traceId === traceId);
    expect(server?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });
});
