"""Citations between the papers of the corpus, from the identifiers the sources give.

A paper holds its identifiers (``kg:identifier "doi:10.…"``), those of the works it cites
(``kg:citesIdentifier``) and of the works that cite it (``kg:citedByIdentifier``), all as
``scheme:value`` (``kg.ingest.ids``). Where one paper's cited identifier is another paper's
identifier, ``?citing cito:cites ?cited`` is stated. A build links at its end, after every paper is
in the store; a build into an existing store only looks at the identifiers it added, so a cited
paper that arrives in a later increment is linked then, from either side.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

import pyoxigraph as ox

from kg.rdf.store import Store
from kg.rdf.triples import cito

#: Past this many identifiers an increment links the whole graph again: one scan beats a huge VALUES block.
SCOPE_LIMIT = 20_000
LINKS = """SELECT DISTINCT ?citing ?cited WHERE {
  %s
  { ?citing kg:citesIdentifier ?id . ?cited kg:identifier ?id }
  UNION { ?cited kg:citedByIdentifier ?id . ?citing kg:identifier ?id }
  FILTER(?citing != ?cited)
  FILTER NOT EXISTS { ?citing cito:cites ?cited } }"""


def citation_links(store: Store, identifiers: Iterable[str] | None = None) -> Iterator[ox.Quad]:
    """``?citing cito:cites ?cited`` for the papers whose identifiers match and are not linked yet:
    all of them, or those matched through ``identifiers`` (the ones a build added)."""
    scope = ""
    if identifiers is not None:
        identifiers = sorted(set(identifiers))
        if not identifiers:
            return
        if len(identifiers) <= SCOPE_LIMIT:
            scope = "VALUES ?id { " + " ".join(str(ox.Literal(i)) for i in identifiers) + " }"
    for row in list(store.query(LINKS % scope)):  # read whole before the caller adds the links
        yield ox.Quad(row["citing"], cito.cites, row["cited"])
