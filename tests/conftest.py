"""Shared fixtures: the graph built from the project's seeds/, once per test session."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"


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
