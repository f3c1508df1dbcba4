-- The messages a game keeps editing, kept across restarts: the status message of a simultaneous phase
-- (edited as players lock in) and the lobby messages (closed when the game starts).
CREATE TABLE post_messages (
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind TEXT NOT NULL,            -- 'status' or 'lobby'
    message_id TEXT NOT NULL,
    PRIMARY KEY (game_id, kind, message_id)
);
