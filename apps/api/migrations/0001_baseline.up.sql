-- The schema as the previous release created it at boot (ensure-schema.ts, one idempotent statement at a time),
-- kept idempotent here so that a database that release made (tables there, no migrations table) is adopted by
-- running this first migration over it: nothing is created twice and nothing is lost. Migrations after this one
-- are ordinary, non-idempotent SQL. Read models and the event store are not here: projections create and rebuild
-- their own tables, the event store adapter its own.

-- catalogue (reference data maintained by staff)
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
CREATE TABLE IF NOT EXISTS catalogue_map_region (
  id text PRIMARY KEY,
  name text NOT NULL,
  parent_id text REFERENCES catalogue_map_region (id),
  sort integer NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS catalogue_country (
  id text PRIMARY KEY,
  name text NOT NULL,
  vat boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  ccn3 text,
  region_id text REFERENCES catalogue_map_region (id),
  subregion text,
  notices jsonb NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS catalogue_industry (
  id integer PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE IF NOT EXISTS catalogue_institute (
  id text PRIMARY KEY,
  name text NOT NULL,
  other_names text[] NOT NULL DEFAULT '{}',
  country_id text REFERENCES catalogue_country (id),
  parent_id text REFERENCES catalogue_institute (id),
  type text NOT NULL DEFAULT 'UNI',
  min_year integer,
  price numeric(10, 2) NOT NULL,
  surcharge numeric(10, 2) NOT NULL DEFAULT 0,
  accreditation_price numeric(10, 2),
  allows_pending boolean NOT NULL DEFAULT true,
  read_only boolean NOT NULL DEFAULT false,
  allows_current_student boolean NOT NULL DEFAULT false,
  max_additional_docs integer NOT NULL DEFAULT 5,
  searchable boolean NOT NULL DEFAULT true,
  fields jsonb NOT NULL DEFAULT '[]',
  document_requirements jsonb NOT NULL DEFAULT '[]',
  notices jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS catalogue_institute_country ON catalogue_institute (country_id, name, id);
CREATE INDEX IF NOT EXISTS catalogue_institute_parent ON catalogue_institute (parent_id, name, id);
CREATE INDEX IF NOT EXISTS catalogue_institute_name_order ON catalogue_institute (name, id);
CREATE TABLE IF NOT EXISTS catalogue_institute_name (
  institute_id text NOT NULL REFERENCES catalogue_institute (id) ON DELETE CASCADE,
  name text NOT NULL,
  PRIMARY KEY (institute_id, name)
);
CREATE INDEX IF NOT EXISTS catalogue_institute_name_trgm ON catalogue_institute_name USING gin (name gin_trgm_ops);
CREATE TABLE IF NOT EXISTS catalogue_search_word (word text PRIMARY KEY);
CREATE INDEX IF NOT EXISTS catalogue_search_word_trgm ON catalogue_search_word USING gin (word gin_trgm_ops);
CREATE TABLE IF NOT EXISTS catalogue_institute_word (
  word text NOT NULL,
  institute_id text NOT NULL REFERENCES catalogue_institute (id) ON DELETE CASCADE,
  PRIMARY KEY (word, institute_id)
);
CREATE INDEX IF NOT EXISTS catalogue_institute_word_institute ON catalogue_institute_word (institute_id, word);
CREATE TABLE IF NOT EXISTS catalogue_refdata (
  institute_id text NOT NULL REFERENCES catalogue_institute (id) ON DELETE CASCADE,
  field_key text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (institute_id, field_key, id)
);
CREATE TABLE IF NOT EXISTS catalogue_institute_request (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  country text NOT NULL,
  comment text,
  requested_by text NOT NULL,
  company_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS catalogue_institute_record (
  id bigserial PRIMARY KEY,
  institute_id text NOT NULL REFERENCES catalogue_institute (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  middle_name text,
  last_name text NOT NULL,
  dob date NOT NULL,
  fields jsonb NOT NULL DEFAULT '{}',
  first_name_key text NOT NULL,
  last_name_key text NOT NULL,
  import_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS catalogue_institute_record_match
  ON catalogue_institute_record (institute_id, last_name_key, dob);

-- identity (accounts, sessions, notices)
CREATE TABLE IF NOT EXISTS companies (
  id text PRIMARY KEY,
  name text NOT NULL,
  individual boolean NOT NULL DEFAULT false,
  payment_type text NOT NULL DEFAULT 'CARD',
  currency text NOT NULL DEFAULT 'GBP',
  vat_payer boolean NOT NULL DEFAULT false,
  address_street1 text, address_street2 text, address_street3 text, address_city text, address_post_code text,
  country_id text, industry_id integer, vat_id text,
  restricted_user_view boolean NOT NULL DEFAULT false,
  callback_email text,
  has_country_access boolean NOT NULL DEFAULT false,
  has_analytics_access boolean NOT NULL DEFAULT false,
  has_reports_access boolean NOT NULL DEFAULT false,
  has_applicants boolean NOT NULL DEFAULT false,
  invite_applicants boolean NOT NULL DEFAULT false,
  has_referrals boolean NOT NULL DEFAULT false,
  sharing_disabled boolean NOT NULL DEFAULT false,
  accreditation_enabled boolean NOT NULL DEFAULT false,
  show_deleted boolean NOT NULL DEFAULT false,
  has_discount boolean NOT NULL DEFAULT false,
  ref_required boolean NOT NULL DEFAULT false,
  ref_label text, app_ref_label text,
  allowed_types jsonb,
  institute_id text,
  applicant_pays boolean NOT NULL DEFAULT false,
  custom_roles_label text NOT NULL DEFAULT 'Roles',
  assignable_custom_roles jsonb NOT NULL DEFAULT '[]',
  partner_logo text, owner_logo text,
  volume_checks text,
  referred_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS users (
  id uuid PRIMARY KEY,
  username text NOT NULL UNIQUE,
  company_id text NOT NULL REFERENCES companies(id),
  firstname text NOT NULL, lastname text NOT NULL,
  phone text, title text, job_title text,
  password_hash text,
  admin boolean NOT NULL DEFAULT false,
  pending boolean NOT NULL DEFAULT true,
  disabled boolean NOT NULL DEFAULT false,
  applicant boolean NOT NULL DEFAULT false,
  custom_roles jsonb NOT NULL DEFAULT '[]',
  marketing boolean NOT NULL DEFAULT true,
  notifications boolean NOT NULL DEFAULT true,
  tcs_version integer NOT NULL DEFAULT 0,
  interupt_message_ack date,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE INDEX IF NOT EXISTS users_company_idx ON users (company_id);
CREATE TABLE IF NOT EXISTS registration_tokens (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  firstname text NOT NULL, lastname text NOT NULL, phone text,
  company_name text, job_title text, volume_checks text,
  individual boolean NOT NULL,
  company_id text REFERENCES companies(id),
  application_owner_id text, referral_owner_id text, application_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  impersonator text,
  expires_at timestamptz NOT NULL,
  session_deadline timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS refresh_tokens_session_idx ON refresh_tokens (session_id);
CREATE TABLE IF NOT EXISTS password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE IF NOT EXISTS application_owners (
  id text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies(id),
  subdomain text UNIQUE,
  name text NOT NULL, logo text, partner_logo text,
  status text NOT NULL DEFAULT 'OPEN', status_description text,
  reference_label text, template integer NOT NULL DEFAULT 0,
  applicant_pays boolean NOT NULL DEFAULT true
);
ALTER TABLE application_owners
  ADD COLUMN IF NOT EXISTS description text,
  ADD COLUMN IF NOT EXISTS allowed_types jsonb,
  ADD COLUMN IF NOT EXISTS locked_institutes jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN IF NOT EXISTS pricing_scheme jsonb,
  ADD COLUMN IF NOT EXISTS fields jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN IF NOT EXISTS document_requirements jsonb NOT NULL DEFAULT '[]';
ALTER TABLE users ADD COLUMN IF NOT EXISTS application_owner_id text, ADD COLUMN IF NOT EXISTS application_ref text;
CREATE TABLE IF NOT EXISTS referral_owners (
  code text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies(id),
  logo text, partner_logo text
);
CREATE TABLE IF NOT EXISTS unsubscribes (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS notices (
  id bigserial PRIMARY KEY,
  message text NOT NULL,
  scope text NOT NULL DEFAULT 'DASHBOARD',
  type text, institute_id text, region_id text,
  published boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text
);
CREATE TABLE IF NOT EXISTS news_alerts (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('ALERT_MAINTENANCE', 'NEWS')),
  title text NOT NULL,
  message text NOT NULL,
  link text,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text
);

-- money (invoice numbers, the sandbox card provider)
CREATE SEQUENCE IF NOT EXISTS money_invoice_number_seq START 100001;
CREATE TABLE IF NOT EXISTS money_invoice_numbers (
  command_key text PRIMARY KEY,
  invoice_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS money_sandbox_transactions (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  customer_id text NOT NULL,
  email text NOT NULL,
  amount_minor bigint NOT NULL,
  currency text NOT NULL,
  nonce text NOT NULL,
  status text NOT NULL,
  code text,
  message text,
  receipt_id text,
  save_card boolean NOT NULL DEFAULT false,
  voided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS money_sandbox_transactions_customer_idx ON money_sandbox_transactions (customer_id, created_at DESC);

-- admin (approval processes)
CREATE TABLE IF NOT EXISTS approval_processes (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- verifications (the sandbox identity provider)
CREATE TABLE IF NOT EXISTS verification_identity_sandbox (
  applicant_id text PRIMARY KEY,
  firstname text NOT NULL,
  lastname text NOT NULL,
  dob text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE verification_identity_sandbox ADD COLUMN IF NOT EXISTS document_at timestamptz;
ALTER TABLE verification_identity_sandbox ADD COLUMN IF NOT EXISTS face_at timestamptz;

-- rendering (issued certificates)
CREATE TABLE IF NOT EXISTS rendering_certificates (
  code text PRIMARY KEY,
  verification_id text NOT NULL,
  revision bigint NOT NULL,
  position text NOT NULL,
  options text NOT NULL,
  ignore_notes boolean NOT NULL,
  brand_company_id text,
  result text NOT NULL,
  digest text NOT NULL,
  pdf_sha256 text NOT NULL,
  blob_key text NOT NULL,
  issued_by_company_id text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (verification_id, revision, options)
);

-- mail (the outbox)
CREATE TABLE IF NOT EXISTS mail_outbox (
  id uuid PRIMARY KEY,
  "to" text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  html text NOT NULL,
  template text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX IF NOT EXISTS mail_outbox_to_idx ON mail_outbox ("to", created_at DESC);

-- seeding and secrets
CREATE TABLE IF NOT EXISTS seed_runs (name text PRIMARY KEY, ran_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS server_secrets (name text PRIMARY KEY, secret bytea NOT NULL);
