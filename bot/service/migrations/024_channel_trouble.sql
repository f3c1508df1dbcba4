-- Channels the bot cannot post in for good (deleted, or its permissions taken away): boards and notices
-- for them stop being retried until a command in the channel shows the bot can post again.
CREATE TABLE channel_trouble (
    channel_id TEXT PRIMARY KEY,
    reason TEXT NOT NULL,          -- 'gone' (404) or 'forbidden' (403)
    since REAL NOT NULL,
    host_told INTEGER NOT NULL DEFAULT 0
);
