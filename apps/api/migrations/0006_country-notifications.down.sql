DROP TABLE IF EXISTS country_notifications;
