-- arxiv_fetch_windows: the live arXiv fetch's checkpoint, one row per completed
-- date window, so that a run that fails part-way resumes without asking again.
-- A partition's rows are cleared once its raw_papers rows are written.
CREATE TABLE IF NOT EXISTS arxiv_fetch_windows (
    query_hash    VARCHAR NOT NULL,      -- ArxivQuery.fingerprint(): categories + keywords
    fetch_start   TIMESTAMPTZ NOT NULL,  -- the partition window [fetch_start, fetch_end)
    fetch_end     TIMESTAMPTZ NOT NULL,
    quarter       VARCHAR NOT NULL,      -- 2025Q1, for people
    window_start  TIMESTAMPTZ NOT NULL,  -- this window: [window_start, window_end)
    window_end    TIMESTAMPTZ NOT NULL,
    query         VARCHAR NOT NULL,      -- the exact search_query sent
    announced     INTEGER NOT NULL,      -- total announced for [window_start, fetch_end)
    received      INTEGER NOT NULL,      -- entries kept for [window_start, window_end)
    requests      INTEGER NOT NULL,      -- HTTP requests spent, retries included
    entries       VARCHAR NOT NULL,      -- JSON array of {key, data, error, raw}
    fetched_at    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (query_hash, fetch_start, fetch_end, window_start)
);
