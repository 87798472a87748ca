"""Tables about one person or one method.

>>> author_method_profile(store, "Francesco Tonin").head(3)        # doctest: +SKIP
                                          method    label  papers  proposed  first_year  last_year
0  https://w3id.org/research-kg/method/ksvd     KSVD        5         1        2023       2024
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kg.analytics.names import find_one
from kg.analytics.projections import local_name, year_of
from kg.rdf.store import Store

if TYPE_CHECKING:
    import pandas as pd

PROFILE = """
SELECT ?person ?method ?label ?paper ?year ?proposed WHERE {
  ?paper dcterms:creator ?person ; kg:mentions ?method .
  OPTIONAL { ?method skos:prefLabel ?label }
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
  BIND(EXISTS { ?paper kg:proposes ?method } AS ?proposed)
}"""

ADOPTERS = """
SELECT ?method ?paper ?year ?person WHERE {
  ?paper kg:mentions ?method .
  OPTIONAL { ?paper dcterms:creator ?person }
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
}"""


def author_method_profile(store: Store, person: str) -> pd.DataFrame:
    """The methods a person's papers name: ``papers`` naming it, how many ``proposed`` it,
    ``first_year``/``last_year`` (nullable ints: undated papers add no year) and ``years``.
    ``person`` is a name (looked up) or an IRI. Sorted by papers, then first year."""
    import pandas as pd
    iri = find_one(store, person, ("person",)).iri
    papers: dict[str, set] = defaultdict(set)
    proposed: dict[str, set] = defaultdict(set)
    years: dict[str, set] = defaultdict(set)
    labels: dict[str, str] = {}
    for r in store.select(PROFILE, {"person": ox.NamedNode(iri)}):
        m = r["method"]
        labels[m] = labels.get(m) or r["label"] or local_name(m)
        papers[m].add(r["paper"])
        if r["proposed"]:
            proposed[m].add(r["paper"])
        y = year_of(r["year"])
        if y is not None:
            years[m].add(y)
    rows = [{"method": m, "label": labels[m], "papers": len(ps), "proposed": len(proposed[m]),
             "first_year": min(years[m], default=None), "last_year": max(years[m], default=None),
             "years": sorted(years[m])} for m, ps in papers.items()]
    df = pd.DataFrame(rows, columns=["method", "label", "papers", "proposed", "first_year", "last_year", "years"])
    df = df.astype({"papers": int, "proposed": int, "first_year": "Int64", "last_year": "Int64"})
    return df.sort_values(["papers", "first_year", "label"], ascending=[False, True, True]).reset_index(drop=True)


def method_adopters(store: Store, method: str) -> pd.DataFrame:
    """Per year, the ``papers`` naming a method, their ``authors`` and the ``new_authors``
    (naming it for the first time). Undated papers form a last row with ``year`` <NA>, and count
    as new only for authors not seen in a dated year."""
    import pandas as pd
    iri = find_one(store, method, ("method",)).iri
    papers: dict[int | None, set] = defaultdict(set)
    authors: dict[int | None, set] = defaultdict(set)
    for r in store.select(ADOPTERS, {"method": ox.NamedNode(iri)}):
        y = year_of(r["year"])
        papers[y].add(r["paper"])
        if r["person"]:
            authors[y].add(r["person"])
    seen: set = set()
    rows = []
    for y in sorted(papers, key=lambda y: (y is None, y or 0)):
        rows.append({"year": y, "papers": len(papers[y]), "authors": len(authors[y]),
                     "new_authors": len(authors[y] - seen)})
        seen |= authors[y]
    df = pd.DataFrame(rows, columns=["year", "papers", "authors", "new_authors"])
    return df.astype({"year": "Int64", "papers": int, "authors": int, "new_authors": int})
