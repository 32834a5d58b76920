-- eligible_methods: decisions of the given quarters ($1) without a known source or a reason (must be 0).
SELECT count(*) FROM eligible_methods
WHERE quarter IN (SELECT unnest(?::VARCHAR[]))
  AND (decision_source NOT IN ('label', 'rules', 'model') OR reason IS NULL OR trim(reason) = '');
