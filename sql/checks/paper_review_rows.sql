-- Eligible papers without a paper_review row, plus paper_review rows that are not an eligible paper.
SELECT
    (SELECT count(*) FROM eligible_methods e WHERE e.eligible
      AND NOT EXISTS (SELECT 1 FROM paper_review r WHERE r.arxiv_id = e.arxiv_id))
  + (SELECT count(*) FROM paper_review r
      WHERE NOT EXISTS (SELECT 1 FROM eligible_methods e WHERE e.eligible AND e.arxiv_id = r.arxiv_id))
