-- Away-from-keyboard: after `afk_after` timeouts in a row (0 = never) a seat's default is played
-- right away each turn until the player moves again; `missed` counts the timeouts in a row.
ALTER TABLE game_pace ADD COLUMN afk_after INTEGER NOT NULL DEFAULT 2;
ALTER TABLE seat_clocks ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
