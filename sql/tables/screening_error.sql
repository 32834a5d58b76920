-- screening_error: the screener's out-of-sample decisions on its labelled papers (cross-validated for the
-- learned screener), written with eligible_methods; cohort_metrics and study_summary correct their counts
-- with it (rl_inclusion/screening/estimate.py).
CREATE TABLE IF NOT EXISTS screening_error (
    arxiv_id      VARCHAR PRIMARY KEY,
    eligible      BOOLEAN NOT NULL,   -- the label
    predicted     BOOLEAN NOT NULL,   -- the screener's decision by a model that never saw this label
    score         DOUBLE,             -- its probability (learned) or rules score
    text_origin   VARCHAR NOT NULL,   -- 'source' (as the paper source delivered it) | 'bundled summary'
    labelled_set  VARCHAR NOT NULL,   -- 'real' (drawn as the query returns papers) | 'bundled' | 'given' (a labels file)
    screener      VARCHAR NOT NULL    -- 'learned' | 'rules'
);
