-- raw_papers_quarantine: entries that could not be stored, with the reason.
CREATE TABLE IF NOT EXISTS raw_papers_quarantine (
    quarter     VARCHAR NOT NULL,  -- the partition whose run met the entry
    entry_key   VARCHAR NOT NULL,  -- the entry id as given, or a hash of the raw text
    reason      VARCHAR NOT NULL,
    raw         VARCHAR NOT NULL,  -- the entry as received (decoded with replacement)
    PRIMARY KEY (quarter, entry_key)
);
