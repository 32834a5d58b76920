-- paper_thread_reviews: one row per (paper, thread citing it), with the thread's role and outcome
-- (rl_inclusion/threads/roles.py, with the rule that decided) and its review latencies.
-- Where a value needs comment author associations and the source gave none (a format-1 snapshot), it is NULL.
CREATE TABLE IF NOT EXISTS paper_thread_reviews (
    arxiv_id                          VARCHAR NOT NULL,
    thread_id                         VARCHAR NOT NULL,
    framework                         VARCHAR NOT NULL,
    kind                              VARCHAR NOT NULL,   -- issue | pull | discussion
    cited_by                          VARCHAR[] NOT NULL, -- arxiv_id, method_name, method_name_ambiguous
    role                              VARCHAR NOT NULL,   -- request | implementation | question_discussion | failure_report
    role_reason                       VARCHAR NOT NULL,
    outcome                           VARCHAR,            -- merged | closed_unmerged | rejected | redirected | no_response | open; NULL: unknown without author associations
    outcome_reason                    VARCHAR NOT NULL,
    associations_known                BOOLEAN NOT NULL,   -- maintainers among its commenters can be told: nobody else commented, or the comments carry associations
    state                             VARCHAR NOT NULL,
    created_at                        TIMESTAMPTZ NOT NULL,
    closed_at                         TIMESTAMPTZ,
    merged_at                         TIMESTAMPTZ,
    first_maintainer_response_at      TIMESTAMPTZ,        -- first comment by an OWNER, MEMBER or COLLABORATOR other than the author; NULL when none or unknown
    days_to_first_maintainer_response DOUBLE,
    days_to_merge                     DOUBLE,             -- pull requests: opening to merge
    quarter                           VARCHAR NOT NULL,   -- the thread's creation quarter
    PRIMARY KEY (arxiv_id, thread_id)
);
