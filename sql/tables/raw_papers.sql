-- raw_papers: one arXiv entry per paper (latest version), partitioned by the
-- quarter of its first submission (v1 `published`).
CREATE TABLE IF NOT EXISTS raw_papers (
    arxiv_id          VARCHAR PRIMARY KEY,   -- base id, no version
    version           INTEGER NOT NULL,      -- latest version seen
    title             VARCHAR NOT NULL,
    abstract          VARCHAR NOT NULL,
    authors           VARCHAR[] NOT NULL,
    primary_category  VARCHAR NOT NULL,
    categories        VARCHAR[] NOT NULL,
    published         TIMESTAMPTZ NOT NULL,  -- v1 submission: decides the partition
    updated           TIMESTAMPTZ NOT NULL,
    comment           VARCHAR,
    journal_ref       VARCHAR,
    doi               VARCHAR,
    links             VARCHAR[] NOT NULL,
    code_urls         VARCHAR[] NOT NULL,    -- GitHub/GitLab/Hugging Face/project pages in abstract or comment
    source            VARCHAR NOT NULL,      -- 'snapshot:<path>' or 'arxiv-api'
    quarter           VARCHAR NOT NULL       -- 2025Q1
);
