-- Each session's guild shifted right by 22 bits (the creation time in its snowflake id):
-- `shard_key % total` is the Discord shard that serves the guild. A process running a range of
-- shards fires only the reminders of sessions on its shards (`sessions_due_first`). NULL for
-- sessions outside a guild (DMs, the console), which Discord serves on shard 0.
ALTER TABLE sessions ADD COLUMN shard_key INTEGER;
UPDATE sessions SET shard_key = CAST(guild AS INTEGER) >> 22
 WHERE guild IS NOT NULL AND guild <> '' AND guild NOT GLOB '*[^0-9]*' AND length(guild) <= 19;
