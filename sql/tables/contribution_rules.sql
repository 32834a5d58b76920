-- contribution_rules: what each framework asks of a contributor, one row per
-- framework and quarter, read from the tree at the last first-parent commit
-- of main in the quarter (sha NULL when main had no commit yet).
CREATE TABLE IF NOT EXISTS contribution_rules (
    framework                    VARCHAR NOT NULL,
    quarter                      VARCHAR NOT NULL,     -- 2025Q1
    sha                          VARCHAR,              -- the tree read
    commit_date                  TIMESTAMPTZ,
    guide_paths                  VARCHAR[] NOT NULL,   -- contribution guides found
    pr_template_paths            VARCHAR[] NOT NULL,
    codeowners_paths             VARCHAR[] NOT NULL,
    has_guide                    BOOLEAN NOT NULL,
    has_pr_template              BOOLEAN NOT NULL,
    has_codeowners               BOOLEAN NOT NULL,
    requires_tests               BOOLEAN NOT NULL,
    requires_docs                BOOLEAN NOT NULL,
    requires_linked_issue        BOOLEAN NOT NULL,
    requires_design_discussion   BOOLEAN NOT NULL,
    requires_benchmark_evidence  BOOLEAN NOT NULL,     -- benchmark or convergence evidence
    requires_dco                 BOOLEAN NOT NULL,
    requires_cla                 BOOLEAN NOT NULL,
    evidence_json                VARCHAR NOT NULL,     -- [{requirement, path, line}] the matched lines
    PRIMARY KEY (framework, quarter)
);
