-- v_paper_status: one row per screened paper: is it in any framework, where,
-- since when, and how many threads cite it.
CREATE OR REPLACE VIEW v_paper_status AS
SELECT
    e.arxiv_id,
    e.title,
    e.method_name,
    e.quarter,
    e.published,
    e.eligible,
    e.reason,
    count(i.framework)                                            AS frameworks,
    min(i.implementation_date)                                    AS first_implementation,
    min(i.lag_days)                                               AS first_lag_days,
    string_agg(i.framework || ' (' || i.integration_level || ')', ', ' ORDER BY i.implementation_date) AS included_in,
    (SELECT count(DISTINCT pt.thread_id) FROM paper_threads pt
      WHERE pt.arxiv_id = e.arxiv_id AND pt.cited_by IN ('arxiv_id', 'method_name')) AS citing_threads
FROM eligible_methods e
LEFT JOIN paper_inclusion i USING (arxiv_id)
GROUP BY ALL;
