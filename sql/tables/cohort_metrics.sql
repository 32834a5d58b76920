-- cohort_metrics: one row per quarterly cohort (first-submission quarter).
CREATE TABLE IF NOT EXISTS cohort_metrics (
    quarter                 VARCHAR PRIMARY KEY,
    cohort_start            DATE NOT NULL,
    papers_screened         INTEGER NOT NULL,
    eligible                INTEGER NOT NULL,   -- raw: labels plus the screener's decisions
    eligible_est            DOUBLE,             -- corrected for the screener's measured error (screening_error)
    eligible_est_low        DOUBLE,             -- its 95 % bootstrap interval
    eligible_est_high       DOUBLE,
    included_any            INTEGER NOT NULL,   -- in at least one framework, by the cut-off
    included_within_180d    INTEGER,            -- NULL when censored
    share_within_180d       DOUBLE,             -- of eligible; NULL when censored
    median_lag_days         DOUBLE,             -- of the included papers; NULL when censored
    censored                BOOLEAN NOT NULL,   -- the cohort's 180-day window has not closed by the cut-off
    cutoff                  DATE NOT NULL
);
-- Files written by an older version keyed first implementations by the submission quarter here.
ALTER TABLE cohort_metrics DROP COLUMN IF EXISTS first_implementations;
