-- As SQLite's 0012_session_shard_key.sql: the guild's snowflake shifted right by 22 bits, so
-- `shard_key % total` is the guild's Discord shard (NULL outside a guild: shard 0).
ALTER TABLE sessions ADD COLUMN shard_key BIGINT;
UPDATE sessions SET shard_key = CAST(guild AS BIGINT) >> 22 WHERE guild ~ '^[0-9]{1,18}$';
