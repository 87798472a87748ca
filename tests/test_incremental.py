"""Incremental builds: ``build(..., store=DIR)`` adds what is new, replaces what changed, skips what
the store holds, and ends with the graph a build of the same inputs at once gives."""
import csv
import json
import subprocess
import sys

import pytest
import rdflib
import rdflib.compare

import kg.build
from kg.build import build
from kg.model import Paper
from kg.rdf.store import open_store
from tests.conftest import SEEDS, breaking

SEED_FILES = sorted(SEEDS.glob("*.txt"))


def graph(folder) -> rdflib.Graph:
    return rdflib.Graph().parse(folder / "graph.ttl")


def same_graph(a, b) -> bool:
    return rdflib.compare.isomorphic(graph(a), graph(b))


def jsonl(path, *papers: dict):
    path.write_text("".join(json.dumps(p) + "\n" for p in papers), encoding="utf-8")
    return path


def count(folder, query: str) -> int:
    with open_store(folder) as store:
        return store.select(query)[0]["n"]


PAPERS = "SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }"


def summaries(folder) -> set:
    """The method summaries the build keeps (first year, number of papers, name keys)."""
    with open_store(folder) as store:
        return {(r["m"], r["p"], r["o"]) for r in store.select(
            "SELECT ?m ?p ?o WHERE { GRAPH <https://w3id.org/research-kg/resource/graph/summaries> { ?m ?p ?o } }")}


def aggregates(folder) -> set:
    """The same figures computed from the papers, and the keys from the labels."""
    with open_store(folder) as store:
        counts = store.select("SELECT ?m (COUNT(*) AS ?n) WHERE { ?p kg:mentions ?m } GROUP BY ?m")
        years = store.select("""SELECT ?m (MIN(?y) AS ?first) WHERE { ?p kg:mentions ?m ; fabio:hasPublicationYear ?y }
                                GROUP BY ?m""")
        labels = store.select("SELECT ?m ?label WHERE { ?m a kg:Method ; skos:prefLabel|skos:altLabel ?label }")
    kg = "https://w3id.org/research-kg/ontology#"
    return ({(r["m"], kg + "paperCount", r["n"]) for r in counts}
            | {(r["m"], kg + "firstYear", r["first"]) for r in years}
            | {(r["m"], kg + "nameKey", r["label"].lower()) for r in labels})


WIDGET = ("We propose WidgetNet, a graph neural network for widgets. WidgetNet extends the "
          "Transformer and outperforms BERT on the Toy-10 benchmark.")
GADGET = "We use a convolutional neural network and a support vector machine to sort gadgets by size and colour."


@pytest.fixture(scope="module")
def at_once(tmp_path_factory):
    """The seeds built at once into a new folder."""
    out = tmp_path_factory.mktemp("at-once")
    build(SEED_FILES, out, views=False, workers=1)
    return out


def test_seeds_in_steps_give_the_graph_built_at_once(at_once, tmp_path):
    steps = tmp_path / "steps"
    first = build(SEED_FILES[:2], store=steps, views=False, workers=1)
    second = build(SEED_FILES, store=steps, views=False, workers=1)
    assert (first.unchanged, second.unchanged, second.documents) == (0, 2, 2)
    assert first.papers + second.papers == 62
    assert same_graph(at_once, steps)
    assert summaries(steps) == summaries(at_once) == aggregates(at_once)


def test_a_store_without_name_keys_gets_them_all_from_its_next_build(at_once, tmp_path):
    from kg.rdf.store import LocalStore

    steps = tmp_path / "steps"
    build(SEED_FILES[:2], store=steps, views=False, workers=1)
    with LocalStore(steps / "store", read_only=False) as store:  # as a store from before name keys
        store.update("DELETE WHERE { GRAPH <https://w3id.org/research-kg/resource/graph/summaries> { ?m kg:nameKey ?k } }")
    build(SEED_FILES, store=steps, views=False, workers=1)
    assert summaries(steps) == aggregates(at_once)


def test_unchanged_documents_are_not_read_again(at_once, tmp_path, monkeypatch):
    again = tmp_path / "again"
    build(SEED_FILES, store=again, views=False, workers=1)

    def no_extraction(*args, **kwargs):
        raise AssertionError("an unchanged document was extracted again")

    monkeypatch.setattr("kg.build.extract_batch", no_extraction)
    report = build(SEED_FILES, store=again, views=False, workers=1)
    assert (report.documents, report.papers, report.unchanged) == (0, 0, 4)
    assert same_graph(at_once, again)


def test_an_increment_loads_the_ontology_and_catalogues_again_only_where_they_changed(tmp_path, monkeypatch):
    loaded = []
    parse = kg.build.ox.parse

    def watched(*args, path=None, **kwargs):
        name = path.rsplit("/", 1)[-1] if path else None
        if name in ("kg.ttl", "methods.ttl", "gizmos.ttl"):  # (the files a build loads into the store)
            loaded.append(name)
        return parse(*args, path=path, **kwargs)

    monkeypatch.setattr(kg.build.ox, "parse", watched)
    lexicon = tmp_path / "gizmos.ttl"
    lexicon.write_text('@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n'
                       '<https://example.org/gizmo-net> a skos:Concept ; skos:prefLabel "GizmoNet" .\n')
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build(SEED_FILES[:2], store=steps, views=False, workers=1, lexicons=[lexicon])
    assert loaded == ["kg.ttl", "methods.ttl", "gizmos.ttl"]
    loaded.clear()
    build(SEED_FILES[:3], store=steps, views=False, workers=1, lexicons=[lexicon])
    assert loaded == []  # the store holds them
    lexicon.write_text(lexicon.read_text() + '<https://example.org/gadget-net> a skos:Concept ; skos:prefLabel "GadgetNet" .\n')
    build(SEED_FILES, store=steps, views=False, workers=1, lexicons=[lexicon])
    assert loaded == ["gizmos.ttl"]  # changed
    build(SEED_FILES, fresh, views=False, workers=1, lexicons=[lexicon])
    assert same_graph(fresh, steps)


def test_a_changed_document_replaces_its_old_version(tmp_path):
    old, new, kept = tmp_path / "old", tmp_path / "new", tmp_path / "kept"
    for folder in (old, new, kept):
        folder.mkdir()
    a = {"title": "Widgets at Scale", "abstract": WIDGET, "authors": ["Ada Quill", "Bo Li"], "year": 2020}
    b = {"title": "Gadgets Sorted", "abstract": GADGET, "authors": ["Cy Ng", "Bo Li"], "year": 2021}
    c = {"title": "Sprockets Counted", "abstract": "We count sprockets with a recurrent neural network.",
         "authors": ["Dee Oak"], "year": 2022}
    jsonl(kept / "a.jsonl", a)
    jsonl(old / "b.jsonl", b, c)
    jsonl(new / "b.jsonl", dict(b, year=2023, authors=["Cy Ng"]))  # c gone, b changed

    steps = tmp_path / "steps"
    build([kept / "a.jsonl", old / "b.jsonl"], store=steps, views=False, workers=1)
    report = build([kept / "a.jsonl", new / "b.jsonl"], store=steps, views=False, workers=1)
    assert (report.replaced, report.unchanged, report.papers) == (1, 1, 1)

    fresh = tmp_path / "fresh"
    build([kept / "a.jsonl", new / "b.jsonl"], fresh, views=False, workers=1)
    assert same_graph(fresh, steps)
    assert summaries(steps) == summaries(fresh) == aggregates(fresh)
    assert count(steps, "SELECT (COUNT(*) AS ?n) WHERE { ?p foaf:name 'Dee Oak' }") == 0
    assert count(steps, "SELECT (COUNT(*) AS ?n) WHERE { ?s a kg:SourceDocument }") == 2


def test_a_replaced_document_keeps_the_family_of_a_model_still_used(tmp_path):
    """A model of a line (Vicuna) keeps its family's head (Llama) through an increment that
    replaces another document; the head goes with the last model of its line."""
    old, new = tmp_path / "old", tmp_path / "new"
    for folder in (old, new):
        folder.mkdir()
    probe = {"title": "Probing a Model", "abstract": "We probe Vicuna for syntactic trees.", "authors": ["Ann Able"],
             "year": 2020}
    other = {"title": "Trees Counted", "abstract": "We count trees with a chart parser.", "authors": ["Bob Baker"],
             "year": 2021}
    jsonl(old / "a.jsonl", probe)
    jsonl(old / "b.jsonl", other)
    jsonl(new / "a.jsonl", dict(probe, abstract="We probe a parser for syntactic trees."))
    jsonl(new / "b.jsonl", dict(other, year=2022))
    heads = "SELECT (COUNT(*) AS ?n) WHERE { ?m skos:broader ?head . ?head a kg:Model ; skos:prefLabel ?l }"
    models = "SELECT (COUNT(*) AS ?n) WHERE { ?m a kg:Model }"

    steps = tmp_path / "steps"
    build([old / "a.jsonl", old / "b.jsonl"], store=steps, views=False, workers=1)
    build([old / "a.jsonl", new / "b.jsonl"], store=steps, views=False, workers=1)
    assert count(steps, heads) == 1
    fresh = tmp_path / "fresh"
    build([old / "a.jsonl", new / "b.jsonl"], fresh, views=False, workers=1)
    assert same_graph(fresh, steps)

    build([new / "a.jsonl", new / "b.jsonl"], store=steps, views=False, workers=1)
    assert count(steps, models) == 0


def test_a_paper_given_again_by_a_new_document_is_merged_not_duplicated(tmp_path):
    profile = jsonl(tmp_path / "p.jsonl", {"title": "Sparse Widgets", "abstract": WIDGET, "authors": ["LEON ZHENG"],
                                           "year": 2021})
    listing = jsonl(tmp_path / "l.jsonl", {"abstract": WIDGET, "authors": ["Bo Li", "Léon Zheng", "Cy Ng"],
                                           "url": "https://x.org/w"})
    steps, once = tmp_path / "steps", tmp_path / "once"
    build([profile], store=steps, views=False, workers=1)
    build([profile, listing], store=steps, views=False, workers=1)
    build([profile, listing], once, views=False, workers=1)
    assert same_graph(once, steps)
    assert count(steps, PAPERS) == 1
    with open_store(steps) as store:
        names = store.select("""SELECT ?name WHERE { ?p kg:authorship ?a . ?a kg:position ?i ; kg:author/foaf:name ?name }
                                ORDER BY ?i""")
        assert [r["name"] for r in names] == ["Bo Li", "Léon Zheng", "Cy Ng"]  # the longer list, the better name
        assert store.ask("ASK { ?p schema:url <https://x.org/w> ; prov:wasDerivedFrom ?a, ?b FILTER(?a != ?b) }")
        assert store.ask("ASK { ?x foaf:name 'Léon Zheng' ; kg:nameAsWritten 'LEON ZHENG', 'Léon Zheng' }")


def test_a_build_optimizes_a_new_store_and_increments_once_they_add_a_tenth(tmp_path, monkeypatch):
    optimized = []
    monkeypatch.setattr("kg.rdf.store.LocalStore.optimize", lambda store: optimized.append(True))
    papers = [{"title": f"Widgets {i}", "abstract": f"{WIDGET} It sorts {i} widgets.", "authors": ["Ada Quill"],
               "year": 2020} for i in range(34)]
    steps = tmp_path / "steps"
    runs = []
    # Papers added (stored before): 20 (fresh); 1 (20); 1 (21); 1 (22): 3 since the last optimisation,
    # over a tenth; 1 (23); 9 (24): a tenth at once.
    for name, part in [("a", papers[:20]), ("b", papers[20:21]), ("c", papers[21:22]), ("d", papers[22:23]),
                       ("e", papers[23:24]), ("f", papers[24:33])]:
        build([jsonl(tmp_path / f"{name}.jsonl", *part)], store=steps, views=False, workers=1)
        runs.append(bool(optimized))
        optimized.clear()
    assert runs == [True, False, False, True, False, True]
    assert count(steps, PAPERS) == 33
    assert count(steps, "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s kg:papersSinceOptimised ?o } }") == 0


def test_a_stored_name_that_a_better_author_list_replaces_is_dropped(tmp_path):
    short = jsonl(tmp_path / "a.jsonl", {"title": "Sparse Widgets", "abstract": WIDGET, "authors": ["Ada Q. Quill", "Bo Li"]})
    full = jsonl(tmp_path / "b.jsonl", {"title": "Sparse Widgets", "abstract": WIDGET,
                                        "authors": ["Ada Quill", "Bo Li", "Cy Ng"]})
    steps, once = tmp_path / "steps", tmp_path / "once"
    build([short], store=steps, views=False, workers=1)
    build([short, full], store=steps, views=False, workers=1)
    build([short, full], once, views=False, workers=1)
    assert same_graph(once, steps)
    assert count(steps, "SELECT (COUNT(*) AS ?n) WHERE { ?x a foaf:Person }") == 3
    assert "Ada Q. Quill" not in (steps / "graph.ttl").read_text(encoding="utf-8")


def test_methods_keep_one_node_across_steps(tmp_path):
    first = jsonl(tmp_path / "1.jsonl", {"title": "Widgets at Scale", "abstract": WIDGET, "authors": ["Ada Quill"]})
    second = jsonl(tmp_path / "2.jsonl", {"title": "More Widgets", "abstract": WIDGET.replace("We propose", "We use"),
                                          "authors": ["Bo Li"]})
    steps = tmp_path / "steps"
    build([first], store=steps, views=False, workers=1)
    build([first, second], store=steps, views=False, workers=1)
    with open_store(steps) as store:
        rows = store.select("""SELECT ?m (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p kg:mentions ?m . ?m skos:prefLabel ?l
                                 FILTER(CONTAINS(LCASE(?l), "widgetnet")) } GROUP BY ?m""")
    assert [r["n"] for r in rows] == [2]


def test_graph_ttl_of_an_addition_is_the_store(tmp_path):
    """A build that only adds appends its new triples to graph.ttl instead of writing it again."""
    first = jsonl(tmp_path / "1.jsonl", {"title": "Widgets at Scale", "abstract": WIDGET, "authors": ["Ada Quill"]})
    second = jsonl(tmp_path / "2.jsonl", {"title": "Gadgets Sorted", "abstract": GADGET, "authors": ["Bo Li"]})
    steps, once = tmp_path / "steps", tmp_path / "once"
    build([first], store=steps, views=False, workers=1)
    before = (steps / "graph.ttl").read_bytes()
    build([first, second], store=steps, views=False, workers=1)
    build([first, second], once, views=False, workers=1)
    assert (steps / "graph.ttl").read_bytes().startswith(before)
    assert same_graph(once, steps)
    with open_store(steps) as store:
        held = store.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]["n"]
    assert len(graph(steps)) == held


@pytest.mark.parametrize("find_limit", [16, 0], ids=["found-one-by-one", "found-by-one-pattern"])
def test_graph_ttl_follows_a_better_name_and_author_list_without_writing_the_store_again(
        tmp_path, monkeypatch, find_limit):
    """A later record that improves a display name and an author list removes statements: graph.ttl
    is put together from the previous one (not dumped from the store) and still equals the store."""
    monkeypatch.setattr("kg.rdf.graphfile.FIND_LIMIT", find_limit)
    first = jsonl(tmp_path / "1.jsonl",
                  {"title": "Widgets at Scale", "abstract": WIDGET, "authors": "ADA QUILL et al."},
                  {"title": "Gadgets Sorted", "abstract": GADGET, "authors": ["ADA QUILL"]})
    second = jsonl(tmp_path / "2.jsonl", {"title": "Widgets at Scale", "authors": ["Ada Quill", "Bo Li", "Cy Ng"]})
    steps, once = tmp_path / "steps", tmp_path / "once"
    build([first], store=steps, views=False, workers=1)
    build([first, second], once, views=False, workers=1)

    def no_dump(*args, **kwargs):
        raise AssertionError("graph.ttl was written whole from the store")

    monkeypatch.setattr("kg.rdf.store.LocalStore.dump", no_dump)
    build([first, second], store=steps, views=False, workers=1)
    assert same_graph(once, steps)
    assert count(steps, "SELECT (COUNT(*) AS ?n) WHERE { ?p foaf:name 'Ada Quill' }") == 1
    assert count(steps, "SELECT (COUNT(*) AS ?n) WHERE { ?p kg:authorship ?a }") == 4
    with open_store(steps) as store:
        held = store.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]["n"]
    assert len(graph(steps)) == held


def test_a_failed_increment_leaves_the_store_as_it_was(tmp_path, monkeypatch):
    steps = tmp_path / "steps"
    build(SEED_FILES[:1], store=steps, views=False, workers=1)
    before = (steps / "graph.ttl").read_bytes()

    def disk_full(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr("kg.build.extract_batch", disk_full)  # after the first papers went to the store
    with pytest.raises(OSError):
        build(SEED_FILES, store=steps, views=False, workers=1)
    assert (steps / "graph.ttl").read_bytes() == before
    assert count(steps, PAPERS) == 18
    assert [p.name for p in steps.iterdir() if p.name.startswith(".")] == []


def test_cli_build_flags_are_checked_in_one_line(tmp_path):
    def run(*argv):
        return subprocess.run([sys.executable, "-m", "kg.cli", "build", *argv], capture_output=True, text=True)

    for argv, said in [((str(SEED_FILES[0]),), "--out DIR"),
                       ((str(SEED_FILES[0]), "--out", str(tmp_path / "a"), "--store", str(tmp_path / "b")), "not both"),
                       ((str(SEED_FILES[0]), "--store", str(tmp_path / "c"), "--dask", "tcp://127.0.0.1:1"), "--dask"),
                       ((str(SEED_FILES[0]), "--store", "http://127.0.0.1:9", "--no-views"), "cannot reach")]:
        result = run(*argv)
        assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and said in result.stderr, result.stderr


SORTER = {"title": "Sorting Gadgets Quickly", "authors": ["Ada Quill"], "year": 2019,
          "abstract": "Our gadget sorter relies on spectral widget hashing to group the parts. It sorts a million gadgets an hour."}
HASHING = {"title": "Widgets Grouped by Their Spectra", "authors": ["Bo Li"], "year": 2020,
           "abstract": "We propose spectral widget hashing (SWH), a method that groups widgets by their spectra. "
                       "SWH outperforms random projections on three sets of widgets."}
LEARNED = "SELECT ?m WHERE { ?p dcterms:title $title ; kg:mentions ?m . ?m skos:prefLabel ?l FILTER(LCASE(?l) = 'spectral widget hashing') }"


def names_hashing(folder, title: str) -> bool:
    with open_store(folder) as store:
        return bool(store.select(LEARNED, {"title": rdflib_literal(title)}))


def rdflib_literal(value: str):
    import pyoxigraph as ox

    return ox.Literal(value)


def test_a_name_a_later_paper_defines_is_linked_in_the_papers_built_before(tmp_path):
    first = jsonl(tmp_path / "1.jsonl", SORTER)
    second = jsonl(tmp_path / "2.jsonl", HASHING)
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build([first], store=steps, views=False, workers=1)
    assert not names_hashing(steps, SORTER["title"])  # no paper defines it yet
    build([first, second], store=steps, views=False, workers=1)
    assert names_hashing(steps, SORTER["title"]) and names_hashing(steps, HASHING["title"])
    build([first, second], fresh, views=False, workers=1)
    assert same_graph(fresh, steps)
    assert summaries(steps) == summaries(fresh) == aggregates(fresh)


def test_an_increment_leaves_the_pipeline_to_its_workers_and_ends_with_the_graph_built_at_once(
        tmp_path, monkeypatch):
    # a batch a paper: the paper extracted again and the new one are two batches, sent to the workers
    monkeypatch.setattr(kg.build, "BATCH", 1)
    first = jsonl(tmp_path / "1.jsonl", SORTER)
    second = jsonl(tmp_path / "2.jsonl", HASHING)
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build([first], store=steps, views=False, workers=2)
    monkeypatch.setattr(kg.build, "_PIPELINES", {})
    build([first, second], store=steps, views=False, workers=2)
    assert kg.build._PIPELINES == {}  # loaded in the workers only
    assert names_hashing(steps, SORTER["title"]) and names_hashing(steps, HASHING["title"])
    build([first, second], fresh, views=False, workers=2)
    assert same_graph(fresh, steps)
    assert summaries(steps) == summaries(fresh) == aggregates(fresh)


class _Pool:  # records how many workers the extraction forks and what it sends them, and runs nothing
    forked: list = []
    sent: list = []

    def __init__(self, workers, mp_context=None):
        self.forked.append(workers)

    def submit(self, fn, *args):
        self.sent.append(fn.__name__)

    def shutdown(self, wait=True, cancel_futures=False):
        pass


@pytest.fixture
def pool(monkeypatch):
    import concurrent.futures

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _Pool)
    monkeypatch.setattr(_Pool, "forked", [])
    monkeypatch.setattr(_Pool, "sent", [])
    return _Pool


def test_an_increment_forks_a_worker_per_few_batches_each_loading_its_own_pipeline(pool):
    for batches in (2, kg.build.WORKER_BATCHES + 1):
        extractor = kg.build.Extractor([], None, workers=2, dask=None)
        extractor.expect(batches, preload=False)  # an increment's: the workers load the pipeline
        extractor.close()
    assert pool.forked == [1, 2]


def test_an_increment_starts_its_worker_before_the_first_pass_and_sends_it_even_a_single_batch(pool):
    extractor = kg.build.Extractor([], None, workers=2, dask=None)
    extractor.start()  # it imports spaCy meanwhile
    extractor.expect(1, preload=False)
    extractor.submit([Paper("p1", "A title", "An abstract.", None, [], False, [], [])])
    assert extractor.held is None  # not extracted here: this process has no spaCy
    assert (pool.forked, pool.sent) == ([1], ["import_pipeline", "extract_batch"])
    extractor.close()
    extractor = kg.build.Extractor([], None, workers=2, dask=None)
    extractor.start()
    extractor.expect(kg.build.WORKER_BATCHES + 1, preload=False)  # more than one worker's: forked anew
    extractor.close()
    assert pool.forked == [1, 1, 2]


def test_a_name_whose_only_definition_is_replaced_is_unlinked_in_the_papers_built_before(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    for folder in (old, new):
        folder.mkdir()
    first = jsonl(tmp_path / "1.jsonl", SORTER)
    jsonl(old / "2.jsonl", HASHING)
    jsonl(new / "2.jsonl", dict(HASHING, abstract="We group widgets by their spectra with random projections."))
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build([first, old / "2.jsonl"], store=steps, views=False, workers=1)
    assert names_hashing(steps, SORTER["title"])
    report = build([first, new / "2.jsonl"], store=steps, views=False, workers=1)
    assert report.replaced == 1 and not names_hashing(steps, SORTER["title"])
    build([first, new / "2.jsonl"], fresh, views=False, workers=1)
    assert same_graph(fresh, steps)
    assert summaries(steps) == summaries(fresh) == aggregates(fresh)


GADGET_PAPER = {"title": "Gadgets Hashed", "authors": ["Cy Ng"], "year": 2021,
                "abstract": "We sort gadgets with SWH and a support vector machine."}


def test_a_folder_built_before_the_index_learns_from_its_stored_papers(tmp_path):
    first = jsonl(tmp_path / "1.jsonl", SORTER, HASHING)
    second = jsonl(tmp_path / "2.jsonl", GADGET_PAPER)
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build([first], store=steps, views=False, workers=1)
    (steps / "vocabulary.sqlite").unlink()  # as a folder from before it
    build([first, second], store=steps, views=False, workers=1)
    build([first, second], fresh, views=False, workers=1)
    assert names_hashing(steps, SORTER["title"]) and names_hashing(steps, GADGET_PAPER["title"])
    assert (steps / "vocabulary.ttl").read_text() == (fresh / "vocabulary.ttl").read_text()



def test_the_corpus_index_gives_some_papers_texts_in_the_order_indexed(tmp_path, monkeypatch):
    from kg.extract.corpus import CorpusIndex

    monkeypatch.setattr("kg.extract.corpus.KEYS_PER_QUERY", 2)  # several lookups, merged in order
    index = CorpusIndex(tmp_path)
    texts = [(f"k{i}", f"Title {i}", f"Abstract {i}.") for i in range(7)]
    index.add(texts[:4])
    index.add(texts[4:])
    assert list(index.texts(["k5", "k1", "nowhere", "k6", "k1", "k3"])) == [texts[1], texts[3], texts[5], texts[6]]
    assert list(index.texts()) == texts and list(index.texts([])) == []
    index.close()


def test_a_paper_of_an_earlier_build_whose_extraction_now_fails_keeps_its_facts(tmp_path, monkeypatch):
    from kg.rdf import delta

    sorter = dict(SORTER, abstract=SORTER["abstract"] + " A support vector machine checks each part.")
    first = jsonl(tmp_path / "1.jsonl", sorter)
    second = jsonl(tmp_path / "2.jsonl", HASHING)
    steps = tmp_path / "steps"
    build([first], store=steps, views=False, workers=1)

    def facts():
        with open_store(steps) as store:
            paper = next(iter(store.query("SELECT ?p WHERE { ?p dcterms:title $t }", {"t": rdflib_literal(sorter["title"])})))["p"]
            return paper.value.removeprefix(delta.PAPER_PREFIX), delta.extracted(store, [paper])[paper]

    key, before = facts()
    assert before  # the support vector machine
    # the paper is extracted again: the next paper defines a name it uses
    breaking(monkeypatch, ValueError("a rule met\nwhat it did not expect"), on="gadget sorter")
    report = build([first, second], store=steps, views=False, workers=1)
    assert [str(p) for p in report.problems] == [
        f"paper {key}: extraction failed, paper keeps the facts extracted before: ValueError: a rule met what it did not expect"]
    assert facts() == (key, before)
    assert count(steps, "SELECT (COUNT(*) AS ?n) WHERE { ?p dcterms:title 'Widgets Grouped by Their Spectra' ; kg:mentions ?m }") == 2


def in_steps_and_at_once(tmp_path, stored, added):
    """``stored`` built into a folder then ``added`` to it (steps), and both built at once."""
    steps, once = tmp_path / "steps", tmp_path / "once"
    build([stored], store=steps, views=False, workers=1)
    build([stored, added], store=steps, views=False, workers=1)
    build([stored, added], once, views=False, workers=1)
    return steps, once


@pytest.mark.parametrize("stored_authors,added_authors,former", [
    # "Michael Witbrock" may be written for the stored "Michael J. Witbrock"; their shared coauthor
    # merges them at once, and so in an increment, though it adds only the short form
    (["Michael J. Witbrock", "Ann Quill"], ["Ann Quill", "Michael Witbrock"], None),
    # the stored "Ann Quill" whose longer name a new paper writes is keyed by that name, as at once;
    # the stored key is recorded as former, with the form written
    (["Ann Quill", "Bo Reed"], ["Bo Reed", "Ann B. Quill"], ("ann-b-quill", "Ann Quill")),
])
def test_a_new_paper_under_another_form_of_a_stored_name_is_the_stored_person_as_at_once(
        tmp_path, stored_authors, added_authors, former):
    stored = jsonl(tmp_path / "1.jsonl", {"title": "Sorting Widgets", "abstract": GADGET, "year": 2019,
                                          "authors": stored_authors})
    added = jsonl(tmp_path / "2.jsonl", {"title": "Hashing Widgets", "abstract": WIDGET, "year": 2020,
                                         "authors": added_authors})
    steps, once = in_steps_and_at_once(tmp_path, stored, added)
    named = """SELECT ?x ?name ?key WHERE { ?x a foaf:Person ; foaf:name ?name ; kg:foldedName ?key } ORDER BY ?x"""
    with open_store(once) as a, open_store(steps) as b:
        assert a.select(named) == b.select(named) and len(a.select(named)) == 2
        if former:
            assert b.ask(f"ASK {{ <https://w3id.org/research-kg/resource/person/{former[0]}> kg:formerly ?old ; "
                         f"kg:nameAsWritten '{former[1]}' }}")
    if not former:
        assert same_graph(once, steps)


def test_a_new_paper_joining_two_stored_forms_of_a_name_merges_their_people_as_at_once(tmp_path):
    # stored apart (no coauthor in common), then a paper shares a coauthor with each: one person,
    # with both written forms, and no person of the shorter form left behind
    stored = jsonl(tmp_path / "1.jsonl",
                   {"title": "Sorting Widgets", "abstract": GADGET, "year": 2019, "authors": ["Michael J. Witbrock", "Ann Quill"]},
                   {"title": "Stacking Widgets", "year": 2019,
                    "abstract": "We stack widgets with a recurrent neural network and count them with a decision tree.", "authors": ["Michael Witbrock", "Bo Reed"]})
    added = jsonl(tmp_path / "2.jsonl", {"title": "Hashing Widgets", "abstract": WIDGET, "year": 2020,
                                         "authors": ["Ann Quill", "Michael J. Witbrock", "Bo Reed"]})
    steps, once = in_steps_and_at_once(tmp_path, stored, added)
    people = "SELECT (COUNT(*) AS ?n) WHERE { ?x a foaf:Person }"
    assert count(once, people) == count(steps, people) == 3
    with open_store(steps) as store:
        assert store.ask("ASK { ?x kg:nameAsWritten 'Michael Witbrock', 'Michael J. Witbrock' ; kg:formerly ?old }")


def test_a_stored_person_that_one_group_keeps_is_merged_into_no_other(tmp_path):
    # "A. Quill" is one stored person; new papers split the name by ORCID, and one group of it joins
    # "Alan Quill": every author of every paper is still a person of the graph
    def table(path, rows):
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["Title", "Abstract", "Year", "Authors", "ORCIDs"])
            for title, abstract, year, authors, orcids in rows:
                w.writerow([title, f"{abstract} We also study {title.lower()} at length.", year, authors, orcids])
        return path

    x, y = "0000-0002-1825-0097", "0000-0001-5109-3700"
    stored = table(tmp_path / "1.csv", [("Sorting Widgets", GADGET, 2019, "A. Quill; Bo Reed", ""),
                                        ("Stacking Widgets", WIDGET, 2019, "A. Quill; Cy Hale", "")])
    added = table(tmp_path / "2.csv", [("Hashing Widgets", GADGET, 2020, "A. Quill; Bo Reed", f"A. Quill/{x}"),
                                       ("Folding Widgets", WIDGET, 2020, "A. Quill; Cy Hale", f"A. Quill/{y}"),
                                       ("Packing Widgets", GADGET, 2021, "Alan Quill; Bo Reed", f"Alan Quill/{x}")])
    steps = tmp_path / "steps"
    build([stored], store=steps, views=False, workers=1)
    build([stored, added], store=steps, views=False, workers=1)
    with open_store(steps) as store:
        assert store.select("SELECT ?p ?x WHERE { ?p dcterms:creator ?x FILTER NOT EXISTS { ?x foaf:name ?n } }") == []
        assert store.select("SELECT ?a ?x WHERE { ?a kg:author ?x FILTER NOT EXISTS { ?x a foaf:Person } }") == []
