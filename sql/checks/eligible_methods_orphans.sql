-- eligible_methods: decisions about papers that raw_papers does not hold (must be 0).
SELECT count(*) FROM eligible_methods e ANTI JOIN raw_papers r USING (arxiv_id);
