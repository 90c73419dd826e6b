-- As SQLite's 0016_channel_server_language.sql: the server's language as the channel's last
-- interaction gave it (NULL: none seen yet), for reminders.
ALTER TABLE channels ADD COLUMN server_language TEXT;
