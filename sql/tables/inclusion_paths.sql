-- inclusion_paths: what it would take for an eligible paper that no framework
-- includes to land, one row per paper and framework: the nearest included
-- method of the same modification type (where it lives, the pull request that
-- added it), what the framework asks of contributors, and the threads that
-- request the method. NULL in a pr_ column: the data does not exist.
CREATE TABLE IF NOT EXISTS inclusion_paths (
    arxiv_id              VARCHAR NOT NULL,
    framework             VARCHAR NOT NULL,
    method_name           VARCHAR,
    modification_type     VARCHAR,
    demand_threads        INTEGER NOT NULL,     -- threads of any framework citing the paper
    sibling_arxiv_id      VARCHAR,              -- the nearest included method of the same modification type (NULL: none in this framework)
    sibling_method        VARCHAR,
    sibling_level         VARCHAR,
    sibling_since         TIMESTAMPTZ,
    sibling_path          VARCHAR,              -- the file holding its strongest code evidence
    sibling_identifier    VARCHAR,              -- registry | definition | folder | file (NULL: a plain code line)
    sibling_line          VARCHAR,              -- that line (the registry entry, config key or flag)
    sibling_pr            INTEGER,              -- the pull request of its first commit on main
    pr_url                VARCHAR,              -- NULL: the pull request is not among the threads read
    pr_files              INTEGER,              -- files changed by the commit on main (against its first parent)
    pr_lines_added        INTEGER,
    pr_lines_deleted      INTEGER,
    pr_days_to_merge      DOUBLE,               -- merged_at - created_at of the pull request thread
    pr_comments           INTEGER,
    pr_reviews            INTEGER,              -- always NULL: reviews are not read from GitHub (unknown)
    requirements          VARCHAR[] NOT NULL,   -- tests | docs | benchmark | design discussion | linked issue | DCO | CLA
    requirements_quarter  VARCHAR,              -- the contribution_rules quarter read (NULL: none recorded)
    guide_paths           VARCHAR[] NOT NULL,
    open_requests         VARCHAR[] NOT NULL,   -- URLs of open issues and discussions in this framework citing the paper
    unmerged_prs          VARCHAR[] NOT NULL,   -- URLs of pull requests in this framework citing the paper, not merged
    PRIMARY KEY (arxiv_id, framework)
);
