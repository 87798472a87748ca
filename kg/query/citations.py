"""Citations among a set of papers, for views that draw them (a lineage map's line of papers)."""
from __future__ import annotations

from collections.abc import Iterable

import pyoxigraph as ox

from kg.rdf.store import Store

CITATIONS_AMONG = """SELECT DISTINCT ?citing ?cited WHERE {
  VALUES ?citing { %s } VALUES ?cited { %s } ?citing cito:cites ?cited }"""


def citations_among(store: Store, papers: Iterable[str]) -> list[tuple[str, str]]:
    """The ``(citing, cited)`` pairs of paper IRIs, both among ``papers``, where the citing paper
    ``cito:cites`` the cited one (matched by DOI, source id or arXiv id), sorted."""
    iris = " ".join(sorted({str(ox.NamedNode(str(iri))) for iri in papers}))
    if not iris:
        return []
    return sorted((row["citing"], row["cited"]) for row in store.select(CITATIONS_AMONG % (iris, iris)))
