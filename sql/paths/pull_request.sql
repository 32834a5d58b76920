-- The pull request thread number $2 of framework $1, if the threads read hold it (n_reviews is NULL
-- when the source gave no reviews: a format-1 snapshot, the REST fallback).
SELECT url, state, created_at, merged_at, n_comments, n_reviews
FROM issue_threads
WHERE framework = $1 AND kind = 'pull' AND number = $2
