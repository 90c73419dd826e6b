-- A log entry's words as typed values (JSON of a `table::Said`, NULL for an entry written before
-- this or one with no typed words): `/game log` and `/game undo` write the entry's summary in
-- each reader's language from it; `summary` stays its English, as written when it happened.
ALTER TABLE log ADD COLUMN said TEXT;
