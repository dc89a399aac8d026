-- The institute search moved into each API process (modules/catalogue/search): every replica holds its own index
-- and hears of changes through these notifications, sent at commit. The SQL word index it replaces is derived data
-- (rebuilt from the names by the old code), so dropping it loses nothing.
DROP TABLE catalogue_institute_word;
DROP TABLE catalogue_search_word;

-- Which institutes changed, as a JSON array of ids (with their parents, whose child counts changed), 100 to a
-- notification; '*' (reload everything) for a bulk change of more than 500 or a TRUNCATE.
CREATE FUNCTION catalogue_institute_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  chunk text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('catalogue_institutes', '*');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT x) INTO ids FROM (
      SELECT id AS x FROM new_rows UNION ALL SELECT parent_id FROM new_rows) s WHERE x IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT x) INTO ids FROM (
      SELECT id AS x FROM new_rows UNION ALL SELECT parent_id FROM new_rows
      UNION ALL SELECT id FROM old_rows UNION ALL SELECT parent_id FROM old_rows) s WHERE x IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT x) INTO ids FROM (
      SELECT id AS x FROM old_rows UNION ALL SELECT parent_id FROM old_rows) s WHERE x IS NOT NULL;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(ids) > 500 THEN
    PERFORM pg_notify('catalogue_institutes', '*');
    RETURN NULL;
  END IF;
  FOR chunk IN
    SELECT json_agg(x)::text FROM (SELECT x, (row_number() OVER () - 1) / 100 AS g FROM unnest(ids) AS x) s GROUP BY g
  LOOP
    PERFORM pg_notify('catalogue_institutes', chunk);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER catalogue_institute_inserted AFTER INSERT ON catalogue_institute
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_institute_changed();
CREATE TRIGGER catalogue_institute_updated AFTER UPDATE ON catalogue_institute
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_institute_changed();
CREATE TRIGGER catalogue_institute_deleted AFTER DELETE ON catalogue_institute
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_institute_changed();
CREATE TRIGGER catalogue_institute_truncated AFTER TRUNCATE ON catalogue_institute
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_institute_changed();

-- A renamed country: its institutes' rows show the country's name. {"countries": [ids]}.
CREATE FUNCTION catalogue_country_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('catalogue_institutes', json_build_object('countries', ids)::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER catalogue_country_renamed AFTER UPDATE ON catalogue_country
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_country_renamed();
