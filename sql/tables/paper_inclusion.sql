-- paper_inclusion: one row per eligible paper and framework whose main branch
-- received code-level evidence of it (any level but 'mentioned') of high or
-- medium confidence, or that a reviewer's inclusion label confirmed or added.
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
    confidence           VARCHAR,              -- high | medium: the best evidence of the pair
    pre_submission       BOOLEAN,              -- implemented before the paper's first submission (lag_days < 0)
    decided_by           VARCHAR,              -- rules | reviewer:<name> (an inclusion label confirmed, added or corrected it)
    review_note          VARCHAR,              -- the reviewer's reason
    PRIMARY KEY (arxiv_id, framework)
);
ALTER TABLE paper_inclusion ADD COLUMN IF NOT EXISTS confidence VARCHAR;
ALTER TABLE paper_inclusion ADD COLUMN IF NOT EXISTS pre_submission BOOLEAN;
ALTER TABLE paper_inclusion ADD COLUMN IF NOT EXISTS decided_by VARCHAR;
ALTER TABLE paper_inclusion ADD COLUMN IF NOT EXISTS review_note VARCHAR;
