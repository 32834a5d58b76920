-- implementation_quarters: keyed by the quarter an implementation reached a main
-- branch.  Parameters: $cutoff TIMESTAMPTZ.
WITH pairs AS (
    SELECT arxiv_id, implementation_date,
           quarter_label(timezone('UTC', implementation_date)) AS quarter
    FROM paper_inclusion
    WHERE implementation_date <= $cutoff
),
firsts AS (
    SELECT arxiv_id, arg_min(quarter, implementation_date) AS quarter FROM pairs GROUP BY arxiv_id
)
SELECT p.quarter,
       CAST(coalesce(f.n, 0) AS INTEGER) AS first_implementations,
       CAST(count(*) AS INTEGER) AS inclusions,
       CAST(timezone('UTC', $cutoff) AS DATE) AS cutoff
FROM pairs p
LEFT JOIN (SELECT quarter, count(*) AS n FROM firsts GROUP BY quarter) f USING (quarter)
GROUP BY p.quarter, f.n
ORDER BY p.quarter
