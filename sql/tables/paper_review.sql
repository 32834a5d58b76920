-- paper_review: one row per eligible paper: what its citing threads (by arXiv id or an unambiguous
-- method name, opened by the cut-off) asked for, implemented, rejected or redirected.
CREATE TABLE IF NOT EXISTS paper_review (
    arxiv_id                          VARCHAR PRIMARY KEY,
    quarter                           VARCHAR NOT NULL,   -- the paper's cohort
    included                          BOOLEAN NOT NULL,   -- in paper_inclusion by the cut-off
    threads_by_id                     INTEGER NOT NULL,
    threads_by_id_or_name             INTEGER NOT NULL,
    requests                          INTEGER NOT NULL,   -- threads whose role is request
    implementation_prs_merged         INTEGER NOT NULL,
    implementation_prs_not_merged     INTEGER NOT NULL,   -- closed without a merge or still open
    implementation_prs_open           INTEGER NOT NULL,
    rejections                        INTEGER NOT NULL,   -- lower bound without author associations
    redirections                      INTEGER NOT NULL,   -- lower bound without author associations
    explicit_rejection_or_redirection BOOLEAN NOT NULL,
    threads_without_association       INTEGER NOT NULL,   -- threads whose maintainer responses cannot be told
    first_maintainer_response_days    DOUBLE,             -- shortest over its threads; NULL when none or unknown
    review_note                       VARCHAR             -- what could not be judged and why
);
