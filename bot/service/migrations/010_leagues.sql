-- Leagues: seasons, sign-ups, matches (one game each), an audit log; ratings per game per server.
CREATE TABLE league_guilds (
    guild_id        TEXT PRIMARY KEY,
    organiser_role  TEXT,                   -- role id allowed to run leagues besides Manage Server
    rate_casual     INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE leagues (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        TEXT NOT NULL,
    channel_id      TEXT NOT NULL,          -- match threads are created under this channel
    name            TEXT NOT NULL,
    engine          TEXT NOT NULL,
    options         TEXT NOT NULL,          -- JSON game options
    table_size      INTEGER NOT NULL,
    scoring         TEXT NOT NULL,          -- JSON list: points per placing (1st, 2nd, ...)
    format          TEXT NOT NULL CHECK (format IN ('round-robin', 'swiss')),
    rounds          INTEGER,                -- NULL: automatic
    cap             INTEGER,                -- sign-up cap, NULL: none
    round_days      REAL,                   -- round deadline in days, NULL: none
    pace            TEXT NOT NULL DEFAULT 'normal',
    timeout_policy  TEXT NOT NULL DEFAULT 'forfeit',
    created_by      TEXT NOT NULL,
    created_at      REAL NOT NULL
);
CREATE UNIQUE INDEX leagues_by_name ON leagues (guild_id, name COLLATE NOCASE);

CREATE TABLE league_seasons (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id       INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    number          INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('signup', 'running', 'closed')),
    round           INTEGER NOT NULL DEFAULT 0,
    rounds          INTEGER NOT NULL DEFAULT 0,
    round_deadline  REAL,
    created_at      REAL NOT NULL,
    closed_at       REAL,
    UNIQUE (league_id, number)
);

CREATE TABLE league_entries (
    season_id       INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL,
    name            TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('active', 'waitlist', 'left', 'removed')),
    joined_at       REAL NOT NULL,
    PRIMARY KEY (season_id, user_id)
);

CREATE TABLE league_matches (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    season_id       INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    round           INTEGER NOT NULL,
    table_no        INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'running', 'finished', 'bye')),
    game_id         INTEGER REFERENCES games (id),
    thread_id       TEXT,
    note            TEXT NOT NULL DEFAULT '',
    created_at      REAL NOT NULL,
    finished_at     REAL
);
CREATE UNIQUE INDEX league_matches_by_game ON league_matches (game_id) WHERE game_id IS NOT NULL;
CREATE INDEX league_matches_by_season ON league_matches (season_id, round);

CREATE TABLE league_match_seats (
    match_id        INTEGER NOT NULL REFERENCES league_matches (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL,
    name            TEXT NOT NULL,
    placing         INTEGER,                -- 1 = first; shared on ties; NULL until recorded
    points          REAL,
    forfeit         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, user_id)
);

CREATE TABLE league_audit (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id       INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    actor_id        TEXT NOT NULL,
    action          TEXT NOT NULL,
    detail          TEXT NOT NULL,
    reason          TEXT NOT NULL DEFAULT '',
    created_at      REAL NOT NULL
);

CREATE TABLE ratings (
    guild_id        TEXT NOT NULL,
    engine          TEXT NOT NULL,
    user_id         TEXT NOT NULL,
    name            TEXT NOT NULL,
    mu              REAL NOT NULL,
    sigma           REAL NOT NULL,
    games           INTEGER NOT NULL DEFAULT 0,
    updated_at      REAL NOT NULL,
    PRIMARY KEY (guild_id, engine, user_id)
);

-- Each finished game is rated at most once.
CREATE TABLE rated_games (
    game_id         INTEGER PRIMARY KEY,
    rated_at        REAL NOT NULL
);
