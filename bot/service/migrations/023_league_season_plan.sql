-- Leagues: a round-robin season is planned as a whole at its start (`plan`, JSON: the rounds not yet
-- paired, re-planned when a player leaves); `end_reminded_at` marks the reminder to organisers that
-- the season's deadline is near (sent once).
ALTER TABLE league_seasons ADD COLUMN plan TEXT;
ALTER TABLE league_seasons ADD COLUMN end_reminded_at REAL;
