-- raw_papers: rows of the given quarters ($1) missing a required value (must be 0).
SELECT count(*) FROM raw_papers
WHERE quarter IN (SELECT unnest(?::VARCHAR[]))
  AND (title IS NULL OR trim(title) = '' OR published IS NULL OR primary_category IS NULL OR len(categories) = 0);
