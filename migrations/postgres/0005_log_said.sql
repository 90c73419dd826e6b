-- As SQLite's 0015_log_said.sql: a log entry's words as typed values (JSON of a `table::Said`;
-- NULL before it, or with no typed words), read by `/game log` and `/game undo` in each reader's
-- language.
ALTER TABLE log ADD COLUMN said TEXT;
