import { EventStoreDBClient } from '@eventstore/db-client';
import {
  Global,
  Inject,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';
import { CommandHandling } from '../command-handling/command-handling';
import { HealthRegistry } from '../health/health.registry';
import { EVENT_STORE, type EventStore } from './event-store.port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { PostgresEventStore } from './postgres-event-store';
import { TracedEventStore } from './traced-event-store';
import { UpcasterRegistry } from './upcasters';

/** The upcasters every read goes through; register a domain upcaster here when an event gets a new version. */
export const EVENT_UPCASTERS = Symbol('EVENT_UPCASTERS');

export function createEventStore(config: AppConfig, pool: Pool, upcasters: UpcasterRegistry): EventStore {
  const logger = new Logger('EventStore');
  switch (config.eventStore.kind) {
    case 'postgres':
      return new PostgresEventStore(pool, {
        upcasters,
        warn: (message) => logger.warn(message),
        log: (message) => logger.log(message),
      });
    case 'eventstoredb':
      return new EventStoreDbEventStore(EventStoreDBClient.connectionString(config.eventStore.url), {
        upcasters,
      });
    default: {
      const never: never = config.eventStore;
      throw new Error(`Unknown event store ${JSON.stringify(never)}`);
    }
  }
}

/** EVENT_STORE for the whole app, PostgreSQL or EventStoreDB as configured, and the one command-handling loop on it. */
@Global()
@Module({
  providers: [
    { provide: EVENT_UPCASTERS, useFactory: () => new UpcasterRegistry() },
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG, PG_POOL, EVENT_UPCASTERS],
      useFactory: (config: AppConfig, pool: Pool, upcasters: UpcasterRegistry) =>
        new TracedEventStore(createEventStore(config, pool, upcasters)),
    },
    CommandHandling,
  ],
  exports: [EVENT_STORE, CommandHandling],
})
export class EventStoreModule implements OnModuleInit, BeforeApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly health: HealthRegistry,
  ) {}

  async onModuleInit() {
    await this.store.init();
    const kind = this.config.eventStore.kind;
    this.health.register({
      name: 'eventStore',
      check: async () => {
        await this.store.headPosition();
        return { status: 'up', kind };
      },
    });
  }

  // Before onApplicationShutdown, where DatabaseModule ends the pool this store reads through.
  async beforeApplicationShutdown() {
    await this.store.close();
  }
}
