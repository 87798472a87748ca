"""Records to triples, and the embedded store, on small records made here."""
import itertools

import pyoxigraph as ox
import pytest

from kg.model import (Corpus, Evidence, EntityMention, Extraction, LineageLink, MethodMention, MethodRef, Paper,
                      Person, SourceDocument)
from kg.rdf.store import LocalStore, Store, StoreError, open_store
from kg.rdf.triples import (category_triples, extraction_triples, paper_triples, person_triples,
                            source_triples)

SOURCE = SourceDocument(path="x/page.txt", name="page.txt", sha256="ab" * 32, format="profile")


def make_corpus():
    ada = Person(key="ada-lovelace", name="Ada Lovelace", written={"ADA LOVELACE", "Ada Lovelace"})
    bob = Person(key="bob-o-brien", name="Bob O'Brien", written={"Bob O'Brien"})
    paper = Paper(key="p1", title='Tricky <script>alert("x")</script> {title}', abstract="We propose FooNet.",
                  year=2023, authors=[ada, bob], authors_truncated=True, categories=["cs.LG", "Deep Learning · Theory"],
                  sources=[SOURCE])
    return Corpus(papers=[paper], persons={p.key: p for p in (ada, bob)}, profile_owners={SOURCE.sha256: ada.key})


def make_extraction():
    ev = Evidence(sentence="We propose FooNet.", start=11, end=17, rule="pattern:we_propose", confidence=0.9)
    foonet = MethodRef(key="foonet", label="FooNet", labels={"FooNet", "Foo Network"})
    barnet = MethodRef(key="barnet", label="BarNet", labels={"BarNet"})
    return Extraction(paper_key="p1", methods=[MethodMention(foonet, "proposes", ev), MethodMention(barnet, "uses", ev)],
                      lineage=[LineageLink(foonet, barnet, ev)],
                      entities=[EntityMention("dataset", "Toy-10", {"Toy-10", "Toy10"}, ev)],
                      code_urls=["https://github.com/example/foonet"], arxiv_ids=["2006.16236"])


@pytest.fixture
def store(tmp_path):
    corpus = make_corpus()
    (paper,) = corpus.papers
    owner = corpus.persons[corpus.profile_owners[SOURCE.sha256]]
    s = LocalStore(tmp_path / "store", read_only=False)
    s.add(itertools.chain(*(person_triples(p) for p in corpus.persons.values()), paper_triples(paper),
                          source_triples(SOURCE, owner), extraction_triples(make_extraction(), set())))
    yield s
    s.close()


def test_arxiv_category_has_name_and_archive():
    iri, triples = category_triples("cs.LG")
    assert iri.value.endswith("category/arxiv/cs.LG")
    labels = {t.object.value for t in triples if t.predicate.value.endswith("prefLabel")}
    assert labels == {"Machine Learning", "Computer Science"}


def test_conference_area_is_broader_than_subarea():
    iri, triples = category_triples("Deep Learning · Theory")
    broader = [t for t in triples if t.predicate.value.endswith("broader")]
    assert iri.value.endswith("area/deep-learning/theory")
    assert [(t.subject, t.object.value) for t in broader] == [(iri, iri.value.rsplit("/", 1)[0])]


def test_contract_triples(store):
    rows = store.select("""
        SELECT ?title ?year ?n ?pos ?trunc WHERE {
          ?p a kg:Paper, fabio:ResearchPaper ; dcterms:title ?title ; fabio:hasPublicationYear ?year ;
             kg:authorsTruncated ?trunc ; kg:authorship [ kg:author/foaf:name ?n ; kg:position ?pos ] .
        } ORDER BY ?pos""")
    assert [(r["n"], r["pos"]) for r in rows] == [("Ada Lovelace", 1), ("Bob O'Brien", 2)]
    assert rows[0]["title"] == 'Tricky <script>alert("x")</script> {title}'
    assert rows[0]["year"] == "2023" and rows[0]["trunc"] is True


def test_proposed_method_is_mentioned_too_and_has_evidence(store):
    assert store.ask("ASK { ?p kg:proposes ?m . ?p kg:mentions ?m . ?m skos:prefLabel 'FooNet' }")
    assert store.ask("ASK { ?p kg:uses ?m . ?p kg:mentions ?m . ?m skos:prefLabel 'BarNet' }")
    rows = store.select("""SELECT ?s ?rule WHERE { ?e kg:subject ?p ; kg:predicate kg:proposes ; kg:object ?m ;
                                                 kg:sentence ?s ; kg:rule ?rule }""")
    assert rows == [{"s": "We propose FooNet.", "rule": "pattern:we_propose"}]


def test_lineage_entities_code_and_citations(store):
    assert store.ask("ASK { ?a skos:prefLabel 'FooNet' . ?b skos:prefLabel 'BarNet' . ?a kg:extends ?b }")
    assert store.ask("ASK { ?p kg:usesDataset ?d . ?d a kg:Dataset ; skos:altLabel 'Toy10' }")
    assert store.ask("ASK { ?p schema:codeRepository <https://github.com/example/foonet> }")
    assert store.ask("ASK { ?p cito:cites ?c . ?c kg:arxivId '2006.16236' }")


def test_profile_owner_and_provenance(store):
    rows = store.select("SELECT ?n WHERE { ?p prov:wasDerivedFrom ?s . ?s kg:profileOwner/foaf:name ?n }")
    assert rows == [{"n": "Ada Lovelace"}]
    assert store.ask("ASK { ?x kg:nameAsWritten 'ADA LOVELACE' }")


def test_bindings_are_terms_not_text(store):
    injected = "Ada Lovelace' } ; DROP ALL ; { '"
    q = "SELECT ?p WHERE { ?p foaf:name ?name }"
    assert store.select(q, {"name": injected}) == []
    assert len(store.select(q, {"name": "Bob O'Brien"})) == 1


def test_values_are_the_lexical_forms_in_the_variables_order(store):
    store.add([ox.Quad(ox.NamedNode("https://example.org/p2"), ox.NamedNode("http://purl.org/dc/terms/title"),
                       ox.Literal('A title, with "quotes"\nover two lines'))])
    q = """SELECT ?title ?p ?year WHERE { ?p dcterms:title ?title OPTIONAL { ?p fabio:hasPublicationYear ?year }
           FILTER NOT EXISTS { ?p a kg:SourceDocument } } ORDER BY ?title"""
    assert store.values(q) == [['A title, with "quotes"\nover two lines', "https://example.org/p2", ""],
                               ['Tricky <script>alert("x")</script> {title}', store.select(q)[1]["p"], "2023"]]


def test_optimize_keeps_every_statement(store, tmp_path):
    store.add([ox.Quad(ox.NamedNode(f"https://example.org/{i}"), ox.NamedNode("https://example.org/p"), ox.Literal(i))
               for i in range(1000)])  # a second bulk load, overlapping the first
    before = set(store._store)
    store.optimize()
    assert set(store._store) == before and len(before) > 1000


def test_bulk_add_keeps_every_term_as_given(tmp_path):
    ex = "https://example.org/"
    quads = [ox.Quad(ox.NamedNode(ex + "a"), ox.NamedNode(ex + "p"), o) for o in (
        ox.Literal('two\nlines\r, "quoted" \\ <not an IRI> \t\u2028 \U0001d518 .'), ox.Literal("été", language="fr"),
        ox.Literal("x", language="EN-us"), ox.Literal("1.50", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#decimal")),
        ox.Literal("not a number", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")), ox.Literal(7),
        ox.Literal(2.5), ox.NamedNode(ex + "b?q=1#f"))]
    named = [ox.Quad(ox.NamedNode(ex + "a"), ox.NamedNode(ex + "p"), ox.Literal("in a graph"), ox.NamedNode(ex + "g"))]
    blank = [ox.Quad(ox.NamedNode(ex + "a"), ox.NamedNode(ex + "q"), ox.BlankNode("kept")),
             ox.Quad(ox.BlankNode("kept"), ox.NamedNode(ex + "p"), ox.Literal("x _:y"))]
    s = LocalStore(tmp_path / "store", read_only=False)
    held, calls = s._store, []

    class Watched:  # which loader each add used
        def __getattr__(self, name):
            calls.append(name)
            return getattr(held, name)

    s._store = Watched()
    s.add(iter(quads + named))
    s.add(blank)  # blank nodes keep their identifiers (graph.ttl writes the same ones)
    s.add([])
    assert calls == ["bulk_load", "bulk_extend"]
    as_given = ox.Store()  # (the store keeps a decimal in its canonical form either way)
    as_given.bulk_extend(quads + named + blank)
    assert set(held) == set(as_given) and len(as_given) == len(quads + named + blank)


def test_bulk_add_lets_other_threads_run(tmp_path):
    # A build's workers are handed their batches and give their results through a thread of the
    # build's process, which must not stop while a chunk is loaded (pyoxigraph's bulk_extend holds
    # the GIL throughout: seconds for 500k quads).
    import threading
    import time

    quads = [ox.Quad(ox.NamedNode(f"https://example.org/s{i // 10}"), ox.NamedNode(f"https://example.org/p{i % 10}"),
                     ox.Literal(f"statement {i}")) for i in range(200_000)]
    s = LocalStore(tmp_path / "store", read_only=False)
    ticks, loading = [], threading.Event()

    def tick():
        loading.wait()
        while loading.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    loading.set()
    started = time.perf_counter()
    s.add(quads)
    ended = time.perf_counter()
    loading.clear()
    ticker.join()
    during = [t for t in ticks if started <= t <= ended]
    assert max(b - a for a, b in zip([started, *during], [*during, ended])) < 0.5 * (ended - started)
    assert len(s._store) == len(quads)


def test_summaries_made_afresh_are_those_the_updates_make(tmp_path):
    # A fresh build's summaries and name keys are read by queries and loaded in bulk; the updates
    # that recount a build's methods (and a server's store, through SPARQL) must make the same.
    from conftest import build_fixture_store

    from kg.rdf import delta

    def summaries(store):
        return set(store._store.quads_for_pattern(None, None, None, ox.NamedNode(delta.SUMMARIES)))

    with LocalStore(build_fixture_store(tmp_path) / "store", read_only=False) as store:
        afresh = summaries(store)
        store.update(f"DROP GRAPH <{delta.SUMMARIES}>")
        store.update(delta.SUMMARISE % {"graph": delta.SUMMARIES, "scope": ""})
        delta.name_keys(store, None)
        assert summaries(store) == afresh and {q.predicate.value.rsplit("#")[-1] for q in afresh} == {
            "paperCount", "firstYear", "nameKey"}
        store.update(f"DROP GRAPH <{delta.SUMMARIES}>")
        Store.insert(store, afresh)  # as a server's store takes them: one INSERT DATA
        assert summaries(store) == afresh


def test_missing_store_is_one_clear_error(tmp_path):
    with pytest.raises(StoreError, match="no store here"):
        open_store(tmp_path / "nothing")


def test_bad_sparql_is_one_clear_error(store):
    with pytest.raises(StoreError, match="bad SPARQL"):
        store.select("SELECT WHERE {")


def test_explain_finds_evidence_by_method_label_and_title(store):
    from kg.query.explain import explain

    by_method = explain(store, "foo network")
    assert {r["link"] for r in by_method} == {"proposes", "extends"}
    assert all(r["sentence"] == "We propose FooNet." for r in by_method)
    by_title = explain(store, 'TRICKY <script>alert("x")</script> {title}')
    assert {(r["link"], r["object"]) for r in by_title} >= {("proposes", "FooNet"), ("uses", "BarNet"),
                                                           ("usesDataset", "Toy-10")}
    assert explain(store, "nothing like this") == []


def test_bind_values_finds_the_group_across_lines_and_skips_comments():
    from kg.rdf.store import bind_values

    query = "# WHERE { in a comment\nSELECT ?p\nWHERE\n{\n  ?p foaf:name ?name\n}"
    bound = bind_values(query, {"name": "x"})
    assert bound.startswith("# WHERE { in a comment\nSELECT ?p\nWHERE\n{ VALUES (?name) {")


@pytest.mark.parametrize("find_limit", [16, 0], ids=["one-by-one", "one-pass-per-namespace"])
def test_graph_file_finds_every_block_about_the_subjects_to_restate(monkeypatch, find_limit):
    """The blocks about the subjects, and only those: several per subject, subjects of several
    namespaces, one whose name is the start of another's, and one never prefixed."""
    from kg.rdf import graphfile

    monkeypatch.setattr(graphfile, "FIND_LIMIT", find_limit)
    subjects = [ox.NamedNode("https://w3id.org/research-kg/resource/person/ada"),
                ox.NamedNode("https://w3id.org/research-kg/resource/paper/p1"), ox.NamedNode("http://x.org/a?b=(1)")]
    others = [ox.NamedNode("https://w3id.org/research-kg/resource/person/ada-quill"),
              ox.NamedNode("https://w3id.org/research-kg/resource/paper/p10")]
    name = ox.NamedNode("http://xmlns.com/foaf/0.1/name")
    blocks = [graphfile.serialize([ox.Quad(s, name, ox.Literal(f"{s.value} {i}"))]).rstrip().rsplit(b"\n", 1)[-1] + b"\n"
              for i in range(2) for s in subjects + others]
    text = b"@prefix x: <http://x/> .\n" + b"".join(blocks)
    spans = graphfile._blocks(text, [graphfile.subject_term(s) for s in subjects])
    found = [text[start:end] for start, end in spans]
    assert found == [b for b in blocks if not any(b.startswith(graphfile.subject_term(o) + b" ") for o in others)]
    assert len(found) == 6
