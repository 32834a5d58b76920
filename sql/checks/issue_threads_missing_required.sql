-- issue_threads: rows of the given quarters ($1) missing a required value or with an unknown kind (must be 0).
SELECT count(*) FROM issue_threads
WHERE quarter IN (SELECT unnest(?::VARCHAR[]))
  AND (framework IS NULL OR created_at IS NULL OR url IS NULL OR kind NOT IN ('issue', 'pull', 'discussion'));
