-- A news item's picture (money 2.5: 'Each item shows image, title, description and date'): the blob's key, which ends
-- in a 128-bit random token that is also the image's public address, and its content type.
ALTER TABLE news_alerts ADD COLUMN IF NOT EXISTS image_key text;
ALTER TABLE news_alerts ADD COLUMN IF NOT EXISTS image_type text;
