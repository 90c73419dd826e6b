-- A channel's log is read backwards along a chain instead of through the (channel, id) index.
-- Every new entry of that index landed on its channel's own leaf page, so a group commit of
-- rolls in N channels rewrote N index pages. Now each entry names the channel's previous entry
-- (`prev_in_channel`) and `channel_tail` holds each channel's latest, a small table of one row
-- per channel: the same commit writes one or two pages for it.
ALTER TABLE log ADD COLUMN prev_in_channel INTEGER;
UPDATE log SET prev_in_channel =
    (SELECT max(p.id) FROM log AS p WHERE p.channel = log.channel AND p.id < log.id);
CREATE TABLE channel_tail (
    channel TEXT PRIMARY KEY,
    last_id INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
INSERT INTO channel_tail(channel, last_id) SELECT channel, max(id) FROM log GROUP BY channel;
DROP INDEX log_channel;
