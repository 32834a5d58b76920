-- cohort_metrics: one row per quarterly cohort (first-submission quarter).
-- Parameters: $cutoff TIMESTAMPTZ.  A cohort is censored when its last day
-- plus 180 days is not before the cut-off date: its 180-day outcome is then
-- NULL, not zero.
WITH outcomes AS (
    SELECT * FROM paper_outcomes
),
quarters AS (
    SELECT quarter FROM raw_papers
    UNION
    SELECT quarter FROM eligible_methods
    UNION
    SELECT implementation_quarter FROM paper_inclusion WHERE implementation_date <= $cutoff
),
bounds AS (
    SELECT quarter,
           make_date(CAST(split_part(quarter, 'Q', 1) AS INTEGER), (CAST(split_part(quarter, 'Q', 2) AS INTEGER) - 1) * 3 + 1, 1) AS cohort_start
    FROM quarters
),
firsts AS (
    SELECT arxiv_id, min(implementation_date) AS first_impl
    FROM paper_inclusion
    WHERE implementation_date <= $cutoff
    GROUP BY arxiv_id
),
first_by_quarter AS (
    SELECT year(timezone('UTC', first_impl)) || 'Q' || quarter(timezone('UTC', first_impl)) AS quarter,
           count(*) AS first_implementations
    FROM firsts
    GROUP BY 1
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
    c.median_lag_days,
    coalesce(f.first_implementations, 0)                   AS first_implementations,
    censored,
    CAST(timezone('UTC', $cutoff) AS DATE)                 AS cutoff
FROM (
    -- Closed only once the cut-off date is past day 180 of the cohort's last paper: on day 180
    -- itself, evidence later that day is not in the data yet.
    SELECT *, (cohort_start + INTERVAL 3 MONTH - INTERVAL 1 DAY + to_days(CAST($window_days AS INTEGER))) >= CAST(timezone('UTC', $cutoff) AS DATE) AS censored
    FROM bounds
) b
LEFT JOIN screened s USING (quarter)
LEFT JOIN cohorts c USING (quarter)
LEFT JOIN first_by_quarter f USING (quarter)
WHERE b.cohort_start <= CAST(timezone('UTC', $cutoff) AS DATE)
ORDER BY b.quarter
