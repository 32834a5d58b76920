-- paper_inclusion: rows whose paper is not an eligible paper (must be 0).
SELECT count(*) FROM paper_inclusion p
WHERE NOT EXISTS (SELECT 1 FROM eligible_methods e WHERE e.arxiv_id = p.arxiv_id AND e.eligible);
