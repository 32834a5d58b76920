-- Eligible papers no framework includes, most threads citing them first.
SELECT e.arxiv_id, count(DISTINCT p.thread_id) AS demand_threads
FROM eligible_methods e
LEFT JOIN paper_threads p ON p.arxiv_id = e.arxiv_id
WHERE e.eligible AND e.arxiv_id NOT IN (SELECT arxiv_id FROM paper_inclusion)
GROUP BY e.arxiv_id, e.published
ORDER BY demand_threads DESC, e.published, e.arxiv_id
