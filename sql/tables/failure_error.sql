-- failure_error: the training-failure classifier's out-of-sample decisions on the labelled real threads (each
-- labelled set decided by a model trained without it), written with issue_threads; study_summary corrects the
-- count of failure issues and discussions with it (rl_inclusion/threads/failure_error.py).
CREATE TABLE IF NOT EXISTS failure_error (
    labelled_set     VARCHAR NOT NULL,   -- the labels file (labels, labels_v2, ...)
    framework        VARCHAR NOT NULL,   -- the tracker's short name, as labelled
    number           INTEGER NOT NULL,
    kind             VARCHAR NOT NULL,   -- issue | pull | discussion
    drawn            VARCHAR NOT NULL,   -- 'general' (drawn by general queries, as they came) | 'enriched' (symptom queries among them)
    training_failure BOOLEAN NOT NULL,   -- the label
    predicted        BOOLEAN NOT NULL,   -- the classifier's decision
    classifier       VARCHAR NOT NULL,   -- 'rules' | 'rules+learned'
    PRIMARY KEY (labelled_set, framework, number)
);
