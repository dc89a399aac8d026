-- Reverting the baseline empties the database of every ordinary table (and their data): only for a database
-- that should be started over. The extensions stay (other objects may use them).
DROP TABLE IF EXISTS server_secrets, seed_runs, mail_outbox, rendering_certificates, verification_identity_sandbox,
  approval_processes, money_sandbox_transactions, money_invoice_numbers, news_alerts, notices, unsubscribes,
  referral_owners, application_owners, password_reset_tokens, refresh_tokens, registration_tokens, users, companies,
  catalogue_institute_record, catalogue_institute_request, catalogue_refdata, catalogue_institute_word,
  catalogue_search_word, catalogue_institute_name, catalogue_institute, catalogue_industry, catalogue_country,
  catalogue_map_region;
DROP SEQUENCE IF EXISTS money_invoice_number_seq;
