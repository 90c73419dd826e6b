-- Croupier schema v11: undo from stored states. A log entry that changes a session keeps what undo
-- needs to put the session back exactly as it was before the entry, written in the entry's own
-- transaction: {"state": RFC 6902 patch from the state after the entry to the state before it,
-- "rng": the session generator's word position before it, "host": the host before it, if the entry
-- changed it}. Undo applies it, so undo costs the same however long the log is, and it works in a
-- game begun before an update changed the rules (the log need not replay under today's rules).
-- Entries written before this migration have none: undo takes them back by replaying the log, as
-- before, and refuses (saying why) where the log no longer replays.
ALTER TABLE log ADD COLUMN restore TEXT;
