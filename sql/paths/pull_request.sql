-- The pull request thread number $2 of framework $1, if the threads read hold it.
SELECT url, state, created_at, merged_at, n_comments
FROM issue_threads
WHERE framework = $1 AND kind = 'pull' AND number = $2
