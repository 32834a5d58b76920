-- The threads citing paper $1 (by arXiv id or by name), oldest first.
SELECT DISTINCT t.framework, t.thread_id, t.url, t.kind, t.number, t.state, t.merged_at IS NOT NULL AS merged,
       t.created_at, t.title
FROM paper_threads p
JOIN issue_threads t ON t.thread_id = p.thread_id
WHERE p.arxiv_id = $1
ORDER BY t.created_at, t.url
