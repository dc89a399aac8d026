DROP TRIGGER catalogue_country_renamed ON catalogue_country;
DROP FUNCTION catalogue_country_renamed();
DROP TRIGGER catalogue_institute_truncated ON catalogue_institute;
DROP TRIGGER catalogue_institute_deleted ON catalogue_institute;
DROP TRIGGER catalogue_institute_updated ON catalogue_institute;
DROP TRIGGER catalogue_institute_inserted ON catalogue_institute;
DROP FUNCTION catalogue_institute_changed();

-- The SQL word index, empty: the release that used it filled it from the names at its next start.
CREATE TABLE catalogue_search_word (word text PRIMARY KEY);
CREATE INDEX catalogue_search_word_trgm ON catalogue_search_word USING gin (word gin_trgm_ops);
CREATE TABLE catalogue_institute_word (
  word text NOT NULL,
  institute_id text NOT NULL REFERENCES catalogue_institute (id) ON DELETE CASCADE,
  PRIMARY KEY (word, institute_id)
);
CREATE INDEX catalogue_institute_word_institute ON catalogue_institute_word (institute_id, word);
