"""Shared helpers of the extraction tests (a module, not a conftest, to stay out of others' way)."""
from __future__ import annotations

from pathlib import Path

from kg.extract import load_pipeline
from kg.model import Paper

FIXTURES = Path(__file__).parent / "fixtures" / "extract"
LEXICON = [FIXTURES / "methods.ttl", FIXTURES / "datasets.ttl", FIXTURES / "models.ttl", FIXTURES / "tasks.ttl"]

_NLP = None


def pipeline():
    global _NLP
    if _NLP is None:
        _NLP = load_pipeline(LEXICON)
    return _NLP


def paper(key: str, abstract: str, title: str | None = None) -> Paper:
    return Paper(key=key, title=title, abstract=abstract, year=None, authors=[], authors_truncated=False,
                 categories=[], sources=[])


def methods_of(doc) -> dict[str, dict]:
    """label -> method dict from doc._.kg_methods."""
    return {m["label"]: m for m in doc._.kg_methods}


def texts(doc, m) -> list[str]:
    return [doc.text[s:e] for s, e, *_ in m["spans"]]
