"""Lineage maps: a method's line (who proposed it, what it extends, what is of its line, who uses
it) or a person's lines of work (the methods they proposed and how their later papers build on
them), as papers and methods placed in time. Years come from the graph only: a paper without a
year, or a method no dated paper proposes (nor, for a member of a line, names), goes to the "year
unknown" column.

A method or pretrained model is of a line by four kinds of evidence, each kept as itself
(``LINE_RELATIONS``): a stated extension (``kg:extends``, with its sentence), the catalogue's
family (``skos:broader``: a kind of it, or a model of its line), a model instantiating it as its
architecture (``kg:architecture``), and a name built on its name ("BioBERT", "X-GAN",
"hierarchical BERT", found over the labels of the graph: ``built_on``). Members are ranked by how
much of the corpus carries them (papers naming them, and those naming what is of their own line);
the map shows the strongest and groups the rest, by the member they hang from, into "N more".

>>> m = lineage(store, "KSVD")                                      # doctest: +SKIP
>>> [n.label for n in m.nodes if n.kind == "paper"]                 # doctest: +SKIP
['Nonlinear SVD with Asymmetric Kernels…', 'Primal-Attention: …', …]
>>> m.columns()                                                     # doctest: +SKIP
[None, 2023, 2024]
"""
from __future__ import annotations

import bisect
import functools
import itertools
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field, fields, replace
from typing import Callable, Iterator

import networkx as nx
import pyoxigraph as ox

from kg.analytics.names import NotFound, find, find_one
from kg.analytics.projections import (PAPER_FACTS, PAPERS_PER_QUERY, RELATIONS, local_name, method_entry,
                                      paper_label, values_block, year_of)
from kg.defaults import MAX_USERS
from kg.extract.text import X_SUFFIXES
from kg.query.citations import citations_among
from kg.rdf.store import Store
from kg.resolve.keys import fold

#: The authors of some papers (``%s``: their VALUES). Kept out of PAPER_FACTS: Oxigraph evaluates a
#: multi-pattern OPTIONAL over the whole store before joining it to the bound paper (1.6 s a paper
#: on 18k papers, 13 ms on its own).
AUTHORS = """
SELECT ?paper ?name ?position WHERE { %s
  ?paper kg:authorship ?authorship . ?authorship kg:author ?person ; kg:position ?position .
  ?person foaf:name ?name
}"""

METHOD = """
SELECT ?method ?label ?alias WHERE {
  OPTIONAL { ?method skos:prefLabel ?label }
  OPTIONAL { ?method skos:altLabel ?alias }
}"""

#: Papers related to one method or model, and how (a paper using a pretrained model uses it).
PAPERS_OF_METHOD = """
SELECT ?method ?paper ?relation ?year WHERE {
  VALUES ?relation { kg:proposes kg:uses kg:comparesWith kg:mentions kg:usesModel }
  ?paper ?relation ?method .
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
}"""

#: Every method and pretrained model with its labels.
CONCEPTS = """
SELECT ?x ?kind ?label ?preferred WHERE {
  { ?x a kg:Method BIND("method" AS ?kind) } UNION { ?x a kg:Model BIND("model" AS ?kind) }
  { ?x skos:prefLabel ?label BIND(true AS ?preferred) } UNION { ?x skos:altLabel ?label BIND(false AS ?preferred) }
}"""

#: The catalogue's families: a kind of (skos:broader) and a model's architecture (kg:architecture).
FAMILIES = """
SELECT ?x ?relation ?parent WHERE { VALUES ?relation { skos:broader kg:architecture } ?x ?relation ?parent }"""

#: The preferred labels of what something is a kind of (the family a method network shows).
BROADER_LABELS = """
SELECT ?parent ?label WHERE { { SELECT DISTINCT ?parent WHERE { ?x skos:broader ?parent } } ?parent skos:prefLabel ?label }"""

#: How many papers name each method or model, and the first year one does.
CARRIED = """
SELECT ?x (COUNT(DISTINCT ?paper) AS ?papers) (MIN(?year) AS ?first) WHERE {
  ?paper kg:mentions|kg:usesModel ?x .
  OPTIONAL { ?paper fabio:hasPublicationYear ?year }
} GROUP BY ?x"""

#: The first sentence naming a method or model, shown where the map names it without other evidence.
NAMED_IN = """
SELECT ?sentence WHERE {
  VALUES ?predicate { kg:proposes kg:uses kg:comparesWith kg:mentions kg:usesModel }
  ?e kg:object ?x ; kg:predicate ?predicate ; kg:sentence ?sentence .
} LIMIT 1"""

#: A person's papers and what they do with which method.
METHODS_OF_PERSON = """
SELECT ?person ?paper ?relation ?method WHERE {
  ?paper dcterms:creator ?person .
  OPTIONAL {
    VALUES ?relation { kg:proposes kg:uses kg:comparesWith kg:mentions }
    ?paper ?relation ?method .
  }
}"""

#: Evidence sentences about the links of some subjects to some objects (``%s``: their VALUES, the
#: edges of a map: all the evidence into a method that thousands of papers name costs a map hundreds
#: of times more).
EVIDENCE = """
SELECT ?subject ?object ?predicate ?sentence WHERE { %s
  ?e kg:subject ?subject ; kg:object ?object ; kg:predicate ?predicate ; kg:sentence ?sentence .
}"""

#: The concepts the catalogue calls too generic to be a line (deep learning, Bayesian methods).
GENERIC = "SELECT ?m WHERE { ?m kg:generic true }"

#: How far the map follows kg:extends from the subject method, each way.
MAX_DEPTH = 3
#: A stated extension named by more than RATIO times the papers of what it extends, plus MARGIN,
#: is a misread link (on ACL it hides 4 of the 11 links to a less named method, "NMT extends Transformer").
EXTENSION_RATIO, EXTENSION_MARGIN = 2, 2
#: At most this many lines of work on a person's map (those with the most papers and descendants).
MAX_LINES = 8
#: At most this many methods it builds on, and as many extending it (the nearest).
MAX_METHODS = 20
#: At most this many papers proposing each method of a method's map (the earliest).
MAX_PROPOSERS = 3
#: The kinds of evidence that a method or model is of a line, the strongest first.
LINE_RELATIONS = ("extends", "kindOf", "architecture", "nameBuiltOn")
#: At most this many "N more" nodes on a map (the subject's and those of the heaviest families).
MAX_MORE = 6
#: A member known by its name alone is shown when at least this many papers carry it (else grouped).
MIN_SHOWN = 2
#: A name shorter than this is built on only as a whole word ("k-NN" is not built on "NN" glued).
MIN_AFFIX_NAME = 3


@dataclass
class LineageNode:
    id: str  # IRI (a made-up one for a "more" group)
    kind: str  # "paper", "method", "model" (a pretrained model) or "more" (members grouped)
    label: str
    year: int | None
    role: str = ""  # "subject", "base", "extension", "member", "more", "proposer", "user", "line"
    title: str | None = None
    abstract_start: str | None = None
    authors: list[str] = field(default_factory=list)
    url: str | None = None
    aliases: list[str] = field(default_factory=list)
    line: int = 0  # which line of work (author maps), for grouping rows
    papers: int | None = None  # methods and models: how many papers of the graph name it
    dated_by: str = ""  # methods and models: "proposed" (year of the first proposing paper) or "named"
    weight: int | None = None  # members: papers naming it or what is of its own line
    members: list[dict] = field(default_factory=list)  # a "more" group: {id, label, papers, relation, ground}


@dataclass
class LineageEdge:
    source: str
    target: str
    relation: str  # "proposes", "uses", "comparesWith", "mentions", one of LINE_RELATIONS, "more" or "cites"
    evidence: list[str] = field(default_factory=list)


@dataclass
class LineageMap:
    subject: str  # IRI of the method or person
    label: str
    kind: str  # "method" or "author"
    nodes: list[LineageNode] = field(default_factory=list)
    edges: list[LineageEdge] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was left out, and why

    def columns(self) -> list[int | None]:
        """The map's columns: ``None`` ("year unknown") first if needed, then the years."""
        years = {n.year for n in self.nodes}
        return ([None] if None in years else []) + sorted(y for y in years if y is not None)

    def members(self) -> list[LineageNode]:
        """The methods and models shown as of the subject's line, strongest first."""
        ms = [n for n in self.nodes if n.role in ("extension", "member")]
        return sorted(ms, key=lambda n: (-(n.weight or 0), n.label))

    def lines(self) -> list[list[LineageNode]]:
        """A person's lines of work, in the map's order: the methods of each, theirs first."""
        out: dict[int, list[LineageNode]] = defaultdict(list)
        for n in self.nodes:
            if n.kind == "method":
                out[n.line].append(n)
        return [sorted(ms, key=lambda n: (n.role != "subject", n.year or 9999, n.label)) for _, ms in sorted(out.items())]

    def papers(self) -> list[LineageNode]:
        """The papers of the map in time order (undated last)."""
        ps = [n for n in self.nodes if n.kind == "paper"]
        return sorted(ps, key=lambda n: (n.year is None, n.year or 0, n.label))

    def to_dict(self) -> dict:
        return {"subject": self.subject, "label": self.label, "kind": self.kind,
                "columns": ["year unknown" if c is None else c for c in self.columns()],
                "nodes": [_fields(n) for n in self.nodes], "edges": [_fields(e) for e in self.edges],
                "notes": self.notes}

    def to_json(self) -> str:
        """The map as JSON, a node or an edge a line (written by the C encoder: ``indent`` takes
        the pure-Python one, several times slower, and a site writes tens of maps)."""
        def dump(value) -> str:
            return json.dumps(value, ensure_ascii=False)
        fields = []
        for key, value in self.to_dict().items():
            if isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
                fields.append(f" {dump(key)}: [\n" + ",\n".join(f"  {dump(x)}" for x in value) + "\n ]")
            else:
                fields.append(f" {dump(key)}: {dump(value)}")
        return "{\n" + ",\n".join(fields) + "\n}"


def _fields(item) -> dict:
    """A node's or an edge's fields as a dict (its lists shared: ``asdict`` copies them deeply, ten
    times slower, and they hold plain values only)."""
    return {f.name: getattr(item, f.name) for f in fields(item)}


def _paper_nodes(store: Store, iris: list[str]) -> dict[str, LineageNode]:
    """The nodes of papers, read a few hundred at a time (a query per paper cost a 100k-paper
    site seconds)."""
    facts: dict[str, list[dict]] = defaultdict(list)
    authors: dict[str, dict] = defaultdict(dict)
    for i in range(0, len(iris), PAPERS_PER_QUERY):
        values = values_block("paper", iris[i:i + PAPERS_PER_QUERY])
        for r in store.select(PAPER_FACTS % values):
            facts[r["paper"]].append(r)
        for r in store.select(AUTHORS % values):
            authors[r["paper"]][r["position"]] = r["name"]
    out = {}
    for iri in iris:
        rows, names = facts.get(iri, []), authors.get(iri, {})
        title = next((r["title"] for r in rows if r["title"]), None)
        start = next((r["start"] for r in rows if r["start"]), None)
        years = [y for y in (year_of(r["year"]) for r in rows) if y is not None]
        url = next((r["url"] for r in rows if r["url"] and str(r["url"]).startswith(("http://", "https://"))), None)
        out[iri] = LineageNode(iri, "paper", paper_label(title, start), min(years, default=None), "", title,
                               start, [names[k] for k in sorted(names)], url)
    return out


def _method_node(store: Store, iri: str, year: int | None, ix: "LineIndex | None" = None) -> LineageNode:
    if ix is not None and iri in ix.kind and len(ix.prefs.get(iri, ())) < 2:
        # the labels the index read (a node of two preferred labels takes the one the store gives first)
        return LineageNode(iri, "method", ix.pref.get(iri) or local_name(iri), year,
                           aliases=sorted(a for a in ix.alts.get(iri, ()) if a))
    rows = store.select(METHOD, {"method": ox.NamedNode(iri)})
    label = next((r["label"] for r in rows if r["label"]), None) or local_name(iri)
    aliases = sorted({r["alias"] for r in rows if r["alias"]})
    return LineageNode(iri, "method", label, year, aliases=aliases)


@functools.lru_cache(maxsize=None)
def _relation_name(iri: str) -> str:
    """A paper's relation to a method by its IRI's local name (a paper using a pretrained model uses it)."""
    return "uses" if iri.endswith("#usesModel") else local_name(iri)


def _strongest(relations) -> str:
    return next(r for r in RELATIONS if r in relations)


@dataclass
class Drawn:
    """What a map drawn before knows that holds still: the details of papers (as ``_paper_nodes``
    reads them) and the evidence of their links, by (paper, method, relation)."""

    papers: dict[str, LineageNode] = field(default_factory=dict)
    evidence: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)


class _Builder:
    """Collects nodes and edges of one map, fetching details and evidence once each."""

    def __init__(self, store: Store, known: "Drawn | None" = None, index: "LineIndex | None" = None):
        self.store = store
        self._index = index  # the methods' and models' labels, read already
        self._known = known or Drawn()
        self.nodes: dict[str, LineageNode] = {}
        self.edges: dict[tuple[str, str], LineageEdge] = {}
        self._papers: dict[str, LineageNode] = dict(self._known.papers)
        self._related: dict[tuple[str, tuple[str, ...]], dict[str, tuple[set, int | None]]] = {}
        self._evidence: dict[tuple[str, str], dict[str, list[str]]] = {}
        self._unread: list[LineageEdge] = []  # edges whose evidence is not read yet

    def related(self, method: str, same: tuple[str, ...] = ()) -> dict[str, tuple[set, int | None]]:
        """paper → (relations it has to ``method`` or to the other IRIs of it, ``same``, its year).
        A paper using a pretrained model uses it. Shared by the maps drawn from one ``Snapshot``
        (a site's maps hold many of the same methods): read them, never change them."""
        key = (method, same)  # a subject's own IRI alone is asked for too, when its node is made
        if key not in self._related:
            once = getattr(self.store, "once", None)
            compute = lambda: self._read_related(method, same)  # noqa: E731
            self._related[key] = once(("lineage.related", method, same), compute) if once else compute()
        return self._related[key]

    def _read_related(self, method: str, same: tuple[str, ...]) -> dict[str, tuple[set, int | None]]:
        relations: dict[str, set] = {}
        years: dict[str, int | None] = {}
        for iri in (method, *same):
            for r in self.store.select(PAPERS_OF_METHOD, {"method": ox.NamedNode(iri)}):
                paper, y = r["paper"], year_of(r["year"])
                if paper in relations:
                    relations[paper].add(_relation_name(r["relation"]))
                    year = years[paper]
                    years[paper] = y if year is None else min(year, y or year)
                else:
                    relations[paper], years[paper] = {_relation_name(r["relation"])}, y
        # by paper, never the order rows come in (a store built at once and in steps, or a site's
        # kept tables, give them in other orders): a map lists its links the same way from either
        return {paper: (relations[paper], years[paper]) for paper in sorted(relations)}

    def proposers(self, method: str) -> list[str]:
        return sorted(p for p, (rs, _) in self.related(method).items() if "proposes" in rs)

    def _read_evidence(self, pairs) -> None:
        """The evidence of those (subject, object) ``pairs`` not read yet, together."""
        pairs = sorted(set(pairs) - set(self._evidence))
        for i in range(0, len(pairs), PAPERS_PER_QUERY):
            chunk = pairs[i:i + PAPERS_PER_QUERY]
            values = "VALUES (?subject ?object) { " + " ".join(
                f"({ox.NamedNode(a)} {ox.NamedNode(b)})" for a, b in chunk) + " }"
            for pair in chunk:
                self._evidence[pair] = defaultdict(list)
            for r in self.store.select(EVIDENCE % values):
                self._evidence[r["subject"], r["object"]][local_name(r["predicate"])].append(r["sentence"])

    def read_papers(self, iris) -> None:
        """Read the details of those of ``iris`` not read yet, together."""
        self._papers.update(_paper_nodes(self.store, sorted({*iris} - set(self._papers))))

    def details(self, iri: str) -> LineageNode:
        if iri not in self._papers:
            self.read_papers([iri])
        return self._papers[iri]

    def paper(self, iri: str, role: str, line: int = 0) -> None:
        """Put a paper on the map; X."""
        if iri not in self.nodes:
            self.nodes[iri] = replace(self._papers[iri], role=role, line=line) if iri in self._papers else (
                LineageNode(iri, "paper", "", None, role, line=line))

    def fill(self) -> None:
        """The details of the map's papers and the evidence of its edges, read together."""
        papers = [iri for iri, n in self.nodes.items() if n.kind == "paper"]
        self.read_papers(papers)
        for iri in papers:
            self.nodes[iri] = replace(self._papers[iri], role=self.nodes[iri].role, line=self.nodes[iri].line)
        known = self._known.evidence
        self._read_evidence((e.source, e.target) for e in self._unread if (e.source, e.target, e.relation) not in known)
        for e in self._unread:
            key = (e.source, e.target, e.relation)
            e.evidence = known[key] if key in known else sorted(set(self._evidence[key[:2]].get(e.relation, [])))
        self._unread = []

    def method(self, iri: str, role: str, line: int = 0, fallback_year: int | None = None) -> LineageNode:
        """A method node dated by its earliest dated proposing paper (else ``fallback_year``, else
        year unknown)."""
        if iri not in self.nodes:
            years = [y for _, (rs, y) in self.related(iri).items() if "proposes" in rs and y is not None]
            year = min(years, default=fallback_year)
            dated_by = "proposed" if years else "named" if year is not None else ""
            self.nodes[iri] = replace(_method_node(self.store, iri, year, self._index), role=role, line=line, dated_by=dated_by)
        return self.nodes[iri]

    def line_edge(self, member: str, target: str, relation: str, ground: str, ix: "LineIndex") -> None:
        """A member's link to the line, with its ground and a sentence of the graph naming it."""
        named = self.store.select(NAMED_IN, {"x": ox.NamedNode(member)})
        example = [f"Named in {papers_phrase(ix.papers.get(member, 0))}, e.g. “{named[0]['sentence']}”"] if named else []
        self.edges[member, target] = LineageEdge(member, target, relation, [ground] + example)

    def edge(self, source: str, target: str, relation: str) -> None:
        """Draw a link; its evidence comes with the others' (``fill``)."""
        if (source, target) not in self.edges:
            self.edges[source, target] = LineageEdge(source, target, relation)
            self._unread.append(self.edges[source, target])

    def citation_edges(self) -> None:
        """A "cites" edge between the map's papers where one cites the other (``cito:cites``,
        from the reference lists of the sources), drawn apart from the stated extensions."""
        papers = {iri: n.label for iri, n in self.nodes.items() if n.kind == "paper"}
        for citing, cited in citations_among(self.store, papers):
            self.edges[citing, cited] = LineageEdge(citing, cited, "cites",
                                                    [f"“{papers[citing]}” cites “{papers[cited]}” (its reference list)"])

    def propose_edges(self, method: str, keep: int) -> int:
        """Add the ``keep`` earliest papers proposing ``method``; returns how many more there are."""
        related = self.related(method)
        papers = sorted(self.proposers(method), key=lambda p: (related[p][1] is None, related[p][1] or 0, p))
        for p in papers[:keep]:
            self.paper(p, "proposer")
            self.edge(p, method, "proposes")
        return max(0, len(papers) - keep)


def extends_graph(store: Store) -> nx.DiGraph:
    """Every ``kg:extends`` link, A → B when A extends B."""
    return nx.DiGraph((r["method"], r["base"]) for r in store.select(EXTENDS_LINKS))


#: Every stated extension once, without its evidence (at 100k papers 0.06 CPU-s, reading
#: ``EXTENDS`` with its sentences 0.5).
EXTENDS_LINKS = "SELECT DISTINCT ?method ?base WHERE { ?method kg:extends ?base }"
#: The methods of a catalogue (known methods, which papers name far more often than propose).
CATALOGUED = "SELECT DISTINCT ?m WHERE { ?m a kg:Method ; skos:inScheme ?scheme }"
#: Whatever a catalogue holds: its methods are those of them ``CONCEPTS`` calls methods (a method
#: has a preferred label), which at 100k papers costs 0.03 CPU-s against 0.12-0.18 for ``CATALOGUED``.
IN_CATALOGUE = "SELECT DISTINCT ?m WHERE { ?m skos:inScheme ?scheme }"
#: Of some stated extensions (``%s``: their VALUES), those that a paper proposing the extending
#: method states. Asked of the catalogue's methods' extensions alone (at 100k papers 29 of 5,532:
#: 0.1 CPU-s, against 0.66 reading every extension's evidence).
EXTENDS_BY_PROPOSER = """
SELECT DISTINCT ?method ?base WHERE { %s
  ?e kg:subject ?method ; kg:object ?base ; kg:predicate kg:extends ; prov:wasDerivedFrom ?paper .
  ?paper kg:proposes ?method
}"""


def line_extends_graph(store: Store, catalogued: set[str]) -> nx.DiGraph:
    """The ``kg:extends`` links a line takes, A → B when A extends B: a method of the catalogue
    extends another only where a paper proposing it says so; elsewhere the sentence is about the
    paper's own method ("a VAE based on the Transformer"). ``catalogued``: the catalogue's methods."""
    links = [(r["method"], r["base"]) for r in store.select(EXTENDS_LINKS)]
    asked = sorted({link for link in links if link[0] in catalogued})
    stated = set()
    for i in range(0, len(asked), PAPERS_PER_QUERY):
        pairs = " ".join(f"({ox.NamedNode(m)} {ox.NamedNode(b)})" for m, b in asked[i:i + PAPERS_PER_QUERY])
        stated |= {(r["method"], r["base"])
                   for r in store.select(EXTENDS_BY_PROPOSER % f"VALUES (?method ?base) {{ {pairs} }}")}
    return nx.DiGraph(link for link in links if link[0] not in catalogued or link in stated)


def _within(g: nx.DiGraph, start: str, depth: int, reverse: bool) -> dict[str, int]:
    """Methods up to ``depth`` extends-steps from ``start`` (towards its bases, or ``reverse``:
    its extensions), with their distance."""
    if start not in g:
        return {}
    view = g.reverse(copy=False) if reverse else g
    return {m: d for m, d in nx.single_source_shortest_path_length(view, start, cutoff=depth).items() if m != start}


def _spread(users: list[tuple[str, int, int | None]], keep: int) -> list[tuple[str, int]]:
    """At most ``keep`` of ``(paper, relation rank, year)``, taken in turn from each year (undated
    last), the most specific relation first within a year.

    >>> _spread([("a", 0, 2020), ("b", 3, 2020), ("c", 3, 2021), ("d", 0, None)], 3)
    [('a', 0), ('c', 3), ('d', 0)]
    """
    by_year: dict = defaultdict(list)
    for p, rel, y in sorted(users, key=lambda u: (u[1], u[0])):
        by_year[y].append((p, rel))
    queues = [by_year[y] for y in sorted(by_year, key=lambda y: (y is None, y or 0))]
    out: list[tuple[str, int]] = []
    while len(out) < keep and any(queues):
        for q in queues:
            if q and len(out) < keep:
                out.append(q.pop(0))
    return out


#: what follows a name that opens a description of something built with it: "-based ...", "-style ..."
_MODIFIER_USE = re.compile(r"-(?:" + "|".join(X_SUFFIXES) + r")\s.+", re.IGNORECASE)


def built_on(label: str, name: str, named: Callable[[str], int] | None = None) -> bool:
    """Whether the name ``label`` is built on ``name``: it holds the name as a word of its own
    ("hierarchical BERT", "BERT-CRF", "X-GAN"), or an acronym-like name glued to a prefix or a
    suffix ("BioBERT", "DCGAN", "BERTweet"). Acronyms match in their case only; a name shorter
    than ``MIN_AFFIX_NAME`` only as a word. With ``named`` (how many papers name a label), a glued
    name that holds a name far more named than ``name`` around it is built on that one, not on
    ``name`` ("LSTM", "Tree-LSTM", "CLSTM": not on "STM"; ``far_more_named``, as for a stated
    extension).

    >>> papers = {"LSTM": 577, "STM": 37, "GAN": 90, "DCGAN": 2}.get
    >>> [built_on(x, "STM", lambda n: papers(n, 0)) for x in ("LSTM", "Tree-LSTM", "CLSTM", "STM-X")]
    [False, False, False, True]
    >>> built_on("DCGAN", "GAN", lambda n: papers(n, 0)), built_on("CLSTM", "LSTM", lambda n: papers(n, 0))
    (True, True)

    >>> [built_on(x, "BERT") for x in ("BioBERT", "hierarchical BERT", "BERT", "Albert", "RoBERTa")]
    [True, True, False, False, False]
    >>> [built_on(x, "GAN") for x in ("DCGAN", "3D-ED-GAN", "organ", "GANs")]
    [True, True, False, False]
    >>> built_on("graph attention network", "attention"), built_on("kNN", "NN"), built_on("BERT-based", "BERT")
    (True, False, False)
    >>> built_on("BERT-based Hierarchical Aggregation Model", "BERT")
    False
    """
    if len(name) < 2 or name.casefold() not in label.casefold() or fold(label) == fold(name):
        return False
    if fold(label).split()[-1] in X_SUFFIXES and fold(label).split()[:-1] == fold(name).split():
        return False  # "BERT-based", "GAN-style": a modifier, not a name
    if _MODIFIER_USE.fullmatch(label[label.casefold().find(name.casefold()) + len(name):] or "-"):
        return False  # "BERT-based Hierarchical Aggregation Model": a model built with it, of no line of it
    acronym = sum(c.isupper() for c in name) >= 2
    if acronym and (label == name + "s" or label == name + "es"):
        return False  # a plural is the name itself
    flags = 0 if acronym else re.IGNORECASE
    if re.search(rf"(?<![^\W_]){re.escape(name)}(?![^\W_])", label, flags):
        return True
    if not acronym or len(name) < MIN_AFFIX_NAME:
        return False
    if label.endswith(name):
        rest = label[:-len(name)]
    elif label.startswith(name):
        rest = label[len(name):]
    else:
        return False
    if not rest.replace("-", "").isalnum():
        return False
    if named is None:
        return True
    # the names the glued word may be made of around ``name``: "CLSTM" holds "LSTM" holding "STM"
    at = len(rest) if label.endswith(name) else 0
    a, b = at, at + len(name)
    while a > 0 and label[a - 1].isalnum():
        a -= 1
    while b < len(label) and label[b].isalnum():
        b += 1
    around = [label[k:b] for k in range(a, at)] if at else [label[a:k] for k in range(at + len(name) + 1, b + 1)]
    return not any(far_more_named(named(w), named(name)) for w in around)


@dataclass
class LineIndex:
    """What every line map reads of the graph, read once: methods' and models' labels, the
    catalogue's families and architectures, and how many papers name each."""

    kind: dict[str, str] = field(default_factory=dict)  # IRI -> "method" or "model"
    pref: dict[str, str] = field(default_factory=dict)
    prefs: dict[str, set] = field(default_factory=lambda: defaultdict(set))  # every preferred label
    alts: dict[str, set] = field(default_factory=lambda: defaultdict(set))  # the alternative labels
    labels: dict[str, set] = field(default_factory=lambda: defaultdict(set))
    generic: set = field(default_factory=set)
    catalogued: set = field(default_factory=set)  # the catalogue's methods
    methods: set = field(default_factory=set)  # the methods (of ``kind``; a node may be a model too)
    broader_labels: dict[str, set] = field(default_factory=dict)  # what something is a kind of -> its labels
    narrower: dict[str, set] = field(default_factory=lambda: defaultdict(set))  # X -> what is a kind of X
    instances: dict[str, set] = field(default_factory=lambda: defaultdict(set))  # method -> models of it
    papers: dict[str, int] = field(default_factory=dict)
    first: dict[str, int | None] = field(default_factory=dict)
    extends: nx.DiGraph = field(default_factory=nx.DiGraph)  # the stated extensions a line takes
    _canonical: dict[str, str] | None = None
    _named: dict[str, int] | None = None
    _folded: list[tuple[str, str, str]] | None = None  # (IRI, preferred label, casefolded)
    _joined: str = ""  # the casefolded labels, a line each
    _starts: list[int] = field(default_factory=list)  # where each begins in it

    @classmethod
    def read(cls, store: Store, concepts: "LineIndex | None" = None) -> "LineIndex":
        """The index of ``store``; ``concepts``: its ``read_concepts``, read already (and completed here)."""
        ix = concepts if concepts is not None else cls.read_concepts(store)
        for r in store.select(CARRIED):
            ix.papers[r["x"]] = int(r["papers"])
            ix.first[r["x"]] = year_of(r["first"])
        for alias, iri in ix.canonical().items():  # a concept is carried by the papers naming it any way
            ix.papers[iri] = ix.papers.get(iri, 0) + ix.papers.get(alias, 0)
            ix.first[iri] = min((y for y in (ix.first.get(iri), ix.first.get(alias)) if y is not None), default=None)
        return ix

    @classmethod
    def read_concepts(cls, store: Store) -> "LineIndex":
        """What the index reads of the methods and models themselves (labels, families, stated
        extensions), not yet how many papers name each (``read`` adds that). A site reads it in a
        thread while it brings its tables up to date: the labels come as CSV, which Oxigraph
        writes letting Python run, and no term object is made for a value (20k rows at 100k
        papers: 0.8-1.3 CPU-s read as terms, 0.75 as CSV, most of it off the site's thread)."""
        ix = cls()
        methods = set()
        for x, kind, label, preferred in store.values(CONCEPTS):
            ix.kind[x] = kind
            ix.labels[x].add(label)
            if preferred == "true":
                ix.pref[x] = label
                ix.prefs[x].add(label)
            else:
                ix.alts[x].add(label)
            if kind == "method":
                methods.add(x)
        # a grouping of the catalogue no paper names ("additional vision components") is generic too
        ix.generic = {r["m"] for r in store.select(GENERIC)}
        ix.methods = methods
        ix.catalogued = methods.intersection(r["m"] for r in store.select(IN_CATALOGUE))
        for r in store.select(FAMILIES):
            (ix.narrower if r["relation"].endswith("broader") else ix.instances)[r["parent"]].add(r["x"])
        for r in store.select(BROADER_LABELS):
            ix.broader_labels.setdefault(r["parent"], set()).add(r["label"])
        ix.extends = line_extends_graph(store, ix.catalogued)
        return ix

    def method_index(self) -> dict[str, dict]:
        """Every method as ``kg.analytics.projections.method_index`` reads it from the store: the
        labels are read once for the site's lineage maps and its method network."""
        families = defaultdict(set)
        for parent, kinds in self.narrower.items():
            for x in kinds:
                families[x] |= self.broader_labels.get(parent, set())
        return {m: method_entry(m, self.prefs.get(m, ()), families.get(m, ())) for m in self.methods}

    def label(self, iri: str) -> str:
        return self.pref.get(iri) or min(self.labels.get(iri) or {local_name(iri)})

    def modifier(self, iri: str) -> bool:
        """Whether the node's name is a modifier taken for a name ("BERT-based", "GAN-style")."""
        words = fold(self.label(iri)).split()
        return len(words) > 1 and words[-1] in X_SUFFIXES

    def named(self, label: str) -> int:
        """How many papers name the method or model of ``label`` (the most of any it labels)."""
        if self._named is None:
            self._named = defaultdict(int)
            for iri, names in self.labels.items():
                for n in {*names, self.pref.get(iri, "")}:
                    self._named[n] = max(self._named[n], self.papers.get(iri, 0))
        return self._named.get(label, 0)

    def names_built_on(self, subjects: set[str], main: str) -> dict[str, tuple[str, str]]:
        """Methods and models whose preferred label is built on a name of ``subjects`` (``main``
        and its other nodes): IRI -> (that label, the name it is built on). Generic concepts
        build no line, and a method of the catalogue is of the line of another by the catalogue's
        family, never by the shape of its name (a "spatial transformer network" is no
        Transformer); the methods' catalogue names no model as a family, so a model's line
        ("BERT") still takes the methods built on its name ("Sentence-BERT")."""
        prefs = [self.label(main)]
        # other names of the subject, not those made of its name ("BERT-base" would make "BERT-based" a name)
        alts = {n for s in subjects for n in self.labels.get(s, ()) if not any(p.casefold() in n.casefold() for p in prefs)}
        names = prefs + sorted(alts, key=lambda n: (len(n), n))  # (never a set's order: it differs between runs)
        folded = [(n, n.casefold()) for n in names]
        own = {fold(n) for s in subjects for n in self.labels.get(s, ())}
        by_family = self.catalogued if main in self.catalogued else set()
        if self._folded is None:
            self._folded = [(iri, label, label.casefold()) for iri, label in self.pref.items()]
            self._joined = "\n".join(low.replace("\n", " ") for _, _, low in self._folded)
            self._starts = list(itertools.accumulate((len(low) + 1 for _, _, low in self._folded[:-1]), initial=0))
        # the labels holding one of the names (most hold none): one search through all of them
        hits = sorted({bisect.bisect_right(self._starts, at) - 1 for _, f in folded for at in _occurrences(self._joined, f)})
        out = {}
        for iri, label, low in (self._folded[i] for i in hits):
            if iri in subjects or iri in self.generic or iri in by_family or fold(label) in own:
                continue  # (the last: the subject by another name)
            hit = next((n for n, f in folded if f in low and built_on(label, n, self.named)), None)
            if hit:
                out[iri] = (label, hit)
        return out

    def canonical(self) -> dict[str, str]:
        """Nodes of the same concept as another: node -> that other. A node is the concept of
        another that more papers name and that has all its names (a method "Multilingual-BERT"
        is the model multilingual BERT; a catalogue model is one node already, whatever form a
        paper wrote). A node with a name of its own ("CLAM, the Cross-Lingual
        Attention Mixer", named by fewer papers than CLAM) is another sense."""
        if self._canonical is None:
            holders: dict[str, list[str]] = defaultdict(list)
            for iri, labels in self.labels.items():
                for label in labels:
                    holders[fold(label)].append(iri)
            keys = {iri: {fold(x) for x in labels} for iri, labels in self.labels.items()}
            self._canonical = {}
            for iri, label in self.pref.items():
                def stands_for(h: str) -> bool:
                    return (h != iri and keys[iri] <= keys[h]
                            and (self.papers.get(h, 0), h) > (self.papers.get(iri, 0), iri))
                best = max((h for h in holders[fold(label)] if stands_for(h)),
                           key=lambda h: (self.papers.get(h, 0), h), default=None)
                if best:
                    self._canonical[iri] = best
            for iri in list(self._canonical):  # to the end of a chain
                seen = {iri}
                while self._canonical[iri] in self._canonical and self._canonical[iri] not in seen:
                    seen.add(self._canonical[iri])
                    self._canonical[iri] = self._canonical[self._canonical[iri]]
        return self._canonical

    def aliases(self, iri: str) -> set[str]:
        """The other nodes of the concept ``iri`` is (``canonical``)."""
        return {a for a, c in self.canonical().items() if c == iri}


def _occurrences(text: str, part: str) -> Iterator[int]:
    """Where ``part`` begins in ``text`` (a name in every label: ``str.find`` is many times quicker
    than a regular expression's scan of the same text).

    >>> list(_occurrences("bert|sbert|gpt", "bert")), list(_occurrences("aaa", "aa"))
    ([0, 6], [0, 1])
    """
    if not part:
        return
    at = text.find(part)
    while at >= 0:
        yield at
        at = text.find(part, at + 1)


def _stated_extensions(ix: LineIndex, ext: nx.DiGraph, x: str) -> list[str]:
    """The methods stated to extend ``x``, but for one far more named than ``x``: a method that
    more than twice as many papers name (beyond a couple of papers' chance) as what a sentence
    says it extends is a misread link ("Transformer extends GAN", "neural machine translation
    extends back-translation"), not a member of its line; a few papers more is no evidence
    (PU-Learning in 5 papers extends PU in 2)."""
    return sorted(m for m in (ext.predecessors(x) if x in ext else ()) if not far_more_named(
        ix.papers.get(m, 0), ix.papers.get(x, 0)))


def far_more_named(papers: int, than: int) -> bool:
    """Whether ``papers`` is clearly more than ``than``: over twice as many, by more than two."""
    return papers > EXTENSION_RATIO * than + EXTENSION_MARGIN


#: The papers proposing each method.
PROPOSED = "SELECT DISTINCT ?method WHERE { ?paper kg:proposes ?method }"


def line_weights(store: Store, ix: LineIndex) -> dict[str, int]:
    """The lines a corpus has, by weight: every proposed method and every method or model the
    catalogue gives a line to (models of its line, kinds of it, models of it), with the papers
    naming it or anything of its line (what extends it, its kinds and models, up to
    ``MAX_DEPTH`` steps down). A generic concept, or a modifier taken for a name ("BERT-based"),
    is no line, nor is a method that no paper names anything of the line of (a tool many papers
    use, TF-IDF: its map would be a list of its users)."""
    ext = ix.extends
    heads = {r["method"] for r in store.select(PROPOSED)} | {x for x in ix.narrower if ix.narrower[x]} | {
        x for x in ix.instances if ix.instances[x]}
    out = {}
    for head in heads:
        if head in ix.generic or head not in ix.kind or ix.modifier(head):
            continue
        seen, frontier = {head}, [head]
        for _ in range(MAX_DEPTH):
            frontier = [c for x in frontier for c in (*_stated_extensions(ix, ext, x), *ix.narrower.get(x, ()),
                                                      *ix.instances.get(x, ()))
                        if c not in seen and c not in ix.generic and not seen.add(c)]
        if any(ix.papers.get(x, 0) for x in seen - {head}):
            out[head] = sum(ix.papers.get(x, 0) for x in seen)
    return out


@dataclass
class Member:
    """A method or model of a line: the node of the line it hangs from and why."""

    iri: str
    parent: str
    relation: str  # one of LINE_RELATIONS
    ground: str  # the evidence, for a reader ("" for kg:extends: its sentences are read from the graph)
    depth: int
    weight: int = 0


def line_members(ix: LineIndex, ext: nx.DiGraph, main: str, same: tuple[str, ...] = (),
                 depth: int = MAX_DEPTH) -> dict[str, Member]:
    """Everything of the line of ``main`` (and ``same``, its other nodes) up to ``depth`` steps, each reached by its strongest
    evidence (``LINE_RELATIONS``) from the nearest node, with its ``weight``: the papers naming
    it plus the weights of what hangs from it."""
    subjects = {main, *same}
    members: dict[str, Member] = {}
    frontier = sorted(subjects)
    for d in range(1, depth + 1):
        found: list[Member] = []
        for node in frontier:
            label = ix.label(node)
            for m in _stated_extensions(ix, ext, node):
                found.append(Member(m, node, "extends", "", d))
            for m in sorted(ix.narrower.get(node, ())):
                what = "a model of the line of" if ix.kind.get(m) == "model" else "a kind of"
                found.append(Member(m, node, "kindOf", f"The catalogue lists {ix.label(m)} as {what} {label}.", d))
            for m in sorted(ix.instances.get(node, ())):
                found.append(Member(m, node, "architecture",
                                    f"The catalogue lists {ix.label(m)} as a pretrained {label}.", d))
        if d == 1:
            for m, (label, name) in sorted(ix.names_built_on(subjects, main).items()):
                found.append(Member(m, main, "nameBuiltOn",
                                    f"Its name “{label}” is built on “{name}”.", d))
        frontier = []
        canonical = ix.canonical()
        for f in found:
            f.iri = canonical.get(f.iri, f.iri)
        for f in sorted(found, key=lambda f: LINE_RELATIONS.index(f.relation)):
            if f.iri in ix.generic or ix.modifier(f.iri):
                continue  # "deep learning", "BERT-based": no member of a line
            # a catalogue family no paper names (not a node of the graph) is of the line by its members
            if f.iri not in subjects and f.iri not in members and (f.iri in ix.kind or f.relation == "kindOf"):
                members[f.iri] = f
                frontier.append(f.iri)
    for m in sorted(members.values(), key=lambda m: -m.depth):
        m.weight += ix.papers.get(m.iri, 0)
        if m.parent in members:
            members[m.parent].weight += m.weight
    return {k: m for k, m in members.items() if m.weight > 0}


def _tail_groups(members: dict[str, Member], shown: set[str], subject: str, ix: LineIndex) -> dict[str, list[Member]]:
    """Members not shown, by the nearest shown node they hang from; the ``MAX_MORE`` - 1 heaviest
    groups keep their own "more" node, the rest join the subject's."""
    groups: dict[str, list[Member]] = defaultdict(list)
    for m in members.values():
        if m.iri in shown:
            continue
        anchor = m.parent
        while anchor in members and anchor not in shown:
            anchor = members[anchor].parent
        groups[anchor if anchor in shown else subject].append(m)
    own = sorted((a for a in groups if a != subject), key=lambda a: (-sum(m.weight for m in groups[a]), ix.label(a)))
    for a in own[MAX_MORE - 1:]:
        groups[subject] += groups.pop(a)
    return groups


@dataclass
class Sense:
    """A method or model a name may mean, with how many papers name it."""

    iri: str
    label: str
    papers: int


def senses(store: Store, name: str, ix: LineIndex | None = None) -> list[Sense]:
    """The methods and models called ``name``, most papers first (``NotFound`` when none): the
    first is the one most papers mean."""
    ix = ix or LineIndex.read(store)
    canonical = ix.canonical()
    iris = {canonical.get(m.iri, m.iri) for m in find(store, name, ("method", "model"))}
    return sorted((Sense(i, ix.label(i), ix.papers.get(i, 0)) for i in iris), key=lambda s: (-s.papers, s.label))


def method_lineage(store: Store, method: str, max_users: int = MAX_USERS,
                   max_methods: int = MAX_METHODS, index: LineIndex | None = None,
                   same: tuple[str, ...] = (), known: Drawn | None = None) -> LineageMap:
    """The line of one method or model (an IRI; ``same``: other IRIs of the same concept, such as
    a pretrained model of a method's name): its proposing papers, the methods it extends (up to
    ``MAX_DEPTH`` steps, the ``max_methods`` strongest), the members of its line (``line_members``:
    the ``max_methods`` strongest, the rest grouped into "N more" nodes), each method with its
    ``MAX_PROPOSERS`` earliest proposing papers, and the papers that use or name it: those
    already on the map, then ``max_users`` more spread over the years (``_spread``). What is
    left out is counted in ``notes``. ``known``: what is known already of papers (their details
    and their links' evidence), not read again."""
    ix = index or LineIndex.read(store)
    b = _Builder(store, known, ix)
    ext = ix.extends
    same = tuple(sorted({*same, *(a for s in (method, *same) for a in ix.aliases(s))} - {method}))
    subjects = {method, *same}
    subject = b.method(method, "subject", fallback_year=ix.first.get(method))
    subject.kind, subject.papers = ix.kind.get(method, "method"), ix.papers.get(method)
    more_proposers = b.propose_edges(method, MAX_PROPOSERS)
    notes = []
    weight = lambda m: ix.papers.get(m, 0)  # noqa: E731
    bases = _within(ext, method, MAX_DEPTH, False)
    for m in sorted(bases, key=lambda m: (bases[m], -weight(m), m))[:max_methods]:
        node = b.method(m, "base")
        node.kind, node.papers = ix.kind.get(m, "method"), ix.papers.get(m)
        more_proposers += b.propose_edges(m, MAX_PROPOSERS)
    if len(bases) > max_methods:
        notes.append(f"{len(bases) - max_methods} more methods it builds on are left out (the map keeps the "
                     f"{max_methods} nearest, most named first).")
    members = line_members(ix, ext, method, same)
    # the strongest first; among equals, the stronger evidence, then the earlier (never the alphabet)
    ranked = sorted(members.values(), key=lambda m: (-m.weight, LINE_RELATIONS.index(m.relation),
                                                     ix.first.get(m.iri) or 9999))
    shown: set[str] = set()
    for m in ranked:
        if len(shown) >= max_methods or m.weight < MIN_SHOWN and m.relation == "nameBuiltOn":
            break
        chain = [m.iri]
        while members[chain[-1]].parent in members:  # what it hangs from is shown before it
            chain.append(members[chain[-1]].parent)
        shown.update(chain)
    for m in sorted(shown, key=lambda i: (members[i].depth, i)):
        mem = members[m]
        node = b.method(m, "extension" if mem.relation == "extends" else "member",
                        fallback_year=ix.first.get(m))
        node.kind, node.papers, node.weight = ix.kind.get(m, "method"), ix.papers.get(m), mem.weight
        more_proposers += b.propose_edges(m, MAX_PROPOSERS)
    for a, c in sorted(ext.subgraph(set(b.nodes) & set(ext.nodes)).edges):  # a view iterates its node set
        b.edge(a, c, "extends")
    for m in sorted(shown):
        mem = members[m]
        target = method if mem.parent in subjects else mem.parent
        if mem.relation != "extends" or (m, target) not in b.edges:
            b.line_edge(m, target, mem.relation, mem.ground, ix)
    for anchor, group in sorted(_tail_groups(members, shown, method, ix).items()):
        target = method if anchor in subjects else anchor
        group.sort(key=lambda m: (-m.weight, ix.label(m.iri).casefold()))
        gid = f"{target}#more"
        b.nodes[gid] = LineageNode(
            gid, "more", f"{len(group)} more", b.nodes[target].year, "more",
            weight=sum(m.weight for m in group),
            members=[{"id": m.iri, "label": ix.label(m.iri), "papers": ix.papers.get(m.iri, 0), "relation": m.relation,
                      "ground": m.ground} for m in group])
        b.edges[gid, target] = LineageEdge(gid, target, "more", [])
    users = [(p, RELATIONS.index(_strongest(rs)), y) for p, (rs, y) in b.related(method, same).items()
             if "proposes" not in rs]
    for p, rel, _ in users:  # papers already on the map, as proposers of related methods
        if p in b.nodes:
            b.edge(p, method, RELATIONS[rel])
    for p, rel in _spread([u for u in users if u[0] not in b.nodes], max_users):
        b.paper(p, "user")
        b.edge(p, method, RELATIONS[rel])
    if more_proposers:
        notes.append(f"{more_proposers} more papers proposing these methods are left out (the map keeps the "
                     f"{MAX_PROPOSERS} earliest of each).")
    left = sum(1 for u in users if u[0] not in b.nodes)
    if left:
        notes.append(f"{left} more papers that name {subject.label} are left out (the map keeps {max_users}, "
                     "spread over the years, those that use it before those that only name it).")
    hidden = len(members) - len(shown)
    if hidden:
        notes.append(f"{hidden} more methods and models of the line of {subject.label} are grouped into "
                     f"“more” nodes (the map shows the {len(shown)} that most papers carry).")
    b.fill()
    b.citation_edges()
    return LineageMap(method, subject.label, "method", list(b.nodes.values()), list(b.edges.values()), notes)


def author_lineage(store: Store, person: str, label: str, max_lines: int = MAX_LINES) -> LineageMap:
    """A person's lines of work: each method their papers propose, the methods it extends, and
    their papers that propose, use or name it. A generic concept is no line of work, and a method
    of the catalogue is theirs only where no paper of the graph names it before theirs (a system
    description "proposing" neural machine translation in 2019 is no line of its authors).
    Methods joined by ``kg:extends`` or by a shared paper form one ``line``; the ``max_lines``
    lines with the most papers and descendants (methods extending theirs) are kept, among equals
    those whose methods more papers of the graph name, then the earlier; numbered by their first
    year."""
    rows = store.select(METHODS_OF_PERSON, {"person": ox.NamedNode(person)})
    rel: dict[tuple[str, str], set] = defaultdict(set)
    papers = {r["paper"] for r in rows}
    for r in rows:
        if r["method"]:
            rel[r["paper"], r["method"]].add(local_name(r["relation"]))
    generic = {r["m"] for r in store.select(GENERIC)}
    catalogued = {r["m"] for r in store.select(CATALOGUED)}
    b = _Builder(store)
    b.read_papers(papers)  # their years decide which lines are theirs
    proposing: dict[str, list[str]] = defaultdict(list)
    for (p, m), rs in sorted(rel.items()):
        if "proposes" in rs and m not in generic:
            proposing[m].append(p)
    own, carried = set(), {}
    for m, ps in proposing.items():
        named = store.select(CARRIED, {"x": ox.NamedNode(m)})
        carried[m] = int(named[0]["papers"]) if named else 0
        first = year_of(named[0]["first"]) if named else None
        if m in catalogued and first is not None and not any(
                (y := b.details(p).year) is not None and y <= first for p in ps):
            continue
        own.add(m)
    ext = extends_graph(store)
    work = nx.Graph()
    for (p, m), rs in rel.items():
        if m in own:
            work.add_edge(p, m, source=p, target=m, relation=_strongest(rs))
    for m in sorted(own):
        for base in (ext.successors(m) if m in ext else ()):
            work.add_edge(m, base, source=m, target=base, relation="extends")

    def first_year(comp) -> int:
        return min((y for y in (b.details(p).year for p in comp if p in papers) if y is not None), default=9999)

    def strength(comp) -> tuple:
        descendants = set().union(*(nx.ancestors(ext, m) for m in comp if m in own and m in ext))
        return (-(sum(1 for n in comp if n in papers) + len(descendants - comp)),
                -sum(carried[m] for m in comp if m in own), first_year(comp), sorted(comp))

    lines = sorted(nx.connected_components(work), key=strength)
    kept = sorted(lines[:max_lines], key=lambda c: (first_year(c), sorted(c)))
    for i, comp in enumerate(kept):
        for n in sorted(comp):
            if n in papers:
                b.paper(n, "line", i)
            else:
                b.method(n, "subject" if n in own else "base", i)
    for _, _, d in work.edges(data=True):
        if d["source"] in b.nodes and d["target"] in b.nodes:
            b.edge(d["source"], d["target"], d["relation"])
    b.fill()
    b.citation_edges()
    rest = len(papers - set(b.nodes))
    notes = [f"{rest} other papers by {label} name none of these methods."] if rest else []
    if len(lines) > max_lines:
        notes.append(f"{len(lines) - max_lines} more lines of work are left out (the map keeps the {max_lines} "
                     "with the most papers and methods extending theirs, then those more papers name).")
    return LineageMap(person, label, "author", list(b.nodes.values()), list(b.edges.values()), notes)


def papers_phrase(n: int) -> str:
    """"1 paper", "12 papers"."""
    return f"{n} paper" if n == 1 else f"{n} papers"


def lineage(store: Store, name: str, kind: str | None = None, max_users: int = MAX_USERS,
            max_methods: int = MAX_METHODS) -> LineageMap:
    """The lineage map of a method (or pretrained model) or a person, found by name (case- and
    accent-insensitive) or IRI; ``kind`` ``"method"`` or ``"author"`` restricts the lookup (a
    method wins otherwise). Of the methods and models a name may mean, the map is of the one most
    papers name (``senses``, each node joined by the others of its concept: ``canonical``); the
    others are listed in its notes.

    >>> lineage(store, "francesco tonin").kind                      # doctest: +SKIP
    'author'
    """
    if kind != "author":
        try:
            ix = LineIndex.read(store)
            found = senses(store, name, ix)
        except NotFound:
            if kind == "method":
                raise
        else:
            best, others = found[0], found[1:]
            m = method_lineage(store, best.iri, max_users, max_methods, index=ix)
            if others:
                def what(sense: Sense) -> str:  # its own name where it has one ("Cross-Lingual Attention Mixer")
                    own = [x for x in ix.labels.get(sense.iri, ()) if fold(x) != fold(name)]
                    return f"{max(own, key=len) if own else sense.label} ({papers_phrase(sense.papers)})"
                m.notes.insert(0, f"Also called {name} in {papers_phrase(sum(s.papers for s in others))}: "
                               + "; ".join(what(s) for s in others[:8]) + ".")
            return m
    match = find_one(store, name, ("person",))
    return author_lineage(store, match.iri, match.label)
