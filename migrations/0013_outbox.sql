-- The outbox: a committed action's public output, written in the action's own transaction and
-- deleted once a front end has delivered it, so nothing committed goes unsaid after a crash.
-- `id` orders a channel's rows (AUTOINCREMENT: an id is never handed out twice, even after the
-- newest row is deleted); `payload` is the front end's own, opaque to the table; `shard_key`
-- (as in `sessions`) lets a process of several pick up only its own shards' rows.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    channel    TEXT NOT NULL,
    request_id TEXT NOT NULL,
    payload    TEXT NOT NULL,
    shard_key  INTEGER,
    at         INTEGER NOT NULL
) STRICT;
