-- framework_events: linked events that point to no eligible paper (must be 0).
SELECT count(*) FROM framework_events f
WHERE link_status = 'linked'
  AND NOT EXISTS (SELECT 1 FROM eligible_methods e WHERE e.arxiv_id = f.linked_arxiv_id AND e.eligible);
