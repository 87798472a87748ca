"""Shared fixtures: the hand-made miniature graph in a real embedded store."""
from pathlib import Path

import pytest

from kg.rdf.store import LocalStore

FIXTURES = Path(__file__).parent / "fixtures"
KGR = "https://w3id.org/research-kg/resource/"
KGM = "https://w3id.org/research-kg/method/"


@pytest.fixture(scope="session")
def mini_store(tmp_path_factory):
    """``tests/fixtures/mini.ttl`` loaded into an Oxigraph store on disk."""
    store = LocalStore(tmp_path_factory.mktemp("mini") / "store", read_only=False)
    store.load_file(FIXTURES / "mini.ttl")
    yield store
    store.close()
