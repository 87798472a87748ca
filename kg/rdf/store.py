"""Stores behind one interface: the embedded Oxigraph store on disk, or a remote SPARQL server.

``open_store(location)`` picks the kind from the location: a folder is an embedded
pyoxigraph store (``DIR/store``); an ``http(s)://`` URL is a SPARQL 1.1 server.
Queries take parameters as RDF terms (``bindings``, see ``bind_values``), never pasted into the query text.
"""
from __future__ import annotations

import csv
import functools
import io
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pyoxigraph as ox

from kg.model import StoreError
from kg.rdf.namespaces import PREFIXES, SPARQL_PROLOGUE

XSD = "http://www.w3.org/2001/XMLSchema#"
_INTEGER_TYPES = {XSD + t for t in ("integer", "int", "long", "short", "nonNegativeInteger", "positiveInteger")}
_DECIMAL_TYPES = {XSD + t for t in ("decimal", "double", "float")}

Term = ox.NamedNode | ox.BlankNode | ox.Literal

#: Quads serialised per call when statements go to the bulk loader as text: each call holds the
#: GIL (about 15 ms), and the other threads run between two.
SERIALIZE_PIECE = 20_000

#: Result formats by short name: (pyoxigraph format, media type).
SOLUTION_FORMATS = {
    "json": (ox.QueryResultsFormat.JSON, "application/sparql-results+json"),
    "xml": (ox.QueryResultsFormat.XML, "application/sparql-results+xml"),
    "csv": (ox.QueryResultsFormat.CSV, "text/csv"),
    "tsv": (ox.QueryResultsFormat.TSV, "text/tab-separated-values"),
}
GRAPH_FORMATS = {
    "turtle": (ox.RdfFormat.TURTLE, "text/turtle"),
    "ntriples": (ox.RdfFormat.N_TRIPLES, "application/n-triples"),
    "jsonld": (ox.RdfFormat.JSON_LD, "application/ld+json"),
}


def to_term(value: Any) -> Term:
    """A Python value as an RDF term: terms pass through, ``str`` becomes a plain literal.

    >>> to_term("O'Brien {x}")
    <Literal value=O'Brien {x} datatype=<NamedNode value=http://www.w3.org/2001/XMLSchema#string>>
    """
    if isinstance(value, (ox.NamedNode, ox.BlankNode, ox.Literal)):
        return value
    if isinstance(value, bool):
        return ox.Literal(str(value).lower(), datatype=ox.NamedNode(XSD + "boolean"))
    if isinstance(value, int):
        return ox.Literal(str(value), datatype=ox.NamedNode(XSD + "integer"))
    return ox.Literal(str(value))


def to_python(term: Term | None) -> Any:
    """An RDF term as a plain Python value: IRIs as ``str``, numbers as numbers."""
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return term.value
    if isinstance(term, ox.BlankNode):
        return f"_:{term.value}"
    if isinstance(term, ox.Literal):
        dt = term.datatype.value if term.datatype else ""
        try:
            if dt in _INTEGER_TYPES:
                return int(term.value)
            if dt in _DECIMAL_TYPES:
                return float(term.value)
        except ValueError:
            return term.value
        if dt == XSD + "boolean":
            return term.value == "true"
        return term.value
    return str(term)


_GROUP_START = re.compile(r"\bWHERE\s*\{|\b(?:SELECT|ASK|DESCRIBE)\b[^{]*\{", re.IGNORECASE)


def bind_values(sparql: str, bindings: Mapping[str, Any] | None) -> str:
    """The query with its parameters bound by an inline ``VALUES`` block at the start of the
    outermost ``WHERE`` group: each value goes in as a serialised RDF term (so quotes and braces in
    it cannot change the query), and the group's patterns and FILTERs see it bound.

    Parameters must be used in that outermost group, not only inside a nested group or subquery.

    >>> print(bind_values("SELECT ?p WHERE { ?p foaf:name ?name }", {"name": 'a"}'}))
    SELECT ?p WHERE { VALUES (?name) { ("a\\"}") } ?p foaf:name ?name }
    """
    if not bindings:
        return sparql
    names = list(bindings)
    values = " ".join(str(to_term(bindings[n])) for n in names)
    block = f" VALUES ({' '.join('?' + n for n in names)}) {{ ({values}) }}"
    # Comment lines are blanked (same length) so that a "WHERE {" inside one is not taken.
    code = "".join(" " * len(line) if line.lstrip().startswith("#") else line
                   for line in sparql.splitlines(keepends=True))
    match = _GROUP_START.search(code)
    if match:
        return sparql[:match.end()] + block + sparql[match.end():]
    raise StoreError("cannot bind parameters: the query has no WHERE group")


class Store(ABC):
    """What queries, analytics and views read, and what builds write."""

    @abstractmethod
    def query(self, sparql: str, bindings: Mapping[str, Any] | None = None):
        """Run a query; pyoxigraph result objects (solutions, boolean or triples)."""

    def select(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Rows of a SELECT as dicts of plain Python values (unbound variables are None)."""
        solutions = self.query(sparql, bindings)
        names = [v.value for v in solutions.variables]
        # A row iterates its values in the variables' order: about twice as quick as looking each up by name.
        return [dict(zip(names, map(to_python, row))) for row in solutions]

    def ask(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> bool:
        return bool(self.query(sparql, bindings))

    def values(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> list[list[str]]:
        """Rows of a SELECT as lists of the values' lexical forms ("" for unbound), in the variables'
        order: written as CSV by the store and split by Python's csv module, no term object is made
        for a value (the 33k folded names of a 20k-paper store: 0.43 -> 0.09 CPU-s)."""
        rows = csv.reader(io.StringIO(self.serialize(sparql, "csv", bindings).decode("utf-8")))
        next(rows, None)  # the header
        return list(rows)

    def serialize(self, sparql: str, fmt: str, bindings: Mapping[str, Any] | None = None) -> bytes:
        """A query's results serialised: ``json|xml|csv|tsv`` for SELECT/ASK,
        ``turtle|ntriples|jsonld`` for CONSTRUCT/DESCRIBE."""
        result = self.query(sparql, bindings)
        if isinstance(result, ox.QueryTriples):
            rdf_format = GRAPH_FORMATS.get(fmt, GRAPH_FORMATS["turtle"])[0]
            return result.serialize(format=rdf_format)
        results_format = SOLUTION_FORMATS.get(fmt, SOLUTION_FORMATS["json"])[0]
        return result.serialize(format=results_format)

    @abstractmethod
    def add(self, quads: Iterable[ox.Quad]) -> None:
        """Bulk-add statements (quads in the default graph)."""

    def insert(self, quads: Sequence[ox.Quad]) -> None:
        """Add statements of any graph, named ones too (one SPARQL update)."""
        graphs: dict[Any, list[ox.Quad]] = {}
        for quad in quads:
            graphs.setdefault(quad.graph_name, []).append(quad)
        data = " ".join((f"GRAPH {graph} {{ {body} }}" if isinstance(graph, ox.NamedNode) else body)
                        for graph, part in graphs.items()
                        for body in [ox.serialize([ox.Triple(q.subject, q.predicate, q.object) for q in part],
                                                          format=ox.RdfFormat.N_TRIPLES).decode("utf-8")])
        if data:
            self.update(f"INSERT DATA {{ {data} }}")

    @abstractmethod
    def update(self, sparql: str) -> None:
        """Run a SPARQL 1.1 Update (the project's prefixes predeclared)."""

    def holds(self, quad: ox.Quad) -> bool:
        """Whether the store holds ``quad`` (a statement of the default graph)."""
        return self.ask("ASK { ?s ?p ?o }", {"s": quad.subject, "p": quad.predicate, "o": quad.object})

    def describes(self, subject: ox.NamedNode | ox.BlankNode) -> bool:
        """Whether the store holds a statement of the default graph about ``subject``."""
        return self.ask("ASK { ?s ?p ?o }", {"s": subject})

    def match(self, subject: ox.NamedNode | None, predicate: ox.NamedNode, obj: Term | None) -> list[ox.Quad]:
        """The statements of the default graph with this subject, predicate and object (None: any)."""
        rows = self.query("SELECT ?s ?o WHERE { ?s ?p ?o }", {"p": predicate, **({"s": subject} if subject else {}),
                                                               **({"o": obj} if obj else {})})
        return [ox.Quad(row["s"] if subject is None else subject, predicate, row["o"] if obj is None else obj)
                for row in rows]

    @abstractmethod
    def load_file(self, path: Path) -> None:
        """Bulk-load an RDF file (format from its extension)."""

    @abstractmethod
    def dump(self, path: Path) -> None:
        """Write the default graph as Turtle, with the project's prefixes."""

    def optimize(self) -> None:
        """Reorganise the store for reading; nothing to do where a server keeps its own storage."""

    def close(self) -> None:
        """Release the store (flushes the embedded one)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class LocalStore(Store):
    """The embedded, persistent Oxigraph store in ``DIR/store``."""

    def __init__(self, path: str | os.PathLike, read_only: bool = True):
        self.path = Path(path)
        self.read_only = read_only
        try:
            if read_only:
                if not self.path.is_dir():
                    raise StoreError(f"{path}: no store here (build one with `kg build ... --out DIR`)")
                self._store = ox.Store.read_only(str(self.path))
            else:
                self._store = ox.Store(str(self.path))
        except (OSError, RuntimeError) as e:  # RocksDB reports a damaged or vanishing folder as RuntimeError
            raise StoreError(f"{path}: cannot open the store: {e}") from None

    def query(self, sparql, bindings=None):
        try:
            return self._store.query(bind_values(sparql, bindings), prefixes=PREFIXES)
        except SyntaxError as e:
            raise StoreError(f"bad SPARQL: {e}") from None

    def add(self, quads):
        # pyoxigraph's bulk_extend holds the GIL for the whole load (500k quads of a build: 4.5-5.5 s),
        # and with it every thread of the process: a build's workers then wait, the pool's thread that
        # hands them batches and takes their results stopped. Loaded as N-Quads text, the same quads
        # stop the others for 0.04 s at most, for 0-0.5 CPU-s more. ``lenient`` skips checking again
        # what the terms checked when made (strict: 1.2 CPU-s more); bad syntax still raises.
        # Blank nodes: the text loader would rename them.
        quads = quads if isinstance(quads, Sequence) else list(quads)
        text = b"".join(ox.serialize(quads[start:start + SERIALIZE_PIECE], None, ox.RdfFormat.N_QUADS)
                        for start in range(0, len(quads), SERIALIZE_PIECE))
        if b"_:" in text:  # a blank node, or a literal that reads like one: the quads as they are
            self._store.bulk_extend(quads)
        elif text:
            self._store.bulk_load(text, ox.RdfFormat.N_QUADS, lenient=True)

    def insert(self, quads):
        self.add(quads)  # N-Quads keep the graphs

    def load_file(self, path):
        self._store.bulk_load(path=str(path))

    def update(self, sparql):
        try:
            self._store.update(SPARQL_PROLOGUE + sparql)  # one transaction
        except SyntaxError as e:
            raise StoreError(f"bad SPARQL update: {e}") from None

    def holds(self, quad):
        return quad in self._store

    def describes(self, subject):
        return next(iter(self._store.quads_for_pattern(subject, None, None, ox.DefaultGraph())), None) is not None

    def match(self, subject, predicate, obj):  # an index lookup, ~10x quicker than a query
        return list(self._store.quads_for_pattern(subject, predicate, obj, ox.DefaultGraph()))

    def dump(self, path):
        self._store.dump(str(path), ox.RdfFormat.TURTLE, from_graph=ox.DefaultGraph(), prefixes=PREFIXES)

    def optimize(self):
        # Each bulk load adds sorted files that overlap the earlier ones, and a read seeks in every
        # one: after a 100k-paper build, merging them makes queries 2-2.5x faster (5.5 s to merge).
        self._store.optimize()

    def __len__(self) -> int:
        return len(self._store)

    def close(self):
        if not self.read_only:  # a read-only store has nothing to flush (and refuses to)
            self._store.flush()
        del self._store


class Snapshot(Store):
    """A store read as it stands by one reader that asks the same questions many times (the site):
    each SELECT's rows are read once, and ``once`` keeps what is computed from them (a projected
    network, an index of papers). Rows and kept values are shared: read them, never change them.
    Nothing may be written through it."""

    def __init__(self, store: Store):
        self.store = store
        self._rows: dict[tuple, list[dict[str, Any]]] = {}
        self._kept: dict[str, Any] = {}  # see ``once``
        self._answers: dict[str, Any] = {}  # see ``answer``

    def query(self, sparql, bindings=None):
        return self.store.query(sparql, bindings)

    def select(self, sparql, bindings=None):
        key = (sparql, tuple(sorted((name, str(to_term(value))) for name, value in (bindings or {}).items())))
        if key not in self._rows:
            answer = self._answers.get(sparql)
            self._rows[key] = answer(bindings or {}) if answer else self.store.select(sparql, bindings)
        return self._rows[key]

    def answer(self, sparql: str, rows) -> None:
        """Take ``rows`` as the answer to ``sparql`` without parameters, or ``rows(bindings)`` as
        its answer with them: what a reader can derive from values it holds is not read from the
        store again."""
        if callable(rows):
            self._answers[sparql] = rows
        else:
            self._rows[(sparql, ())] = rows

    def once(self, name: str, compute):
        """``compute()``, the first time ``name`` is asked for."""
        if name not in self._kept:
            self._kept[name] = compute()
        return self._kept[name]

    def add(self, quads):
        raise StoreError("a snapshot is read-only")

    def update(self, sparql):
        raise StoreError("a snapshot is read-only")

    def load_file(self, path):
        raise StoreError("a snapshot is read-only")

    def dump(self, path):
        self.store.dump(path)


def kept(read):
    """``read(store)`` computed once per ``Snapshot`` (on any other store, each time)."""
    @functools.wraps(read)
    def reader(store: Store):
        if isinstance(store, Snapshot):
            return store.once(read.__qualname__, lambda: read(store))
        return read(store)
    return reader


def store_dir(out: str | os.PathLike) -> Path:
    """Where the embedded store lives inside a build folder."""
    return Path(out) / "store"


def open_store(location: str | os.PathLike, read_only: bool = True) -> Store:
    """Open the store at ``location``: a build folder (``DIR`` holding ``store/``) or a URL."""
    loc = str(location)
    if loc.startswith(("http://", "https://")):
        from kg.rdf.remote import RemoteStore

        return RemoteStore(loc)
    path = Path(loc)
    if (path / "store").is_dir() or not read_only:
        return LocalStore(store_dir(path), read_only=read_only)
    raise StoreError(f"{loc}: no store here (build one with `kg build SOURCES --out {loc}`)")
