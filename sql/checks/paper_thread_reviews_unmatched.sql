-- (paper, thread) pairs of paper_threads (whose thread exists) with no review row, plus review rows with no citation.
SELECT
    (SELECT count(*) FROM (SELECT DISTINCT p.arxiv_id, p.thread_id FROM paper_threads p
                           JOIN issue_threads t USING (thread_id)) c
      WHERE NOT EXISTS (SELECT 1 FROM paper_thread_reviews r WHERE r.arxiv_id = c.arxiv_id AND r.thread_id = c.thread_id))
  + (SELECT count(*) FROM paper_thread_reviews r
      WHERE NOT EXISTS (SELECT 1 FROM paper_threads p WHERE p.arxiv_id = r.arxiv_id AND p.thread_id = r.thread_id))
