-- Croupier schema v2: request ids are pruned by age on the reminder tick; an index on `at` keeps
-- that a range scan instead of a walk over every request ever recorded.
CREATE INDEX requests_at ON requests(at);
