-- study_summary: the headline figures over the study window, beside the
-- values the study published.
CREATE TABLE IF NOT EXISTS study_summary (
    metric          VARCHAR PRIMARY KEY,
    description     VARCHAR NOT NULL,
    numerator       DOUBLE,
    denominator     DOUBLE,
    value           DOUBLE,
    ci_low          DOUBLE,
    ci_high         DOUBLE,
    p_value         DOUBLE,
    unknown         DOUBLE,     -- papers of the group whose feature is unknown (left out of the denominator)
    estimate        DOUBLE,     -- corrected for the screener's measured error (a count or a share)
    est_low         DOUBLE,     -- its 95 % bootstrap interval
    est_high        DOUBLE,
    published_value DOUBLE,
    published_text  VARCHAR,
    window_start    DATE NOT NULL,
    window_end      DATE NOT NULL
);
