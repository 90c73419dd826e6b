-- The languages people chose with `/game language`: a channel's public language (NULL: the
-- server's, as Discord sends it) and each user's own language for what only they read (no row:
-- their Discord client's). A tag this build does not speak reads as English.
ALTER TABLE channels ADD COLUMN language TEXT;
CREATE TABLE user_languages (
    user_id  TEXT PRIMARY KEY,
    language TEXT NOT NULL
) STRICT;
