"""What the CLI prints: rankings and a summary of the graph.

>>> rank(store, "authors", "pagerank", top=3)                       # doctest: +SKIP
   iri                                      label         pagerank  papers  degree
1  https://w3id.org/…/person/johan-suykens  Johan Suykens  0.21       6       5
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx

from kg.analytics import metrics
from kg.analytics.projections import coauthor_graph, coauthor_projection, method_cooccurrence_graph, paper_index
from kg.defaults import GRAPH_NAMES, METRICS
from kg.rdf.store import Store

if TYPE_CHECKING:
    import pandas as pd

GRAPHS = dict(zip(GRAPH_NAMES, (coauthor_graph, method_cooccurrence_graph)))

COUNTS = """
SELECT
  (COUNT(DISTINCT ?paper) AS ?papers)
  (COUNT(DISTINCT ?person) AS ?people)
  (COUNT(DISTINCT ?method) AS ?methods)
  (COUNT(DISTINCT ?source) AS ?sources)
WHERE {
  { ?paper a kg:Paper } UNION { ?person a foaf:Person } UNION { ?method a kg:Method }
  UNION { ?source a kg:SourceDocument }
}"""

#: Links counted, each by its own count (a count of one pattern reads an index: 0.1 s on 100k papers).
LINKS = {"mentions": "kg:mentions", "proposes": "kg:proposes", "extends": "kg:extends",
         "authorships": "dcterms:creator", "dataset_links": "kg:usesDataset"}
COUNT_LINKS = "SELECT (COUNT(*) AS ?n) WHERE { ?s %s ?o }"

PROPOSED = "SELECT (COUNT(DISTINCT ?m) AS ?n) WHERE { ?p kg:proposes ?m }"
EVIDENCE = "SELECT (COUNT(?e) AS ?n) WHERE { ?e a kg:Evidence }"
OWNERS = "SELECT (COUNT(DISTINCT ?person) AS ?n) WHERE { ?src kg:profileOwner ?person }"
#: What ``graph_counts`` reads of the store: counts Oxigraph makes while Python runs (a site reads
#: them into its snapshot in a thread, beside its own work).
COUNT_QUERIES = (COUNTS, *(COUNT_LINKS % p for p in LINKS.values()), PROPOSED, EVIDENCE, OWNERS)


def score_nodes(g: nx.Graph, metric: str) -> pd.Series:
    """One metric for every node of a projected graph (``papers``: papers naming/written)."""
    import pandas as pd
    if metric == "pagerank":
        return metrics.pagerank(g)
    if metric in ("degree", "weighted_degree"):
        return metrics.degrees(g)[metric]
    if metric == "betweenness":
        return metrics.betweenness(g)
    if metric == "papers":
        return pd.Series({n: len(d.get("papers", ())) for n, d in g.nodes(data=True)}, name="papers", dtype=int)
    raise ValueError(f"unknown metric {metric!r}: choose one of {', '.join(METRICS)}")


def rank(store: Store, what: str = "authors", metric: str = "pagerank", top: int = 20) -> pd.DataFrame:
    """The ``top`` authors (coauthor network) or methods (co-occurrence network) by ``metric``
    (``pagerank``, ``degree``, ``weighted_degree``, ``betweenness`` or ``papers``), ranked from 1,
    with ``iri``, ``label``, the metric, ``papers`` and ``degree``. Ties keep label order."""
    import pandas as pd
    if what not in GRAPHS:
        raise ValueError(f"unknown ranking {what!r}: choose one of {', '.join(GRAPHS)}")
    g = GRAPHS[what](store)
    score = score_nodes(g, metric)
    df = pd.DataFrame({
        "iri": list(g.nodes),
        "label": [d.get("label", n) for n, d in g.nodes(data=True)],
        metric: [score.get(n, 0) for n in g.nodes],
    })
    if metric != "papers":
        df["papers"] = [len(d.get("papers", ())) for _, d in g.nodes(data=True)]
    if metric != "degree":
        df["degree"] = [g.degree(n) for n in g.nodes]
    df = df.sort_values([metric, "label"], ascending=[False, True], kind="stable").head(top)
    df.index = pd.RangeIndex(1, len(df) + 1, name="rank")
    return df


def summary(store: Store) -> dict:
    """Counts of the graph (papers, people, methods, sources, links, evidence, years) and of
    its coauthor network (edges, components, largest component).

    >>> summary(store)["papers"]                                      # doctest: +SKIP
    52
    """
    return {**graph_counts(store), **coauthor_counts(store)}


def graph_counts(store: Store) -> dict:
    """The counts of ``summary`` read from the store and the paper tables."""
    out = dict(store.select(COUNTS)[0])
    out.update({k: store.select(COUNT_LINKS % p)[0]["n"] for k, p in LINKS.items()})
    years = [p["year"] for p in paper_index(store).values()]
    dated = [y for y in years if y is not None]
    out["first_year"], out["last_year"] = min(dated, default=None), max(dated, default=None)
    out["undated_papers"] = len(years) - len(dated)
    out["proposed_methods"] = store.select(PROPOSED)[0]["n"]
    out["evidence"] = store.select(EVIDENCE)[0]["n"]
    out["profile_owners"] = store.select(OWNERS)[0]["n"]
    return out


def coauthor_counts(store: Store) -> dict:
    """The counts of ``summary`` of the coauthor network, computed from the paper tables alone
    (the site computes them where it draws the networks)."""
    co = coauthor_projection(store)
    comps = co.components()
    return {"coauthor_edges": co.edges, "coauthor_components": len(comps), "largest_component": comps[0] if comps else 0}
