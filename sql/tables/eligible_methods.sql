-- eligible_methods: the screening decision for every paper in raw_papers
-- (eligible or not, and why) and, for eligible ones, the method's features.
CREATE TABLE IF NOT EXISTS eligible_methods (
    arxiv_id             VARCHAR PRIMARY KEY,
    title                VARCHAR NOT NULL,
    published            TIMESTAMPTZ NOT NULL,
    eligible             BOOLEAN NOT NULL,
    decision_source      VARCHAR NOT NULL,   -- 'label' | 'rules' | 'model'
    score                DOUBLE NOT NULL,    -- rules score or model probability; 1/0 for labels
    rules_fired          VARCHAR[] NOT NULL,
    reason               VARCHAR NOT NULL,
    method_name          VARCHAR,            -- GSPO, Dr. GRPO, ...
    aliases              VARCHAR[] NOT NULL, -- spellings code uses
    max_policy_params_b  DOUBLE,             -- largest policy trained, billions (MoE total); NULL: unknown
    params_evidence      VARCHAR,            -- the matched text
    modification_type    VARCHAR,            -- loss_coefficients_clipping_masking_weighting | new_objective | advantage_estimator | sampling_filtering | other; NULL: unknown (no cue)
    loss_level           BOOLEAN,            -- modification_type is the loss-level kind; NULL when the type is unknown
    code_released        BOOLEAN,            -- true: a code link or a release sentence; false: a statement it is not released; NULL: unknown
    code_urls            VARCHAR[] NOT NULL,
    quarter              VARCHAR NOT NULL,
    mechanisms           VARCHAR[]           -- code spellings of the technique that do not name it (labels only); weaker than a name
);
