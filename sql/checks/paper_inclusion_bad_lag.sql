-- paper_inclusion: lag_days is not implementation date - first submission (UTC days), or
-- within_180_days disagrees with it (must be 0). Parameter: the window in days.
SELECT count(*) FROM paper_inclusion
WHERE lag_days <> date_diff('day', CAST(timezone('UTC', published) AS DATE), CAST(timezone('UTC', implementation_date) AS DATE))
   OR within_180_days <> (lag_days <= ?);  -- ? = study.WINDOW_DAYS
