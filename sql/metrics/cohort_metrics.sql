-- cohort_metrics: one row per quarterly cohort (first-submission quarter).
-- Parameters: $cutoff TIMESTAMPTZ.  A cohort is censored when its last day
-- plus 180 days is not before the cut-off date: its 180-day outcome is then
-- NULL, not zero, and so is its median lag.  First implementations are keyed by
-- the quarter of implementation: they live in implementation_quarters.
WITH outcomes AS (
    SELECT * FROM paper_outcomes
),
quarters AS (
    SELECT quarter FROM raw_papers
    UNION
    SELECT quarter FROM eligible_methods
),
bounds AS (
    SELECT quarter,
           quarter_start(quarter) AS cohort_start
    FROM quarters
),
screened AS (
    SELECT quarter, count(*) AS papers_screened FROM raw_papers GROUP BY quarter
),
cohorts AS (
    SELECT quarter,
           count(*) FILTER (WHERE eligible) AS eligible,
           count(*) FILTER (WHERE eligible AND first_implementation IS NOT NULL) AS included_any,
           count(*) FILTER (WHERE eligible AND first_lag_days <= $window_days) AS within_180,
           median(first_lag_days) FILTER (WHERE eligible AND first_implementation IS NOT NULL) AS median_lag_days
    FROM outcomes
    GROUP BY quarter
)
SELECT
    b.quarter,
    b.cohort_start,
    coalesce(s.papers_screened, 0)                         AS papers_screened,
    coalesce(c.eligible, 0)                                AS eligible,
    coalesce(c.included_any, 0)                            AS included_any,
    CASE WHEN censored THEN NULL ELSE coalesce(c.within_180, 0) END AS included_within_180d,
    CASE WHEN censored OR coalesce(c.eligible, 0) = 0 THEN NULL
         ELSE coalesce(c.within_180, 0) / c.eligible END   AS share_within_180d,
    -- the median of the lags seen so far is biased low while the window is open
    CASE WHEN censored THEN NULL ELSE c.median_lag_days END AS median_lag_days,
    censored,
    CAST(timezone('UTC', $cutoff) AS DATE)                 AS cutoff
FROM (
    -- Closed only once the cut-off date is past day 180 of the cohort's last paper (macro window_closed):
    -- on day 180 itself, evidence later that day is not in the data yet.
    SELECT *, NOT window_closed(cohort_start + INTERVAL 3 MONTH - INTERVAL 1 DAY, $cutoff, $window_days) AS censored
    FROM bounds
) b
LEFT JOIN screened s USING (quarter)
LEFT JOIN cohorts c USING (quarter)
WHERE b.cohort_start <= CAST(timezone('UTC', $cutoff) AS DATE)
ORDER BY b.quarter
