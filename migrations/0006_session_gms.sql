-- Croupier schema: a session's GMs as its game names them (a JSON array of user ids), written with
-- the state, so `/roll` (gm and blind rolls, and every roll in a session) finds them without
-- reading the whole state. NULL for sessions saved before: their GMs are read from the state.
ALTER TABLE sessions ADD COLUMN gms TEXT;
