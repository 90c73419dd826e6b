-- A channel's dice generator is stored as where it is, not as what it is. Every channel's
-- generator is ChaCha8 seeded from the channel's `seed` (stream 0), so its state is that seed
-- and a word position; the JSON of the whole generator (its 32 key bytes, stream and position,
-- ~150 bytes) was parsed and written again on every roll. Each row keeps its position.
ALTER TABLE channels ADD COLUMN rng_pos INTEGER NOT NULL DEFAULT 0;
UPDATE channels SET rng_pos = json_extract(rng, '$.word_pos');
ALTER TABLE channels DROP COLUMN rng;
