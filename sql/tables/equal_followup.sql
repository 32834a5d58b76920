-- equal_followup: included against not-included eligible papers per feature, the
-- naive way (all papers of the window, included by the cut-off) beside the way with
-- equal follow-up (papers whose 180-day window closed; included within it),
-- stratified by cohort: Mantel-Haenszel odds ratio and Cochran-Mantel-Haenszel test.
-- Per feature only the papers whose value is known count (an unknown size or code release is left out).
CREATE TABLE IF NOT EXISTS equal_followup (
    feature                 VARCHAR PRIMARY KEY,  -- policy_30b | loss_level | code_released
    description             VARCHAR NOT NULL,
    naive_included_k        INTEGER NOT NULL,     -- included papers with the feature
    naive_included_n        INTEGER NOT NULL,     -- included papers whose feature is known
    naive_not_included_k    INTEGER NOT NULL,
    naive_not_included_n    INTEGER NOT NULL,     -- not (yet) included papers (feature known), whatever their follow-up
    naive_fisher_p          DOUBLE,               -- Fisher's exact test, two-sided
    closed_included_k       INTEGER NOT NULL,     -- included within the window, window closed, with the feature
    closed_included_n       INTEGER NOT NULL,
    closed_not_included_k   INTEGER NOT NULL,
    closed_not_included_n   INTEGER NOT NULL,     -- window closed, not included within it
    strata                  INTEGER NOT NULL,     -- cohorts with at least two papers
    mh_odds_ratio           DOUBLE,               -- Mantel-Haenszel pooled odds ratio (feature among included vs not)
    mh_ci_low               DOUBLE,
    mh_ci_high              DOUBLE,
    cmh_statistic           DOUBLE,               -- Cochran-Mantel-Haenszel chi-square, no continuity correction
    cmh_p                   DOUBLE,
    window_days             INTEGER NOT NULL
);
