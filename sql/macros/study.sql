-- The closed-window rule in SQL, the third form of one rule: Python `study.window_closed`, polars
-- `study.window_closed_expr`, and this macro; tests/test_study_window.py keeps the three equal.
-- window_closed(day, cutoff, window_days): the window of window_days that opens on day (a DATE: a first
-- submission's UTC date, or a cohort's last day) closed before the cut-off (a TIMESTAMPTZ, read as its UTC
-- date): day + window_days is before that date.  On day window_days itself the window is still open.
CREATE OR REPLACE MACRO window_closed(day, cutoff, window_days) AS
    CAST(day AS DATE) + CAST(window_days AS INTEGER) < CAST(timezone('UTC', cutoff) AS DATE);
