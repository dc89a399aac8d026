-- Country notifications (money 2.18): staff write a notice about a country (a strike, an office closure, a change in
-- how its institutions answer) with an optional link; Country Insights shows the active ones in the country's row.
CREATE TABLE IF NOT EXISTS country_notifications (
  id bigserial PRIMARY KEY,
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  message text NOT NULL,
  link text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text
);
CREATE INDEX IF NOT EXISTS country_notifications_country_idx ON country_notifications (country_code) WHERE active;
