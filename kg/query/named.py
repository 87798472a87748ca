"""The catalogue of named queries: ``kg/queries/NAME.rq``, each with a comment header.

A header says what the query answers and which parameters it takes::

    # name: coauthors
    # answers: who wrote papers with an author, and how many papers they wrote together
    # param: author (person) — a person's name, matched as the build merges people
    # example: author=Lorenzo Basile

Lines starting with ``#   `` continue the previous field. A parameter whose description starts
with ``(optional)`` may be left out. Parameters reach the store through the store's ``bindings``
(a ``VALUES`` block at the start of the outermost ``WHERE`` group, see
``kg.rdf.store.bind_values``), never pasted into the text, so a query uses each parameter in
that group, or in a ``LATERAL`` subquery that projects it.

A parameter's kind, in parentheses after its name, says what term it reaches the query as
(``KINDS``): by default the value as a plain literal; ``(person)`` takes a person's name and
binds the IRI of the person of that name, ``kgr:person/<key>``, whose key is a function of the
name's ``name_key`` (case, accents and punctuation folded: the rule by which the build makes one
person of every form of a name). So "francesco TONIN" and "Francesco Tonín" are Francesco Tonin,
and the query starts from one IRI (an index lookup) instead of testing every ``foaf:name``.

``(method)`` takes a method's name or alias and binds its lower case, the ``kg:nameKey`` the build
keeps for every label of every method in the graph ``kgr:graph/summaries``: the query finds the
methods of that name by an index lookup instead of lowercasing each of the graph's labels.

The queries match other names (categories, titles) case-insensitively, then walk the graph from
each match inside a ``LATERAL`` block (SPARQL 1.2 draft, SEP-0006; Oxigraph and Jena run it): a
plain join lets the engine start from the whole graph, which on the 18,701-paper ACL graph took
seconds, not tenths.

Rows are ordered by text case-insensitively (``ORDER BY LCASE(?title)``, then an IRI for ties):
the order a reader expects, and on Oxigraph a cheap one, since it compares computed strings in
memory but reads a stored string back from the store at every comparison (ordering 3,160 titles
of the 100k-paper graph: ~100 ms by ``?title``, ~10 ms by ``LCASE(?title)``).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pyoxigraph as ox

from kg.rdf.store import Store, StoreError, Term, to_term

QUERY_DIR = Path(__file__).resolve().parent.parent / "queries"

_FIELD = re.compile(r"#\s*(name|answers|param|example):\s*(.*)")
_CONTINUATION = re.compile(r"#\s{2,}(\S.*)")
_PARAM = re.compile(r"(\w+)(?:\s*\((\w+)\))?\s*(?:—|--|-|:)\s*(.*)")


def person_named(name: str) -> ox.NamedNode:
    """The IRI of the person whose name is ``name`` in any case, accents or punctuation:
    ``kgr:person/<person_key(name_key(name))>``, as the build names people (a name nobody has
    gives an IRI the graph does not hold, so nothing matches)."""
    # Imported here: kg.resolve brings the extraction pipeline (spaCy), which a query never needs otherwise.
    from kg.rdf.triples import person_iri
    from kg.resolve import name_key, person_key

    return person_iri(person_key(name_key(name)))


def method_key(name: str) -> ox.Literal:
    """The name key of the methods called ``name`` in any case: the name in lower case, as the
    build keeps every method label in ``kg:nameKey`` (``kgr:graph/summaries``)."""
    return ox.Literal(name.lower())


#: What each kind of parameter reaches the query as, from the value given.
KINDS = {"text": to_term, "person": person_named, "method": method_key}


@dataclass(frozen=True)
class Param:
    """A parameter of a named query; its ``kind`` is a key of ``KINDS``."""

    name: str
    description: str
    optional: bool = False
    kind: str = "text"

    def term(self, value: str) -> Term:
        """The term the query sees for ``value``."""
        return KINDS[self.kind](value)


@dataclass(frozen=True)
class NamedQuery:
    """A query of the catalogue: its name, what it answers, its parameters and its text."""

    name: str
    description: str
    params: tuple[Param, ...]
    sparql: str
    example: dict[str, str] = field(default_factory=dict, hash=False)

    def check(self, params: Mapping[str, str]) -> None:
        """Raise ``StoreError`` for an unknown parameter or a required one left out."""
        known = {p.name for p in self.params}
        unknown = sorted(set(params) - known)
        if unknown:
            raise StoreError(f"query {self.name!r} has no parameter {', '.join(unknown)}"
                             f" (it takes: {', '.join(sorted(known)) or 'none'})")
        missing = [p.name for p in self.params if not p.optional and p.name not in params]
        if missing:
            raise StoreError(f"query {self.name!r} needs --param {missing[0]}=... ({self.param(missing[0]).description})")

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)

    def bindings(self, params: Mapping[str, str]) -> dict[str, Term]:
        """The terms to bind for ``params`` (checked), each as its parameter's kind says."""
        self.check(params)
        return {name: self.param(name).term(value) for name, value in params.items()}


def parse_header(name: str | None, text: str) -> NamedQuery:
    """The ``NamedQuery`` of a ``.rq`` file's text (``name`` is the file's stem; ``None`` takes
    the header's name, for a query file outside the catalogue)."""
    fields: dict[str, list[str]] = {"answers": [], "param": [], "example": []}
    last: list[str] | None = None
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        if match := _FIELD.match(line):
            key, value = match.groups()
            if key == "name":
                name = name or value.strip()
                if value.strip() != name:
                    raise StoreError(f"{name}.rq: its header names it {value.strip()!r}")
                last = None
                continue
            fields[key].append(value.strip())
            last = fields[key]
        elif (match := _CONTINUATION.match(line)) and last:
            last[-1] += " " + match.group(1).strip()
    params = []
    for spec in fields["param"]:
        match = _PARAM.match(spec)
        if not match:
            raise StoreError(f"{name}.rq: cannot read the parameter line {spec!r}")
        pname, kind, description = match.groups()
        if kind and kind not in KINDS:
            raise StoreError(f"{name}.rq: parameter {pname} has kind {kind!r}; the kinds are {', '.join(KINDS)}")
        params.append(Param(pname, description, description.startswith("(optional)"), kind or "text"))
    example = dict(item.split("=", 1) for item in fields["example"])
    return NamedQuery(name or "", " ".join(fields["answers"]), tuple(params), text, example)


@lru_cache(maxsize=1)
def _catalogue() -> dict[str, NamedQuery]:
    return {path.stem: parse_header(path.stem, path.read_text(encoding="utf-8"))
            for path in sorted(QUERY_DIR.glob("*.rq"))}


def list_queries() -> list[NamedQuery]:
    """Every named query, by name."""
    return list(_catalogue().values())


def get_query(name: str) -> NamedQuery:
    """The named query ``name``; ``StoreError`` listing the names if there is none."""
    try:
        return _catalogue()[name]
    except KeyError:
        raise StoreError(f"no query named {name!r}; the named queries are: {', '.join(_catalogue())}") from None


def page(sparql: str, limit: int | None = None, offset: int = 0) -> str:
    """``sparql`` with its rows from ``offset`` on, ``limit`` of them (all when None): the catalogue's
    queries are ordered, so pages follow one another. The engine still orders every row, but only
    the page's terms are read back (on 100k papers, 100 of 6,143 rows: ~140 ms instead of ~230)."""
    for name, value in (("limit", limit), ("offset", offset)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise StoreError(f"{name} must be a whole number of rows, 0 or more (got {value!r})")
    return sparql + (f"\nLIMIT {limit}" if limit is not None else "") + (f"\nOFFSET {offset}" if offset else "")


def prepare(name: str, params: Mapping[str, str] | None = None, limit: int | None = None,
            offset: int = 0) -> tuple[str, dict[str, Term]]:
    """The text of named query ``name`` (a page of its rows, see ``page``) and its checked
    parameters as terms, ready for a store."""
    query = get_query(name)
    return page(query.sparql, limit, offset), query.bindings(params or {})


def run_named(store: Store, name: str, params: Mapping[str, str] | None = None, limit: int | None = None,
              offset: int = 0) -> list[dict]:
    """The rows of named query ``name`` with ``params`` bound as their kinds say (plain Python
    values); ``limit`` rows from ``offset`` on, or all."""
    return store.select(*prepare(name, params, limit, offset))


def serialize_named(store: Store, name: str, params: Mapping[str, str] | None = None, fmt: str = "json",
                    limit: int | None = None, offset: int = 0) -> bytes:
    """The results of named query ``name`` serialised as ``json``, ``xml``, ``csv`` or ``tsv``."""
    sparql, bound = prepare(name, params, limit, offset)
    return store.serialize(sparql, fmt, bound)
