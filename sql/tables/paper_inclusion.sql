-- paper_inclusion: one row per eligible paper and framework whose main branch
-- received code-level evidence of it (any level but 'mentioned').
CREATE TABLE IF NOT EXISTS paper_inclusion (
    arxiv_id             VARCHAR NOT NULL,
    framework            VARCHAR NOT NULL,
    method_name          VARCHAR,
    published            TIMESTAMPTZ NOT NULL,
    quarter              VARCHAR NOT NULL,     -- the paper's cohort
    implementation_date  TIMESTAMPTZ NOT NULL, -- first code-level commit on main
    implementation_quarter VARCHAR NOT NULL,
    first_sha            VARCHAR NOT NULL,
    first_pr             INTEGER,
    integration_level    VARCHAR NOT NULL,     -- the strongest level reached
    lag_days             INTEGER NOT NULL,
    within_180_days      BOOLEAN NOT NULL,
    removed              BOOLEAN NOT NULL,
    removed_date         TIMESTAMPTZ,
    evidence_count       INTEGER NOT NULL,
    PRIMARY KEY (arxiv_id, framework)
);
