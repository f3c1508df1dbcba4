-- Games, their players and their append-only action log.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        TEXT,
    channel_id      TEXT NOT NULL,
    engine          TEXT NOT NULL,
    engine_version  INTEGER NOT NULL,
    options         TEXT NOT NULL,          -- JSON
    seed            INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    host_id         TEXT NOT NULL,
    version         INTEGER NOT NULL DEFAULT 0,   -- actions applied; optimistic concurrency
    state           TEXT,                   -- JSON, NULL while in the lobby
    result          TEXT,                   -- JSON outcome when finished
    posted_version  INTEGER NOT NULL DEFAULT -1,  -- last version whose board was posted
    board_message_id TEXT,
    created_at      REAL NOT NULL,
    updated_at      REAL NOT NULL,
    finished_at     REAL
);
-- One open game (lobby or running) per channel.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_status ON games (status, updated_at);

CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,             -- join order in the lobby
    user_id   TEXT,                         -- NULL for a bot seat
    name      TEXT NOT NULL,
    is_bot    INTEGER NOT NULL DEFAULT 0,
    seat      INTEGER,                      -- engine seat, assigned at start
    joined_at REAL NOT NULL,
    PRIMARY KEY (game_id, position)
);
CREATE UNIQUE INDEX players_one_seat_per_user ON players (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX players_by_user ON players (user_id);

CREATE TABLE actions (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n              INTEGER NOT NULL,        -- 1-based; equals games.version after it
    seat           INTEGER NOT NULL,
    action         TEXT NOT NULL,
    user_id        TEXT,                    -- NULL when a bot or the host acted for the seat
    interaction_id TEXT,                    -- idempotency key (a Discord interaction id)
    events         TEXT NOT NULL,           -- JSON list of {"text", "to"}
    created_at     REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE UNIQUE INDEX actions_idempotency ON actions (interaction_id) WHERE interaction_id IS NOT NULL;
