-- Clocks that hold for a season (issue 22).
-- since_version: the game version at which the seat's current decision began (a commit after it that
-- completes the decision restarts the clock). turn_pace: the pace the running turn started under
-- ("name:turn:bank:gain:cap" in seconds), so a pace change applies from the next turn.
ALTER TABLE seat_clocks ADD COLUMN since_version INTEGER;
ALTER TABLE seat_clocks ADD COLUMN turn_pace TEXT;
-- grace_seconds: how long a bot stand-in waits before each decision of the seat (NULL: a share of the turn).
ALTER TABLE game_pace ADD COLUMN grace_seconds REAL;
-- Members who left a server: their seats there are played by the timeout policy and never pinged.
CREATE TABLE departures (
    guild_id TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    left_at  REAL NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
