-- thread_cursors: per framework, the updated-at of the last successful fetch.
CREATE TABLE IF NOT EXISTS thread_cursors (
    framework     VARCHAR PRIMARY KEY,
    updated_since TIMESTAMPTZ NOT NULL,
    fetched_at    TIMESTAMPTZ NOT NULL,
    requests      INTEGER NOT NULL,
    threads       INTEGER NOT NULL
);
