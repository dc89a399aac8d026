ALTER TABLE country_notifications DROP COLUMN IF EXISTS link_name;
