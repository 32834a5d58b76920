-- implementation_quarters: per quarter of implementation (not of submission), the
-- papers whose first implementation in any framework fell in it, and all inclusions.
CREATE TABLE IF NOT EXISTS implementation_quarters (
    quarter                 VARCHAR PRIMARY KEY,  -- the quarter the code reached a main branch
    first_implementations   INTEGER NOT NULL,     -- papers first implemented anywhere in this quarter
    inclusions              INTEGER NOT NULL,     -- (paper, framework) inclusions dated in this quarter
    cutoff                  DATE NOT NULL
);
