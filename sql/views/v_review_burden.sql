-- v_review_burden: per framework and quarter (the quarters issue_threads holds), the method review
-- load from the paper-citing threads of paper_thread_reviews (each thread once):
--   open_requests / open_implementation_prs: opened before the quarter's end and not closed (or merged) by then;
--   requests_opened / implementation_prs_opened: opened in the quarter;
--   median_days_to_first_maintainer_response: threads opened in the quarter that a maintainer answered
--     (NULL where the comments carry no author association; threads_without_association counts those);
--   median_days_to_merge: implementation pull requests opened in the quarter and merged.
CREATE OR REPLACE VIEW v_review_burden AS
WITH t AS (
    SELECT DISTINCT ON (thread_id) thread_id, framework, kind, role, associations_known, created_at,
           coalesce(merged_at, closed_at) AS ended_at, merged_at,
           days_to_first_maintainer_response, days_to_merge, quarter
    FROM paper_thread_reviews
    WHERE list_has_any(cited_by, ['arxiv_id', 'method_name'])  -- a name two papers claim cites neither
),
q AS (
    SELECT DISTINCT quarter, quarter_start(quarter) AS q_start, quarter_start(quarter) + INTERVAL 3 MONTH AS q_end
    FROM issue_threads
),
f AS (SELECT DISTINCT framework FROM issue_threads)
SELECT f.framework, q.quarter,
       count(t.thread_id) FILTER (WHERE t.role = 'request' AND timezone('UTC', t.created_at) < q.q_end
                                  AND (t.ended_at IS NULL OR timezone('UTC', t.ended_at) >= q.q_end))          AS open_requests,
       count(t.thread_id) FILTER (WHERE t.role = 'implementation' AND t.kind = 'pull' AND timezone('UTC', t.created_at) < q.q_end
                                  AND (t.ended_at IS NULL OR timezone('UTC', t.ended_at) >= q.q_end))          AS open_implementation_prs,
       count(t.thread_id) FILTER (WHERE t.role = 'request' AND t.quarter = q.quarter)                            AS requests_opened,
       count(t.thread_id) FILTER (WHERE t.role = 'implementation' AND t.kind = 'pull' AND t.quarter = q.quarter) AS implementation_prs_opened,
       median(t.days_to_first_maintainer_response) FILTER (WHERE t.quarter = q.quarter)                          AS median_days_to_first_maintainer_response,
       count(t.thread_id) FILTER (WHERE t.quarter = q.quarter AND NOT t.associations_known)                     AS threads_without_association,
       median(t.days_to_merge) FILTER (WHERE t.quarter = q.quarter AND t.role = 'implementation' AND t.merged_at IS NOT NULL)
                                                                                                                 AS median_days_to_merge
FROM f CROSS JOIN q LEFT JOIN t ON t.framework = f.framework
GROUP BY f.framework, q.quarter
ORDER BY f.framework, q.quarter;
