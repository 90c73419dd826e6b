-- Croupier schema v3: guild-wide shared state (a ninja roster, Night Wizard characters) changes only as
-- logged effects. A log entry whose action changed the shared state keeps the change as JSON:
-- {"game", "guild", "forward": RFC 6902 patch, "reverse": RFC 6902 patch guarded by `test` ops,
-- "absent": paths that must still be missing}. Undo applies the reverse patch in the transaction that
-- marks the entry undone; replaying a session's log never touches the shared state.
ALTER TABLE log ADD COLUMN effects TEXT;
