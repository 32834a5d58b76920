-- inclusion_prs: the pull request that brought each (paper, framework) inclusion
-- (rl_inclusion/threads/inclusion_prs.py): found by number, else by merge commit;
-- NULL columns when the threads do not hold it or the source gives no reviews.
CREATE TABLE IF NOT EXISTS inclusion_prs (
    arxiv_id             VARCHAR NOT NULL,
    framework            VARCHAR NOT NULL,
    first_sha            VARCHAR NOT NULL,     -- the inclusion's first implementing commit
    pr_number            INTEGER,
    found_by             VARCHAR,              -- pull request number | merge commit | NULL (not among the threads)
    pr_author            VARCHAR,
    author_association   VARCHAR,              -- NULL when the source does not give it
    author_is_maintainer BOOLEAN,              -- OWNER, MEMBER or COLLABORATOR; NULL when unknown
    opened_at            TIMESTAMPTZ,
    merged_at            TIMESTAMPTZ,
    days_to_merge        DOUBLE,
    n_reviews            INTEGER,              -- NULL when the source gives no reviews (snapshot format 1, REST)
    review_comments      INTEGER,
    reviewers            VARCHAR[],
    paper_author_match   BOOLEAN,              -- an author of the paper wrote it (conservative login match)
    paper_author_reason  VARCHAR,
    PRIMARY KEY (arxiv_id, framework)
);
