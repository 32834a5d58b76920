"""A framework's tool lines that a copy carries (issue 11, after the looks of inclusion-sets v143-v148).

A copy of verl brings verl's search tool (``verl/tools/search_tool.py`` imports ``search_r1_like_utils``), its
exact-match scorer (``verl/utils/reward_score/__init__.py`` lists the ``"searchR1_nq"`` data source) and its data
scripts (``examples/data_preprocess/...retool...``).  In verl these lines are verl's inclusion of Search-R1 or ReTool:
verl offers the tool for any task.  In a code base that copies them they are the copy's, not the code base's: the
labelling brief (amended for inclusion-set-v143) counts a copy's generic tool as an inclusion of a paper whose method
is training with such a tool only where the code base's own training credits the paper, and 18 of the 38 false pairs
of v144-v148 were such a carried tool (Search-R1 in sixteen copies, fifteen of verl and one of SkyRL; ReTool in
one; ToRL in the SkyRL copy).

A line is *carried* here when, for the same paper, another framework of the run holds the same line earlier, at the
same path or at a path the line's path ends with (a copy kept under ``src/train/verl_0.4/`` ends with ``verl/...``),
and the path is a tool location (``TOOL_PATH``): a tools folder, a reward scorer, a data preprocessing script or a
multi-turn tool example.  File and folder events, whose line is their path, match on the path alone.  The copy's own
lines (a launch script of its own that names the paper's data or tool, a tool of its own beside the copy's) are not
carried and keep their weight; and when such an own line of the paper sits in a tool location, the code base uses
the tool, so none of that paper's lines is read as carried there.  Only tool locations are read so: what a copy's
trainer, config or registries can select (an advantage estimator, a loss mode) counts like the rest of the copy, as
the brief says.  A framework that is not in the run (SkyRL for a SkyRL copy) holds no line, so its tools are not
recognised.  A fork's kept history holds the framework's lines at the framework's own commits, not later: the miner
marks a kept commit's tool lines (``context = 'kept'``, ``mining.carried.carried_lines``), and they are carried
(Sample-Polarity-of-RLVR's copy of verl's search tool, inclusion-set-v159).
"""

from __future__ import annotations

import polars as pl

from ..mining.paths import TOOL_PATH

CARRIED_TOOL_SCHEMA = {"framework": pl.Utf8, "sha": pl.Utf8, "path": pl.Utf8, "snippet": pl.Utf8,
                       "linked_arxiv_id": pl.Utf8, "carried_tool": pl.Boolean}


def carried_tool_lines(events: pl.DataFrame) -> pl.DataFrame:
    """The linked, added events in a tool location whose line another framework held earlier at the same path.

    ``events``: linked events of every framework of the run (``link_events``).  Returns one row per
    (framework, sha, path, snippet, linked_arxiv_id) so marked, with ``carried_tool = True``.
    """
    if events.is_empty():
        return pl.DataFrame(schema=CARRIED_TOOL_SCHEMA)
    line = (pl.when(pl.col("snippet") == pl.col("path")).then(pl.lit("\x00path"))
            .otherwise(pl.col("snippet").str.strip_chars()))
    tools = (events.filter((pl.col("link_status") == "linked") & (pl.col("change") == "added")
                           & pl.col("linked_arxiv_id").is_not_null() & pl.col("path").str.contains(TOOL_PATH))
             .select("framework", "sha", "path", "snippet", "linked_arxiv_id", "commit_date", line.alias("_line"),
                     (pl.col("context") == "kept").fill_null(False).alias("_kept"))
             .unique())
    reference = tools.select(pl.col("framework").alias("_ref_framework"), pl.col("path").alias("_ref_path"),
                             pl.col("commit_date").alias("_ref_date"), "linked_arxiv_id", "_line").unique()
    same_path = ((pl.col("path") == pl.col("_ref_path"))
                 | pl.col("path").str.ends_with(pl.concat_str([pl.lit("/"), pl.col("_ref_path")])))
    keys = ["framework", "sha", "path", "snippet", "linked_arxiv_id"]
    carried = (tools.join(reference, on=["linked_arxiv_id", "_line"], how="inner")
               .filter((pl.col("_ref_framework") != pl.col("framework")) & (pl.col("_ref_date") < pl.col("commit_date"))
                       & same_path)
               .select(*keys).unique())
    # A line of the code base's own in a tool location that names the paper (SPADER's retriever launch script,
    # placed in the carried ``search_r1_like`` example folder, inclusion-set-v144) is its training using the tool:
    # then the carried lines of that paper are the code base's too.
    # A kept commit's tool line (``mining.carried.carried_lines``) is the framework's whatever the code base does.
    kept = tools.filter(pl.col("_kept")).select(*keys).unique()
    own_use = (tools.join(carried, on=keys, how="anti").join(kept, on=keys, how="anti")
               .select("framework", "linked_arxiv_id").unique())
    return (pl.concat([carried.join(own_use, on=["framework", "linked_arxiv_id"], how="anti"), kept]).unique()
            .with_columns(pl.lit(True).alias("carried_tool")))
