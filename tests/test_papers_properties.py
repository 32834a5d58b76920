"""Property tests: generated Atom entries through the real parsing path, normalisation, dedup."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from xml.sax.saxutils import escape, quoteattr

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rl_inclusion.ids import ArxivIdError, parse_arxiv_id
from rl_inclusion.partitions import quarter_label
from rl_inclusion.sources.arxiv import parse_page
from rl_inclusion.raw_papers import KNOWN_CATEGORIES, normalize_record, to_frame
from support import extract_code_urls

CATS = sorted(KNOWN_CATEGORIES)
# Text an Atom feed can carry: no control characters, surrogates or non-characters.
xml_text = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Cn", "Co")), max_size=60)
new_ids = st.builds(lambda yy, mm, n: f"{yy:02d}{mm:02d}.{n:05d}", st.integers(15, 99), st.integers(1, 12),
                    st.integers(0, 99999))
old_ids = st.builds(lambda a, yy, mm, n: f"{a}/{yy:02d}{mm:02d}{n:03d}",
                    st.sampled_from(["cs", "math.AG", "hep-th", "cond-mat", "q-bio.NC", "physics"]),
                    st.integers(0, 99), st.integers(1, 12), st.integers(0, 999))
stamps = st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2030, 12, 31),
                      timezones=st.just(timezone.utc)).map(lambda d: d.replace(microsecond=0))

FEED = ('<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
        'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">'
        '<opensearch:totalResults>1</opensearch:totalResults><opensearch:startIndex>0</opensearch:startIndex>'
        '{entry}</feed>\n')


def z(d: datetime) -> str:
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def atom_entry(eid, title, summary, authors, cats, published, updated, comment):
    parts = [f"<entry><id>http://arxiv.org/abs/{eid}</id><updated>{z(updated)}</updated>",
             f"<published>{z(published)}</published><title>{escape(title)}</title>",
             f"<summary>{escape(summary)}</summary>"]
    parts += [f"<author><name>{escape(a)}</name></author>" for a in authors]
    if comment is not None:
        parts.append(f"<arxiv:comment>{escape(comment)}</arxiv:comment>")
    parts.append(f'<arxiv:primary_category term={quoteattr(cats[0])}/>')
    parts += [f"<category term={quoteattr(c)}/>" for c in cats]
    parts.append(f'<link href="http://arxiv.org/abs/{eid}" rel="alternate" type="text/html"/></entry>')
    return "".join(parts)


@settings(max_examples=120, deadline=None)
@given(base=st.one_of(new_ids, old_ids), version=st.integers(1, 30),
       title=xml_text.filter(lambda t: t.strip() != ""), summary=xml_text,
       authors=st.lists(xml_text, max_size=3), cats=st.lists(st.sampled_from(CATS), min_size=1, max_size=4, unique=True),
       published=stamps, later=st.integers(0, 900 * 86400).map(lambda s: timedelta(seconds=s)),
       comment=st.one_of(st.none(), xml_text.filter(lambda t: t != "")))
def test_a_generated_entry_survives_parse_and_normalisation(base, version, title, summary, authors, cats, published,
                                                             later, comment):
    eid = f"{base}v{version}"
    content = FEED.format(entry=atom_entry(eid, title, summary, authors, cats, published, published + later, comment))
    page = parse_page(content.encode("utf-8"))
    [entry] = page.entries
    assert entry.error is None and entry.key == base
    # The same record as the arxiv package's own parser gives.
    from arxiv import _feed

    from rl_inclusion.sources.arxiv import result_to_record

    assert entry.data == result_to_record(_feed.parse(content.encode("utf-8")).results[0])
    row = normalize_record(entry.data, "test")
    assert (row["arxiv_id"], row["version"]) == (base, version)
    assert row["title"] == " ".join(title.split())
    assert row["abstract"] == summary.strip()
    assert row["authors"] == authors
    assert row["primary_category"] == cats[0] and row["categories"] == cats
    assert row["published"] == published and row["updated"] == published + later
    assert row["quarter"] == quarter_label(published)
    assert row["comment"] == (comment or None)
    assert row["links"] == [f"http://arxiv.org/abs/{eid}"]


@settings(max_examples=200, deadline=None)
@given(base=new_ids, version=st.integers(1, 99), prefix=st.sampled_from(["", "arXiv:", "http://arxiv.org/abs/",
                                                                          "https://arxiv.org/pdf/"]))
def test_new_style_ids_parse_with_any_prefix(base, version, prefix):
    if prefix == "arXiv:":
        with pytest.raises(ArxivIdError):  # entry ids never carry the arXiv: prefix
            parse_arxiv_id(f"{prefix}{base}v{version}")
        return
    pid = parse_arxiv_id(f"{prefix}{base}v{version}")
    assert (pid.base, pid.version, str(pid)) == (base, version, f"{base}v{version}")


@settings(max_examples=100, deadline=None)
@given(yy=st.integers(15, 99), mm=st.sampled_from([0, 13, 14, 99]), n=st.integers(0, 99999))
def test_a_month_out_of_range_is_not_an_id(yy, mm, n):
    with pytest.raises(ArxivIdError):
        parse_arxiv_id(f"{yy:02d}{mm:02d}.{n:05d}v1")


@settings(max_examples=80, deadline=None)
@given(copies=st.lists(st.tuples(st.sampled_from(["2501.00001", "2502.00002", "2503.00003"]), st.integers(1, 5),
                                 stamps), min_size=1, max_size=12))
def test_dedup_keeps_one_row_per_base_id_latest_version_first_date(copies):
    rows = [normalize_record({"arxiv_id": b, "version": v, "title": f"t{v}", "abstract": "", "primary_category": "cs.LG",
                              "categories": ["cs.LG"], "published": z(p), "updated": z(p)}, "test")
            for b, v, p in copies]
    df = to_frame(rows)
    want = (pl.DataFrame({"arxiv_id": [c[0] for c in copies], "version": [c[1] for c in copies],
                          "published": [c[2] for c in copies]})
            .group_by("arxiv_id").agg(pl.col("version").max(), pl.col("published").min()).sort("arxiv_id"))
    assert df["arxiv_id"].to_list() == want["arxiv_id"].to_list()
    assert df["version"].to_list() == want["version"].to_list()
    assert df["published"].to_list() == want["published"].to_list()
    assert df["title"].to_list() == [f"t{v}" for v in want["version"].to_list()]
    assert df["quarter"].to_list() == [quarter_label(p) for p in want["published"].to_list()]


name = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,15}", fullmatch=True)


@settings(max_examples=150, deadline=None)
@given(host=st.sampled_from(["github.com", "gitlab.com", "huggingface.co"]), owner=name, repo=name,
       scheme=st.sampled_from(["", "https://", "http://", "https://www."]),
       before=st.sampled_from(["Code: ", "see ", "(", "Available at "]), after=st.sampled_from(["", ".", ").", ", and more"]))
def test_a_repository_link_is_found_and_cut_to_owner_and_name(host, owner, repo, scheme, before, after):
    text = f"We release everything. {before}{scheme}{host}/{owner}/{repo}{after}"
    want_scheme = "http://" if scheme == "http://" else "https://"
    assert extract_code_urls(text) == [f"{want_scheme}{host}/{owner}/{repo}"]
