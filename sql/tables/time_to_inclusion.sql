-- time_to_inclusion: Kaplan-Meier curves of days from first submission to first
-- inclusion (any framework, each framework, each cohort) over the eligible papers
-- of the study window, censored at the data cut-off, read as cumulative incidence
-- (1 - S) with pointwise 95 % log-log bands; the 90-, 180- and 365-day rows are
-- marked horizon.
CREATE TABLE IF NOT EXISTS time_to_inclusion (
    scope       VARCHAR NOT NULL,   -- any framework | framework | cohort
    group_name  VARCHAR NOT NULL,   -- all | the framework | the cohort (first-submission quarter)
    day         INTEGER NOT NULL,   -- days since first submission
    papers      INTEGER NOT NULL,   -- papers in the group
    at_risk     INTEGER NOT NULL,   -- papers followed at least this long and not included before
    events      INTEGER NOT NULL,   -- inclusions on or before this day
    incidence   DOUBLE,             -- estimated share included by this day; NULL beyond the longest follow-up
    ci_low      DOUBLE,
    ci_high     DOUBLE,
    horizon     BOOLEAN NOT NULL,   -- a 90/180/365-day row
    PRIMARY KEY (scope, group_name, day)
);
