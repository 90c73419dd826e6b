-- The Discord front end's own tables, which earlier versions created when the bot started
-- (so they may exist already).

-- Component custom ids longer than Discord's 100 characters, saved under a short `k:` key.
CREATE TABLE IF NOT EXISTS discord_component_ids(
    key TEXT PRIMARY KEY,
    custom_id TEXT NOT NULL
) STRICT;

-- Standing messages (the Night Wizard tracker): one per channel and key, edited in place.
CREATE TABLE IF NOT EXISTS discord_slots(
    channel TEXT NOT NULL,
    key TEXT NOT NULL,
    message_id TEXT NOT NULL,
    PRIMARY KEY (channel, key)
) STRICT;
