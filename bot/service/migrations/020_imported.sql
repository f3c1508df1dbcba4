-- Games loaded from a replay file (`/game import`): shown as imported, never rated, never league games.
ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
