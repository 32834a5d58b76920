"""Resources: where the data comes from and where it goes.

One typed resource per source system, each choosing between the embedded demo,
a snapshot folder and the live service and returning the plain source objects
of ``rl_inclusion.sources``: ``arxiv`` (:class:`ArxivResource`), ``github``
(:class:`GitHubResource`), ``git`` (:class:`GitResource`); ``study``
(:class:`StudySettings`) holds the analysis settings and ``warehouse`` the
DuckDB file.  None holds a secret (the GitHub token is read from
``GITHUB_TOKEN`` by the live client itself, so it never enters Dagster config
or metadata).
"""

from __future__ import annotations

import contextlib
import os
from datetime import date, datetime, timezone
from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource
from pydantic import Field

from ..errors import ConfigError
from ..metrics import StudyWindow
from ..timeutil import parse_utc
from ..snapshot import Snapshot, demo_path
from ..frameworks_config import Framework, load_frameworks
from ..sources import PaperSource, ThreadSource
from ..sources.arxiv import ArxivQuery, DuckDBWindowStore, LiveArxivSource, SnapshotPaperSource
from ..sources.arxiv.query import DEFAULT_CATEGORIES
from ..sources.git import RepoHandle, prepare_repo
from ..sources.github import LiveGitHubSource, SnapshotThreadSource
from ..storage import apply_schema, connect, resolve_db_path


class Warehouse(DuckDBResource):
    """The DuckDB file.  Connections are short; the schema is applied on each write.

    ``get_connection`` is overridden: dagster-duckdb 0.29.27 neither closes its
    connection when the body raises (no try/finally, so a failed asset leaves
    the file open in the process) nor connects with the same configuration as
    a plain read-only connection.  ``storage.connect`` closes in ``finally``
    and waits, with a logged message, while another process holds the lock.
    """

    @contextlib.contextmanager
    def get_connection(self):
        with connect(self.database) as con:
            yield con

    @contextlib.contextmanager
    def writer(self):
        """A connection with the schema applied (tables, then views)."""
        with connect(self.database) as con:
            apply_schema(con)
            yield con


class _FromSource(dg.ConfigurableResource):
    """What the three source resources and the study settings share: where the run reads from."""

    source: str = Field(default="demo", description="'demo', 'live', or the path of a snapshot folder")

    @property
    def mode(self) -> str:
        return "live" if self.source == "live" else "snapshot"

    def snapshot(self) -> Snapshot | None:
        if self.source == "live":
            return None
        path = demo_path() if self.source == "demo" else Path(self.source)
        return Snapshot.open(path)


class ArxivResource(_FromSource):
    """Papers: the snapshot's ``papers.jsonl``, or the live arXiv API with the screening query."""

    arxiv_categories: list[str] = Field(default=list(DEFAULT_CATEGORIES),
                                        description="arXiv categories of the screening query (live mode)")
    arxiv_keywords: str = Field(default="", description="keyword expression of the screening query; empty: the packaged default")
    arxiv_page_size: int = Field(default=2000, description="entries per arXiv API page (the API serves up to 2,000)")

    def query(self) -> ArxivQuery:
        conf: dict = {"categories": list(self.arxiv_categories)}
        if self.arxiv_keywords.strip():
            conf["keywords"] = self.arxiv_keywords
        return ArxivQuery.from_mapping(conf)

    def paper_source(self, db_path: str | None = None) -> PaperSource:
        """The snapshot reader, or the live API client resuming from windows stored in the database."""
        snap = self.snapshot()
        if snap:
            return SnapshotPaperSource(snap)
        checkpoint = DuckDBWindowStore(db_path) if db_path else None
        return LiveArxivSource(query=self.query(), page_size=self.arxiv_page_size, checkpoint=checkpoint)


class GitHubResource(_FromSource):
    """Threads: the snapshot's ``threads.jsonl``, or GitHub (the token is read from ``GITHUB_TOKEN`` by the
    client itself, never through Dagster config)."""

    def thread_source(self) -> ThreadSource:
        snap = self.snapshot()
        return SnapshotThreadSource(snap) if snap else LiveGitHubSource(token=os.environ.get("GITHUB_TOKEN"))


class GitResource(_FromSource):
    """Framework repositories: the frameworks file, and each repository from ``local_path``, the snapshot's
    streams, or a clone kept in ``cache_dir``."""

    frameworks_file: str = Field(default="", description="frameworks TOML; empty: the packaged seven")
    cache_dir: str = Field(default=".cache/rl_inclusion", description="where framework repositories are cloned or built")

    def frameworks_path(self) -> Path | None:
        return Path(self.frameworks_file) if self.frameworks_file else None

    def frameworks(self) -> list[Framework]:
        return load_frameworks(self.frameworks_path())

    def cache_path(self) -> Path:
        return Path(self.cache_dir).expanduser().resolve()

    def prepare(self, framework: Framework) -> RepoHandle:
        return prepare_repo(framework, self.cache_path(), self.snapshot(), live=self.mode == "live")


class StudySettings(_FromSource):
    """The study's settings: window, cut-off, screener and reviewer labels, the drop guard, the reports folder."""

    labels_file: str = Field(default="", description="screening labels CSV; empty: the demo's labels in demo mode, none otherwise")
    inclusion_labels_file: str = Field(default="", description="inclusion labels CSV (a reviewer's verdicts on "
                                                             "paper-framework pairs); empty: none")
    screener: str = Field(default="learned", description="'learned' (TF-IDF + logistic regression; best on the held-out set) or 'rules' (auditable)")
    failure_classifier: str = Field(default="rules+learned", description="training-failure threads: 'rules+learned' "
                                    "(the rules, or the model trained on the labelled real threads, pull requests "
                                    "excepted) or 'rules' (auditable, literal)")
    window_start: str = Field(default=StudyWindow.start.isoformat(), description="study window start (first submission)")
    window_end: str = Field(default=StudyWindow.end.isoformat(), description="study window end, inclusive")
    cutoff: str = Field(default="", description="data cut-off; empty: the snapshot's created_at, or now when live")
    reports_dir: str = Field(default="", description="where study_report writes study.md, study.html and the plots; "
                                                   "empty: a folder beside the database named after it (<db>_report)")
    drop_guard_ratio: float = Field(default=0.5, description="refuse to overwrite a partition whose new row count is below this share of the stored one")
    drop_guard_min_rows: int = Field(default=20, description="the guard applies to partitions holding at least this many rows")

    def cutoff_at(self) -> datetime:
        if self.cutoff:
            return parse_utc(self.cutoff)
        snap = self.snapshot()
        return snap.created_at if snap else datetime.now(timezone.utc)

    def window(self) -> StudyWindow:
        try:
            return StudyWindow(date.fromisoformat(self.window_start), date.fromisoformat(self.window_end))
        except ValueError as exc:
            raise ConfigError(f"study window must be ISO dates: {exc}") from exc

    def labels_path(self) -> Path | None:
        if self.labels_file:
            path = Path(self.labels_file)
            if not path.is_file():
                raise ConfigError(f"labels file {path} does not exist")
            return path
        if self.source == "demo":
            return Path(__file__).resolve().parent.parent / "demo" / "labels.csv"
        return None

    def screening_config(self):
        """The run's :class:`~rl_inclusion.screening.ScreeningConfig`: what ``eligible_methods`` screens with and
        what ``sensitivity`` reruns its rules-only and learned-only rows with (only the screener changed)."""
        from ..screening import ScreeningConfig

        return ScreeningConfig(screener=self.screener)

    def inclusion_labels_path(self) -> Path | None:
        if not self.inclusion_labels_file:
            return None
        path = Path(self.inclusion_labels_file)
        if not path.is_file():
            raise ConfigError(f"inclusion labels file {path} does not exist")
        return path


RESOURCE_CLASSES = {"arxiv": ArxivResource, "github": GitHubResource, "git": GitResource, "study": StudySettings}


def default_resources(db_path: str | os.PathLike | None = None, **settings) -> dict:
    """The run's resources.  ``settings`` are the fields of the source resources and the study settings
    (``source`` goes to all four); a name that none of them has is an error."""
    known = {name for cls in RESOURCE_CLASSES.values() for name in cls.model_fields}
    if unknown := sorted(set(settings) - known):
        raise ConfigError(f"unknown settings {unknown}; known: {sorted(known)}")
    out: dict = {"warehouse": Warehouse(database=str(resolve_db_path(db_path)))}
    for key, cls in RESOURCE_CLASSES.items():
        out[key] = cls(**{k: v for k, v in settings.items() if k in cls.model_fields})
    return out
