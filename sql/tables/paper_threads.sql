-- paper_threads: which thread cites which screened paper, and how.
CREATE TABLE IF NOT EXISTS paper_threads (
    arxiv_id    VARCHAR NOT NULL,
    thread_id   VARCHAR NOT NULL,
    framework   VARCHAR NOT NULL,
    cited_by    VARCHAR NOT NULL,   -- arxiv_id | method_name | method_name_ambiguous (a name two papers claim)
    evidence    VARCHAR NOT NULL,   -- the id or the normalised name
    PRIMARY KEY (arxiv_id, thread_id, cited_by)
);
