-- Where paper $1 lives in framework $2: its linked code evidence of high or
-- medium confidence still being added, the strongest level first ($3: the
-- levels, strongest first), a named identifier (registry, definition, folder,
-- file) before a plain line, then the earliest commit.
WITH levels AS (
    SELECT unnest($3::VARCHAR[]) AS level, generate_subscripts($3::VARCHAR[], 1) AS level_rank
)
SELECT e.path, e.identifier, e.snippet AS line, e.sha, e.commit_date
FROM framework_events e
JOIN levels l ON l.level = e.integration_level
WHERE e.linked_arxiv_id = $1 AND e.framework = $2 AND e.link_status = 'linked' AND e.change = 'added'
  AND e.evidence_kind IN ('arxiv_id_code', 'method_name_code') AND e.confidence IN ('high', 'medium')
ORDER BY l.level_rank, e.identifier IS NULL, e.commit_date, e.path, e.event_id
LIMIT 1
