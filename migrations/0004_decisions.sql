-- Decisions a game waited for (a Scene's roll, one player's pick) and the log entry that
-- settled each, so a button pressed after that is told what happened instead.
-- `who` is the user the decision waited for, '' when it waited for whoever the rules allow.
CREATE TABLE decisions_settled (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    key        TEXT NOT NULL,
    who        TEXT NOT NULL,
    label      TEXT NOT NULL,
    log_id     INTEGER NOT NULL REFERENCES log(id),
    PRIMARY KEY (session_id, key, who)
) STRICT;
