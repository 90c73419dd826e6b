-- The server's language as the channel's last interaction gave it (Discord's `guild_locale`;
-- NULL: none seen yet, or a DM): what a reminder, which answers no interaction, is written in
-- when the channel has not chosen one with `/game language`.
ALTER TABLE channels ADD COLUMN server_language TEXT;
