"""Citations between the papers of the corpus, from the identifiers the sources give.

A paper holds its identifiers (``kg:identifier "doi:10.…"``), those of the works it cites
(``kg:citesIdentifier``) and of the works that cite it (``kg:citedByIdentifier``), all as
``scheme:value`` (``kg.ingest.ids``). Where one paper's cited identifier is another paper's
identifier, ``?citing cito:cites ?cited`` is stated. A build links at its end, after every paper is
in the store; a build into an existing store only links the papers it added or gave identifiers,
both ways, so a cited paper that arrives in a later increment is linked then.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

import pyoxigraph as ox

from kg.rdf.store import Store
from kg.rdf.triples import cito, paper_iri

#: Past this many papers an increment links the whole graph again: one scan beats a huge VALUES block.
SCOPE_LIMIT = 20_000
#: Every citation. The identifiers first: fewer than the cited ones, each looked up once (about
#: twice as fast as starting from the cited identifiers, measured by benchmarks/citations.py).
ALL_LINKS = """SELECT DISTINCT ?citing ?cited WHERE {
  { ?cited kg:identifier ?id . ?citing kg:citesIdentifier ?id }
  UNION { ?citing kg:identifier ?id . ?cited kg:citedByIdentifier ?id }
  FILTER(?citing != ?cited) }"""
#: The citations from and to the papers ``?p`` (a VALUES block in each branch, so that each
#: branch starts from them).
LINKS_OF = """SELECT DISTINCT ?citing ?cited WHERE {
  { %(p)s ?p kg:citesIdentifier ?id . ?cited kg:identifier ?id BIND(?p AS ?citing) }
  UNION { %(p)s ?p kg:identifier ?id . ?citing kg:citesIdentifier ?id BIND(?p AS ?cited) }
  UNION { %(p)s ?p kg:citedByIdentifier ?id . ?citing kg:identifier ?id BIND(?p AS ?cited) }
  UNION { %(p)s ?p kg:identifier ?id . ?cited kg:citedByIdentifier ?id BIND(?p AS ?citing) }
  FILTER(?citing != ?cited) }"""


def citation_links(store: Store, papers: Iterable[str] | None = None) -> Iterator[ox.Quad]:
    """``?citing cito:cites ?cited`` for the papers whose identifiers match: all of them, or those
    from and to ``papers`` (keys: the ones a build added or gave identifiers)."""
    query = ALL_LINKS
    if papers is not None:
        keys = sorted(set(papers))
        if not keys:
            return
        if len(keys) <= SCOPE_LIMIT:
            query = LINKS_OF % {"p": "VALUES ?p { " + " ".join(str(paper_iri(key)) for key in keys) + " }"}
    for row in list(store.query(query)):  # read whole before the caller adds the links
        yield ox.Quad(row["citing"], cito.cites, row["cited"])
