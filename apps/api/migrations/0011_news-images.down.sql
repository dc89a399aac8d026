ALTER TABLE news_alerts DROP COLUMN IF EXISTS image_type;
ALTER TABLE news_alerts DROP COLUMN IF EXISTS image_key;
