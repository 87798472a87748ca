"""The exports researchers bring (Scopus, Web of Science, Dimensions, Lens, RIS, OpenAlex, Semantic
Scholar): each builds the graph a BibTeX file of the same papers builds, with identifiers, author
identifiers and the citations between the corpus's papers; in one build or in increments; bad
input is one line each. Fixtures: ``tests/fixtures/exports`` (three made-up papers, each file
written from its format's documentation)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import rdflib
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.build import build
from kg.ingest import read_bytes, read_document
from kg.model import InputError
from kg.query.citations import citations_among
from kg.query.explain import explain
from kg.query.named import run_named
from kg.rdf.store import open_store

ROOT = Path(__file__).resolve().parent.parent
EXPORTS = Path(__file__).resolve().parent / "fixtures" / "exports"
FORMATS = {"scopus.csv": "csv", "wos.txt": "csv", "dimensions.csv": "csv", "lens.csv": "csv", "zotero.ris": "ris",
           "openalex.json": "openalex", "openalex.jsonl": "openalex", "s2.json": "s2"}
SPARSE, DENSE, SURVEY = ("Sparse Widget Networks for Text Classification", "Dense Widgets Revisited",
                         "A Survey of Widget Learning")
#: Who cites whom among the three papers, as every export with references says.
CITATIONS = {(DENSE, SPARSE), (SURVEY, SPARSE), (SURVEY, DENSE)}
WITH_REFERENCES = ["scopus.csv", "wos.txt", "dimensions.csv", "lens.csv", "openalex.json", "openalex.jsonl", "s2.json"]

PAPERS = """SELECT ?p ?title ?year ?venue ?abstract WHERE { ?p a kg:Paper ; dcterms:title ?title ;
  fabio:hasPublicationYear ?year ; kg:venue ?venue ; dcterms:abstract ?abstract }"""
AUTHORS = """SELECT ?p ?name WHERE { ?p kg:authorship ?a . ?a kg:position ?n ; kg:author/foaf:name ?name }
ORDER BY ?p ?n"""
CITES = "SELECT ?a ?b WHERE { ?x cito:cites ?y . ?x dcterms:title ?a . ?y dcterms:title ?b }"


def shape(store) -> set[tuple]:
    """Per paper: title, year, venue, abstract and the author names in order."""
    authors: dict[str, list[str]] = {}
    for row in store.select(AUTHORS):
        authors.setdefault(row["p"], []).append(row["name"])
    return {(r["title"], r["year"], r["venue"], r["abstract"], tuple(authors[r["p"]])) for r in store.select(PAPERS)}


def cites(store) -> set[tuple[str, str]]:
    return {(row["a"], row["b"]) for row in store.select(CITES)}


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    """A build folder per fixture file, the BibTeX one included."""
    folders = {}
    for name in ["papers.bib", *FORMATS]:
        folders[name] = tmp_path_factory.mktemp(name.replace(".", "-"))
        build([EXPORTS / name], folders[name], views=False, workers=1)
    return folders


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_format_is_detected_from_content(tmp_path, name):
    renamed = tmp_path / "export.dat"
    shutil.copy(EXPORTS / name, renamed)
    document = read_document(renamed)
    assert document.source.format == FORMATS[name]
    assert document.problems == [] and len(document.records) == 3


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_each_export_builds_the_graph_bibtex_builds(builds, name):
    with open_store(builds["papers.bib"]) as reference, open_store(builds[name]) as store:
        expected = shape(reference)
        assert len(expected) == 3
        assert shape(store) == expected


@pytest.mark.parametrize("name", WITH_REFERENCES)
def test_citations_between_the_corpus_papers(builds, name):
    with open_store(builds[name]) as store:
        assert cites(store) == CITATIONS
        # the cited work outside the corpus stays a listed identifier, not a link
        assert store.select("SELECT (COUNT(*) AS ?n) WHERE { ?p kg:citesIdentifier ?id }")[0]["n"] >= 3


def test_bibtex_and_ris_state_no_citations(builds):
    for name in ("papers.bib", "zotero.ris"):
        with open_store(builds[name]) as store:
            assert cites(store) == set()


def test_identifiers_and_author_identifiers(builds):
    with open_store(builds["openalex.json"]) as store:
        ids = {row["id"] for row in store.select("SELECT ?id WHERE { ?p kg:identifier ?id }")}
        assert {"doi:10.5555/widgets.2020.7", "arxiv:2003.01234", "openalex:W2000000002"} <= ids
        orcids = {(r["name"], r["id"]) for r in store.select(
            "SELECT ?name ?id WHERE { ?a kg:authorIdentifier ?id ; kg:author/foaf:name ?name FILTER(STRSTARTS(?id, 'orcid:')) }")}
        assert orcids == {("Ada Quill", "orcid:0000-0002-1825-0097"), ("Chen Li", "orcid:0000-0001-5109-3700")}
    with open_store(builds["scopus.csv"]) as store:
        rows = store.select("""SELECT ?id WHERE { ?p dcterms:title "Dense Widgets Revisited" ; kg:authorship ?a .
                               ?a kg:position 2 ; kg:authorIdentifier ?id }""")
        assert [r["id"] for r in rows] == ["scopus:57190000001"]
    with open_store(builds["wos.txt"]) as store:
        rows = store.select("SELECT ?name WHERE { ?a kg:authorIdentifier 'orcid:0000-0001-5109-3700' ; kg:author/foaf:name ?name }")
        assert {r["name"] for r in rows} == {"Chen Li"}


def test_graph_of_an_export_satisfies_the_shapes(builds):
    pyshacl = pytest.importorskip("pyshacl")
    data = rdflib.Graph().parse(builds["s2.json"] / "graph.ttl")
    shapes = rdflib.Graph().parse(ROOT / "ontology" / "shapes.ttl")
    conforms, _, text = pyshacl.validate(data, shacl_graph=shapes, advanced=True, allow_warnings=True)
    assert conforms, text[:3000]


def test_explain_shows_citations_and_identifiers(builds):
    with open_store(builds["scopus.csv"]) as store:
        rows = explain(store, "dense widgets revisited")
    links = {(r["subject"], r["link"], r["object"]) for r in rows}
    assert (DENSE, "cites", SPARSE) in links and (SURVEY, "cites", DENSE) in links
    assert (DENSE, "identifier", "doi:10.5555/widgets.2020.7") in links
    assert ("Ada Quill", "authorIdentifier (author 2)", "scopus:57190000001") in links
    assert {r["rule"] for r in rows if r["link"] == "cites"} == {"matched by doi:10.5555/widgets.2019.1",
                                                                 "matched by doi:10.5555/widgets.2020.7"}
    run = subprocess.run([sys.executable, "-m", "kg.cli", "explain", DENSE, "--store", str(builds["scopus.csv"])],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert f"{SURVEY} --cites--> {DENSE}" in run.stdout and "doi:10.5555/widgets.2020.7" in run.stdout


def test_named_query_lists_cited_and_citing_papers(builds):
    with open_store(builds["openalex.json"]) as store:
        rows = run_named(store, "paper-citations", {"paper": "dense WIDGETS revisited"})
        assert [(r["direction"], r["title"], r["year"]) for r in rows] == [("cited by", SURVEY, 2021),
                                                                           ("cites", SPARSE, 2019)]
        by_id = run_named(store, "paper-citations", {"paper": "DOI:10.5555/widgets.2019.1"})
        assert {r["title"] for r in by_id} == {DENSE, SURVEY}


def test_citations_among_a_set_of_papers(builds):
    with open_store(builds["s2.json"]) as store:
        iri = {r["title"]: r["p"] for r in store.select("SELECT ?p ?title WHERE { ?p dcterms:title ?title }")}
        pairs = citations_among(store, [iri[DENSE], iri[SURVEY]])
        assert pairs == [(iri[SURVEY], iri[DENSE])]
        assert len(citations_among(store, iri.values())) == 3
        assert citations_among(store, []) == []


def test_a_cited_paper_arriving_in_a_later_increment_is_linked(tmp_path):
    lines = (EXPORTS / "openalex.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    first, later = tmp_path / "survey.jsonl", tmp_path / "cited.jsonl"
    first.write_text(lines[2], encoding="utf-8")  # the survey cites the two others, not yet in the store
    later.write_text("".join(lines[:2]), encoding="utf-8")
    out = tmp_path / "out"
    build([first], store=out, views=False, workers=1)
    with open_store(out) as store:
        assert cites(store) == set()
    build([later], store=out, views=False, workers=1)
    with open_store(out) as store:
        assert cites(store) == CITATIONS
    graph = rdflib.Graph().parse(out / "graph.ttl")  # the continued graph.ttl holds the new links too
    assert len(list(graph.subject_objects(rdflib.URIRef("http://purl.org/spar/cito/cites")))) == 3
    # a new version of the cited papers' file without the dense paper: links to it go with it
    later.write_text(lines[0], encoding="utf-8")
    build([first, later], store=out, views=False, workers=1)
    with open_store(out) as store:
        assert cites(store) == {(SURVEY, SPARSE)}


def test_one_export_cites_the_papers_of_another(tmp_path):
    """Citations are matched across sources: Scopus references by DOI reach BibTeX papers."""
    build([EXPORTS / "papers.bib", EXPORTS / "scopus.csv"], tmp_path / "out", views=False, workers=1)
    with open_store(tmp_path / "out") as store:
        assert cites(store) == CITATIONS
        assert store.select("SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }")[0]["n"] == 3


# --- bad input ---------------------------------------------------------------------------------


def test_csv_without_a_title_column_is_one_problem():
    data = b'"Authors","Year","DOI","Abstract"\n"Quill A.","2019","10.5555/x","Text."\n'
    document = read_bytes(data, "scopus.csv")
    assert document.source.format == "csv" and document.records == []
    assert [str(p) for p in document.problems] == [
        "scopus.csv:1: the header row has no title column (looked for: article title, document title, "
        "publication title, ti, title)"]


def test_csv_row_cut_short_is_reported_and_the_rest_read():
    text = (EXPORTS / "lens.csv").read_text(encoding="utf-8")
    document = read_bytes(text[: text.rindex("widget learning")].encode(), "lens.csv")  # the file ends mid-row
    assert [r.title for r in document.records] == [SPARSE, DENSE]
    assert [p.line for p in document.problems] == [4] and "cut short" in document.problems[0].message


def test_ris_record_cut_short_is_reported_and_the_rest_read():
    text = (EXPORTS / "zotero.ris").read_text(encoding="utf-8")
    second = text.index("TY  - CONF")
    cut = text[:second] + text[second:].replace("ER  - \n", "", 1)  # the second record has no ER line
    document = read_bytes(cut.encode(), "zotero.ris")
    assert [r.title for r in document.records] == [SPARSE, SURVEY]
    assert [str(p) for p in document.problems] == [
        "zotero.ris:13: RIS record cut short (no 'ER  -' line before the next record or the end), skipped"]


@pytest.mark.parametrize("data", [b'{"meta": {"count": 0}, "groups": []}\n', b'[{"citedPaper": {"x": 1}}]',
                                  b'[\n  1,\n  2\n]\n'])
def test_json_of_another_shape_is_one_line(data):
    with pytest.raises(InputError) as caught:
        read_bytes(data, "works.json")
    assert str(caught.value).startswith("works.json:1: unknown format") and "\n" not in str(caught.value)


def test_a_bad_record_in_openalex_json_is_reported_at_its_line():
    text = (EXPORTS / "openalex.jsonl").read_text(encoding="utf-8").splitlines()
    text[1] = text[1][:40]  # a line cut short
    document = read_bytes("\n".join(text).encode(), "works.jsonl")
    assert [r.title for r in document.records] == [SPARSE, SURVEY]
    assert [p.line for p in document.problems] == [2]


def test_bad_exports_are_warnings_and_strict_fails(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "no-title.csv").write_text('"Authors","Year","DOI"\n"Quill A.","2019","10.5555/x"\n')
    ris = (EXPORTS / "zotero.ris").read_text(encoding="utf-8")
    (folder / "cut.ris").write_text(ris[: ris.rindex("ER  -")])
    (folder / "other.json").write_text('{"meta": {"count": 0}, "groups": []}')
    run = subprocess.run([sys.executable, "-m", "kg.cli", "build", str(folder), "--out", str(tmp_path / "out"),
                          "--no-views"], capture_output=True, text=True)
    assert run.returncode == 0 and "Traceback" not in run.stderr
    warnings = [line for line in run.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 3, run.stderr
    assert any("no-title.csv:1:" in w for w in warnings) and any("cut.ris:26:" in w for w in warnings)
    assert any("other.json:1:" in w for w in warnings)
    assert "2 papers" in run.stdout
    strict = subprocess.run([sys.executable, "-m", "kg.cli", "build", str(folder), "--out", str(tmp_path / "strict"),
                             "--strict"], capture_output=True, text=True)
    assert strict.returncode != 0 and "Traceback" not in strict.stderr
    assert not (tmp_path / "strict" / "graph.ttl").exists()


def test_utf16_web_of_science_file_is_read(tmp_path):
    text = (EXPORTS / "wos.txt").read_text(encoding="utf-8")
    document = read_bytes(text.encode("utf-16"), "savedrecs.txt")
    assert document.source.format == "csv" and [r.title for r in document.records] == [SPARSE, DENSE, SURVEY]


# --- any input of these shapes is read or refused, never a traceback ----------------------------

@settings(max_examples=200, deadline=None)
@given(st.sampled_from(['"Title","Authors","Year","DOI","References"\n', "TI\tAU\tPY\tDI\tCR\tOI\n",
                        '"About the data"\nTitle,Authors,PubYear,DOI\n']),
       st.text(alphabet=st.sampled_from(list(',"\t\n\r;()/ aZ19.-\u00e9')), max_size=300))
def test_any_csv_rows_parse_or_are_refused(header, rows):
    try:
        document = read_bytes((header + rows).encode(), "fuzz.csv")
    except InputError as error:
        assert str(error).startswith("fuzz.csv")
        return
    assert all(record.line >= 2 and record.title for record in document.records)
    assert all(len(r.author_ids) in (0, len(r.authors)) for r in document.records)


_RIS_LINES = st.sampled_from(["TY  - JOUR", "TI  - A Title", "AU  - Quill, Ada", "PY  - 20", "DO  - 10.5555/x",
                              "AB  - text", "ER  - ", "", "UR  - http://arxiv.org/abs/2003.01234", "KW  - x",
                              "garbage line", "ZZ  - unknown tag"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_RIS_LINES, max_size=30))
def test_any_ris_lines_parse_or_are_refused(lines):
    try:
        document = read_bytes(("TY  - JOUR\n" + "\n".join(lines)).encode(), "fuzz.ris")
    except InputError:
        return
    assert all(record.line >= 1 for record in document.records)


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                     max_leaves=8)
_WORK_FIELDS = ["id", "doi", "title", "display_name", "publication_year", "authorships", "abstract_inverted_index",
                "referenced_works", "primary_location", "locations", "ids", "paperId", "externalIds", "authors",
                "references", "citations", "year", "venue"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(_WORK_FIELDS), _JSON, min_size=1), min_size=1, max_size=3),
       st.booleans())
def test_any_openalex_or_s2_json_parses_or_is_refused(objects, as_list):
    data = json.dumps(objects, indent=1) if as_list else "\n".join(json.dumps(obj) for obj in objects)
    try:
        document = read_bytes(data.encode(), "fuzz.json")
    except InputError:
        return
    for record in document.records:
        assert all(isinstance(i, str) and ":" in i for i in record.identifiers + record.references + record.cited_by)
        assert all(isinstance(name, str) for name in record.authors)
