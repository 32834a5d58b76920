-- The frameworks the database knows: those mined, and those with contribution rules.
SELECT framework FROM (
    SELECT framework FROM framework_mining_runs
    UNION
    SELECT framework FROM contribution_rules
)
ORDER BY lower(framework)
