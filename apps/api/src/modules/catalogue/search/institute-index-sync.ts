import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Client, type Pool } from 'pg';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { INSTITUTE_SEARCH_INDEX, type IndexedInstitute, type InstituteSearchIndex } from './institute-search.port';

/** The channel the catalogue's triggers notify on (migration 0002): '*', a JSON array of ids, or {"countries": [...]}. */
export const CATALOGUE_CHANNEL = 'catalogue_institutes';
const RECONNECT_MS = 1000;

interface Row {
  id: string;
  name: string;
  other_names: string[];
  country_id: string | null;
  country_name: string | null;
  parent_id: string | null;
  searchable: boolean;
  price: number;
  surcharge: number;
  read_only: boolean;
  children: number;
}

const SELECT = `SELECT i.id, i.name, i.other_names, i.country_id, c.name AS country_name, i.parent_id, i.searchable,
  i.price::float8 AS price, i.surcharge::float8 AS surcharge, i.read_only, coalesce(k.n, 0)::int AS children
  FROM catalogue_institute i LEFT JOIN catalogue_country c ON c.id = i.country_id`;

const toIndexed = (r: Row): IndexedInstitute => ({
  id: r.id,
  name: r.name,
  otherNames: r.other_names,
  countryId: r.country_id,
  countryName: r.country_name,
  parentId: r.parent_id,
  searchable: r.searchable,
  price: r.price,
  surcharge: r.surcharge,
  readOnly: r.read_only,
  children: r.children,
});

/**
 * Keeps this process's institute index current: the whole catalogue at start, then what the catalogue's triggers
 * announce at each commit (LISTEN on its own connection, whoever wrote: this replica, another one, a script). A lost
 * connection is made again and the index reloaded whole, since notifications sent meanwhile are gone. Changes are
 * applied one batch at a time, in the order they were heard; writers in this process (the seeder) can also ask for
 * a reload and wait for it.
 */
@Injectable()
export class InstituteIndexSync implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('InstituteIndex');
  private listener: Client | null = null;
  private stopped = false;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = { all: false, ids: new Set<string>(), countries: new Set<string>() };
  private flushScheduled = false;
  /** How long the last full load took (ms), for the bench and the log. */
  lastFullLoadMs = 0;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(INSTITUTE_SEARCH_INDEX) private readonly index: InstituteSearchIndex,
  ) {}

  async onModuleInit() {
    await this.listen();
    await this.reloadAll();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.queue.catch(() => undefined);
  }

  /** Loads the whole catalogue into the index (after the changes already queued). */
  reloadAll(): Promise<number> {
    return this.enqueue(async () => {
      const started = performance.now();
      const { rows } = await this.pool.query<Row>(
        `${SELECT} LEFT JOIN (SELECT parent_id, count(*) AS n FROM catalogue_institute WHERE parent_id IS NOT NULL
                              GROUP BY parent_id) k ON k.parent_id = i.id`,
      );
      await this.index.replaceAll(rows.map(toIndexed));
      this.lastFullLoadMs = performance.now() - started;
      this.logger.log(`${rows.length} institutes indexed in ${Math.round(this.lastFullLoadMs)} ms`);
      return rows.length;
    });
  }

  /** Reloads these institutes (and those of these countries): rows gone are removed from the index. */
  refresh(ids: readonly string[], countryIds: readonly string[] = []): Promise<void> {
    return this.enqueue(async () => {
      const { rows } = await this.pool.query<Row>(
        `${SELECT} LEFT JOIN LATERAL (SELECT count(*) AS n FROM catalogue_institute x WHERE x.parent_id = i.id) k ON true
         WHERE i.id = ANY($1::text[]) OR i.country_id = ANY($2::text[])`,
        [ids, countryIds],
      );
      const found = new Set(rows.map((r) => r.id));
      await this.index.remove(ids.filter((id) => !found.has(id)));
      await this.index.upsert(rows.map(toIndexed));
    });
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch((e: unknown) => this.logger.error(`index update failed: ${(e as Error).message}`));
    return next;
  }

  private async listen() {
    const client = new Client({ connectionString: this.config.database.url });
    client.on('notification', (n) => {
      if (n.channel === CATALOGUE_CHANNEL) this.heard(n.payload ?? '*');
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    this.listener = client;
  }

  private heard(payload: string) {
    try {
      const parsed: unknown = payload === '*' ? '*' : JSON.parse(payload);
      if (parsed === '*') this.pending.all = true;
      else if (Array.isArray(parsed)) for (const id of parsed) this.pending.ids.add(String(id));
      else for (const id of (parsed as { countries?: string[] }).countries ?? []) this.pending.countries.add(id);
    } catch {
      this.pending.all = true;
    }
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Notifications of one commit arrive together: apply them as one batch.
    setImmediate(() => {
      this.flushScheduled = false;
      const { all, ids, countries } = this.pending;
      this.pending = { all: false, ids: new Set(), countries: new Set() };
      if (all) void this.reloadAll().catch(() => undefined);
      else void this.refresh([...ids], [...countries]).catch(() => undefined);
    });
  }

  private lost(client: Client, error?: Error) {
    if (this.listener !== client || this.stopped) return;
    this.listener = null;
    this.logger.warn(`catalogue notifications lost (${error?.message ?? 'connection ended'}); listening again`);
    client.end().catch(() => undefined);
    const again = () => {
      if (this.stopped) return;
      this.listen()
        .then(() => this.reloadAll())
        .catch(() => setTimeout(again, RECONNECT_MS).unref());
    };
    setTimeout(again, RECONNECT_MS).unref();
  }
}
