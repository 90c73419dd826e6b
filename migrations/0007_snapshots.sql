-- Snapshots of a session's state every so many actions, so undo replays from the latest one
-- instead of from the session's start: its cost is bounded by the distance to the snapshot,
-- not by the length of the log. A snapshot holds the state, RNG and host after log entry
-- `log_id`; undoing that entry or an earlier one deletes it.
CREATE TABLE snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    log_id     INTEGER NOT NULL,
    state      TEXT NOT NULL,
    rng        TEXT NOT NULL,
    host       TEXT NOT NULL,
    PRIMARY KEY (session_id, log_id)
) STRICT;
