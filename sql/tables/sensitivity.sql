-- sensitivity: the headline figures under each analysis choice (screener, evidence
-- confidence, window end, days to count as fast), every other choice at the run's
-- setting.
CREATE TABLE IF NOT EXISTS sensitivity (
    choice           VARCHAR NOT NULL,   -- screener | evidence confidence | window end | days to count as fast
    setting          VARCHAR NOT NULL,
    is_run           BOOLEAN NOT NULL,   -- the setting the pipeline ran with
    eligible         INTEGER NOT NULL,
    included         INTEGER NOT NULL,   -- in at least one framework by the cut-off
    included_share   DOUBLE,
    share_ci_low     DOUBLE,             -- 95 % Wilson interval
    share_ci_high    DOUBLE,
    window_days      INTEGER NOT NULL,
    closed           INTEGER NOT NULL,   -- eligible papers whose window closed by the cut-off
    included_within  INTEGER NOT NULL,   -- of those, included within the window
    within_share     DOUBLE,
    within_by_cohort VARCHAR[] NOT NULL, -- per cohort: included within the window / eligible, or open
    PRIMARY KEY (choice, setting)
);
