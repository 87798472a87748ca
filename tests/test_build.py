"""The build end to end on the seeds: what `kg build`, `kg query` and `kg stats` give a user."""
import json
import subprocess
import sys

import pytest
import rdflib
import rdflib.compare

from kg.build import BuildFailed, build
from kg.cli import main
from kg.rdf.store import open_store
from tests.conftest import ROOT, SEEDS, breaking

TONIN_PAPERS = """
SELECT ?title ?year WHERE {
  ?person foaf:name "Francesco Tonin" .
  ?paper dcterms:creator ?person ; dcterms:title ?title ; fabio:hasPublicationYear ?year .
} ORDER BY DESC(?year) ?title"""

BASILE_COAUTHORS = """
SELECT DISTINCT ?name WHERE {
  ?paper dcterms:creator/foaf:name "Lorenzo Basile" ; dcterms:creator ?other .
  ?other foaf:name ?name . FILTER(?name != "Lorenzo Basile")
} ORDER BY ?name"""

DEEP_LEARNING_PAPERS = """
SELECT DISTINCT ?paper WHERE {
  ?area skos:prefLabel "Deep Learning" .
  ?paper a kg:Paper ; dcterms:subject/skos:broader* ?area .
}"""

AUTHOR_COUNT = "SELECT (COUNT(DISTINCT ?person) AS ?n) WHERE { ?paper dcterms:creator ?person }"


def kg_json(capsys, *argv):
    assert main([*argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_tonin_has_18_papers_with_years(seed_build, capsys):
    rows = kg_json(capsys, "query", TONIN_PAPERS, "--store", str(seed_build))
    assert len(rows) == 18
    assert {r["year"] for r in rows} == {"2022", "2023", "2024", "2025", "2026"}
    assert rows[0]["title"] in {"Demystifying Variance in Circuit Discovery of LLMs",
                                "MaD-Mix: Multi-Modal Data Mixtures via Latent Space Coupling for Vision-Language Model Training"}


def test_basile_coauthors(seed_build, capsys):
    rows = kg_json(capsys, "query", BASILE_COAUTHORS, "--store", str(seed_build))
    assert [r["name"] for r in rows] == ["Alberto d'Onofrio", "Luca Bortolussi", "Nikos Karantzas",
                                         "Sanketh Vedula", "Santiago Acevedo", "Valentino Maiorca"]


def test_deep_learning_papers_any_subarea(seed_build, capsys):
    listed = sum(1 for f in SEEDS.glob("*.txt") for line in f.read_text().splitlines()
                 if line.strip().startswith("Deep Learning ·"))
    rows = kg_json(capsys, "query", DEEP_LEARNING_PAPERS, "--store", str(seed_build))
    assert 0 < len(rows) <= listed


def test_distinct_authors(seed_build, capsys):
    rows = kg_json(capsys, "query", AUTHOR_COUNT, "--store", str(seed_build))
    assert rows[0]["n"] > 100


def test_a_named_query_a_page_at_a_time(seed_build, capsys):
    whole = kg_json(capsys, "query", "--name", "methods-by-first-year", "--store", str(seed_build))
    page = kg_json(capsys, "query", "--name", "methods-by-first-year", "--store", str(seed_build),
                   "--limit", "3", "--offset", "2")
    assert page == whole[2:5]
    assert main(["query", "SELECT * WHERE { ?s ?p ?o }", "--limit", "3", "--store", str(seed_build)]) != 0
    assert "LIMIT and OFFSET itself" in capsys.readouterr().err


def test_query_from_file_and_formats(seed_build, tmp_path, capsys):
    rq = tmp_path / "count.rq"
    rq.write_text("SELECT (COUNT(*) AS ?papers) WHERE { ?p a kg:Paper }")
    assert main(["query", str(rq), "--store", str(seed_build), "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() == ["papers", "62"]
    assert main(["query", str(rq), "--store", str(seed_build)]) == 0
    assert "62" in capsys.readouterr().out


def test_stats(seed_build, capsys):
    rows = {r["what"]: r["count"] for r in kg_json(capsys, "stats", "--store", str(seed_build))}
    assert rows["papers"] == 62 and rows["methods"] > 20 and rows["triples"] > 1000


def test_graph_ttl_is_the_store(seed_build):
    g = rdflib.Graph().parse(seed_build / "graph.ttl")
    papers = set(g.subjects(rdflib.RDF.type, rdflib.URIRef("https://w3id.org/research-kg/ontology#Paper")))
    assert len(papers) == 62


def test_graph_satisfies_shapes(seed_build):
    pyshacl = pytest.importorskip("pyshacl")
    data = rdflib.Graph().parse(seed_build / "graph.ttl")
    shapes = rdflib.Graph().parse(ROOT / "ontology" / "shapes.ttl")
    conforms, _, text = pyshacl.validate(data, shacl_graph=shapes, advanced=True, allow_warnings=True)
    assert conforms, text[:3000]


def test_same_input_same_graph(seed_build, tmp_path):
    build([SEEDS], tmp_path / "again", views=False)
    first = rdflib.Graph().parse(seed_build / "graph.ttl")
    second = rdflib.Graph().parse(tmp_path / "again" / "graph.ttl")
    assert rdflib.compare.isomorphic(first, second)
    assert set(first.all_nodes()) == set(second.all_nodes())


def test_graph_ttl_follows_the_input_whenever_the_workers_finish(tmp_path, monkeypatch):
    """The order of graph.ttl's blocks does not depend on when each batch's extraction comes back:
    here every batch is back at once, or only when it is asked for."""
    monkeypatch.setattr("kg.build.BATCH", 5)
    monkeypatch.setattr("kg.build.Extractor.in_flight", property(lambda self: 100))  # as forked workers have
    graphs = []
    for back in (True, False):
        monkeypatch.setattr("kg.build._Done.done", lambda self, back=back: back)
        build([SEEDS], tmp_path / str(back), views=False, workers=1)
        graphs.append((tmp_path / str(back) / "graph.ttl").read_bytes())
    assert graphs[0] == graphs[1]


def test_failed_build_keeps_previous(tmp_path, monkeypatch):
    out = tmp_path / "out"
    build([SEEDS / "003_9d4d50a094bcbd7c.txt"], out, views=False)
    before = (out / "graph.ttl").read_bytes()
    (out / "notes.txt").write_text("mine")

    def disk_full(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr("kg.rdf.graphfile.GraphFile.closing", disk_full)  # graph.ttl is written last
    with pytest.raises(OSError):
        build([SEEDS], out, views=False)
    assert (out / "graph.ttl").read_bytes() == before
    assert (out / "notes.txt").read_text() == "mine"
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []
    from kg.rdf.store import open_store

    with open_store(out) as store:
        assert store.select("SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }")[0]["n"] == 4


@pytest.mark.parametrize("failure,raised", [("raises", OSError), ("dies", RuntimeError)])
def test_an_increment_whose_graph_ttl_fails_beside_the_site_keeps_the_previous(tmp_path, monkeypatch, failure, raised):
    # an increment with a site puts graph.ttl together in a forked copy (kg.forked): what goes wrong
    # there, an error or the copy's death, fails the build in this process before anything is swapped in
    import os

    out = tmp_path / "out"
    build([SEEDS / "003_9d4d50a094bcbd7c.txt"], store=out, workers=1)
    before = {name: (out / name).read_bytes() for name in ("graph.ttl", "index.html")}
    papers = "SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }"
    with open_store(out) as store:
        held = store.select(papers)[0]["n"]

    def assemble(*args, **kwargs):
        if failure == "dies":
            os._exit(9)
        raise OSError("No space left on device")

    monkeypatch.setattr("kg.rdf.graphfile.GraphFile._assemble", assemble)
    with pytest.raises(raised):
        build([SEEDS], store=out, workers=1)
    assert {name: (out / name).read_bytes() for name in before} == before
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []
    with open_store(out) as store:
        assert store.select(papers)[0]["n"] == held


def test_a_paper_whose_extraction_fails_is_a_problem_not_a_stop(tmp_path, monkeypatch, capsys):
    papers = [{"title": "Sorting Widgets", "authors": ["Ada Quill"],
               "abstract": "We sort widgets with a support vector machine."},
              {"title": "Counting Gadgets", "authors": ["Bo Reed"],
               "abstract": "We count gadgets with a support vector machine. GADGET-BREAKER."},
              {"title": "Folding Sprockets", "authors": ["Cy Lund"],
               "abstract": "We fold sprockets with a support vector machine."}]
    source = tmp_path / "a.jsonl"
    source.write_text("".join(json.dumps(p) + "\n" for p in papers))
    breaking(monkeypatch, ValueError("a rule met\nwhat it did not expect"), on="GADGET-BREAKER")
    assert main(["build", str(source), "--out", str(tmp_path / "out"), "--workers", "1", "--no-site"]) == 0
    err = capsys.readouterr().err
    assert err.count("warning:") == 1
    line = next(x for x in err.splitlines() if "warning:" in x)
    assert line == (f"warning: {source}:2: extraction failed, paper built without extracted facts: "
                    "ValueError: a rule met what it did not expect")
    with open_store(tmp_path / "out") as store:
        rows = store.select("""SELECT ?title (COUNT(DISTINCT ?m) AS ?n) WHERE {
            ?p a kg:Paper ; dcterms:title ?title . OPTIONAL { ?p kg:uses|kg:mentions|kg:proposes|kg:comparesWith ?m } } GROUP BY ?title ORDER BY ?title""")
    assert [(r["title"], r["n"]) for r in rows] == [("Counting Gadgets", 0), ("Folding Sprockets", 1),
                                                    ("Sorting Widgets", 1)]


THREE = [{"title": "Sorting Widgets", "authors": ["Ada Quill"], "abstract": "We sort widgets with a support vector machine."},
         {"title": "Counting Gadgets", "authors": ["Bo Reed"], "abstract": "We count gadgets with a random forest."},
         {"title": "Folding Sprockets", "authors": ["Cy Lund"], "abstract": "We fold sprockets with a decision tree."}]


@pytest.mark.parametrize("workers", [1, 2])
def test_an_extraction_failing_on_every_paper_of_a_batch_fails_the_build_in_one_line(tmp_path, monkeypatch, capsys,
                                                                                  workers):
    out = tmp_path / "out"
    build([SEEDS / "003_9d4d50a094bcbd7c.txt"], out, views=False, workers=1)
    before = (out / "graph.ttl").read_bytes()
    source = tmp_path / "a.jsonl"
    four = [*THREE, {"title": "Bending Cogs", "authors": ["Di Moss"], "abstract": "We bend cogs with a neural network."}]
    source.write_text("".join(json.dumps(p) + "\n" for p in four))
    monkeypatch.setattr("kg.build.BATCH", 2)  # with two workers, batches go to forked processes
    breaking(monkeypatch, LookupError("no entry for\n" + "the lexicon " * 100))  # the extraction is broken, not the papers
    assert main(["build", str(source), "--out", str(out), "--workers", str(workers), "--no-site"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("kg build: the extraction failed on each of the 2 papers of a batch: "), err
    assert "LookupError: no entry for the lexicon the lexicon " in err and len(err) < 400, err
    assert (out / "graph.ttl").read_bytes() == before
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []
    with open_store(out) as store:
        assert store.select("SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }")[0]["n"] == 4


def test_memory_running_out_is_not_a_papers_failure(tmp_path, monkeypatch):
    out = tmp_path / "out"
    source = tmp_path / "a.jsonl"
    source.write_text("".join(json.dumps(p) + "\n" for p in THREE))
    breaking(monkeypatch, MemoryError(), on="gadgets")
    with pytest.raises(MemoryError):
        build([source], out, views=False, workers=1)
    assert list(out.iterdir()) == []


def test_a_users_lexicon_adds_to_the_projects(tmp_path):
    (tmp_path / "mine.ttl").write_text("""@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<https://example.org/widget-sort> a skos:Concept ; skos:prefLabel "widget sort" ; skos:altLabel "WDS" .
""", encoding="utf-8")
    (tmp_path / "a.jsonl").write_text(json.dumps({
        "title": "Sorting Widgets", "authors": ["Ada Quill"],
        "abstract": "We sort widgets with widget sort and compare it with a support vector machine."}) + "\n")
    assert main(["build", str(tmp_path / "a.jsonl"), "--out", str(tmp_path / "out"), "--lexicon",
                 str(tmp_path / "mine.ttl"), "--workers", "1", "--no-views"]) == 0
    with open_store(tmp_path / "out") as store:
        methods = {r["m"] for r in store.select("SELECT ?m WHERE { ?p kg:mentions ?m }")}
    assert {"https://example.org/widget-sort", "https://w3id.org/research-kg/method/support-vector-machine"} <= methods


def test_bad_inputs_are_one_line_each_and_the_rest_is_built(tmp_path):
    bad = tmp_path / "in"
    bad.mkdir()
    (bad / "empty.txt").write_text("")
    (bad / "binary.bin").write_bytes(b"\x00\x01\x02\xff" * 100)
    (bad / "latin1.txt").write_bytes("Caf\xe9 et al.\n".encode("latin-1"))
    (bad / "unknown.txt").write_text("just a shopping list\nmilk\neggs\n")
    (bad / "good.txt").write_bytes((SEEDS / "003_9d4d50a094bcbd7c.txt").read_bytes())
    run = subprocess.run([sys.executable, "-m", "kg.cli", "build", str(bad), "--out", str(tmp_path / "out"),
                          "--no-views"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    warnings = [l for l in run.stderr.splitlines() if l.startswith("warning:")]
    for name in ("empty.txt", "binary.bin", "latin1.txt", "unknown.txt"):
        assert sum(name in w for w in warnings) == 1, run.stderr
    assert "4 papers" in run.stdout

    strict = subprocess.run([sys.executable, "-m", "kg.cli", "build", str(bad), "--out", str(tmp_path / "strict"),
                             "--strict"], capture_output=True, text=True)
    assert strict.returncode != 0 and "Traceback" not in strict.stderr
    assert len(strict.stderr.strip().splitlines()) >= 1
    assert not (tmp_path / "strict" / "graph.ttl").exists()


def test_missing_store_is_one_line(tmp_path):
    run = subprocess.run([sys.executable, "-m", "kg.cli", "stats", "--store", str(tmp_path / "none")],
                         capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and "no store here" in run.stderr
