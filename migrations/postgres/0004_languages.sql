-- As SQLite's 0014_languages.sql: a channel's public language (NULL: the server's) and each
-- user's own language (no row: their Discord client's), set with `/game language`.
ALTER TABLE channels ADD COLUMN language TEXT;
CREATE TABLE user_languages (
    user_id  TEXT PRIMARY KEY,
    language TEXT NOT NULL
);
