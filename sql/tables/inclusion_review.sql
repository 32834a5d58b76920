-- inclusion_review: (paper, framework) pairs whose only code evidence is of low
-- confidence (a name in a comment, a name that is not distinctive and not
-- corroborated): not inclusions, listed for a reviewer to confirm or reject
-- with an inclusion label.
CREATE TABLE IF NOT EXISTS inclusion_review (
    arxiv_id        VARCHAR NOT NULL,
    framework       VARCHAR NOT NULL,
    first_date      TIMESTAMPTZ NOT NULL,  -- the first low-confidence event
    first_sha       VARCHAR NOT NULL,
    path            VARCHAR NOT NULL,
    method_name     VARCHAR,               -- the normalised name matched (null for an id)
    snippet         VARCHAR NOT NULL,
    evidence_note   VARCHAR,               -- what made it low
    events          INTEGER NOT NULL,      -- low-confidence events of the pair
    PRIMARY KEY (arxiv_id, framework)
);
