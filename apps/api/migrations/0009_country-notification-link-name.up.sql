-- The words a country notification's link reads as (money 9: NotificationLinkName), e.g. 'Read the announcement';
-- without them Country Insights shows the address itself.
ALTER TABLE country_notifications ADD COLUMN IF NOT EXISTS link_name text;
