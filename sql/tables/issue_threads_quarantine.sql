-- issue_threads_quarantine: threads that could not be stored, with the reason
-- (a line that is not JSON, a thread lacking a field or with a bad value).
CREATE TABLE IF NOT EXISTS issue_threads_quarantine (
    source      VARCHAR NOT NULL,  -- the source read ('snapshot:<path>' or 'github')
    entry_key   VARCHAR NOT NULL,  -- 'threads.jsonl:<line>' or the thread's repo#number
    framework   VARCHAR,           -- when the line named one
    reason      VARCHAR NOT NULL,
    raw         VARCHAR NOT NULL,
    PRIMARY KEY (source, entry_key)
);
