-- Croupier schema v1: channels, sessions, the action log, idempotency keys, guild-wide shared state.

-- One row per channel the bot has seen: its dice RNG (for /roll), seeded once.
CREATE TABLE channels (
    channel    TEXT PRIMARY KEY,
    guild      TEXT,
    seed       INTEGER NOT NULL,
    rng        TEXT NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;

-- A game session. At most one active session per channel.
CREATE TABLE sessions (
    id         INTEGER PRIMARY KEY,
    channel    TEXT NOT NULL REFERENCES channels(channel),
    guild      TEXT,
    game       TEXT NOT NULL,
    host       TEXT NOT NULL,
    seed       INTEGER NOT NULL,
    state      TEXT NOT NULL,
    rng        TEXT NOT NULL,
    version    INTEGER NOT NULL DEFAULT 0,
    active     INTEGER NOT NULL DEFAULT 1,
    wakeup_at  INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX sessions_one_active ON sessions(channel) WHERE active = 1;
CREATE INDEX sessions_wakeup ON sessions(wakeup_at) WHERE active = 1 AND wakeup_at IS NOT NULL;

-- The append-only log: session creation, actions, undos, ends, rolls.
CREATE TABLE log (
    id          INTEGER PRIMARY KEY,
    channel     TEXT NOT NULL,
    session_id  INTEGER REFERENCES sessions(id),
    kind        TEXT NOT NULL CHECK (kind IN ('new', 'action', 'undo', 'end', 'roll', 'global', 'reveal')),
    actor       TEXT NOT NULL,
    actor_name  TEXT NOT NULL,
    payload     TEXT NOT NULL,
    summary     TEXT NOT NULL,
    visibility  TEXT NOT NULL DEFAULT 'public',
    request_id  TEXT,
    undone      INTEGER NOT NULL DEFAULT 0,
    at          INTEGER NOT NULL
) STRICT;
CREATE INDEX log_session ON log(session_id, id);
CREATE INDEX log_channel ON log(channel, id);

-- Idempotency: a request id seen once returns its first outcome.
CREATE TABLE requests (
    request_id TEXT PRIMARY KEY,
    channel    TEXT NOT NULL,
    outcome    TEXT NOT NULL,
    at         INTEGER NOT NULL
) STRICT;

-- Guild-wide state of a game that outlives sessions (e.g. a ninja roster).
CREATE TABLE shared_state (
    guild   TEXT NOT NULL,
    game    TEXT NOT NULL,
    state   TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild, game)
) STRICT;
