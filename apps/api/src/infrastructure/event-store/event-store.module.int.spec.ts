import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';
import { HealthRegistry } from '../health/health.registry';
import { event } from './event-store.contract';
import { EventStoreModule } from './event-store.module';
import { EVENT_STORE, type EventStore } from './event-store.port';
import { TracedEventStore } from './traced-event-store';
import { PostgresEventStore } from './postgres-event-store';
import { createTestDatabase, testPool } from './pg-test-database';

describe('EventStoreModule', () => {
  it('provides the configured PostgreSQL store, initialised, with an eventStore health check', async () => {
    const db = await createTestDatabase();
    const pool = testPool(db.url);
    const config = { eventStore: { kind: 'postgres' } } as AppConfig;

    @Global()
    @Module({
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: PG_POOL, useValue: pool },
        HealthRegistry,
      ],
      exports: [APP_CONFIG, PG_POOL, HealthRegistry],
    })
    class Deps {}

    const moduleRef = await Test.createTestingModule({ imports: [Deps, EventStoreModule] }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();
    try {
      const store = app.get<EventStore>(EVENT_STORE);
      expect(store).toBeInstanceOf(TracedEventStore);
      expect((store as TracedEventStore).inner).toBeInstanceOf(PostgresEventStore);
      // init() ran: the tables exist and an append works.
      expect((await store.append(`module-${Date.now()}`, [event()], 'no_stream')).nextExpectedRevision).toBe(
        0n,
      );
      const health = await app.get(HealthRegistry).checkAll();
      expect(health.checks.eventStore).toEqual({ status: 'up', kind: 'postgres' });
    } finally {
      await app.close();
      await pool.end();
      await db.drop();
    }
  });
});
