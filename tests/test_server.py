"""The SPARQL endpoint on a loopback port, with SPARQLWrapper (and plain HTTP) as clients."""
import os
import threading
import urllib.error
import urllib.request
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlencode

import pyoxigraph as ox
import pytest
import rdflib
from conftest import FIXTURE, build_fixture_store
from SPARQLWrapper import CSV, JSON, JSONLD, N3, POST, TSV, TURTLE, XML, SPARQLWrapper

from kg.build import swap_in
from kg.query.named import list_queries, run_named
from kg.model import StoreError
from kg.query.server import ServedStore, SparqlServer, negotiate
import kg.query.server as server_module
from kg.rdf.remote import RemoteStore
from kg.rdf.store import LocalStore, open_store

NAMES = "SELECT ?name WHERE { ?p foaf:name ?name } ORDER BY ?name"
LINEAGE = "CONSTRUCT { ?a kg:extends ?b } WHERE { ?a kg:extends ?b }"
TIME_LIMIT_S = 2
ROW_CAP = 50


def start(build_dir, **options) -> SparqlServer:
    server = SparqlServer(build_dir, port=0, **options)  # any free port
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop(server: SparqlServer) -> None:
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def endpoint(fixture_build):
    server = start(fixture_build, timeout_s=TIME_LIMIT_S, max_rows=ROW_CAP)
    yield server
    stop(server)


@pytest.fixture(scope="module")
def local(fixture_build):
    with open_store(fixture_build) as store:
        yield store


def client(endpoint, query, fmt, method=None) -> SPARQLWrapper:
    sparql = SPARQLWrapper(endpoint.url)
    sparql.setQuery(query)
    sparql.setReturnFormat(fmt)
    if method:
        sparql.setMethod(method)
    return sparql


def http(url, data=None, headers=None, method=None):
    """Status, headers and body of a request, error statuses included."""
    request = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def post_query(endpoint, query, **params):
    return http(endpoint.url, urlencode({"query": query, **params}).encode(),
                {"Content-Type": "application/x-www-form-urlencoded"})


@pytest.fixture(scope="module")
def names(local):
    return [r["name"] for r in local.select(NAMES)]


@pytest.mark.parametrize("method", ["GET", POST])
def test_select_as_json(endpoint, names, method):
    result = client(endpoint, NAMES, JSON, method if method == POST else None).queryAndConvert()
    assert [b["name"]["value"] for b in result["results"]["bindings"]] == names


def test_select_as_xml(endpoint, names):
    document = client(endpoint, NAMES, XML).queryAndConvert()
    assert [n.firstChild.data for n in document.getElementsByTagName("literal")] == names


@pytest.mark.parametrize("fmt", [CSV, TSV])
def test_select_as_csv_and_tsv(endpoint, local, fmt):
    body = client(endpoint, NAMES, fmt, POST).queryAndConvert().decode("utf-8")
    assert body == local.serialize(NAMES, fmt.lower()).decode("utf-8")
    assert body.splitlines()[0] == ("name" if fmt == CSV else "?name")


@pytest.mark.parametrize("fmt", [JSON, XML])
def test_ask(endpoint, fmt):
    yes = client(endpoint, "ASK { ?p foaf:name 'Michal Aharon' }", fmt)
    no = client(endpoint, "ASK { ?p foaf:name 'Nobody' }", fmt)
    if fmt == JSON:
        assert yes.queryAndConvert()["boolean"] is True and no.queryAndConvert()["boolean"] is False
    else:
        assert yes.queryAndConvert().getElementsByTagName("boolean")[0].firstChild.data == "true"


def lineage_triples(local):
    return {(str(t.subject.value), str(t.predicate.value), str(t.object.value)) for t in local.query(LINEAGE)}


@pytest.mark.parametrize("fmt, parse_as", [(TURTLE, "turtle"), (N3, "turtle"), (JSONLD, None)])
def test_construct(endpoint, local, fmt, parse_as):
    result = client(endpoint, LINEAGE, fmt).queryAndConvert()
    graph = result if parse_as is None else rdflib.Graph().parse(data=result, format=parse_as)
    assert {tuple(str(x) for x in t) for t in graph} == lineage_triples(local)


def test_describe(endpoint, local):
    describe = "DESCRIBE kgm:k-svd"
    graph = rdflib.Graph().parse(data=client(endpoint, describe, TURTLE).queryAndConvert(), format="turtle")
    assert {tuple(str(x) for x in t) for t in graph} == {
        (t.subject.value, t.predicate.value, t.object.value) for t in local.query(describe)}
    assert len(graph) > 3


def test_construct_as_ntriples(endpoint, local):
    by_parameter = http(f"{endpoint.url}?{urlencode({'query': LINEAGE, 'format': 'ntriples'})}")
    by_accept = http(f"{endpoint.url}?{urlencode({'query': LINEAGE})}", headers={"Accept": "application/n-triples"})
    for _, headers, body in [by_parameter, by_accept]:
        assert headers.get_content_type() == "application/n-triples"
        parsed = ox.parse(body, format=ox.RdfFormat.N_TRIPLES)
        assert {(q.subject.value, q.predicate.value, q.object.value) for q in parsed} == lineage_triples(local)


def test_every_named_query_through_the_endpoint(endpoint, local):
    remote = RemoteStore(endpoint.url)
    for query in list_queries():
        assert run_named(remote, query.name, query.example) == run_named(local, query.name, query.example), query.name


@pytest.mark.parametrize("request_kind", ["update-param", "update-body", "update-path", "update-as-query"])
def test_updates_are_refused(endpoint, local, request_kind):
    update = "DELETE WHERE { ?s ?p ?o }"
    base = endpoint.url.rsplit("/", 1)[0]
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    status, _, body = {
        "update-param": lambda: http(endpoint.url, urlencode({"update": update}).encode(), form),
        "update-body": lambda: http(endpoint.url, update.encode(), {"Content-Type": "application/sparql-update"}),
        "update-path": lambda: http(base + "/update", urlencode({"update": update}).encode(), form),
        "update-as-query": lambda: post_query(endpoint, update),
    }[request_kind]()
    assert status == 403
    assert b"read-only" in body
    count = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    assert client(endpoint, count, JSON).queryAndConvert()["results"]["bindings"][0]["n"]["value"] == str(
        local.select(count)[0]["n"])


def test_sparqlwrapper_update_is_refused(endpoint):
    sparql = client(endpoint, "DROP ALL", JSON, POST)
    with pytest.raises(urllib.error.HTTPError) as refused:
        sparql.query()
    assert refused.value.code == 403


def test_a_query_over_the_time_limit_is_stopped(endpoint):
    explosive = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n0 ?o }"
    status, _, body = post_query(endpoint, explosive)
    assert status == 503
    assert f"time limit of {TIME_LIMIT_S} s" in body.decode()
    status, _, _ = post_query(endpoint, "ASK { ?s ?p ?o }")  # a fresh worker took the stopped one's place
    assert status == 200


@pytest.fixture
def slow_start(tmp_path, monkeypatch):
    """Workers spawned from now on take a second to start (a sitecustomize module that sleeps), as a
    worker's imports and the store's opening can on a loaded machine."""
    (tmp_path / "sitecustomize.py").write_text("import time\ntime.sleep(1)\n")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")])))


def test_a_new_workers_start_is_not_counted_in_the_time_limit(fixture_build, slow_start):
    server = start(fixture_build, timeout_s=0.5, workers=1)
    try:
        status, _, body = post_query(server, "ASK { ?s ?p ?o }")
        assert status == 200, body
    finally:
        stop(server)


def test_a_worker_that_does_not_get_ready_is_reported(fixture_build, slow_start, monkeypatch):
    monkeypatch.setattr(server_module, "WORKER_START_S", 0.2)
    server = start(fixture_build, timeout_s=5, workers=1)
    try:
        status, _, body = post_query(server, "ASK { ?s ?p ?o }")
        assert status == 503 and "no worker process got ready within 0.2 s" in body.decode(), body
    finally:
        stop(server)


@pytest.mark.parametrize("query", ["SELECT * WHERE { ?s ?p ?o }", "CONSTRUCT WHERE { ?s ?p ?o }"])
def test_a_result_over_the_row_cap_is_refused(endpoint, query):
    status, _, body = post_query(endpoint, query)
    assert status == 400
    assert f"more than {ROW_CAP}" in body.decode() and "row cap" in body.decode()
    status, _, _ = post_query(endpoint, query + f" LIMIT {ROW_CAP}")
    assert status == 200


def test_bad_queries_and_paths(endpoint):
    status, _, body = post_query(endpoint, "SELECT WHERE {")
    assert status == 400 and body
    status, _, _ = http(endpoint.url)
    assert status == 400
    status, _, _ = http(endpoint.url.rsplit("/", 1)[0] + "/nothing")
    assert status == 404


def test_cors_preflight_and_headers(endpoint):
    status, headers, _ = http(endpoint.url, method="OPTIONS", headers={
        "Origin": "http://localhost:9999", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, x-requested-with"})
    assert status == 204
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in headers["Access-Control-Allow-Methods"]
    assert headers["Access-Control-Allow-Headers"] == "content-type, x-requested-with"
    _, headers, _ = post_query(endpoint, "ASK {}")
    assert headers["Access-Control-Allow-Origin"] == "*"


class Resources(HTMLParser):
    """Every URL an HTML page would load or link to."""

    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        self.urls += [value for name, value in attrs if name in ("src", "href", "action", "data") and value]


def test_page_offers_named_queries_and_loads_nothing_from_elsewhere(endpoint):
    status, headers, body = http(endpoint.url.rsplit("/", 1)[0] + "/")
    page = body.decode()
    assert status == 200 and headers.get_content_type() == "text/html"
    for query in list_queries():
        assert query.name in page
    parser = Resources()
    parser.feed(page)
    assert parser.urls == ["sparql"]
    assert "@import" not in page and "url(" not in page
    assert "default-src 'none'" in headers["Content-Security-Policy"]


def test_negotiation():
    assert negotiate("text/csv") == ("csv", "turtle")
    assert negotiate("application/ld+json;q=0.5, application/n-triples") == ("json", "ntriples")
    assert negotiate("*/*") == ("json", "turtle")
    assert negotiate("text/csv", "xml") == ("xml", "turtle")
    assert negotiate(None, "application/ld+json") == ("json", "jsonld")


def add_person(build: Path, name: str) -> None:
    """Rebuild ``build`` as the lead's build does: a new store beside it, swapped in by renames."""
    staging = build / ".staging"
    staging.mkdir()
    with LocalStore(staging / "store", read_only=False) as store:
        store.load_file(FIXTURE)
        store.add([ox.Quad(ox.NamedNode(f"https://w3id.org/research-kg/resource/person/{name}"),
                            ox.NamedNode("http://xmlns.com/foaf/0.1/name"), ox.Literal(name))])
    swap_in(staging, build)


def count_people(server) -> int:
    status, _, body = post_query(server, "SELECT (COUNT(*) AS ?n) WHERE { ?p foaf:name ?name }", format="csv")
    assert status == 200, body
    return int(body.decode().split()[1])


def test_a_rebuilt_store_is_served_whole_and_at_once(tmp_path):
    build = build_fixture_store(tmp_path / "build")
    server = start(build)
    try:
        assert count_people(server) == 8
        seen, failures, done = [], [], threading.Event()

        def keep_asking():
            while not done.is_set():
                try:
                    seen.append(count_people(server))
                except (AssertionError, OSError) as e:
                    failures.append(e)

        asker = threading.Thread(target=keep_asking)
        asker.start()
        try:
            for n in range(1, 4):
                add_person(build, f"new-{n}")
        finally:
            done.set()
            asker.join()
        assert not failures
        assert set(seen) <= {8, 9}  # each rebuild holds the fixture and one new person
        assert count_people(server) == 9
        newest = RemoteStore(server.url).select("SELECT ?name WHERE { ?p foaf:name ?name FILTER(STRSTARTS(?name, 'new')) }")
        assert newest == [{"name": "new-3"}]
    finally:
        stop(server)


def test_page_runs_a_named_query_in_a_browser_offline(endpoint, browser):
    page = browser.new_page()
    elsewhere = []
    page.on("request", lambda r: None if r.url.startswith("http://127.0.0.1") else elsewhere.append(r.url))
    page.goto(endpoint.url.rsplit("/", 1)[0] + "/")
    names = [q.name for q in list_queries()]
    page.select_option("#examples", str(names.index("coauthors")))
    assert "<https://w3id.org/research-kg/resource/person/lorenzo-basile>" in page.input_value("#query")
    page.click("button")
    page.wait_for_selector("#out table")
    assert "Luca Bortolussi" in page.inner_text("#out table")
    assert elsewhere == []
    page.close()


def test_a_page_from_another_origin_may_query_the_endpoint(endpoint, browser, tmp_path):
    (tmp_path / "index.html").write_text("<title>elsewhere</title>")
    elsewhere = ThreadingHTTPServer(("127.0.0.1", 0), partial(SimpleHTTPRequestHandler, directory=str(tmp_path)))
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    page = browser.new_page()
    try:
        page.goto(f"http://localhost:{elsewhere.server_address[1]}/")  # another origin than 127.0.0.1:port
        body = page.evaluate("""url => fetch(url, {method: "POST", body: "ASK { ?p foaf:name 'Michal Aharon' }",
                                                 headers: {"Content-Type": "application/sparql-query"}})
                                       .then(r => r.json())""", endpoint.url)
        assert body["boolean"] is True
    finally:
        page.close()
        elsewhere.shutdown()
        elsewhere.server_close()


def damage(build: Path) -> None:
    """Remove the table files of ``build``'s store, as a build removing the old folder under an
    opening reader leaves it."""
    for table in (build / "store").glob("*.sst"):
        table.unlink()


def test_a_damaged_store_is_one_clear_error(tmp_path):
    build = build_fixture_store(tmp_path / "build")
    damage(build)
    with pytest.raises(StoreError, match="cannot open the store"):
        LocalStore(build / "store")


def test_a_worker_waits_through_a_folder_removed_while_it_opens(tmp_path):
    build = build_fixture_store(tmp_path / "build")
    damage(build)
    replaced = threading.Timer(0.3, add_person, (build, "new-1"))
    replaced.start()
    served = ServedStore(build / "store")
    try:
        names = served.current().select("SELECT ?name WHERE { ?p foaf:name ?name FILTER(STRSTARTS(?name, 'new')) }")
        assert names == [{"name": "new-1"}]
    finally:
        replaced.join()
        served.close()
