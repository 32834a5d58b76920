"""Where a changed file sits in a framework, and what integration level a line there has.

``LevelRules`` applies a framework's path and line rules (``frameworks.toml``) in the order the
frameworks file states: skipped paths, docs-like paths (ids there are docs evidence, names are not
read), experimental, example and default-config paths, then the line patterns of a selectable
algorithm or a configuration option.  Data paths are not a level: they say what an arXiv id cited there is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..frameworks_config import Rules

# The first recipe or example folder on a path: group 1 the folder with everything before it (``recipe/dapo/``,
# ``verl/examples/gspo/``), group 2 its name (``dapo``, ``gspo``).  The evidence rules use it.
_FIRST_FOLDER = r"^((?:[^/]+/)*?(?:{})/([^/]+)/)"
RECIPE_FOLDER = re.compile(_FIRST_FOLDER.format("recipes?|examples?"))
# The same, with a framework's experimental folders (``verl/experimental/fully_async_policy/``): a copy can carry
# those too (inclusion-set-v126), as verl 0.7 moved its asynchronous and VLA trainers out of ``recipe/`` into them.
CARRIED_KINDS = "recipes?|examples?|experimental"
CARRIED_FOLDER = re.compile(_FIRST_FOLDER.format(CARRIED_KINDS))
# A file of such a folder that starts a run of its own (``fully_async_main.py``, ``main_ppo.py``) or is a trainer
# of its own (TRL's ``experimental/papo/papo_trainer.py``, a class its users run; verl's ``ray_trainer.py``): an
# experimental folder with one is an entry point, like a recipe; one without (verl's ``agent_loop/``) is what the
# main trainer uses.
ENTRY_POINT = re.compile(r"(?:^|[/_])(?:main(?:_[^/]*)?|[^/]*_trainer)\.py$")

# Where a framework keeps a tool, a scorer for a task, the data scripts for it or a multi-turn tool example
# (``linking.carried_tools``: a copy's tool lines are the framework's, not the code base's).
TOOL_PATH = r"(?:^|/)(?:tools|reward_score|data_preprocess|sglang_multiturn|tool_config)/"
_TOOL = re.compile(TOOL_PATH)


def carries(path: str) -> bool:
    """``path`` lies in a recipe, example or experimental folder, or in a tool location: what a copy carries."""
    return carried_folder(path) is not None or _TOOL.search(path) is not None


def carried_folder(path: str) -> str | None:
    """The recipe, example or experimental folder ``path`` lies in (its whole prefix), or None."""
    m = CARRIED_FOLDER.match(path)
    return m.group(1) if m else None


# A script whose file name says it prepares data (Active-Zero's ``tool/process_dataset.py`` defines
# ``def r1_onevision():`` to fetch that data set; RISE's ``dataset_down_load.py``; AutoTIR's shell script
# ``data/download_dataset.sh``, whose ``mkdir -p DAPO-Math-17k`` names DAPO's data): the names in it are data sets'.
# A verb, not a noun: rLLM's ``tinker_data_processor.py`` computes advantages from the rollouts.
# ``dastaset`` is no typo of ours: Active-Zero's retriever folder holds ``process_dastaset.py``, spelled so.
DATA_SCRIPT = re.compile(r"(?i)(?:^|/)(?=[^/]*(?:data|dastaset))"
                         r"(?=[^/]*(?:process(?!or)|prepar|prep_|download|down_load|merge|convert(?!er)|clean|"
                         r"generat(?!or)|gen_|build(?!er)|make|split|sampl(?!er)|collect(?!or)|curat))[^/]*\.(?:py|sh)$")


@dataclass(frozen=True)
class PathClass:
    skip: bool
    page: bool          # docs_paths: a documentation page
    nonsource: bool     # nonsource_paths: tests, CI, containers, evaluation and debugging code
    experimental: bool
    example: bool       # example_paths: arXiv ids and names in their code are code evidence at level example
    default_config: bool
    data: bool          # data_paths: an id there cites a source of data; a name there is a data set (v183)
    data_script: bool   # DATA_SCRIPT: a method's name there names a data set

    @property
    def docs(self) -> bool:
        """A page or non-source code: arXiv ids there are docs evidence, names are not read."""
        return self.page or self.nonsource


class LevelRules:
    """The framework's rules, applied in the order of the frameworks file header."""

    def __init__(self, rules: Rules):
        self.r = rules
        self._paths: dict[str, PathClass] = {}

    def path_class(self, path: str) -> PathClass:
        pc = self._paths.get(path)
        if pc is None:
            r = self.r
            pc = PathClass(r.skip_paths.match(path), r.docs_paths.match(path), r.nonsource_paths.match(path),
                           r.experimental_paths.match(path),
                           r.example_paths.match(path), r.default_config_paths.match(path),
                           r.data_paths.match(path), DATA_SCRIPT.search(path) is not None)
            if len(self._paths) > 200_000:
                self._paths.clear()
            self._paths[path] = pc
        return pc

    def data_depth(self, path: str) -> int:
        """How many folders of ``path`` stand above its first data folder (``data_paths``), all of them when none:
        below a data folder, folders and files are named after data sets, not methods (GRPO_prompt_replay's
        open-instruct copy converts AceCoder's data in ``scripts/data/rlvr/acecoder.py``; inclusion-set-v183)."""
        parts = path.split("/")
        folders = range(len(parts) - 1)
        if not self.path_class(path).data:
            return len(folders)
        return next((i for i in folders if self.r.data_paths.match("/".join(parts[:i + 1]) + "/_")), len(folders))

    def level(self, pc: PathClass, line: str, allow_default: bool = True) -> str:
        r = self.r
        if pc.docs:
            return "mentioned"
        if pc.experimental or r.experimental_line_patterns.search(line):
            return "experimental"
        if pc.example:
            return "example"
        if allow_default and pc.default_config and r.default_line_patterns.search(line):
            return "default"
        if r.selectable_line_patterns.search(line):
            return "selectable algorithm"
        if r.option_line_patterns.search(line):
            return "configuration option"
        return r.fallback_level


def _unquote(path: str) -> str:
    """A path as git prints it (C-quoted when it holds unusual bytes) -> the path."""
    path = path.rstrip("\t")
    if len(path) >= 2 and path[0] == '"' and path[-1] == '"':
        raw = path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1", "replace")
        return raw.decode("utf-8", "replace")
    return path
