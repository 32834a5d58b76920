-- For paper $1, in each framework, the included papers of the same modification
-- type, nearest first: still present before removed, the strongest integration
-- level ($2: the levels, strongest first), the latest to land (the framework's
-- current way of adding such a method), then the arXiv id.
WITH me AS (
    SELECT arxiv_id, modification_type FROM eligible_methods WHERE arxiv_id = $1
), levels AS (
    SELECT unnest($2::VARCHAR[]) AS level, generate_subscripts($2::VARCHAR[], 1) AS level_rank
)
SELECT i.framework, i.arxiv_id, i.method_name, i.integration_level, i.implementation_date, i.first_sha,
       i.first_pr, i.removed,
       row_number() OVER (PARTITION BY i.framework
                          ORDER BY i.removed, l.level_rank, i.implementation_date DESC, i.arxiv_id) AS nearness
FROM paper_inclusion i
JOIN eligible_methods e ON e.arxiv_id = i.arxiv_id
JOIN me ON e.modification_type = me.modification_type AND e.arxiv_id <> me.arxiv_id
JOIN levels l ON l.level = i.integration_level
ORDER BY i.framework, nearness
