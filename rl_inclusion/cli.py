"""The ``rl-inclusion`` command line."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

from .errors import ConfigError, RLInclusionError

log = logging.getLogger("rl_inclusion")


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", help="DuckDB file (default: $RL_INCLUSION_DB, else data/rl_inclusion.duckdb)")


def _instance():
    """The Dagster instance: $DAGSTER_HOME, else ./dagster.yaml, else an ephemeral one.

    Two processes that open a new instance at once race to create its SQLite
    schema (alembic's version row: a UNIQUE failure in one of them), so the
    first opening is done under an exclusive file lock in the instance folder.
    """
    import fcntl

    import dagster as dg

    if not os.environ.get("DAGSTER_HOME"):
        if not Path("dagster.yaml").is_file():
            return dg.DagsterInstance.ephemeral()
        os.environ["DAGSTER_HOME"] = str(Path.cwd())
        Path(".dagster").mkdir(exist_ok=True)
    home = Path(os.environ["DAGSTER_HOME"])
    with open(home / ".rl_inclusion_instance.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            instance = dg.DagsterInstance.get()
            instance.get_runs(limit=1)  # creates the run, event and schedule storages now, under the lock
            instance.event_log_storage.get_concurrency_keys()  # and the concurrency tables
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return instance


def _partition_range(args) -> tuple[str, str]:
    from .partitions import key_for_label, quarterly_partitions

    keys = quarterly_partitions.get_partition_keys()
    if not keys:
        raise RLInclusionError("no quarter has closed yet: nothing to materialize")

    def norm(v: str) -> str:
        try:
            key = key_for_label(v.upper()) if "Q" in v.upper() else v
        except ValueError as exc:
            raise RLInclusionError(str(exc)) from None
        if key not in keys:
            raise RLInclusionError(f"unknown partition {v!r}: quarters run from {keys[0]} to {keys[-1]} (e.g. 2025Q1 or 2025-01-01)")
        return key

    if args.partition:
        if args.from_ or args.to:
            raise RLInclusionError("give either --partition or --from/--to, not both")
        k = norm(args.partition)
        return k, k
    start = norm(args.from_) if args.from_ else keys[0]
    end = norm(args.to) if args.to else keys[-1]
    if keys.index(start) > keys.index(end):
        raise RLInclusionError(f"--from {args.from_} is after --to {args.to}")
    return start, end


def _check_inputs(args, source: str) -> None:
    """Read the frameworks file, the labels and the snapshot's manifest before starting Dagster, so a
    wrong file is reported at once instead of after some assets have run."""
    from .screening import load_labels
    from .snapshot import Snapshot, demo_path
    from .frameworks_config import load_frameworks

    if args.frameworks and not Path(args.frameworks).is_file():
        raise RLInclusionError(f"--frameworks {args.frameworks}: no such file")
    load_frameworks(args.frameworks)
    if args.labels:
        if not Path(args.labels).is_file():
            raise RLInclusionError(f"--labels {args.labels}: no such file")
        load_labels(args.labels)
    if getattr(args, "inclusion_labels", None):
        from .linking.labels import load_inclusion_labels
        load_inclusion_labels(args.inclusion_labels)
    if source != "live":
        Snapshot.open(demo_path() if source == "demo" else source)


def cmd_materialize(args) -> int:
    from .definitions import ASSETS, build_definitions, run_tags
    from .defs.schedules import main_job
    from .storage import connect, resolve_db_path, row_counts

    db = resolve_db_path(args.db)
    source = args.source or "demo"
    if source not in ("demo", "live") and not Path(source).is_dir():
        raise RLInclusionError(f"--source must be 'demo', 'live' or a snapshot folder; {source!r} is none of these")
    start, end = _partition_range(args)
    _check_inputs(args, source)
    defs = build_definitions(
        db, source=source if source in ("demo", "live") else str(Path(source).resolve()),
        frameworks_file=str(Path(args.frameworks).resolve()) if args.frameworks else "",
        labels_file=str(Path(args.labels).resolve()) if args.labels else "",
        inclusion_labels_file=str(Path(args.inclusion_labels).resolve()) if args.inclusion_labels else "",
        screener=args.screener, cache_dir=args.cache_dir,
        reports_dir=str(Path(args.reports).resolve()) if args.reports else "",
    )
    job = defs.resolve_job_def(main_job.name)
    print(f"rl-inclusion: running {job.name} ({len(ASSETS)} assets) for quarters {start} .. {end} from {source} "
          f"into {db}", file=sys.stderr)
    instance = _instance()
    log_level = "INFO" if args.verbose else "CRITICAL"  # the progress lines show the assets' own logs
    t0 = time.monotonic()
    result = job.execute_in_process(
        instance=instance, raise_on_error=False,
        tags={"dagster/asset_partition_range_start": start, "dagster/asset_partition_range_end": end,
              **run_tags(db, source)},
        # Dagster's console logger kept to warnings (it prints every event at DEBUG otherwise);
        # the progress logger prints one line per asset step.
        run_config={"loggers": {"console": {"config": {"log_level": log_level}},
                                "progress": {"config": {"total": len(ASSETS)}}}},
    )
    if not result.success:
        for ev in result.all_events:
            if ev.is_step_failure:
                # Dagster wraps the asset's exception: print the chain down to the reason.
                err, reasons = ev.step_failure_data.error, []
                while err is not None:
                    reasons.append(err.message.strip().splitlines()[-1] if err.message.strip() else err.cls_name)
                    err = err.cause
                print(f"FAILED {ev.step_key}: {' <- '.join(reasons[::-1])}", file=sys.stderr)
        return 1
    failed_checks = [e for e in result.get_asset_check_evaluations() if not e.passed]
    with connect(db, read_only=True) as con:
        counts = row_counts(con)
    from .report import reports_dir_for

    reports = Path(args.reports).resolve() if args.reports else reports_dir_for(db)
    print(f"done in {time.monotonic() - t0:.1f}s; database: {db}; report: {reports / 'study.html'}")
    for table, n in counts.items():
        print(f"  {table:28s} {n:>8d} rows")
    for ev in failed_checks:
        print(f"  check failed: {ev.asset_key.to_user_string()}.{ev.check_name} ({ev.severity.value})")
    return 0


def cmd_sql(args) -> int:
    from .storage import connect, resolve_db_path

    db = resolve_db_path(args.db)
    if not args.query:
        import shutil
        import subprocess

        exe = shutil.which("duckdb")
        if not exe:
            raise RLInclusionError(f"no duckdb shell on PATH; run a query instead: rl-inclusion sql \"select * from cohort_metrics\" (database {db})")
        return subprocess.call([exe, "-readonly", str(db)])
    import duckdb

    with connect(db, read_only=True) as con:
        try:
            rel = con.sql(args.query)
            if rel is None:
                return 0
            df = rel.pl()
        except duckdb.Error as exc:
            raise RLInclusionError(f"the query failed: {exc}") from None
    import polars as pl

    if args.format == "csv":
        flat = df.with_columns([pl.col(c).cast(pl.List(pl.Utf8)).list.join("|")
                                for c, t in df.schema.items() if isinstance(t, pl.List)])
        sys.stdout.write(flat.write_csv())
    elif args.format == "json":
        print(json.dumps(df.to_dicts(), default=str, indent=1))
    else:
        with pl.Config(tbl_rows=args.limit, tbl_cols=-1, fmt_str_lengths=60, tbl_width_chars=200):
            print(df)
    return 0


def cmd_lookup(args) -> int:
    from .lookup import lookup, render
    from .storage import connect, resolve_db_path

    with connect(resolve_db_path(args.db), read_only=True) as con:
        papers = lookup(con, args.query)
    print(json.dumps(papers, default=str, indent=1) if args.format == "json" else render(papers))
    return 0


def cmd_path(args) -> int:
    from .paths import paths, render
    from .storage import connect, resolve_db_path

    with connect(resolve_db_path(args.db), read_only=True) as con:
        papers = paths(con, args.query)
    print(json.dumps(papers, indent=1) if args.format == "json" else render(papers))
    return 0


def cmd_watch(args) -> int:
    from .storage import resolve_db_path
    from .watch import WEBHOOK_ENV, run_watch, watchlist_path

    result, posted, error = run_watch(resolve_db_path(args.db), args.watchlist, os.environ.get(WEBHOOK_ENV))
    for entry, why in result.unresolved.items():
        print(f"watchlist entry {entry!r}: {why}", file=sys.stderr)
    for a in result.alerts:
        print(f"[{a['kind']}] {a['message']}")
    print(f"{len(result.alerts)} new alert(s) for {len(result.watched)} watched paper(s) from "
          f"{watchlist_path(args.watchlist)}" + (f"; {posted} posted to ${WEBHOOK_ENV}" if posted else ""))
    if error:
        print(f"rl-inclusion: {error}", file=sys.stderr)
    return 0


def cmd_report(args) -> int:
    from .report import build_report, reports_dir_for, write_report
    from .storage import connect, resolve_db_path

    db = resolve_db_path(args.db)
    with connect(db, read_only=True) as con:
        paths = write_report(build_report(con), args.reports or reports_dir_for(db))
    print(f"wrote {paths['markdown']} and {paths['html']}")
    return 0


def cmd_export(args) -> int:
    from .export import export
    from .storage import connect, resolve_db_path

    with connect(resolve_db_path(args.db), read_only=True) as con:
        counts = export(con, args.out, args.tables.split(",") if args.tables else None)
    for table, n in counts.items():
        print(f"  {table:20s} {n:>8d} rows -> {args.out}/{table}.parquet, .csv")
    print(f"  data dictionary -> {args.out}/DATA_DICTIONARY.md")
    return 0


def cmd_record(args) -> int:
    import os

    from .partitions import quarterly_partitions, quarter_label
    from .record import record
    from .sources.arxiv import LiveArxivSource
    from .frameworks_config import load_frameworks
    from .sources.git import prepare_repo
    from .sources.github import LiveGitHubSource

    args.partition = None
    start, end = _partition_range(args)
    keys = quarterly_partitions.get_partition_keys()
    quarters = [quarter_label(k) for k in keys[keys.index(start): keys.index(end) + 1]]
    rec = record(args.out, quarters, load_frameworks(args.frameworks), LiveArxivSource(),
                 LiveGitHubSource(token=os.environ.get("GITHUB_TOKEN")), Path(args.cache_dir).resolve(), prepare_repo,
                 progress=lambda m: print("  " + m, file=sys.stderr))
    print(f"snapshot written to {rec.path} ({rec.papers} papers, {rec.threads} threads)")
    if rec.incomplete:
        print(f"rl-inclusion: the snapshot is incomplete ({len(rec.incomplete)} sources stopped part-way; "
              "see INCOMPLETE above)", file=sys.stderr)
        return 1
    return 0


def cmd_review_queue(args) -> int:
    """The papers a reviewer should label next (active learning): most uncertain first."""
    import polars as pl

    from .screening import load_labels
    from .screening.learned import rank_for_review
    from .storage import connect, resolve_db_path

    labels = load_labels(args.labels) if args.labels else None
    with connect(resolve_db_path(args.db), read_only=True) as con:
        papers = con.execute("SELECT * FROM raw_papers").pl()
    if papers.is_empty():
        raise RLInclusionError("raw_papers is empty: run `rl-inclusion materialize` first")
    queue = rank_for_review(papers, labels, limit=args.limit)
    if queue.is_empty():
        print("every paper is labelled: nothing to review")
        return 0
    with pl.Config(tbl_rows=args.limit, fmt_str_lengths=80, tbl_width_chars=160):
        print(queue.with_columns(pl.col("probability").round(3), pl.col("uncertainty").round(3)))
    print("label them in a CSV (arxiv_id,eligible,note,reviewer) and pass it with --labels to materialize")
    return 0


def cmd_eval_screening(args) -> int:
    import tempfile

    from .screening.evaluate import eval_screening
    from .screening.labels import load_labels
    from .screening.learned import REAL_LABELS, REAL_PAPERS, base_rate_ids, bundled_set, real_set, write_eval_set

    if args.real:
        papers_path, labels_path, given = REAL_PAPERS, REAL_LABELS, real_set(args.real)[1]
    elif args.papers and args.labels:
        papers_path, labels_path, given = args.papers, args.labels, load_labels(args.labels)
    else:
        raise ConfigError("eval-screening needs --papers and --labels, or --real dev|heldout")
    keep = set(given["arxiv_id"].to_list())
    if args.base_rate is not None:
        # The eligible papers the subsample leaves out would stay in the shipped screener's training data.
        shipped = given.join(bundled_set()[1].select("arxiv_id"), on="arxiv_id", how="semi")
        if shipped.height:
            raise ConfigError(f"--base-rate: {shipped.height} paper(s) of {labels_path} are shipped training labels "
                              f"(first {shipped['arxiv_id'][0]}); the eligible ones left out of the subsample would "
                              "train the screener it measures")
        keep = set(base_rate_ids(given, args.base_rate).to_list())
    with tempfile.TemporaryDirectory() as tmp:
        papers, labels = write_eval_set(papers_path, labels_path, tmp, keep)
        print(eval_screening(papers, labels, embeddings=args.embeddings))
    return 0


_LABELS_DIR = Path(__file__).resolve().parent / "linking" / "labels"


def cmd_eval_inclusion(args) -> int:
    from .linking.evaluate import eval_inclusion

    result = eval_inclusion(args.frameworks, args.papers or [_LABELS_DIR / "papers.jsonl"],
                            args.paper_labels or [_LABELS_DIR / "paper_labels.csv"], args.labels, split=args.split,
                            log=lambda m: print(m, file=sys.stderr))
    print(result.report)
    return 0


def cmd_eval_threads(args) -> int:
    from .threads.evaluate import eval_roles, eval_threads, threshold_table
    if not args.thresholds and not (args.threads and args.labels):
        raise ConfigError("eval-threads needs --threads and --labels, or --thresholds")
    print(threshold_table([float(t) for t in args.thresholds.split(",")]) if args.thresholds else
          eval_roles(args.threads, args.labels, split=args.split) if args.roles else
          eval_threads(args.threads, args.labels, split=args.split, classifier=args.classifier, threshold=args.threshold))
    return 0


def cmd_eval_agreement(args) -> int:
    from .eval_agreement import report
    print(report(args.kind, args.first, args.second, args.base_rate))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rl-inclusion", description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("materialize", help="run the whole graph (all quarters, or a range) through Dagster")
    _add_common(p)
    p.add_argument("--source", help="'demo' (default), 'live', or a snapshot folder")
    p.add_argument("--partition", help="one quarter: 2025Q3 or 2025-07-01")
    p.add_argument("--from", dest="from_", help="first quarter of a range")
    p.add_argument("--to", help="last quarter of a range")
    p.add_argument("--frameworks", help="frameworks TOML (default: the packaged seven)")
    p.add_argument("--labels", help="screening labels CSV (arxiv_id,eligible,note,reviewer)")
    p.add_argument("--inclusion-labels", help="inclusion labels CSV (arxiv_id,framework,included,level,first_sha,"
                                              "first_date,reviewer,note): a reviewer's verdicts win over the rules")
    p.add_argument("--screener", default="learned", choices=["rules", "learned"],
                   help="learned (default: TF-IDF + logistic regression, held-out F1 0.89) or rules (auditable, held-out F1 0.67)")
    p.add_argument("--cache-dir", default=".cache/rl_inclusion", help="where framework repositories live")
    p.add_argument("--reports", help="where the report goes (default: beside the database, named after it: "
                                     "data/rl_inclusion_report for data/rl_inclusion.duckdb)")
    p.set_defaults(func=cmd_materialize)

    p = sub.add_parser("sql", help="run a query on the database (or open the duckdb shell)")
    _add_common(p)
    p.add_argument("query", nargs="?")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--format", default="table", choices=["table", "csv", "json"], help="how to print the result")
    p.set_defaults(func=cmd_sql)

    p = sub.add_parser("lookup", help="is a paper (arXiv id, method name or title) in any framework? where, since when?")
    _add_common(p)
    p.add_argument("query")
    p.add_argument("--format", default="table", choices=["table", "json"], help="text (default) or JSON")
    p.set_defaults(func=cmd_lookup)

    p = sub.add_parser("path", help="what it would take for a method (name, arXiv id or title) to land in each framework: "
                                    "the nearest included sibling, where it lives, its PR, the contribution rules, open requests")
    _add_common(p)
    p.add_argument("query")
    p.add_argument("--format", default="text", choices=["text", "json"],
                   help="text (default) or JSON (schema: docs/path_schema.json)")
    p.set_defaults(func=cmd_path)

    p = sub.add_parser("watch", help="check the watchlist once (what the watchlist_sensor does after each run): "
                                     "record and print alerts for watched methods that landed, changed level, were "
                                     "removed or got a new thread")
    _add_common(p)
    p.add_argument("--watchlist", help="TOML file with watch = [...] (default: $RL_INCLUSION_WATCHLIST, else watchlist.toml)")
    p.set_defaults(func=cmd_watch)

    p = sub.add_parser("report", help="write study.md and study.html from the database (into <db>_report beside it)")
    _add_common(p)
    p.add_argument("--reports", "--out", dest="reports",
                   help="the folder to write (default: beside the database, named after it)")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("export", help="export papers, inclusions and threads as Parquet and CSV with a data dictionary")
    _add_common(p)
    p.add_argument("--out", default="exports")
    p.add_argument("--tables", help="comma-separated subset")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("record", help="write a snapshot folder from the live sources (arXiv, GitHub, git)")
    p.add_argument("out", help="the snapshot folder to write")
    p.add_argument("--from", dest="from_", help="first quarter (default 2025Q1)")
    p.add_argument("--to", help="last quarter (default: the last closed one)")
    p.add_argument("--frameworks", help="frameworks TOML (default: the packaged seven)")
    p.add_argument("--cache-dir", default=".cache/rl_inclusion")
    p.set_defaults(func=cmd_record)

    p = sub.add_parser("review-queue", help="the unlabelled papers a reviewer should label next, most uncertain first")
    _add_common(p)
    p.add_argument("--labels", help="the labels CSV already made (those papers are left out)")
    p.add_argument("--limit", type=int, default=20)
    p.set_defaults(func=cmd_review_queue)

    p = sub.add_parser("eval-screening", help="precision, recall and F1 of the screeners on a labelled set")
    p.add_argument("--papers", help="papers in the snapshot format (JSONL)")
    p.add_argument("--labels", help="CSV with arxiv_id,eligible")
    p.add_argument("--real", choices=["dev", "heldout"],
                   help="instead of --papers/--labels: a split of the shipped real set (screening/real)")
    p.add_argument("--base-rate", type=float, default=None,
                   help="keep every not-eligible paper and only enough eligible ones for this share "
                        "(e.g. 0.1667, the live query's); the eligible ones kept are fixed by a hash of their id")
    p.add_argument("--embeddings", action=argparse.BooleanOptionalAction, default=None,
                   help="add (or leave out) the sentence-embeddings rows; default: when the extra is installed")
    p.set_defaults(func=cmd_eval_screening)

    p = sub.add_parser("eval-inclusion", help="precision, recall and first-commit match of inclusions on real "
                                              "clones against hand-verified labels")
    p.add_argument("--frameworks", required=True, help="frameworks TOML whose entries have local_path (clones)")
    p.add_argument("--papers", action="append",
                   help="papers.jsonl; repeat to add a later set's papers (default: the papers of inclusion-set-v1 "
                        "to v4)")
    p.add_argument("--paper-labels", action="append",
                   help="eligibility, method names and aliases of those papers (screening labels format); repeat "
                        "as --papers (default: those of inclusion-set-v1 to v4)")
    p.add_argument("--labels", default=str(_LABELS_DIR / "inclusion_labels.csv"),
                   help="inclusion labels CSV (arxiv_id,framework,included,...,split)")
    p.add_argument("--split", default="all",
                   help="which part of the labels to score: a value of their split column (dev, heldout, "
                        "heldout-v2 to -v4; v5 to v10 have their own files in linking/labels/v5 ... v10) or all, "
                        "the default (every set has been measured once and is development data now)")
    p.set_defaults(func=cmd_eval_inclusion)

    p = sub.add_parser("eval-threads", help="precision and recall of the training-failure rules (or, with --roles, "
                                            "accuracy of the role and outcome rules) on a labelled set")
    p.add_argument("--threads", help="threads in the snapshot format (JSONL)")
    p.add_argument("--labels", help="CSV with framework,number,training_failure[,split]")
    p.add_argument("--split", default="all", help="score only this part of the labels (dev, heldout) or all (default)")
    p.add_argument("--roles", action="store_true",
                   help="score the role and outcome rules instead (labels: framework,number,role,outcome[,split])")
    p.add_argument("--classifier", choices=["rules", "rules+learned"], default="rules+learned", help="the rules "
                   "alone, or the rules or the learned model (the default; trained without any thread of --threads)")
    p.add_argument("--threshold", type=float, help="the learned model's threshold (default: the shipped one)")
    p.add_argument("--thresholds", help="instead: pooled scores at these thresholds (0.5,0.55,...), each bundled set left out in turn")
    p.set_defaults(func=cmd_eval_threads)

    p = sub.add_parser("eval-agreement", help="a second reviewer's labels against the first (papers, threads or inclusion pairs)")
    p.add_argument("kind", choices=["papers", "threads", "inclusion"])
    p.add_argument("second", help="the second reviewer's labels (the labels format of that kind)")
    p.add_argument("first", nargs="+", help="the first labels of the same items (one or more files)")
    p.add_argument("--base-rate", type=float, help="threads: failure share for the precision line (default 1/24)")
    p.set_defaults(func=cmd_eval_agreement)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return args.func(args)
    except RLInclusionError as exc:
        print(f"rl-inclusion: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`rl-inclusion sql ... | head`): not an error. Point stdout at /dev/null so
        # the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
