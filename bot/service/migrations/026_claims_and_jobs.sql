-- Several bot processes on one database: a notice is claimed (with a lease that runs out if its process
-- dies) before it is delivered, and background work (league rounds, season starts) is a claimed job.
ALTER TABLE notices ADD COLUMN claimed_by TEXT;
ALTER TABLE notices ADD COLUMN claimed_until REAL;

CREATE TABLE jobs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT NOT NULL,              -- open_matches | season_start
    guild_id      TEXT,                       -- done by the process running this guild's shard
    payload       TEXT NOT NULL,              -- JSON
    dedup         TEXT,                       -- at most one unfinished job per key
    state         TEXT NOT NULL,              -- pending (never claimed) | running | done | failed
    progress      TEXT,                       -- what it has done so far, in words
    attempts      INTEGER NOT NULL DEFAULT 0,
    claimed_by    TEXT,
    claimed_until REAL,
    error         TEXT,
    created_at    REAL NOT NULL,
    done_at       REAL
);
CREATE UNIQUE INDEX jobs_open_dedup ON jobs (dedup) WHERE state = 'pending';
CREATE INDEX jobs_unfinished ON jobs (id) WHERE state IN ('pending', 'running');
