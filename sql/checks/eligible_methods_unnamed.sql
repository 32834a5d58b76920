-- eligible_methods: eligible papers of the given quarters ($1) without a method name (a WARN check).
SELECT arxiv_id FROM eligible_methods
WHERE quarter IN (SELECT unnest(?::VARCHAR[])) AND eligible
  AND (method_name IS NULL OR trim(method_name) = '')
ORDER BY arxiv_id;
