-- v_framework_summary: per framework, inclusions by integration level, median
-- lag, threads, training-failure threads, and what its contribution rules ask
-- (from contribution_rules at the latest quarter read).  Inclusions count papers
-- first submitted in the study window and threads opened in it (UTC dates), the
-- window of the last study_summary run (every paper and thread before one exists).
CREATE OR REPLACE VIEW v_framework_summary AS
WITH win AS (
    SELECT coalesce(min(window_start), DATE '0001-01-01') AS window_start,
           coalesce(min(window_end), DATE '9999-12-31')   AS window_end
    FROM study_summary
),
inc AS (
    SELECT framework,
           count(*)                                                         AS inclusions,
           count(*) FILTER (WHERE integration_level = 'default')            AS level_default,
           count(*) FILTER (WHERE integration_level = 'selectable algorithm') AS level_selectable,
           count(*) FILTER (WHERE integration_level = 'configuration option') AS level_option,
           count(*) FILTER (WHERE integration_level = 'experimental')       AS level_experimental,
           count(*) FILTER (WHERE integration_level = 'example')            AS level_example,
           count(*) FILTER (WHERE removed)                                  AS removed,
           median(lag_days)                                                 AS median_lag_days
    FROM paper_inclusion, win
    WHERE CAST(timezone('UTC', published) AS DATE) BETWEEN win.window_start AND win.window_end
    GROUP BY framework
),
thr AS (
    SELECT framework, count(*) AS threads, count(*) FILTER (WHERE training_failure) AS failure_threads
    FROM issue_threads, win
    WHERE CAST(timezone('UTC', created_at) AS DATE) BETWEEN win.window_start AND win.window_end
    GROUP BY framework
),
rules AS (
    SELECT framework,
           concat_ws(', ',
               CASE WHEN requires_tests THEN 'tests' END,
               CASE WHEN requires_docs THEN 'docs' END,
               CASE WHEN requires_linked_issue THEN 'linked issue' END,
               CASE WHEN requires_design_discussion THEN 'design discussion first' END,
               CASE WHEN requires_benchmark_evidence THEN 'benchmark/convergence evidence' END,
               CASE WHEN requires_dco THEN 'DCO sign-off' END,
               CASE WHEN requires_cla THEN 'CLA' END) AS contribution_asks,
           concat_ws(', ',
               CASE WHEN has_guide THEN 'guide' END,
               CASE WHEN has_pr_template THEN 'PR template' END,
               CASE WHEN has_codeowners THEN 'CODEOWNERS' END) AS contribution_files
    FROM contribution_rules
    QUALIFY row_number() OVER (PARTITION BY framework ORDER BY quarter DESC) = 1
),
fw AS (
    SELECT framework FROM framework_mining_runs
    UNION SELECT framework FROM inc
    UNION SELECT framework FROM thr
)
SELECT fw.framework,
       coalesce(inc.inclusions, 0) AS inclusions,
       coalesce(level_default, 0) AS level_default,
       coalesce(level_selectable, 0) AS level_selectable,
       coalesce(level_option, 0) AS level_option,
       coalesce(level_experimental, 0) AS level_experimental,
       coalesce(level_example, 0) AS level_example,
       coalesce(removed, 0) AS removed,
       median_lag_days,
       coalesce(thr.threads, 0) AS threads,
       coalesce(thr.failure_threads, 0) AS failure_threads,
       coalesce(nullif(rules.contribution_files, ''), 'none found') AS contribution_files,
       coalesce(nullif(rules.contribution_asks, ''), 'nothing stated') AS contribution_asks,
       win.window_start,
       win.window_end
FROM fw CROSS JOIN win LEFT JOIN inc USING (framework) LEFT JOIN thr USING (framework) LEFT JOIN rules USING (framework)
ORDER BY fw.framework;
