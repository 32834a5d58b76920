"""Property-based tests: the id parser and the name normaliser never crash, and
their outputs keep their invariants."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rl_inclusion.ids import ArxivIdError, NameIndex, find_arxiv_ids, normalize_name, parse_arxiv_id
from support import tokenize

new_ids = st.builds(lambda y, m, n, v: (f"{y:02d}{m:02d}.{n:05d}", v),
                    st.integers(15, 99), st.integers(1, 12), st.integers(0, 99999), st.one_of(st.none(), st.integers(1, 30)))
prefixes = st.sampled_from(["", "arXiv:", "https://arxiv.org/abs/", "http://arxiv.org/pdf/", "arxiv.org/html/"])


@given(new_ids)
def test_new_ids_round_trip(idv):
    base, v = idv
    text = base if v is None else f"{base}v{v}"
    pid = parse_arxiv_id(text)
    assert pid.base == base and pid.version == v and str(pid) == text


@given(new_ids, prefixes, st.text(alphabet=" ,;()\n", max_size=3))
def test_ids_found_in_text_in_every_form(idv, prefix, sep):
    base, v = idv
    written = prefix + base + (f"v{v}" if v else "")
    assert find_arxiv_ids(f"see{sep or ' '}{written}{sep} done") == [base]


@given(st.text(max_size=300))
@settings(max_examples=300)
def test_parsers_never_crash_on_any_text(text):
    try:
        pid = parse_arxiv_id(text)
        assert parse_arxiv_id(str(pid)) == pid
    except ArxivIdError:
        pass
    for base in find_arxiv_ids(text):
        assert parse_arxiv_id(base).base == base
    key = normalize_name(text)
    assert key == normalize_name(key) and key.isascii() and (key == "" or key.isalnum())
    assert all(t and t == t.lower() for t in tokenize(text))


@given(st.lists(st.from_regex(r"[A-Za-z][A-Za-z0-9]{2,8}", fullmatch=True), min_size=1, max_size=5), st.text(max_size=200))
def test_name_index_finds_only_its_names(names, text):
    idx = NameIndex({n: [str(i)] for i, n in enumerate(names)})
    for key in idx.find(text):
        assert key in {normalize_name(n) for n in names}
        assert idx.owners(key)


@given(st.lists(st.text(max_size=40), max_size=20))
def test_the_polars_name_normaliser_matches_the_python_one(names):
    import polars as pl

    from rl_inclusion.ids import normalize_name_expr

    got = pl.DataFrame({"n": names}, schema={"n": pl.Utf8}).select(normalize_name_expr(pl.col("n")))["n"].to_list()
    assert got == [normalize_name(n) for n in names]
