"""Networks projected from the graph, read through SPARQL so they work on any store. On a
``Snapshot`` each is read and built once (and shared: never change what they return).

Every graph carries plain attributes: nodes have ``label``, ``kind`` (``person``, ``paper`` or
``method``), ``papers`` (sorted paper IRIs) and ``years`` (sorted ints, undated papers left out);
undirected edges have ``weight`` (number of papers) and ``years``.

>>> from kg.analytics.projections import coauthor_graph
>>> g = coauthor_graph(store)                          # doctest: +SKIP
>>> g.edges["…/person/qinghua-tao", "…/person/johan-suykens"]["weight"]   # doctest: +SKIP
5
"""
from __future__ import annotations

import itertools
import re
from collections import Counter, defaultdict

import networkx as nx

from kg.rdf.store import Store, kept

PAPERS = """
SELECT ?paper ?title ?start ?year ?url WHERE {
  ?paper a kg:Paper .
  OPTIONAL { ?paper dcterms:title ?title }
  OPTIONAL { ?paper dcterms:abstract ?abstract BIND(SUBSTR(STR(?abstract), 1, 300) AS ?start) }
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
  OPTIONAL { ?paper schema:url ?url }
}"""

CREATORS = """
SELECT ?paper ?person ?year WHERE {
  ?paper a kg:Paper ; dcterms:creator ?person .
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
}"""

CATEGORIES = """
SELECT ?paper ?category ?label ?notation WHERE {
  ?paper a kg:Paper ; dcterms:subject ?category .
  OPTIONAL { ?category skos:prefLabel ?label }
  OPTIONAL { ?category skos:notation ?notation }
}"""

PROPOSERS = "SELECT ?method ?paper WHERE { ?paper kg:proposes ?method }"

PEOPLE = """
SELECT ?person ?name WHERE { ?person a foaf:Person . OPTIONAL { ?person foaf:name ?name } }"""

METHODS = """
SELECT ?method ?label ?family WHERE {
  ?method a kg:Method .
  OPTIONAL { ?method skos:prefLabel ?label }
  OPTIONAL { ?method skos:broader ?parent . ?parent skos:prefLabel ?family }
}"""

PAPER_METHODS = """
SELECT ?paper ?method ?relation ?year WHERE {
  VALUES ?relation { kg:mentions kg:proposes kg:uses kg:comparesWith }
  ?paper a kg:Paper ; ?relation ?method .
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
}"""

AUTHOR_METHODS = """
SELECT ?person ?method ?paper ?year ?proposed WHERE {
  ?paper dcterms:creator ?person ; kg:mentions ?method .
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
  BIND(EXISTS { ?paper kg:proposes ?method } AS ?proposed)
}"""

EXTENDS = """
SELECT ?method ?base ?sentence WHERE {
  ?method kg:extends ?base .
  OPTIONAL { ?e kg:subject ?method ; kg:predicate kg:extends ; kg:object ?base ; kg:sentence ?sentence }
}"""

#: The relations a paper has to a method, most specific first.
RELATIONS = ("proposes", "uses", "comparesWith", "mentions")

_YEAR = re.compile(r"-?\d{1,4}")


def year_of(value) -> int | None:
    """The year in an ``xsd:gYear`` value, or None: never a guess.

    >>> year_of("2024"), year_of("2024-05-01"), year_of(None), year_of("n.d.")
    (2024, 2024, None, None)
    """
    if value is None:
        return None
    m = _YEAR.match(str(value).strip())
    return int(m.group()) if m else None


def local_name(iri: str) -> str:
    """The last segment of an IRI.

    >>> local_name("https://w3id.org/research-kg/ontology#comparesWith")
    'comparesWith'
    """
    return re.split(r"[#/]", iri)[-1]


def paper_label(title: str | None, abstract_start: str | None, width: int = 90) -> str:
    """A paper's title, or the start of its abstract where it has none.

    >>> paper_label(None, "Neural networks trained to solve modular arithmetic tasks exhibit grokking", 40)
    'Neural networks trained to solve…'
    >>> paper_label(None, None)
    '(untitled paper)'
    """
    if title:
        return title
    if not abstract_start:
        return "(untitled paper)"
    text = " ".join(abstract_start.split())
    if len(text) <= width:
        return text
    return text[:width].rsplit(" ", 1)[0] + "…"


@kept
def paper_index(store: Store) -> dict[str, dict]:
    """Every paper as ``{label, title, year, url}``, keyed by IRI (the label falls back to the
    start of the abstract)."""
    out: dict[str, dict] = {}
    for r in store.select(PAPERS):
        p = out.setdefault(r["paper"], {"title": None, "start": None, "year": None, "url": None})
        p["title"] = p["title"] or r["title"]
        p["start"] = p["start"] or r["start"]
        y = year_of(r["year"])
        if y is not None and (p["year"] is None or y < p["year"]):
            p["year"] = y
        if r["url"] and str(r["url"]).startswith(("http://", "https://")):
            p["url"] = r["url"]
    for p in out.values():
        p["label"] = paper_label(p["title"], p.pop("start"))
    return out


@kept
def paper_categories(store: Store) -> dict[str, list[str]]:
    """The categories of every paper that has some (their labels, else notations), keyed by IRI."""
    out: dict[str, set] = defaultdict(set)
    for r in store.select(CATEGORIES):
        out[r["paper"]].add(r["label"] or r["notation"] or local_name(r["category"]))
    return {p: sorted(c) for p, c in out.items()}


@kept
def proposing_papers(store: Store) -> dict[str, list[str]]:
    """The papers proposing each method, keyed by method IRI."""
    out: dict[str, set] = defaultdict(set)
    for r in store.select(PROPOSERS):
        out[r["method"]].add(r["paper"])
    return {m: sorted(ps) for m, ps in out.items()}


#: The years and coauthors of some people (``VALUES ?person``), to tell homonyms apart.
HOMONYM_FACTS = """SELECT ?person ?year ?coauthor WHERE { %s ?paper dcterms:creator ?person .
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
  OPTIONAL { ?paper dcterms:creator ?other FILTER(?other != ?person) ?other foaf:name ?coauthor } }"""


@kept
def person_names(store: Store) -> dict[str, str]:
    """Display name of every person, keyed by IRI; people who share a display name (homonyms
    the build told apart) are labelled with their years and their most frequent coauthor:
    "Wei Wang (2019–2021, with Ann Alder)"."""
    from kg.query.explain import label

    names = {r["person"]: r["name"] or local_name(r["person"]) for r in store.select(PEOPLE)}
    shared = Counter(names.values())
    homonyms = sorted(p for p, n in names.items() if shared[n] > 1)
    if not homonyms:
        return names
    years: dict[str, set[int]] = defaultdict(set)
    coauthors: dict[str, Counter] = defaultdict(Counter)
    for start in range(0, len(homonyms), 1000):
        values = "VALUES ?person { " + " ".join(f"<{p}>" for p in homonyms[start:start + 1000]) + " }"
        for r in store.select(HOMONYM_FACTS % values):
            if (y := year_of(r["year"])) is not None:
                years[r["person"]].add(y)
            if r["coauthor"]:
                coauthors[r["person"]][r["coauthor"]] += 1
    for p in homonyms:
        top = sorted(coauthors[p].items(), key=lambda kv: (-kv[1], kv[0]))[:1]
        names[p] = label({"name": names[p], "first": min(years[p], default=None), "last": max(years[p], default=None),
                          "coauthors": [f"{n} ({c})" for n, c in top]})
    return names


@kept
def method_index(store: Store) -> dict[str, dict]:
    """Every method as ``{label, family}`` (family: the label of a broader method, or None)."""
    out: dict[str, dict] = {}
    for r in store.select(METHODS):
        m = out.setdefault(r["method"], {"label": None, "family": None})
        m["label"] = m["label"] or r["label"]
        m["family"] = m["family"] or r["family"]
    for iri, m in out.items():
        m["label"] = m["label"] or local_name(iri)
    return out


def _sorted_years(years) -> list[int]:
    return sorted({y for y in years if y is not None})


def _incidence_projection(rows, key: str, attrs: dict[str, dict]) -> nx.Graph:
    """One-mode projection of a paper × ``key`` incidence: nodes share an edge per shared paper."""
    members: dict[str, set] = defaultdict(set)
    dates: dict[str, set] = defaultdict(set)
    for r in rows:
        members[r["paper"]].add(r[key])
        dates[r["paper"]].add(year_of(r["year"]))
    paper_year = {p: min((y for y in ys if y is not None), default=None) for p, ys in dates.items()}
    g = nx.Graph()
    node_papers: dict[str, set] = defaultdict(set)
    edge_papers: dict[tuple, set] = defaultdict(set)
    for paper, nodes in members.items():
        for n in nodes:
            node_papers[n].add(paper)
        for a, b in itertools.combinations(sorted(nodes), 2):
            edge_papers[a, b].add(paper)
    # Nodes and edges in sorted order: the same graph, read from a store built at once or in steps,
    # gives the same PageRank ties, communities and layout.
    for n in sorted(node_papers):
        papers = node_papers[n]
        g.add_node(n, **attrs.get(n, {}), papers=sorted(papers),
                   years=_sorted_years(paper_year[p] for p in papers))
    for (a, b), papers in sorted(edge_papers.items()):
        g.add_edge(a, b, weight=len(papers), years=_sorted_years(paper_year[p] for p in papers))
    return g


@kept
def coauthor_graph(store: Store) -> nx.Graph:
    """People who wrote at least one paper; an edge per pair of coauthors, ``weight`` = joint
    papers, ``years`` = the years of those papers.

    >>> g = coauthor_graph(store)                                   # doctest: +SKIP
    >>> g.nodes[tonin]["label"], len(g.nodes[tonin]["papers"])      # doctest: +SKIP
    ('Francesco Tonin', 6)
    """
    names = person_names(store)
    attrs = {p: {"label": n, "kind": "person"} for p, n in names.items()}
    return _incidence_projection(store.select(CREATORS), "person", attrs)


@kept
def method_cooccurrence_graph(store: Store) -> nx.Graph:
    """Methods named by at least one paper; an edge per pair named in the same abstract,
    ``weight`` = papers naming both. Nodes carry ``family`` (a broader method) too."""
    methods = method_index(store)
    attrs = {m: {"label": v["label"], "family": v["family"], "kind": "method"} for m, v in methods.items()}
    rows = [r for r in store.select(PAPER_METHODS) if r["relation"].endswith("#mentions")]
    rows = [{"paper": r["paper"], "method": r["method"], "year": r["year"]} for r in rows]
    return _incidence_projection(rows, "method", attrs)


def paper_method_graph(store: Store) -> nx.Graph:
    """Bipartite papers × methods (node attribute ``bipartite`` 0 for papers, 1 for methods);
    edge ``relations`` lists what the paper does with the method, most specific first
    (``proposes``, ``uses``, ``comparesWith``, ``mentions``), ``relation`` is the first."""
    papers = paper_index(store)
    methods = method_index(store)
    rels: dict[tuple, set] = defaultdict(set)
    for r in store.select(PAPER_METHODS):
        rels[r["paper"], r["method"]].add(local_name(r["relation"]))
    g = nx.Graph()
    for (p, m), rs in rels.items():
        info = papers.get(p, {"label": local_name(p), "year": None})
        g.add_node(p, label=info["label"], kind="paper", bipartite=0,
                   years=[info["year"]] if info["year"] is not None else [])
        mi = methods.get(m, {"label": local_name(m), "family": None})
        g.add_node(m, label=mi["label"], family=mi["family"], kind="method", bipartite=1)
        ordered = [x for x in RELATIONS if x in rs]
        g.add_edge(p, m, relations=ordered, relation=ordered[0], weight=1)
    return g


def author_method_graph(store: Store) -> nx.Graph:
    """Bipartite people × methods (``bipartite`` 0 / 1): an edge when a person wrote a paper
    naming the method, ``weight`` = such papers, ``proposed`` = those proposing it, ``years``."""
    names = person_names(store)
    methods = method_index(store)
    papers: dict[tuple, set] = defaultdict(set)
    proposed: dict[tuple, set] = defaultdict(set)
    years: dict[tuple, set] = defaultdict(set)
    for r in store.select(AUTHOR_METHODS):
        key = r["person"], r["method"]
        papers[key].add(r["paper"])
        if r["proposed"]:
            proposed[key].add(r["paper"])
        years[key].add(year_of(r["year"]))
    g = nx.Graph()
    for (a, m), ps in papers.items():
        g.add_node(a, label=names.get(a, local_name(a)), kind="person", bipartite=0)
        mi = methods.get(m, {"label": local_name(m), "family": None})
        g.add_node(m, label=mi["label"], family=mi["family"], kind="method", bipartite=1)
        g.add_edge(a, m, weight=len(ps), proposed=len(proposed[a, m]), years=_sorted_years(years[a, m]))
    return g


@kept
def method_lineage_graph(store: Store) -> nx.DiGraph:
    """Methods linked by ``kg:extends`` (an edge A → B when A extends B, with the ``evidence``
    sentences). Every method a paper proposes is a node too. Node ``year`` is the year of the
    earliest paper proposing it, else of the earliest paper naming it (``year_from`` says which:
    ``proposed``, ``first mention`` or None when no dated paper names it).

    >>> lg = method_lineage_graph(store)                            # doctest: +SKIP
    >>> sorted(lg.predecessors(ksvd))                               # doctest: +SKIP
    ['…/method/kep-svgp', '…/method/primal-attention']
    """
    methods = method_index(store)
    proposed_in: dict[str, set] = defaultdict(set)
    first_seen: dict[str, int] = {}
    proposers: dict[str, set] = defaultdict(set)
    for r in store.select(PAPER_METHODS):
        m, y = r["method"], year_of(r["year"])
        if r["relation"].endswith("#proposes"):
            proposers[m].add(r["paper"])
            if y is not None:
                proposed_in[m].add(y)
        if y is not None and y < first_seen.get(m, 10_000):
            first_seen[m] = y
    g = nx.DiGraph()

    def add(m):
        if m in g:
            return
        if proposed_in[m]:
            year, source = min(proposed_in[m]), "proposed"
        elif m in first_seen:
            year, source = first_seen[m], "first mention"
        else:
            year, source = None, None
        info = methods.get(m, {"label": local_name(m), "family": None})
        g.add_node(m, label=info["label"], family=info["family"], kind="method",
                   year=year, year_from=source, proposed_by=sorted(proposers[m]))

    for m in proposers:
        add(m)
    for r in store.select(EXTENDS):
        add(r["method"])
        add(r["base"])
        if not g.has_edge(r["method"], r["base"]):
            g.add_edge(r["method"], r["base"], relation="extends", evidence=[])
        if r["sentence"] and r["sentence"] not in g.edges[r["method"], r["base"]]["evidence"]:
            g.edges[r["method"], r["base"]]["evidence"].append(r["sentence"])
    return g
