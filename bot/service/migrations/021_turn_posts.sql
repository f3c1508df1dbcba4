-- One public post per turn: `board_version` is the version of the last board message posted (quiet
-- sub-decisions and status edits advance `posted_version` only); `turns` counts the board posts, the
-- footer's turn number for games whose view has no round.
ALTER TABLE games ADD COLUMN board_version INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN turns INTEGER NOT NULL DEFAULT 0;
