"""Scale: the build streams (documents are read as the store fills), extraction in several local
processes or on a Dask cluster gives the graph one process gives, and a Dask build loads into a
SPARQL server. Speeds live in benchmarks/scale.py, not here."""
from pathlib import Path

import pytest
import rdflib
import rdflib.compare

import kg.build
from kg.build import BuildReport, Extractor, Increment, Sink, build
from kg.ingest import read_document
from kg.rdf.store import LocalStore, open_store
from tests.conftest import SEEDS, oxigraph_server

SEED_FILES = sorted(SEEDS.glob("*.txt"))


def ttl(folder: Path) -> rdflib.Graph:
    return rdflib.Graph().parse(folder / "graph.ttl")


@pytest.fixture(scope="module")
def one_process(tmp_path_factory):
    out = tmp_path_factory.mktemp("one-process")
    build(SEED_FILES, out, views=False, workers=1)
    return out


@pytest.fixture(scope="module")
def one_process_store(tmp_path_factory):
    """The seeds built into a new store without the first pass, which a build into a SPARQL server
    does not make (it has no folder to keep the vocabulary's evidence in)."""
    out = tmp_path_factory.mktemp("one-process-store")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kg.build, "first_pass", lambda documents, *args: (None, list(documents)))
        build(SEED_FILES, store=out, views=False, workers=1)
    return out


@pytest.fixture
def small_batches(monkeypatch):
    """Batches of 8 papers, so that the 62 seed papers make several batches to share out."""
    monkeypatch.setattr(kg.build, "BATCH", 8)


def test_two_workers_give_the_graph_of_one(one_process, tmp_path, small_batches):
    report = build(SEED_FILES, tmp_path / "two", views=False, workers=2)
    assert report.papers == 62
    assert rdflib.compare.isomorphic(ttl(one_process), ttl(tmp_path / "two"))


def test_documents_are_read_as_the_triples_are_consumed(tmp_path, small_batches):
    """The build pulls documents one at a time: the first triples come before the last document is read."""
    read = []

    def documents():
        for path in SEED_FILES:
            read.append(path.name)
            yield read_document(path)

    with LocalStore(tmp_path / "store", read_only=False) as store:
        increment = Increment(Sink(store, None, only_new=False), Extractor((), None, 1, None), BuildReport())
        triples = increment.triples(documents())
        next(triples)
        assert read == [SEED_FILES[0].name]
        assert sum(1 for _ in triples) > 1000 and len(read) == len(SEED_FILES)


@pytest.fixture
def sparql_server(tmp_path):
    """An empty Oxigraph SPARQL server on a free loopback port; its root URL."""
    with oxigraph_server(tmp_path / "server") as url:
        yield url


def test_dask_build_into_a_sparql_server_gives_the_local_graph(one_process_store, sparql_server, tmp_path,
                                                                small_batches):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        first = build(SEED_FILES[:2], store=sparql_server, dask=cluster.scheduler_address, workers=2)
        second = build(SEED_FILES, store=sparql_server, dask=cluster.scheduler_address, workers=2)
    assert (first.papers + second.papers, second.unchanged) == (62, 2)
    open_store(sparql_server).dump(tmp_path / "remote.ttl")
    remote = rdflib.Graph().parse(tmp_path / "remote.ttl")
    assert rdflib.compare.isomorphic(ttl(one_process_store), remote)
