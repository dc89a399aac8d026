/**
 * The catalogue's tables: ordinary reference data maintained by staff (every change is audited on the
 * `audit-catalogue` stream). Idempotent DDL, run by ensureSchema at start-up.
 */
export const CATALOGUE_SCHEMA: string[] = [
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  `CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`,
  `CREATE TABLE IF NOT EXISTS catalogue_map_region (
     id text PRIMARY KEY,
     name text NOT NULL,
     parent_id text REFERENCES catalogue_map_region (id),
     sort integer NOT NULL DEFAULT 0
   )`,
  `CREATE TABLE IF NOT EXISTS catalogue_country (
     id text PRIMARY KEY,
     name text NOT NULL,
     vat boolean NOT NULL DEFAULT false,
     disabled boolean NOT NULL DEFAULT false,
     ccn3 text,
     region_id text REFERENCES catalogue_map_region (id),
     subregion text,
     notices jsonb NOT NULL DEFAULT '[]'
   )`,
  `CREATE TABLE IF NOT EXISTS catalogue_industry (
     id integer PRIMARY KEY,
     name text NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS catalogue_institute (
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
   )`,
  `CREATE INDEX IF NOT EXISTS catalogue_institute_country ON catalogue_institute (country_id, name, id)`,
  `CREATE INDEX IF NOT EXISTS catalogue_institute_parent ON catalogue_institute (parent_id, name, id)`,
  `CREATE INDEX IF NOT EXISTS catalogue_institute_name_order ON catalogue_institute (name, id)`,
  // Every name of an institute (its name and its other names), one row each, for the fuzzy search. Kept in step
  // with catalogue_institute by the repository, in the same transaction.
  `CREATE TABLE IF NOT EXISTS catalogue_institute_name (
     institute_id text NOT NULL REFERENCES catalogue_institute (id) ON DELETE CASCADE,
     name text NOT NULL,
     PRIMARY KEY (institute_id, name)
   )`,
  `CREATE INDEX IF NOT EXISTS catalogue_institute_name_trgm ON catalogue_institute_name USING gin (name gin_trgm_ops)`,
  // The fuzzy search's word index (search/search-words.ts): the vocabulary of every word in every name, trigram
  // indexed, and which institutes have which word. A query is matched word by word against the (small)
  // vocabulary, typos included, and only then against institutes.
  `CREATE TABLE IF NOT EXISTS catalogue_search_word (word text PRIMARY KEY)`,
  `CREATE INDEX IF NOT EXISTS catalogue_search_word_trgm ON catalogue_search_word USING gin (word gin_trgm_ops)`,
  `CREATE TABLE IF NOT EXISTS catalogue_institute_word (
     word text NOT NULL,
     institute_id text NOT NULL REFERENCES catalogue_institute (id) ON DELETE CASCADE,
     PRIMARY KEY (word, institute_id)
   )`,
  `CREATE INDEX IF NOT EXISTS catalogue_institute_word_institute ON catalogue_institute_word (institute_id, word)`,
  `CREATE TABLE IF NOT EXISTS catalogue_refdata (
     institute_id text NOT NULL REFERENCES catalogue_institute (id) ON DELETE CASCADE,
     field_key text NOT NULL,
     id text NOT NULL,
     name text NOT NULL,
     PRIMARY KEY (institute_id, field_key, id)
   )`,
  `CREATE TABLE IF NOT EXISTS catalogue_institute_request (
     id uuid PRIMARY KEY,
     name text NOT NULL,
     country text NOT NULL,
     comment text,
     requested_by text NOT NULL,
     company_id text,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  // What an institute holds about its graduates, to check requests automatically. The *_key columns are the
  // normalised names (lower case, no accents or punctuation) the match compares.
  `CREATE TABLE IF NOT EXISTS catalogue_institute_record (
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
   )`,
  `CREATE INDEX IF NOT EXISTS catalogue_institute_record_match
     ON catalogue_institute_record (institute_id, last_name_key, dob)`,
];
