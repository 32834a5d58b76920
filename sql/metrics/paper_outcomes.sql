-- One row per screened paper: eligibility, its first implementation in any
-- framework, and whether any framework thread cites it.  Parameters:
--   $cutoff  TIMESTAMPTZ  the data cut-off (evidence after it is ignored)
SELECT
    e.arxiv_id,
    e.quarter,
    e.published,
    e.eligible,
    e.decision_source,
    e.max_policy_params_b,
    e.loss_level,
    e.code_released,
    i.first_implementation,
    i.frameworks,
    CASE WHEN i.first_implementation IS NULL THEN NULL
         ELSE date_diff('day', CAST(timezone('UTC', e.published) AS DATE), CAST(timezone('UTC', i.first_implementation) AS DATE))
    END AS first_lag_days,
    coalesce(t.by_id, 0)   AS threads_by_id,
    coalesce(t.by_any, 0)  AS threads_by_id_or_name
FROM eligible_methods e
LEFT JOIN (
    SELECT arxiv_id, min(implementation_date) AS first_implementation, count(*) AS frameworks
    FROM paper_inclusion
    WHERE implementation_date <= $cutoff
    GROUP BY arxiv_id
) i USING (arxiv_id)
LEFT JOIN (
    SELECT pt.arxiv_id,
           count(DISTINCT pt.thread_id) FILTER (WHERE pt.cited_by = 'arxiv_id') AS by_id,
           count(DISTINCT pt.thread_id) FILTER (WHERE pt.cited_by IN ('arxiv_id', 'method_name')) AS by_any
    FROM paper_threads pt
    JOIN issue_threads it ON it.thread_id = pt.thread_id
    WHERE it.created_at <= $cutoff
    GROUP BY pt.arxiv_id
) t USING (arxiv_id)
