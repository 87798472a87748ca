"""Shared fixtures: the graph built from the project's seeds/, once per test session, and the
hand-made miniature graph (tests/fixtures/mini.ttl) in a real embedded store."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
FIXTURES = Path(__file__).parent / "fixtures"
KGR = "https://w3id.org/research-kg/resource/"
KGM = "https://w3id.org/research-kg/method/"


@pytest.fixture(scope="session")
def seed_build(tmp_path_factory) -> Path:
    """A build folder (store, graph.ttl, views) made from seeds/ by the real pipeline."""
    from kg.build import build

    out = tmp_path_factory.mktemp("seed-build")
    build([SEEDS], out)
    return out


@pytest.fixture(scope="session")
def seed_store(seed_build):
    from kg.rdf.store import open_store

    store = open_store(seed_build)
    yield store
    store.close()


@pytest.fixture(scope="session")
def mini_store(tmp_path_factory):
    """``tests/fixtures/mini.ttl`` loaded into an Oxigraph store on disk."""
    from kg.rdf.store import LocalStore

    store = LocalStore(tmp_path_factory.mktemp("mini") / "store", read_only=False)
    store.load_file(FIXTURES / "mini.ttl")
    yield store
    store.close()
