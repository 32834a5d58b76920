-- issue_threads: issues, pull requests and discussions of the frameworks,
-- partitioned by creation quarter, with the classification columns.
CREATE TABLE IF NOT EXISTS issue_threads (
    thread_id            VARCHAR PRIMARY KEY,  -- '<repo>#<kind>/<number>'
    framework            VARCHAR NOT NULL,
    repo                 VARCHAR NOT NULL,
    number               INTEGER NOT NULL,
    kind                 VARCHAR NOT NULL,     -- issue | pull | discussion
    title                VARCHAR NOT NULL,
    body                 VARCHAR NOT NULL,
    state                VARCHAR NOT NULL,
    author               VARCHAR,
    labels               VARCHAR[] NOT NULL,
    created_at           TIMESTAMPTZ NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL,
    closed_at            TIMESTAMPTZ,
    merged_at            TIMESTAMPTZ,
    url                  VARCHAR NOT NULL,
    n_comments           INTEGER NOT NULL,
    comments_json        VARCHAR NOT NULL,     -- the comments as JSON [{author, created_at, body[, author_association]}]
    cited_arxiv_ids      VARCHAR[] NOT NULL,
    cited_method_names   VARCHAR[] NOT NULL,
    training_failure     BOOLEAN NOT NULL,
    failure_kind         VARCHAR,
    failure_evidence     VARCHAR,
    quarter              VARCHAR NOT NULL,
    -- what review needs (snapshot format 2); NULL when the source does not give it (format 1, REST for reviews)
    author_association   VARCHAR,              -- OWNER | MEMBER | COLLABORATOR | CONTRIBUTOR | FIRST_TIME_CONTRIBUTOR | NONE ...
    state_reason         VARCHAR,              -- issues: COMPLETED | NOT_PLANNED | REOPENED | DUPLICATE
    merge_commit         VARCHAR,              -- pull requests: the merge commit's sha (joins framework_events.sha)
    closes_issues        INTEGER[],            -- pull requests: the issues it closes
    n_reviews            INTEGER,              -- pull requests: reviews fetched
    reviews_json         VARCHAR               -- [{author, author_association, state, submitted_at, comments}]
);
