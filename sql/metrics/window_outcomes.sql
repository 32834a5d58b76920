-- The papers of paper_outcomes first submitted in [$window_start, $window_end] (their UTC dates), with
-- published_day (that date) and their review figures (paper_review).  study_summary reads it once, and
-- study_counts.sql counts over that frame (registered as window_outcomes).
SELECT po.*, CAST(timezone('UTC', po.published) AS DATE) AS published_day,
       r.explicit_rejection_or_redirection, r.implementation_prs_not_merged
FROM paper_outcomes po LEFT JOIN paper_review r USING (arxiv_id)
WHERE CAST(timezone('UTC', po.published) AS DATE) BETWEEN $window_start AND $window_end
