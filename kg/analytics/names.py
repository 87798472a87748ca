"""Finding people and methods by name: case-, accent- and punctuation-insensitive, over their
labels (``skos:prefLabel``/``skos:altLabel`` of methods, ``foaf:name``/``kg:nameAsWritten`` of
people). The name is never pasted into a query: labels are read and compared in Python.

>>> fold("  Zoë   ORTIZ ")
'zoe ortiz'
>>> fold("Primal-Attention") == fold("primal attention")
True
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

import pyoxigraph as ox

from kg.rdf.store import Store
from kg.resolve.keys import fold

LABELS = {
    "method": """
SELECT ?x ?label ?preferred WHERE {
  ?x a kg:Method .
  { ?x skos:prefLabel ?label BIND(true AS ?preferred) } UNION { ?x skos:altLabel ?label BIND(false AS ?preferred) }
}""",
    "model": """
SELECT ?x ?label ?preferred WHERE {
  ?x a kg:Model .
  { ?x skos:prefLabel ?label BIND(true AS ?preferred) } UNION { ?x skos:altLabel ?label BIND(false AS ?preferred) }
}""",
    "person": """
SELECT ?x ?label ?preferred WHERE {
  ?x a foaf:Person .
  { ?x foaf:name ?label BIND(true AS ?preferred) } UNION { ?x kg:nameAsWritten ?label BIND(false AS ?preferred) }
}""",
}

@dataclass(frozen=True)
class Match:
    iri: str
    label: str  # the preferred label (display name)
    kind: str  # "method", "model" (a pretrained model) or "person"


class NotFound(LookupError):
    """No person or method of that name; ``suggestions`` holds close labels."""

    def __init__(self, name: str, kinds: tuple[str, ...], suggestions: list[str]):
        hint = f" (did you mean: {', '.join(suggestions)}?)" if suggestions else ""
        super().__init__(f"no {' or '.join(kinds)} named {name!r}{hint}")
        self.suggestions = suggestions


def find(store: Store, name: str, kinds: tuple[str, ...] = ("method", "person")) -> list[Match]:
    """Everything of the given kinds whose label folds to the same text as ``name``, preferred
    labels first; an IRI matches itself. Raises ``NotFound`` (with suggestions) when nothing does.

    >>> [m.label for m in find(store, "kernel svd")]                  # doctest: +SKIP
    ['KSVD']
    """
    if name.startswith(("http://", "https://")):  # an IRI: read its own labels only
        for kind in kinds:
            rows = store.select(LABELS[kind], {"x": ox.NamedNode(name)})
            if rows:
                best = min(rows, key=lambda r: (not r["preferred"], r["label"]))
                return [Match(name, best["label"], kind)]
    key = fold(name)
    hits: dict[str, tuple[int, Match]] = {}
    every: dict[str, str] = {}
    for kind in kinds:
        rows = store.select(LABELS[kind])
        preferred = {r["x"]: r["label"] for r in rows if r["preferred"]}
        for r in rows:
            display = preferred.get(r["x"], r["label"])
            every.setdefault(fold(r["label"]), display)
            if r["x"] == name or fold(r["label"]) == key:
                rank = 0 if r["x"] == name else 1 if r["preferred"] else 2
                match = Match(r["x"], display, kind)
                if r["x"] not in hits or rank < hits[r["x"]][0]:
                    hits[r["x"]] = (rank, match)
    if not hits:
        close = difflib.get_close_matches(key, list(every), n=5, cutoff=0.75)
        raise NotFound(name, kinds, sorted({every[c] for c in close}))
    # Homonyms (people of one name, see kg.resolve.people) by IRI, shortest first: the name's own
    # IRI, the largest person of the name, before the others.
    return [m for _, m in sorted(hits.values(), key=lambda h: (h[0], h[1].kind != kinds[0], h[1].label,
                                                               len(h[1].iri), h[1].iri))]


def find_one(store: Store, name: str, kinds: tuple[str, ...] = ("method", "person")) -> Match:
    """The best match of ``find`` (a method before a person, a preferred label before an alias)."""
    return find(store, name, kinds)[0]
