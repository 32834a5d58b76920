-- watch_alerts: what the watchlist sensor reported about a watched method,
-- one row per alert (never repeated: the key is a hash of what changed).
CREATE TABLE IF NOT EXISTS watch_alerts (
    alert_id     VARCHAR PRIMARY KEY,   -- sha256 of arxiv_id, kind, framework, subject and new value
    created_at   TIMESTAMPTZ NOT NULL,
    watched      VARCHAR NOT NULL,      -- the watchlist entry (method name or arXiv id)
    arxiv_id     VARCHAR NOT NULL,
    method_name  VARCHAR,
    kind         VARCHAR NOT NULL,      -- landed | level_changed | removed | new_thread
    framework    VARCHAR NOT NULL,
    subject      VARCHAR NOT NULL,      -- the thread id (new_thread) or the framework
    old_value    VARCHAR,               -- the level before (level_changed, removed)
    new_value    VARCHAR,               -- the level now, or the thread's URL
    message      VARCHAR NOT NULL,
    notified_at  TIMESTAMPTZ            -- when the webhook accepted it (NULL: no webhook, or not yet)
);
