-- v_inclusion_timeline: every inclusion in the order it reached a main branch.
CREATE OR REPLACE VIEW v_inclusion_timeline AS
SELECT i.implementation_date, i.implementation_quarter, i.framework, i.arxiv_id, i.method_name,
       i.integration_level, i.first_pr, i.first_sha, i.lag_days, i.within_180_days, i.removed,
       e.title
FROM paper_inclusion i
JOIN eligible_methods e USING (arxiv_id)
ORDER BY i.implementation_date, i.framework;
