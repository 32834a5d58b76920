-- What each framework asks of contributors, from its latest quarter in contribution_rules.
SELECT framework, quarter, sha, guide_paths, pr_template_paths, has_guide, has_pr_template,
       requires_tests, requires_docs, requires_benchmark_evidence, requires_design_discussion,
       requires_linked_issue, requires_dco, requires_cla
FROM contribution_rules
QUALIFY row_number() OVER (PARTITION BY framework ORDER BY quarter DESC) = 1
