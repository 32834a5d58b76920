-- paper_mentions: papers a framework mentions only in docs (never in code).
CREATE TABLE IF NOT EXISTS paper_mentions (
    arxiv_id        VARCHAR NOT NULL,
    framework       VARCHAR NOT NULL,
    first_date      TIMESTAMPTZ NOT NULL,
    first_sha       VARCHAR NOT NULL,
    path            VARCHAR NOT NULL,
    PRIMARY KEY (arxiv_id, framework)
);
