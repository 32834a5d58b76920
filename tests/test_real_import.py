"""The import of the real labelled set removes labelling notes from the summaries (hand-checked sentences)."""

import pytest

from rl_inclusion.screening.real.import_labels import strip_notes


@pytest.mark.parametrize("text, kept, removed", [
    ("GRPO is applied to video QA. It is video-specific.", "GRPO is applied to video QA.", 1),
    ("A new loss. Code is not mentioned in the part read.", "A new loss.", 1),
    ("We propose X. Sizes and code are not stated in the summary read. No new method.", "We propose X.", 2),
    ("An eligible-looking abstract about clipping.", "An eligible-looking abstract about clipping.", 0),
    ("It studies 2x speed-ups. It is a systems paper without a new objective.", "It studies 2x speed-ups.", 1),
    ("We release code at github.com/a/b. It is labelled not eligible here.", "We release code at github.com/a/b.", 1),
    ("Code: github.com/hustvl/AlphaDrive; model sizes are not stated in the abstract read.",
     "Code: github.com/hustvl/AlphaDrive.", 1),
    ("X beats GRPO. Only the opening of the abstract was read; sizes and code are unknown.", "X beats GRPO.", 1),
    ("It is an empirical data-efficiency study rather than a new method.", "", 1),
    ("RLVR works mostly in math and code because it depends on domain-specific verifiers.",
     "RLVR works mostly in math and code because it depends on domain-specific verifiers.", 0),
])
def test_strip_notes(text, kept, removed):
    assert strip_notes(text) == (kept, removed)


def test_import_dedupes_converts_aliases_marks_targeted_and_splits(tmp_path, monkeypatch):
    import csv
    import json

    from rl_inclusion.screening.real import import_labels as imp

    rec = {"arxiv_id": "2503.14476", "version": 1, "title": "DAPO", "abstract": "We propose DAPO. It is a recipe study.",
           "authors": [], "primary_category": "cs.LG", "categories": ["cs.LG"], "published": "2025-03-01T00:00:00Z",
           "updated": "2025-03-01T00:00:00Z", "comment": None, "journal_ref": None, "doi": None, "links": []}
    header = ("arxiv_id,eligible,note,reviewer,method_name,aliases,modification_type,max_policy_params_b,"
              "code_released,draw_query,draw_rank\n")
    for name, rows in (("a", [("2503.14476", "true", "q DAPO", "1"), ("2503.20783", "false", "q broad", "2")]),
                       ("b", [("2503.14476", "false", "q other", "3")])):
        d = tmp_path / name
        d.mkdir()
        recs = [dict(rec, arxiv_id=r[0]) for r in rows]
        (d / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
        (d / "labels.csv").write_text(header + "".join(
            f"{i},{e},n,{name},X,x-po;xpo,,,unknown,{q},{k}\n" for i, e, q, k in rows))
        (d / "DRAW.md").write_text("1. `q DAPO` **T** — kept 1\n2. `q broad` — kept 1\n")
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(imp, "HERE", out)
    assert imp.main([str(tmp_path / "a"), str(tmp_path / "b")]) == 0
    labels = list(csv.DictReader((out / "labels.csv").open()))
    draw = {r["arxiv_id"]: r for r in csv.DictReader((out / "draw.csv").open())}
    # one row per id, the first source wins; aliases in the labels format; notes gone from the summary
    assert [(r["arxiv_id"], r["eligible"], r["reviewer"], r["aliases"]) for r in labels] == [
        ("2503.14476", "true", "a", "x-po|xpo"), ("2503.20783", "false", "a", "x-po|xpo")]
    assert json.loads((out / "papers.jsonl").read_text().splitlines()[0])["abstract"] == "We propose DAPO."
    assert (draw["2503.14476"]["targeted"], draw["2503.20783"]["targeted"]) == ("true", "false")
    # 2503.14476 -> dev (66), 2503.20783 -> held out (7): see test_screening_heldout
    assert (draw["2503.14476"]["split"], draw["2503.20783"]["split"]) == ("dev", "heldout")
    # a fresh set, all held out, written to its own folder
    fresh = tmp_path / "fresh"
    assert imp.main([str(tmp_path / "a"), "--out", str(fresh), "--split", "heldout-v2"]) == 0
    assert {r["split"] for r in csv.DictReader((fresh / "draw.csv").open())} == {"heldout-v2"}
    assert [r["arxiv_id"] for r in csv.DictReader((fresh / "labels.csv").open())] == ["2503.14476", "2503.20783"]
