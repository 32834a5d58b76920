-- The counts behind study_summary, over papers first submitted in
-- [$window_start, $window_end] (window_outcomes: window_outcomes.sql, read once by study_summary and
-- registered under that name) and evidence up to $cutoff.
WITH o AS (
    SELECT * FROM window_outcomes
),
-- threads citing a not-included paper of the window (paper_thread_reviews), and those whose maintainer
-- responses cannot be told apart without author associations
nt AS (
    SELECT count(DISTINCT r.thread_id) AS threads,
           count(DISTINCT r.thread_id) FILTER (WHERE NOT r.associations_known) AS without_association
    FROM paper_thread_reviews r JOIN o ON o.arxiv_id = r.arxiv_id
    WHERE o.eligible AND o.first_implementation IS NULL AND r.created_at <= $cutoff
      AND list_has_any(r.cited_by, ['arxiv_id', 'method_name'])
),
-- threads opened in the window, in one scan: all of them and the issues and discussions (pull requests are
-- not in the study's denominator), each with those that report a training failure (materialized: read once)
th AS MATERIALIZED (
    SELECT count(*)                                                      AS threads,
           count(*) FILTER (WHERE training_failure)                      AS failure_threads,
           count(*) FILTER (WHERE kind <> 'pull')                        AS issues_discussions,
           count(*) FILTER (WHERE kind <> 'pull' AND training_failure)   AS failure_issues_discussions
    FROM issue_threads
    WHERE CAST(timezone('UTC', created_at) AS DATE) BETWEEN $window_start AND $window_end AND created_at <= $cutoff
)
SELECT
    count(*)                                                                  AS papers_screened,
    count(*) FILTER (WHERE eligible)                                          AS eligible,
    count(*) FILTER (WHERE eligible AND first_implementation IS NOT NULL)     AS included,
    -- The 180-day outcome is known only for papers whose window closed before the cut-off date (macro window_closed).
    count(*) FILTER (WHERE eligible AND window_closed(published_day, $cutoff, $window_days)) AS eligible_window_closed,
    count(*) FILTER (WHERE eligible AND first_lag_days <= $window_days
                     AND window_closed(published_day, $cutoff, $window_days))              AS included_within_180d,
    -- Features are three-valued: a share counts over the papers whose value is known (NULL = unknown).
    count(*) FILTER (WHERE eligible AND first_implementation IS NOT NULL AND max_policy_params_b IS NOT NULL) AS inc_size_known,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND max_policy_params_b IS NOT NULL)     AS not_size_known,
    count(*) FILTER (WHERE eligible AND first_implementation IS NOT NULL AND loss_level IS NOT NULL)          AS inc_loss_known,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND loss_level IS NOT NULL)              AS not_loss_known,
    count(*) FILTER (WHERE eligible AND first_implementation IS NOT NULL AND code_released IS NOT NULL)       AS inc_code_known,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND code_released IS NOT NULL)           AS not_code_known,
    count(*) FILTER (WHERE eligible AND first_implementation IS NOT NULL AND max_policy_params_b >= 30) AS inc_30b,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND max_policy_params_b >= 30)     AS not_30b,
    count(*) FILTER (WHERE eligible AND first_implementation IS NOT NULL AND loss_level)                AS inc_loss,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND loss_level)                    AS not_loss,
    count(*) FILTER (WHERE eligible AND first_implementation IS NOT NULL AND code_released)             AS inc_code,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND code_released)                 AS not_code,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL)                                   AS not_included,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND threads_by_id = 0)             AS not_inc_no_thread_id,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND threads_by_id_or_name = 0)     AS not_inc_no_thread_any,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND explicit_rejection_or_redirection) AS not_inc_rejected_redirected,
    count(*) FILTER (WHERE eligible AND first_implementation IS NULL AND implementation_prs_not_merged > 0)  AS not_inc_unmerged_pr,
    (SELECT threads FROM nt)                                                                            AS not_inc_citing_threads,
    (SELECT without_association FROM nt)                                                                AS not_inc_threads_without_association,
    (SELECT issues_discussions FROM th)                                                                 AS issues_discussions,
    (SELECT failure_issues_discussions FROM th)                                                         AS failure_issues_discussions,
    (SELECT threads FROM th)                                                                            AS threads,
    (SELECT failure_threads FROM th)                                                                    AS failure_threads
FROM o
