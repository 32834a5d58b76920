-- The quarter label in SQL, the third form of one rule: Python `partitions.quarter_label`, polars
-- `partitions.quarter_label_expr`, and these macros; tests/test_partitions.py keeps the three equal.
-- quarter_label(ts): the calendar quarter of a date or timestamp ('2025-05-17' -> '2025Q2');
-- pass UTC timestamps (timezone('UTC', x)) so the label does not follow the session's time zone.
CREATE OR REPLACE MACRO quarter_label(ts) AS year(ts) || 'Q' || quarter(ts);
-- quarter_start(label): the first day of a labelled quarter ('2025Q2' -> DATE '2025-04-01').
CREATE OR REPLACE MACRO quarter_start(label) AS
    make_date(CAST(split_part(label, 'Q', 1) AS INTEGER), (CAST(split_part(label, 'Q', 2) AS INTEGER) - 1) * 3 + 1, 1);
