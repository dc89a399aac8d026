DROP INDEX IF EXISTS mail_outbox_unsent_idx;
