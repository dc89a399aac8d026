import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { freshDatabase } from '../../../test/fresh-database';
import { MIGRATIONS_TABLE, migrate } from './migrations';

type Db = Awaited<ReturnType<typeof freshDatabase>>;

const PREVIOUS_RELEASE = readFileSync(path.join(__dirname, 'fixtures/previous-release-schema.sql'), 'utf8')
  .split(/;\n/)
  .map((s) => s.replace(/^(--[^\n]*\n)+/, '').trim())
  .filter(Boolean);

/** The ordinary tables the release before migrations had (read models and the event store are not migrated). */
const ORDINARY_TABLES = [
  'approval_processes',
  'application_owners',
  'catalogue_country',
  'catalogue_industry',
  'catalogue_institute',
  'catalogue_institute_name',
  'catalogue_institute_record',
  'catalogue_institute_request',
  'catalogue_map_region',
  'catalogue_refdata',
  'companies',
  'mail_outbox',
  'money_invoice_numbers',
  'money_sandbox_transactions',
  'news_alerts',
  'notices',
  'password_reset_tokens',
  'referral_owners',
  'refresh_tokens',
  'registration_tokens',
  'rendering_certificates',
  'seed_runs',
  'server_secrets',
  'unsubscribes',
  'users',
  'verification_identity_sandbox',
];

/** Ordinary tables this release added. */
const ADDED_SINCE = ['money_sandbox_refunds', 'money_open_holds', 'idempotency_keys', 'money_sandbox_vault', 'money_sandbox_vault_nonces', 'country_notifications', 'notify_ledger', 'debug_recordings', 'debug_recording_chunks', 'error_reports'];

const ALL = ['0001_baseline', '0002_catalogue-search-notifications', '0003_refunds-holds-idempotency', '0004_staff-roles', '0005_saved-cards', '0006_country-notifications', '0007_mail-outbox-unsent', '0008_verification-notify-ledger', '0009_country-notification-link-name', '0010_notify-ledger-queues', '0011_news-images', '0012_debug-recordings', '0013_error-reports'];

const columns = async (c: Client, table: string) =>
  (await c.query<{ c: string }>(`SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1`, [table])).rows.map((r) => r.c);

const tables = async (c: Client) =>
  (
    await c.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    )
  ).rows.map((r) => r.t);

/** Every row of every table (and the invoice number sequence), to compare before and after. */
async function everything(c: Client): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  for (const t of ORDINARY_TABLES) {
    all[t] = (await c.query(`SELECT to_jsonb(x) AS row FROM "${t}" x ORDER BY to_jsonb(x)::text`)).rows.map((r) => r.row);
  }
  all.money_invoice_number_seq = (await c.query(`SELECT last_value FROM money_invoice_number_seq`)).rows[0];
  return all;
}

/** A few rows in the tables that matter most, as the previous release would have written them. */
async function fillAsPreviousRelease(c: Client) {
  await c.query(`INSERT INTO companies (id, name, payment_type, currency) VALUES ('acme', 'Acme Recruitment Ltd', 'CARD', 'GBP')`);
  await c.query(
    `INSERT INTO users (id, username, company_id, firstname, lastname, password_hash, admin, pending)
     VALUES ('00000000-0000-4000-8000-000000000001', 'alice@acme.test', 'acme', 'Alice', 'Admin', 'hash', true, false),
            ('00000000-0000-4000-8000-000000000002', 'auditor.jones@credence.test', 'acme', 'Aud', 'Jones', 'hash', false, false)`,
  );
  await c.query(
    `INSERT INTO refresh_tokens (token_hash, session_id, user_id, expires_at)
     VALUES ('h1', '00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', now() + interval '1 day')`,
  );
  await c.query(`INSERT INTO catalogue_map_region (id, name) VALUES ('150', 'Europe')`);
  await c.query(`INSERT INTO catalogue_country (id, name, region_id) VALUES ('GB', 'United Kingdom', '150')`);
  await c.query(
    `INSERT INTO catalogue_institute (id, name, other_names, country_id, price) VALUES ('uni-demo', 'University of Demo', '{Demo University}', 'GB', 45)`,
  );
  await c.query(`INSERT INTO catalogue_institute_name VALUES ('uni-demo', 'University of Demo'), ('uni-demo', 'Demo University')`);
  await c.query(`INSERT INTO catalogue_search_word VALUES ('university'), ('of'), ('demo')`);
  await c.query(`INSERT INTO catalogue_institute_word VALUES ('university', 'uni-demo'), ('of', 'uni-demo'), ('demo', 'uni-demo')`);
  await c.query(
    `INSERT INTO money_invoice_numbers (command_key, invoice_id) VALUES ('cmd-1', 'INV-' || nextval('money_invoice_number_seq'))`,
  );
  await c.query(
    `INSERT INTO mail_outbox (id, "to", subject, text, html, template)
     VALUES ('00000000-0000-4000-8000-0000000000a1', 'alice@acme.test', 'Welcome', 't', '<p>t</p>', 'welcome')`,
  );
  await c.query(`INSERT INTO approval_processes (name) VALUES ('Telephone')`);
  await c.query(`INSERT INTO seed_runs (name) VALUES ('catalogue-reference')`);
  await c.query(`INSERT INTO server_secrets (name, secret) VALUES ('resolve-links', '\\x0102')`);
}

describe('versioned migrations', () => {
  let db: Db;
  let client: Client;

  beforeEach(async () => {
    db = await freshDatabase('migrations');
    client = new Client({ connectionString: db.url });
    await client.connect();
  });
  afterEach(async () => {
    await client.end();
    await db.drop();
  });

  it('run on an empty database, each reverts, and they run again', async () => {
    const ran = await migrate(client);
    expect(ran.map((m) => m.name)).toEqual(ALL);
    const made = await tables(client);
    expect(made).toEqual(expect.arrayContaining([...ORDINARY_TABLES, ...ADDED_SINCE, MIGRATIONS_TABLE]));
    expect(made).not.toContain('catalogue_institute_word');
    expect(await migrate(client)).toEqual([]);

    const indexes = async () =>
      (await client.query<{ i: string }>(`SELECT indexname AS i FROM pg_indexes WHERE tablename = 'mail_outbox'`)).rows.map((r) => r.i);
    expect(await indexes()).toContain('mail_outbox_unsent_idx');
    expect(await columns(client, 'country_notifications')).toContain('link_name');
    expect(await columns(client, 'notify_ledger')).toEqual(expect.arrayContaining(['queue', 'subject_id']));
    expect(await columns(client, 'news_alerts')).toEqual(expect.arrayContaining(['image_key', 'image_type']));
    expect(await tables(client)).toEqual(expect.arrayContaining(['debug_recordings', 'debug_recording_chunks']));
    expect(await columns(client, 'debug_recordings')).toContain('reason');
    expect(await columns(client, 'error_reports')).toEqual(
      expect.arrayContaining(['occurred_at', 'source', 'message', 'stack', 'path', 'recording_id']),
    );
    await expect(client.query(`INSERT INTO debug_recordings (id, reason) VALUES ('x', 'other')`)).rejects.toThrow(/check/);
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0013_error-reports']);
    expect(await tables(client)).not.toContain('error_reports');
    expect(await columns(client, 'debug_recordings')).not.toContain('reason');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0012_debug-recordings']);
    expect(await tables(client)).not.toContain('debug_recordings');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0011_news-images']);
    expect(await columns(client, 'news_alerts')).not.toContain('image_key');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0010_notify-ledger-queues']);
    expect(await tables(client)).toContain('verification_notify_ledger');
    expect(await tables(client)).not.toContain('notify_ledger');
    expect(await columns(client, 'verification_notify_ledger')).toContain('verification_id');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0009_country-notification-link-name']);
    expect(await columns(client, 'country_notifications')).not.toContain('link_name');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0008_verification-notify-ledger']);
    expect(await tables(client)).not.toContain('verification_notify_ledger');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0007_mail-outbox-unsent']);
    expect(await indexes()).not.toContain('mail_outbox_unsent_idx');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0006_country-notifications']);
    expect(await tables(client)).not.toContain('country_notifications');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0005_saved-cards']);
    expect(await tables(client)).not.toContain('money_sandbox_vault');
    expect(await columns(client, 'money_sandbox_transactions')).not.toContain('payment_method_token');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0004_staff-roles']);
    expect(await columns(client, 'users')).not.toContain('staff_role');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual([
      '0003_refunds-holds-idempotency',
    ]);
    expect(await tables(client)).not.toContain('idempotency_keys');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual([
      '0002_catalogue-search-notifications',
    ]);
    expect(await tables(client)).toContain('catalogue_institute_word');
    expect((await migrate(client, { direction: 'down' })).map((m) => m.name)).toEqual(['0001_baseline']);
    expect(await tables(client)).toEqual([MIGRATIONS_TABLE]);

    expect((await migrate(client)).map((m) => m.name)).toEqual(ALL);
  });

  it('run once when several processes start together (the advisory lock)', async () => {
    const others = await Promise.all(
      [1, 2, 3].map(async () => {
        const c = new Client({ connectionString: db.url });
        await c.connect();
        return c;
      }),
    );
    try {
      const runs = await Promise.all([client, ...others].map((c) => migrate(c)));
      expect(runs.flat().map((m) => m.name)).toEqual(ALL);
      const { rows } = await client.query(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
      expect(rows.map((r) => r.name)).toEqual(ALL);
    } finally {
      await Promise.all(others.map((c) => c.end()));
    }
  });

  it('adopt a database the previous release made (tables, no migrations table) with nothing lost', async () => {
    for (const sql of PREVIOUS_RELEASE) await client.query(sql);
    await fillAsPreviousRelease(client);
    const before = await everything(client);

    const ran = await migrate(client);

    expect(ran.map((m) => m.name)).toEqual(ALL);
    // 0004 stores the staff role: the accounts the username made auditors keep it, everyone else has none.
    const users = (before.users as { username: string }[]).map((u) => ({ ...u, staff_role: u.username.startsWith('auditor.') ? 'auditor' : null }));
    expect(users.map((u) => u.staff_role)).toEqual(expect.arrayContaining(['auditor', null]));
    expect(await everything(client)).toEqual({ ...before, users });
    // The invoice numbers go on from where they were.
    const next = await client.query<{ n: string }>(`SELECT nextval('money_invoice_number_seq')::text AS n`);
    expect(Number(next.rows[0]!.n)).toBe(100002);
    // The SQL word index (derived from the names) is gone; the search's notifications are there.
    expect(await tables(client)).not.toContain('catalogue_search_word');
    const listener = new Client({ connectionString: db.url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.payload ?? ''));
      await listener.query('LISTEN catalogue_institutes');
      await client.query(`UPDATE catalogue_institute SET name = 'University of Demo (renamed)' WHERE id = 'uni-demo'`);
      await client.query(`UPDATE catalogue_country SET name = 'Britain' WHERE id = 'GB'`);
      await listener.query('SELECT 1'); // a round trip, so notifications already sent have arrived
      expect(heard).toEqual(['["uni-demo"]', '{"countries" : ["GB"]}']);
    } finally {
      await listener.end();
    }
  });
});
