-- paper_threads: links to a thread or a paper that is not there (must be 0).
SELECT count(*) FROM paper_threads p
WHERE NOT EXISTS (SELECT 1 FROM issue_threads t WHERE t.thread_id = p.thread_id)
   OR NOT EXISTS (SELECT 1 FROM eligible_methods e WHERE e.arxiv_id = p.arxiv_id);
