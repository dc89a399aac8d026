-- Mails not delivered yet, oldest first: MailDeliverySweeper pages through those of the last day to ask again for
-- deliveries a queue lost. Partial, so it stays as small as the undelivered mail (with SMTP configured).
CREATE INDEX IF NOT EXISTS mail_outbox_unsent_idx ON mail_outbox (created_at, id) WHERE sent_at IS NULL;
