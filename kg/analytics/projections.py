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
from collections.abc import Iterable
from dataclasses import dataclass, field

import networkx as nx
import numpy as np
import pyoxigraph as ox
import scipy.sparse
import scipy.sparse.csgraph

from kg.rdf.delta import PAPER_PREFIX
from kg.rdf.store import Store, kept, to_python

#: The tables the views read of every paper (or, through ``%s``, of some: ``PaperTables.read``).
PAPER_FACTS = """
SELECT ?paper ?title ?start ?year ?url WHERE { %s
  ?paper a kg:Paper .
  OPTIONAL { ?paper dcterms:title ?title }
  OPTIONAL { ?paper dcterms:abstract ?abstract BIND(SUBSTR(STR(?abstract), 1, 300) AS ?start) }
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
  OPTIONAL { ?paper schema:url ?url }
}"""
PAPERS = PAPER_FACTS % ""

PAPER_CREATORS = """
SELECT ?paper ?person ?name WHERE { %s ?paper a kg:Paper ; dcterms:creator ?person . OPTIONAL { ?person foaf:name ?name } }"""

PAPER_CATEGORIES = """
SELECT ?paper ?category ?label ?notation WHERE { %s
  ?paper a kg:Paper ; dcterms:subject ?category .
  OPTIONAL { ?category skos:prefLabel ?label }
  OPTIONAL { ?category skos:notation ?notation }
}"""

#: Every paper's creators and every name, and what every subject does with methods and models (a
#: paper using a pretrained model ``usesModel``): index scans, joined with the papers here. Reading
#: every paper, Oxigraph's joins with ``?paper a kg:Paper`` and the names cost more than the scans
#: (20k papers: creators 2.1 -> 1.1 CPU-s, links 0.7 -> 0.4).
ALL_CREATORS = "SELECT ?paper ?person WHERE { ?paper dcterms:creator ?person }"
#: Every paper, and each of its facts in ``PAPER_FACTS`` by a scan of its own: 20k papers, 1.6 ->
#: 1.2-1.3 CPU-s (Oxigraph's four OPTIONAL joins cost more than the scans).
ALL_PAPERS = "SELECT ?paper WHERE { ?paper a kg:Paper }"
ALL_FACTS = (
    "SELECT ?paper ?title WHERE { ?paper dcterms:title ?title }",
    "SELECT ?paper ?start WHERE { ?paper dcterms:abstract ?abstract BIND(SUBSTR(STR(?abstract), 1, 300) AS ?start) }",
    "SELECT ?paper ?year WHERE { ?paper fabio:hasPublicationYear ?year }",
    "SELECT ?paper ?url WHERE { ?paper schema:url ?url }",
)
ALL_NAMES = "SELECT ?person ?name WHERE { ?person foaf:name ?name }"
LINKS = """
SELECT ?paper ?method ?relation WHERE {
  VALUES ?relation { kg:mentions kg:proposes kg:uses kg:comparesWith kg:usesModel }
  ?paper ?relation ?method .
}"""
#: The same of some papers (``%s``: their VALUES), a union of one pattern each: with ``VALUES
#: ?relation`` Oxigraph reads every link before it joins the papers asked for (26 s for 200 papers
#: of 100k, 0.1 s this way; reading all, the union is slower).
PAPER_LINKS = """
SELECT ?paper ?method ?relation WHERE { %s
  ?paper a kg:Paper .
  { ?paper kg:mentions ?method BIND(kg:mentions AS ?relation) } UNION { ?paper kg:proposes ?method BIND(kg:proposes AS ?relation) }
  UNION { ?paper kg:uses ?method BIND(kg:uses AS ?relation) }
  UNION { ?paper kg:comparesWith ?method BIND(kg:comparesWith AS ?relation) }
  UNION { ?paper kg:usesModel ?method BIND(kg:usesModel AS ?relation) }
}"""

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
    if type(value) is int and -9999 <= value <= 9999:  # as read from a store or a site's tables
        return value
    m = _YEAR.match(str(value).strip())
    return int(m.group()) if m else None


def local_name(iri: str) -> str:
    """The last segment of an IRI.

    >>> local_name("https://w3id.org/research-kg/ontology#comparesWith")
    'comparesWith'
    """
    return iri[max(iri.rfind("#"), iri.rfind("/")) + 1:]


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


def values_block(var: str, iris: list[str]) -> str:
    """A VALUES block binding ``var`` to IRIs (each checked and serialised as an RDF term)."""
    return f"VALUES ?{var} {{ " + " ".join(str(ox.NamedNode(i)) for i in iris) + " }"


#: Papers per query when some papers' tables are read (a query's VALUES stays small).
PAPERS_PER_QUERY = 500


@dataclass
class PaperTables:
    """What the views read of each paper, keyed by paper IRI: its facts (``paper_index``), its
    creators and their names, its categories and its links to methods and models. A fresh site
    reads them whole; after an increment only the papers it touched are read again (``update``),
    so the site costs what the increment adds. Plain values, each aggregated in an order of its
    own (never the order rows come in): a site keeps them in its folder for the next increment
    (``kg.views.kept``)."""

    papers: dict[str, dict] = field(default_factory=dict)  # {label, title, year, url}
    creators: dict[str, list[str]] = field(default_factory=dict)  # sorted person IRIs
    names: dict[str, str] = field(default_factory=dict)  # person (who wrote a paper) -> name
    categories: dict[str, list[str]] = field(default_factory=dict)  # sorted labels, of papers having some
    links: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # sorted (method, relation) pairs

    @classmethod
    def read(cls, store: Store, papers: list[str] | None = None) -> "PaperTables":
        """The tables of every paper, or of ``papers`` (IRIs) only."""
        t = cls()
        chunks = [""] if papers is None else [values_block("paper", papers[i:i + PAPERS_PER_QUERY])
                                              for i in range(0, len(papers), PAPERS_PER_QUERY)]
        facts: dict[str, dict] = defaultdict(lambda: {"title": set(), "start": set(), "year": set(), "url": set()})
        creators, names, cats, links = defaultdict(set), defaultdict(set), defaultdict(set), defaultdict(set)
        for values in chunks:
            if values:
                for r in store.select(PAPER_FACTS % values):
                    _add_facts(facts[r["paper"]], r)
                for r in store.select(PAPER_CREATORS % values):
                    creators[r["paper"]].add(r["person"])
                    names[r["person"]].add(r["name"] or local_name(r["person"]))
            else:
                for r in store.select(ALL_PAPERS):
                    facts[r["paper"]]  # every paper, whether it has facts or not, in the store's order
                for query in ALL_FACTS:
                    for r in store.select(query):
                        if r["paper"] in facts:
                            _add_facts(facts[r["paper"]], r)
                named: dict[str, set] = defaultdict(set)
                for r in store.select(ALL_NAMES):
                    named[r["person"]].add(r["name"])
                for r in store.select(ALL_CREATORS):
                    if r["paper"] in facts:
                        creators[r["paper"]].add(r["person"])
                        names[r["person"]] |= named.get(r["person"]) or {local_name(r["person"])}
            for r in store.select(PAPER_CATEGORIES % values):
                cats[r["paper"]].add(r["label"] or r["notation"] or local_name(r["category"]))
            for r in store.select(PAPER_LINKS % values if values else LINKS):
                if r["paper"] in facts:
                    links[r["paper"]].add((r["method"], local_name(r["relation"])))
        for p, f in facts.items():
            title = min(f["title"], default=None)
            t.papers[p] = {"title": title, "year": min(f["year"], default=None), "url": min(f["url"], default=None),
                           "label": paper_label(title, min(f["start"], default=None))}
        t.creators = {p: sorted(ps) for p, ps in creators.items()}
        t.names = {a: min(ns) for a, ns in names.items()}
        t.categories = {p: sorted(cs) for p, cs in cats.items()}
        t.links = {p: sorted(ls) for p, ls in links.items()}
        return t

    def update(self, store: Store, touched: set[str]) -> set[str]:
        """Read again the papers in ``touched`` (IRIs of papers, and of people) as the store holds
        them now, and drop those it no longer holds; returns the papers read. Of a touched person
        only the name is read again, and the papers they joined or left: a person's statements
        change (a display name, identity notes) while their papers stay as they were."""
        papers = {x for x in touched if x.startswith(PAPER_PREFIX)}
        people = sorted(x for x in touched if not x.startswith(PAPER_PREFIX))
        names: dict[str, set] = defaultdict(set)
        if people:
            wanted = set(people)
            before = {(a, p) for p, ps in self.creators.items() for a in ps if a in wanted}
            now, named = set(), defaultdict(set)
            for i in range(0, len(people), PAPERS_PER_QUERY):
                values = values_block("person", people[i:i + PAPERS_PER_QUERY])
                # (a paper of the tables or a touched one: the kept tables are those of the store before)
                now |= {(r["person"], r["paper"]) for r in store.select(PEOPLES_PAPERS % values)
                        if r["paper"] in self.papers or r["paper"] in papers}
                for r in store.select(PEOPLES_NAMES % values):
                    named[r["person"]].add(r["name"])
            for a, _ in now:
                names[a] = named.get(a) or {local_name(a)}
            papers |= {p for _, p in before ^ now}
        fresh = PaperTables.read(store, sorted(papers))
        # the names are those of the people writing a paper: only one who wrote a paper read again may have left
        left = {a for p in papers for a in self.creators.get(p, ())}
        for table in ("papers", "creators", "categories", "links"):
            mine = getattr(self, table)
            for p in papers:
                mine.pop(p, None)
            mine.update(getattr(fresh, table))
        left -= {a for ps in fresh.creators.values() for a in ps}
        if left:
            left -= {a for ps in self.creators.values() for a in ps if a in left}
        self.names.update({a: min(ns) for a, ns in names.items()})
        self.names.update(fresh.names)
        for a in left:
            self.names.pop(a, None)
        return papers

    def copy(self) -> "PaperTables":
        """A copy whose tables ``update`` leaves as they are (their values are shared)."""
        return PaperTables(dict(self.papers), dict(self.creators), dict(self.names), dict(self.categories),
                           dict(self.links))


def _add_facts(f: dict[str, set], r: dict) -> None:
    """A row's facts of a paper (of ``PAPER_FACTS``, or of one of ``ALL_FACTS``) added to its sets."""
    for key in ("title", "start"):
        if r.get(key):
            f[key].add(r[key])
    if (y := year_of(r.get("year"))) is not None:
        f["year"].add(y)
    if (url := r.get("url")) and str(url).startswith(("http://", "https://")):
        f["url"].add(str(url))


#: The variables of the queries whose rows ``Gathered`` makes.
_COLUMNS = {ALL_PAPERS: ("paper",), ALL_NAMES: ("person", "name"), ALL_CREATORS: ("paper", "person"),
            LINKS: ("paper", "method", "relation"),
            **{query: ("paper", fact) for query, fact in zip(ALL_FACTS, ("title", "start", "year", "url"))}}


#: The kinds of statements ``Gathered.watch`` takes rows from.
_TYPE, _ROWS, _LINK, _VALUES, _START = "type", "rows", "link", "values", "start"


class Gathered:
    """The rows of the queries ``PaperTables.read`` asks of a whole store, gathered from the
    statements a fresh build gives its store as it goes (``watch``), for its site to take as their
    answers (``Snapshot.answer``) instead of reading them back. 20k papers: the tables cost the
    site 1.2 CPU-s instead of 4.3, gathering 1.2 while the workers extract. Only for a store that
    held nothing before and from which the build deletes none of these statements. A row's values
    are as ``Store.select`` gives them; rows are distinct, as the statements are."""

    def __init__(self) -> None:
        from kg.rdf.triples import A, dcterms, fabio, foaf, kg, schema, skos

        self._paper = kg.Paper
        self._facts: dict[str, set[tuple]] = {query: set() for query in _COLUMNS}
        self._subjects: set[tuple] = set()  # (paper, category) of dcterms:subject
        self._labels: dict[str, set] = defaultdict(set)  # the skos:prefLabels of a subject
        self._notations: dict[str, set] = defaultdict(set)
        title, start, year, url = ALL_FACTS
        rows = {dcterms.title: self._facts[title], fabio.hasPublicationYear: self._facts[year],
                schema.url: self._facts[url], foaf.name: self._facts[ALL_NAMES],
                dcterms.creator: self._facts[ALL_CREATORS], dcterms.subject: self._subjects}
        links = {kg[r]: kg[r].value for r in ("mentions", "proposes", "uses", "comparesWith", "usesModel")}
        # predicate -> what its statements give, and where: the (subject, object) rows, a link's
        # relation, the values by subject
        self._kinds = {**{p: (_ROWS, into) for p, into in rows.items()},
                       **{p: (_LINK, relation) for p, relation in links.items()},
                       skos.prefLabel: (_VALUES, self._labels), skos.notation: (_VALUES, self._notations),
                       A: (_TYPE, None), dcterms.abstract: (_START, self._facts[start])}

    def watch(self, quads: Iterable[ox.Quad]) -> None:
        """Gather what ``quads``, given to the store, add to the rows."""
        # One look-up tells the predicate's kind, and most statements (evidence) are of none: 20k
        # papers, 1.7 -> 1.3 CPU-s.
        kinds = self._kinds
        papers, links, paper = self._facts[ALL_PAPERS], self._facts[LINKS], self._paper
        default = ox.DefaultGraph()
        for quad in quads:
            kind = kinds.get(quad.predicate)
            if kind is None or quad.graph_name != default:
                continue
            what, into = kind
            if what is _TYPE:
                if quad.object == paper:
                    papers.add((to_python(quad.subject),))
            elif what is _ROWS:
                into.add((to_python(quad.subject), to_python(quad.object)))
            elif what is _LINK:
                links.add((to_python(quad.subject), to_python(quad.object), into))
            elif what is _VALUES:
                into[to_python(quad.subject)].add(to_python(quad.object))
            elif not isinstance(quad.object, ox.BlankNode):
                # SUBSTR(STR(?abstract), 1, 300): characters, as Python counts them
                into.add((to_python(quad.subject), quad.object.value[:300]))

    def answers(self) -> dict[str, list[dict]]:
        """Each query's rows, as ``Store.select`` gives them."""
        out = {}
        for query, rows in self._facts.items():
            out[query] = [dict(zip(_COLUMNS[query], row)) for row in rows]
        papers = {paper for paper, in self._facts[ALL_PAPERS]}
        out[PAPER_CATEGORIES % ""] = [
            {"paper": paper, "category": category, "label": label, "notation": notation}
            for paper, category in self._subjects if paper in papers
            for label in self._labels.get(category) or (None,) for notation in self._notations.get(category) or (None,)]
        return out


#: The papers some people (``%s``: their VALUES) wrote, and their names, asked apart: joined with
#: ``?paper a kg:Paper`` and the names, the 1,330 people an increment of 1% to 100k papers restates
#: took 0.64-0.94 CPU-s, 0.20 this way.
PEOPLES_PAPERS = "SELECT ?person ?paper WHERE { %s ?paper dcterms:creator ?person }"
PEOPLES_NAMES = "SELECT ?person ?name WHERE { %s ?person foaf:name ?name }"


@kept
def paper_tables(store: Store) -> PaperTables:
    """Every paper's tables (on a ``Snapshot`` a site gave them to, the tables it kept)."""
    return PaperTables.read(store)


def paper_index(store: Store) -> dict[str, dict]:
    """Every paper as ``{label, title, year, url}``, keyed by IRI (the label falls back to the
    start of the abstract)."""
    return paper_tables(store).papers


def paper_categories(store: Store) -> dict[str, list[str]]:
    """The categories of every paper that has some (their labels, else notations), keyed by IRI."""
    return paper_tables(store).categories


@kept
def proposing_papers(store: Store) -> dict[str, list[str]]:
    """The papers proposing each method, keyed by method IRI."""
    out: dict[str, list] = defaultdict(list)
    for p, links in paper_tables(store).links.items():
        for m, relation in links:
            if relation == "proposes":
                out[m].append(p)
    return {m: sorted(ps) for m, ps in out.items()}


@kept
def person_names(store: Store) -> dict[str, str]:
    """Display name of everyone who wrote a paper, keyed by IRI; people who share a display name
    (homonyms the build told apart) are labelled with their years and their most frequent
    coauthor: "Wei Wang (2019–2021, with Ann Alder)"."""
    from kg.query.explain import label

    t = paper_tables(store)
    names = dict(t.names)
    shared = Counter(names.values())
    homonyms = {p for p, n in names.items() if shared[n] > 1}
    if not homonyms:
        return names
    years: dict[str, set[int]] = defaultdict(set)
    coauthors: dict[str, Counter] = defaultdict(Counter)
    for paper, people in t.creators.items():
        for p in homonyms.intersection(people):
            if (y := t.papers.get(paper, {}).get("year")) is not None:
                years[p].add(y)
            coauthors[p].update(t.names[o] for o in people if o != p)
    for p in sorted(homonyms):
        top = sorted(coauthors[p].items(), key=lambda kv: (-kv[1], kv[0]))[:1]
        names[p] = label({"name": names[p], "first": min(years[p], default=None), "last": max(years[p], default=None),
                          "coauthors": [f"{n} ({c})" for n, c in top]})
    return names


@kept
def method_index(store: Store) -> dict[str, dict]:
    """Every method as ``{label, family}`` (family: the label of a broader method, or None; a site
    takes it from its ``LineIndex``, which reads the same labels)."""
    labels, families = defaultdict(set), defaultdict(set)
    for r in store.select(METHODS):
        labels[r["method"]].add(r["label"])
        families[r["method"]].add(r["family"])
    return {m: method_entry(m, labels[m] - {None}, families[m] - {None}) for m in labels}


def method_entry(iri: str, labels: Iterable[str], families: Iterable[str]) -> dict:
    """A method of ``method_index``, of its preferred labels and its broader methods' (the least of
    each, never the first a store gives)."""
    return {"label": min(labels, default=None) or local_name(iri), "family": min(families, default=None)}


def _sorted_years(years) -> list[int]:
    return sorted({y for y in years if y is not None})


class Projection:
    """The one-mode projection of a paper × node incidence (people who wrote a paper, methods a
    paper names): nodes share a link per shared paper. Held as sparse matrices, built in bulk (a
    100k-paper graph in a second), so that the whole of it is ranked without a NetworkX graph;
    ``graph`` draws all or part of it as one.

    >>> p = Projection({"p1": ["a", "b"], "p2": ["a", "b", "c"]}, {"p1": 2020, "p2": 2021}, {})
    >>> p.nodes, p.edges, p.graph().edges["a", "b"]
    (['a', 'b', 'c'], 3, {'weight': 2, 'years': [2020, 2021]})
    """

    def __init__(self, members: dict[str, list[str]], years: dict[str, int | None], attrs: dict[str, dict]):
        self.papers = sorted(p for p, ns in members.items() if ns)
        # in bulk: a 100k-paper graph's 300k authorships in 0.9 CPU-s, against 1.3 a node at a time
        flat = list(itertools.chain.from_iterable(map(members.__getitem__, self.papers)))
        self.nodes = sorted(set(flat))
        index = dict(zip(self.nodes, range(len(self.nodes))))
        cols = np.fromiter(map(index.__getitem__, flat), dtype=np.int64, count=len(flat))
        rows = np.repeat(np.arange(len(self.papers)),
                         np.fromiter(map(len, map(members.__getitem__, self.papers)), dtype=np.int64, count=len(self.papers)))
        incidence = scipy.sparse.csc_array((np.ones(len(rows)), (rows, cols)), shape=(len(self.papers), len(self.nodes)))
        incidence.sum_duplicates()
        incidence.data[:] = 1.0  # a node named twice by one paper shares it once
        self.incidence = incidence
        adjacency = (incidence.T @ incidence).tocsr()
        adjacency.setdiag(0)
        adjacency.eliminate_zeros()
        adjacency.sort_indices()
        self.adjacency = adjacency  # weight: shared papers
        self.edges = adjacency.nnz // 2
        self.years = years
        self.attrs = attrs

    def papers_of(self, i: int) -> list[str]:
        """The papers of the ``i``-th node, sorted."""
        a = self.incidence
        return [self.papers[k] for k in a.indices[a.indptr[i]:a.indptr[i + 1]]]

    def graph(self, nodes=None) -> nx.Graph:
        """The projection on some nodes (indices into ``nodes``; all by default) as a NetworkX
        graph, nodes and links in sorted order (the same graph, read from a store built at once or
        in steps, gives the same PageRank ties, communities and layout)."""
        keep = range(len(self.nodes)) if nodes is None else sorted(nodes)
        inside = set(keep)
        g = nx.Graph()
        papers = {}
        for i in keep:
            ps = self.papers_of(i)
            papers[i] = set(ps)
            n = self.nodes[i]
            g.add_node(n, **self.attrs.get(n, {}), papers=ps, years=_sorted_years(self.years.get(p) for p in ps))
        a = self.adjacency
        for i in keep:
            for j, w in zip(a.indices[a.indptr[i]:a.indptr[i + 1]], a.data[a.indptr[i]:a.indptr[i + 1]]):
                if j > i and j in inside:
                    shared = papers[i] & papers[j]
                    g.add_edge(self.nodes[i], self.nodes[j], weight=int(w),
                               years=_sorted_years(self.years.get(p) for p in shared))
        return g

    def components(self) -> list[int]:
        """The sizes of the connected components, largest first."""
        if not self.nodes:
            return []
        _, labels = scipy.sparse.csgraph.connected_components(self.adjacency, directed=False)
        return sorted(np.bincount(labels).tolist(), reverse=True)


def _paper_years(store: Store) -> dict[str, int | None]:
    return {p: f["year"] for p, f in paper_tables(store).papers.items()}


@kept
def coauthor_projection(store: Store) -> Projection:
    """People who wrote at least one paper, linked by their joint papers (see ``Projection``)."""
    names = person_names(store)
    attrs = {p: {"label": n, "kind": "person"} for p, n in names.items()}
    return Projection(paper_tables(store).creators, _paper_years(store), attrs)


@kept
def coauthor_graph(store: Store) -> nx.Graph:
    """People who wrote at least one paper; an edge per pair of coauthors, ``weight`` = joint
    papers, ``years`` = the years of those papers.

    >>> g = coauthor_graph(store)                                   # doctest: +SKIP
    >>> g.nodes[tonin]["label"], len(g.nodes[tonin]["papers"])      # doctest: +SKIP
    ('Francesco Tonin', 6)
    """
    return coauthor_projection(store).graph()


@kept
def method_projection(store: Store) -> Projection:
    """Methods named by at least one paper, linked by the papers naming both (see ``Projection``).
    Nodes carry ``family`` (a broader method) too."""
    methods = method_index(store)
    attrs = {m: {"label": v["label"], "family": v["family"], "kind": "method"} for m, v in methods.items()}
    named = {p: [m for m, relation in links if relation == "mentions"] for p, links in paper_tables(store).links.items()}
    return Projection(named, _paper_years(store), attrs)


@kept
def method_cooccurrence_graph(store: Store) -> nx.Graph:
    """Methods named by at least one paper; an edge per pair named in the same abstract,
    ``weight`` = papers naming both. Nodes carry ``family`` (a broader method) too."""
    return method_projection(store).graph()


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
