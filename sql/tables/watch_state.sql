-- watch_state: what the watchlist sensor last saw of each watched paper, so
-- that it alerts on changes only: one row per paper and item (the paper
-- itself, each framework including it, each thread citing it).
CREATE TABLE IF NOT EXISTS watch_state (
    arxiv_id   VARCHAR NOT NULL,
    item_kind  VARCHAR NOT NULL,   -- watched | inclusion | thread
    item       VARCHAR NOT NULL,   -- '' (watched), the framework (inclusion), the thread id (thread)
    value      VARCHAR NOT NULL,   -- the integration level, 'removed', or the thread's URL
    seen_at    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (arxiv_id, item_kind, item)
);
