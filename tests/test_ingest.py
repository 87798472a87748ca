"""Ingest: every reader on small made-up fixtures, the real seed pages against the gold
annotations, text cleaning, and the refusal of bad input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kg.ingest import detect_format, iter_documents, read_bytes, read_document
from kg.ingest.text import clean_text
from kg.model import Document, InputError

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEEDS = ROOT / "seeds"
GOLD = ROOT.parent / "shared" / "eval" / "gold"
ACL_BIB = ROOT.parent / "shared" / "data" / "acl-2016-2020.bib"

SEED_COUNTS = {
    "000_37c31eeb68e72527.txt": ("profile", 18),
    "001_da9a04191405a445.txt": ("listing", 20),
    "003_9d4d50a094bcbd7c.txt": ("etal", 4),
    "004_c841f28a7bbbc783.txt": ("listing", 20),
}


def problem_lines(document: Document) -> list[int | None]:
    return [problem.line for problem in document.problems]


# --- the seed pages -----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SEED_COUNTS))
def test_seed_format_and_paper_count(name):
    document = read_document(SEEDS / name)
    fmt, count = SEED_COUNTS[name]
    assert document.source.format == fmt
    assert len(document.records) == count
    assert document.problems == []
    assert all(record.abstract for record in document.records)


def test_all_62_seed_papers_come_through():
    documents = list(iter_documents([SEEDS]))
    assert [doc.source.name for doc in documents] == sorted(SEED_COUNTS)
    assert sum(len(doc.records) for doc in documents) == 62


@pytest.mark.parametrize("stem", ["000_37c31eeb68e72527", "001_da9a04191405a445"])
def test_seed_fields_match_gold(stem):
    gold_file = GOLD / f"{stem}.json"
    if not gold_file.exists():
        pytest.skip("gold annotations not available")
    gold = json.loads(gold_file.read_text(encoding="utf-8"))
    records = read_document(SEEDS / f"{stem}.txt").records
    assert len(records) == len(gold)
    for record, expected in zip(records, gold):
        # The gold keeps titles as written (Nystr\"om); records hold them cleaned.
        assert record.title == (clean_text(expected["title"]) if expected["title"] else None)
        assert record.year == expected["year"]
        assert record.authors == expected["authors"]
        assert record.authors_truncated == expected["authors_truncated"]
        assert record.categories == [expected["category"]]
        assert record.abstract.startswith(clean_text(expected["abstract_start"]))


def test_profile_seed_details():
    records = read_document(SEEDS / "000_37c31eeb68e72527.txt").records
    assert {record.profile_owner for record in records} == {"Francesco Tonin"}
    assert records[0].line == 9 and records[-1].line == 145
    assert records[8].title.endswith("Asymmetric Kernel SVD and Nyström method")
    membership = records[7]
    assert "MaxRényi-K%, which" in membership.abstract
    assert "↗" not in " ".join(c for r in records for c in r.categories)


def test_listing_seed_cleaning():
    records = read_document(SEEDS / "004_c841f28a7bbbc783.txt").records
    assert [r.line for r in records[:3]] == [3, 9, 15]
    assert records[2].authors[1] == "QUANMING YAO"  # as written; resolve recases it
    assert records[5].abstract.startswith("We propose DocVXQA, a novel framework")
    assert "pythia-410M model trained on 8.2B tokens" in records[3].abstract
    assert "*" not in records[6].abstract and "e.g., the solubility" in records[6].abstract
    assert records[0].abstract.endswith("https://github.com/OpenDFM/HeadsUp.")


def test_etal_seed():
    records = read_document(SEEDS / "003_9d4d50a094bcbd7c.txt").records
    assert [r.authors for r in records][2] == ["Sanketh Vedula", "Valentino Maiorca", "Lorenzo Basile"]
    assert records[3].authors[-1] == "Alberto d'Onofrio"
    assert all(r.authors_truncated and r.profile_owner == "Lorenzo Basile" for r in records)
    assert all(r.title is None and r.year is None for r in records)
    assert [r.line for r in records] == [3, 7, 11, 15]


# --- each format on fixtures --------------------------------------------------------------


def test_profile_fixture_and_cut_short_year_line():
    document = read_document(FIXTURES / "profile.txt")
    assert document.source.format == "profile"
    first, second = document.records
    assert (first.line, first.year, first.title) == (9, 2021, "Sparse Widgets via Nyström Sketches")
    assert first.abstract.startswith("We study sparse widgets. Our method, called WidgetNet, improves over the baseline by 50% on")
    assert first.authors == ["Ada Quill"] and first.authors_truncated and first.profile_owner == "Ada Quill"
    assert second.categories == ["stat.ML"]
    assert 'We compare "two" of them' in second.abstract
    assert second.abstract.endswith("as shown at https://example.org/k.")
    assert problem_lines(document) == [25]
    assert "cut short" in document.problems[0].message


def test_listing_fixture_and_cut_short_record():
    document = read_document(FIXTURES / "listing.txt")
    assert document.source.format == "listing"
    first, second = document.records
    assert first.categories == ["Deep Learning · Theory"]
    assert first.authors == ["Ada Quill", "BORIS VAN DER BERG", "Chen ZHOU"]
    assert first.title is None and first.year is None and not first.authors_truncated
    assert (second.line, second.categories, second.authors) == (9, ["Optimization"], ["Dana Okafor"])
    assert "pythia-410M model" in second.abstract
    # The last record has an area and authors but no abstract: reported, not invented.
    assert problem_lines(document) == [15]
    assert str(document.problems[0]).startswith(f"{FIXTURES / 'listing.txt'}:15: record cut short")


def test_listing_cut_short_at_an_area_line(tmp_path):
    text = (FIXTURES / "listing.txt").read_text(encoding="utf-8").rsplit("\n\nEve Marsh", 1)[0]
    document = read_bytes(text.encode(), str(tmp_path / "cut.txt"))
    assert len(document.records) == 2
    assert problem_lines(document) == [15]


_ABSTRACT = "A made-up abstract that is certainly long enough to be counted as an abstract here."


@pytest.mark.parametrize(
    "page, fmt, record_lines, problem_at",
    [
        # listing: the middle record has an area and authors but no abstract
        (f"Deep Learning · Theory\n\nAda Quill, Bo Li\n\n{_ABSTRACT}\n\nOptimization\n\nCy Ng\n\n"
         f"Theory · Other\n\nDee Ox, Eve Marsh\n\n{_ABSTRACT} Two.\n", "listing", [1, 11], 7),
        # listing: the first record lost its abstract, right after the page title
        (f"论文检索\n\nDeep Learning · Theory\n\nAda Quill, Bo Li\n\nOptimization\n\nCy Ng, Dee Ox\n\n"
         f"{_ABSTRACT}\n", "listing", [7], 3),
        # "et al." page: the first record lost its abstract
        (f"Ada Quill\n\nBo Li, Ada Quill et al.\n\nAda Quill, Bo Li et al.\n\n{_ABSTRACT}\n", "etal", [5], 3),
        # profile: a record with a title but no abstract in the middle of the page
        (f"Ada Quill\n\narXiv2020\n\nTitle One\n\ncs.LG\n\narXiv2019\n\nTitle Two\n\n{_ABSTRACT}\n\ncs.AI\n",
         "profile", [9], 3),
    ],
)
def test_records_cut_short_anywhere_are_reported_and_skipped(page, fmt, record_lines, problem_at):
    for newline in ("\n", "\r\n"):
        document = read_bytes(page.replace("\n", newline).encode(), "page.txt")
        assert document.source.format == fmt
        assert [record.line for record in document.records] == record_lines
        assert [str(p).split(": ")[0] for p in document.problems] == [f"page.txt:{problem_at}"]
        assert "cut short" in document.problems[0].message


def test_etal_fixture():
    document = read_document(FIXTURES / "etal.txt")
    assert document.source.format == "etal"
    first, second = document.records
    assert first.authors == ["Boris van der Berg", "Ada Quill", "Gil Park"]
    assert second.authors == ["Hana Ito", "Boris van der Berg"]
    assert all(r.authors_truncated and r.profile_owner == "Boris van der Berg" for r in document.records)
    assert problem_lines(document) == [11]


def test_bibtex_fixture():
    document = read_document(FIXTURES / "sample.bib")
    assert document.source.format == "bibtex"
    widget, notes = document.records
    assert widget.line == 4
    assert widget.title == "WidgetNet: Learning Widgets with Gödel & Escher"
    assert widget.authors == ["Ada Quill", "Boris van der Berg", "Karl Müller Jr.", "Widgets and Co"]
    assert widget.authors_truncated  # "and others"
    assert widget.venue == "Proceedings of the Imaginary Workshop on Widgets"
    assert (widget.year, widget.doi, widget.url) == (2020, "10.0000/widgets.1", "https://example.org/2020.widgets-1.1")
    assert widget.abstract == "We present WidgetNet. It is 50% faster, costs 29% less, and uses k-means."
    assert notes.line == 21
    assert notes.title == 'Notes on Élan and the "Tilde" Problem'
    assert (notes.authors, notes.year, notes.arxiv_id) == (["Dana Okafor"], 2019, "1905.01234")
    # The unclosed brace spoils its own entry only; the title-less entry is reported too.
    assert problem_lines(document) == [15, 30]
    assert "malformed @article entry skipped: entry is not closed" in document.problems[0].message


def test_real_acl_bibtex_parses():
    if not ACL_BIB.exists():
        pytest.skip("benchmark BibTeX not available")
    document = read_document(ACL_BIB)
    assert document.problems == []
    assert len(document.records) == 18701
    assert sum(1 for r in document.records if r.abstract) >= 14472
    assert all(r.title and r.authors and r.year for r in document.records)
    assert not any("{" in r.title or "}" in r.title for r in document.records)


def test_arxiv_fixture():
    document = read_document(FIXTURES / "arxiv.jsonl")
    assert document.source.format == "arxiv"
    first, second = document.records
    assert first.title == "Sparse Widgets via Nyström Sketches"
    assert first.authors == ["Ada Quill", "B. van der Berg", "John Smith Jr"]
    assert (first.year, first.arxiv_id, first.categories) == (2021, "2101.00001", ["cs.LG", "stat.ML"])
    assert first.abstract == "We study sparse widgets with O(n) memory."
    assert second.year == 2023  # no versions: the update date
    assert problem_lines(document) == [3, 4]


def test_jsonl_fixture():
    document = read_document(FIXTURES / "papers.jsonl")
    assert document.source.format == "jsonl"
    widgets, kernels, unfinished = document.records
    assert (widgets.authors, widgets.year, widgets.venue) == (["Ada Quill", "Dana Okafor"], 2022, "WidgetConf")
    assert kernels.authors == ["Eve Marsh", "Frank Lind", "Gil Park"] and kernels.year == 2021
    assert unfinished.authors == ["Hana Ito"] and unfinished.authors_truncated and unfinished.year is None
    assert problem_lines(document) == [4]


def test_format_detection_ignores_the_file_name(tmp_path):
    for fixture, fmt in [("sample.bib", "bibtex"), ("papers.jsonl", "jsonl"), ("profile.txt", "profile")]:
        renamed = tmp_path / f"renamed-{fmt}.dat"
        renamed.write_bytes((FIXTURES / fixture).read_bytes())
        assert read_document(renamed).source.format == fmt
    assert detect_format((FIXTURES / "arxiv.jsonl").read_text(encoding="utf-8")) == "arxiv"
    assert detect_format((FIXTURES / "etal.txt").read_text(encoding="utf-8")) == "etal"


def test_etal_page_without_et_al_is_told_from_a_listing():
    page = (FIXTURES / "etal.txt").read_text(encoding="utf-8").replace(" et al.", "")
    assert detect_format(page) == "etal"
    assert detect_format((FIXTURES / "listing.txt").read_text(encoding="utf-8")) == "listing"


def test_iter_documents_expands_folders_in_order(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.bib").write_bytes((FIXTURES / "sample.bib").read_bytes())
    (tmp_path / "a.txt").write_bytes((FIXTURES / "etal.txt").read_bytes())
    (tmp_path / "c.txt").write_bytes(b"")
    (tmp_path / ".hidden").write_bytes(b"ignored")
    results = list(iter_documents([tmp_path, tmp_path / "missing.txt"]))
    assert [Path(r.source.path).name for r in results[:2]] == ["a.txt", "z.bib"]
    assert [type(r) for r in results] == [Document, Document, InputError, InputError]
    assert "missing.txt: cannot read" in str(results[3])


# --- text cleaning -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw, clean",
    [
        ("cs.LG↗", "cs.LG"),
        ("We propose **DocVXQA**, a *novel* _functional_ model", "We propose DocVXQA, a novel functional model"),
        ("code at [https://x.org/a_b](https://x.org/a_b).", "code at https://x.org/a_b."),
        ("at [github.com/u/r](https://github.com/u/r)", "at https://github.com/u/r"),
        ("see [our page](https://x.org/p)", "see our page (https://x.org/p)"),
        (r"Nystr\"om and MaxR\'enyi", "Nyström and MaxRényi"),
        (r"50\% of \url{https://x.org/a%20b_c}", "50% of https://x.org/a%20b_c"),
        (r"via \href{https://x.org/}{this link}", "via this link (https://x.org/)"),
        ("a pythia-$410M$ model, $0.03-0.15$ gain", "a pythia-410M model, 0.03-0.15 gain"),
        ("costs $5 and $6, or $7", "costs $5 and $6, or $7"),
        ("``condense'' it", '"condense" it'),
        (r"{\em emphasised} and \textit{Tensor-Var}", "emphasised and Tensor-Var"),
        ("29% less, then more", "29% less, then more"),
        (r"En$\leftrightarrow$German and En\leftrightarrowGerman", "En↔German and En↔ German"),
        (r"an \unknownmacro here", "an unknownmacro here"),
        ("methods---AutoStep MCMC---that", "methods—AutoStep MCMC—that"),
        ("snake_case_name and 2 * 3 * 4", "snake_case_name and 2 * 3 * 4"),
        ("  many\n\tspaces   here ", "many spaces here"),
        ("unbalanced { brace", "unbalanced brace"),
        (r"a ratio $\frac{a}{b}$, then $\frac{1}$ cut short", r"a ratio a/b, then \frac{1} cut short"),
    ],
)
def test_clean_text(raw, clean):
    assert clean_text(raw) == clean


def test_clean_text_never_drops_words():
    text = r"We reach 95% accuracy \cite{x} on {\bf all} $n$ tasks \ldots ~10x faster"
    cleaned = clean_text(text)
    for word in ("We", "reach", "95%", "accuracy", "on", "all", "n", "tasks", "~10x", "faster"):
        assert word in cleaned.split()


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message, line",
    [
        (b"", "empty file", None),
        (b"  \n\n \t\n", "empty file", None),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file", None),
        (b"just a short note\n\nwith two lines\n", "unknown format", 1),
        (b'{"unrelated": true}\n', "unknown format", 1),
        ("Deep Learning · Theory\n\nAda Quill\n\nAn abstract".encode() + b"\n\nbad \xff byte\n", "not UTF-8", 7),
    ],
)
def test_bad_documents_are_refused_with_one_line(tmp_path, data, message, line):
    path = tmp_path / "input.txt"
    path.write_bytes(data)
    with pytest.raises(InputError) as caught:
        read_document(path)
    text = str(caught.value)
    assert message in text and "\n" not in text
    assert text.startswith(f"{path}:{line}:" if line else f"{path}:")
    assert caught.value.problem.line == line


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_any_bytes_parse_or_are_refused(data):
    try:
        document = read_bytes(data, "fuzz.txt")
    except InputError as error:
        assert str(error).startswith("fuzz.txt")
    else:
        assert all(record.line >= 1 for record in document.records)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("@{}\"=,#%$\\ \n\tabcAB12·↗*_[]()")), max_size=300))
def test_markup_heavy_text_parses_or_is_refused(text):
    try:
        read_bytes(text.encode(), "fuzz.txt")
    except InputError:
        pass


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
_FIELDS = ["id", "title", "abstract", "authors", "authors_parsed", "categories", "update_date",
           "versions", "year", "venue", "url", "doi"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(_FIELDS), _JSON_VALUES, min_size=1), min_size=1, max_size=4))
def test_any_json_lines_parse_or_are_refused(objects):
    data = "\n".join(json.dumps(obj) for obj in objects).encode()
    try:
        document = read_bytes(data, "fuzz.jsonl")
    except InputError:
        return
    assert all(isinstance(name, str) for record in document.records for name in record.authors)
    assert all(record.year is None or isinstance(record.year, int) for record in document.records)


_PAGE_BLOCKS = st.sampled_from([
    "论文检索", "Ada Quill", "Ada Quill, Bo Li", "Cy Ng, Ada Quill et al.", "Deep Learning · Theory",
    "Optimization", "arXiv2024", "cs.LG↗", "A Title About Widgets", _ABSTRACT, "", "@misc{x,",
]) | st.text(max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PAGE_BLOCKS, max_size=12))
@example(["arXiv2024", "论文检索", "cs.LG↗", "\\"])  # an abstract that cleans to nothing
def test_page_shaped_text_parses_or_is_refused(blocks):
    text = "\n\n".join(blocks)
    try:
        document = read_bytes(text.encode(), "page.txt")
    except InputError:
        return
    lines = text.split("\n")
    for record in document.records:
        assert lines[record.line - 1].strip()  # a record starts on a line with content
        if document.source.format in ("profile", "listing", "etal"):
            assert record.abstract
