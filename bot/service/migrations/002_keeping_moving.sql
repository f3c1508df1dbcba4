-- Keeping games moving: pace per game, a clock per seat, reminder settings, vacations, the outbox.
CREATE TABLE game_pace (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    pace         TEXT NOT NULL,            -- fast | normal | slow | custom | off
    turn_seconds REAL NOT NULL,            -- 0: no deadlines
    bank_start   REAL NOT NULL,            -- time bank each seat starts with
    bank_gain    REAL NOT NULL,            -- added after every finished turn
    bank_cap     REAL NOT NULL,            -- the bank never grows beyond this
    policy       TEXT NOT NULL,            -- default | bot | skip
    strikes      INTEGER NOT NULL          -- skip: forfeit after this many timeouts
);

CREATE TABLE seat_clocks (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    bank       REAL NOT NULL,
    turn       INTEGER NOT NULL DEFAULT 0,  -- how many times the seat became due
    due_since  REAL,                        -- UTC; NULL when the game does not wait for the seat
    deadline   REAL,                        -- UTC; NULL when the seat is not due
    reminded   REAL,                        -- the last reminder point handled this turn
    muted_turn INTEGER,                     -- "not this turn": the turn whose reminders are off
    strikes    INTEGER NOT NULL DEFAULT 0,
    stand_in   INTEGER NOT NULL DEFAULT 0,  -- a bot plays the seat until the player returns
    frame      TEXT,                        -- "depth:step" of the decision the clock started on
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seat_clocks_by_deadline ON seat_clocks (deadline) WHERE deadline IS NOT NULL;

CREATE TABLE reminder_settings (
    user_id        TEXT PRIMARY KEY,
    mode           TEXT NOT NULL,           -- dm | channel | both
    interval_hours REAL NOT NULL,           -- 0: only the escalation reminders
    tz             TEXT NOT NULL,           -- IANA time zone
    quiet_start    INTEGER,                 -- minutes after local midnight
    quiet_end      INTEGER
);

CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    TEXT NOT NULL,
    started_at REAL NOT NULL,
    until      REAL NOT NULL,
    ended_at   REAL                         -- NULL while the vacation runs
);
CREATE INDEX vacations_open ON vacations (until) WHERE ended_at IS NULL;
CREATE INDEX vacations_by_user ON vacations (user_id, started_at);

CREATE TABLE vacation_allowance (
    guild_id TEXT PRIMARY KEY,
    days     REAL NOT NULL
);

CREATE TABLE notices (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT NOT NULL,               -- reminder | table
    user_id    TEXT,                        -- DM recipient
    dm         INTEGER NOT NULL,
    channel_id TEXT,                        -- where to post (or the fallback when a DM fails)
    text       TEXT NOT NULL,
    created_at REAL NOT NULL,
    sent_at    REAL
);
CREATE INDEX notices_unsent ON notices (id) WHERE sent_at IS NULL;

CREATE TABLE archived_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    at      REAL NOT NULL
);
