"""``RemoteStore`` against a real Oxigraph server on a loopback port: loaded through the Graph
Store Protocol, it gives the same answers to every named query as the embedded store."""
import pyoxigraph as ox
import pytest
from conftest import free_port, load_fixture, oxigraph_server

from kg.query.named import list_queries, run_named
from kg.rdf.remote import RemoteStore, endpoints
from kg.rdf.store import StoreError, open_store
from test_queries import HOSTILE


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """An Oxigraph server on a free loopback port; its root URL."""
    with oxigraph_server(tmp_path_factory.mktemp("oxigraph")) as url:
        yield url


@pytest.fixture(scope="module")
def remote(server):
    store = open_store(server)
    load_fixture(store)
    return store


@pytest.fixture(scope="module")
def local(fixture_build):
    with open_store(fixture_build) as store:
        yield store


def test_endpoints_of_a_root_or_a_query_url():
    assert endpoints("http://h:7878/") == ("http://h:7878/query", "http://h:7878/store")
    assert endpoints("http://h/kg/sparql") == ("http://h/kg/sparql", "http://h/kg/store")


def test_remote_store_holds_the_whole_fixture(remote, local):
    assert isinstance(remote, RemoteStore)
    assert len(remote) == len(local) > 0


@pytest.mark.parametrize("query", list_queries(), ids=lambda q: q.name)
def test_every_named_query_answers_as_locally(remote, local, query):
    rows = run_named(remote, query.name, query.example)
    assert rows == run_named(local, query.name, query.example)
    assert rows, "the example should find something"


def test_hostile_parameters_change_nothing_remotely(remote):
    before = len(remote)
    for value in HOSTILE:
        for query in list_queries():
            if query.params:
                assert run_named(remote, query.name, {p.name: value for p in query.params}) == [], query.name
    assert len(remote) == before


def test_ask_construct_and_serialisations_as_locally(remote, local):
    ask = "ASK { ?p foaf:name ?n FILTER(?n = ?name) }"
    assert remote.ask(ask, {"name": "Michal Aharon"}) is True
    assert remote.ask(ask, {"name": "Nobody"}) is False
    construct = "CONSTRUCT { ?m skos:prefLabel ?l } WHERE { ?m kg:extends ?b ; skos:prefLabel ?l }"
    assert set(remote.query(construct)) == set(local.query(construct))
    graph = remote.serialize(construct, "ntriples")
    assert sorted(graph.splitlines()) == sorted(local.serialize(construct, "ntriples").splitlines())
    select = "SELECT ?n WHERE { ?p foaf:name ?n } ORDER BY ?n"
    assert remote.serialize(select, "csv") == local.serialize(select, "csv")


def test_added_triples_and_dump(remote, tmp_path):
    triple = ox.Quad(ox.NamedNode("https://w3id.org/research-kg/resource/person/new-person"),
                     ox.NamedNode("http://xmlns.com/foaf/0.1/name"), ox.Literal("New Person"))
    remote.add([triple])
    assert remote.select("SELECT ?p WHERE { ?p foaf:name 'New Person' }") == [{"p": triple.subject.value}]
    remote.dump(tmp_path / "dump.ttl")
    text = (tmp_path / "dump.ttl").read_text()
    assert text.startswith("@prefix") and "kgr:person/new-person" not in text  # IRIs with "/" stay whole
    dumped = {(q.subject, q.predicate, q.object) for q in ox.parse(path=str(tmp_path / "dump.ttl"))}
    assert (triple.subject, triple.predicate, triple.object) in dumped
    assert len(dumped) == remote.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]["n"]  # the default graph


def test_errors_are_one_line_store_errors(remote):
    with pytest.raises(StoreError, match="HTTP 400"):
        remote.select("SELECT WHERE {")
    with pytest.raises(StoreError, match="cannot reach"):
        RemoteStore(f"http://127.0.0.1:{free_port()}").select("SELECT * WHERE { ?s ?p ?o }")


def test_match_finds_the_same_statements_as_the_embedded_store(remote, local):
    name = ox.NamedNode("http://xmlns.com/foaf/0.1/name")
    person = local.match(None, name, None)[0].subject
    assert remote.match(person, name, None) == local.match(person, name, None) != []
    literal = local.match(person, name, None)[0].object
    assert remote.match(None, name, literal) == local.match(None, name, literal)
