-- framework_mining_runs: one row per framework and mining run: what was read.
CREATE TABLE IF NOT EXISTS framework_mining_runs (
    framework        VARCHAR PRIMARY KEY,
    repo_path        VARCHAR NOT NULL,
    head_sha         VARCHAR,
    commits          INTEGER NOT NULL,
    events           INTEGER NOT NULL,
    skipped_objects  INTEGER NOT NULL,     -- unreadable (missing) blobs skipped
    fetch_status     VARCHAR NOT NULL,     -- fetched | offline-used-existing | local | snapshot
    mined_at         TIMESTAMPTZ NOT NULL,
    long_lines       INTEGER               -- generated lines (minified bundles) longer than the miner reads, not read
);
