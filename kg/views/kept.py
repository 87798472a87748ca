"""What a site keeps in its folder for the next writing (``site-data.json``), so that after an
increment it costs what the increment adds: the tables it read of every paper
(``PaperTables``), what its lineage maps were drawn from, and the fingerprint of the store state
they were read from.

The build hands the site an increment's ``Changes``: the store's fingerprint before the increment,
and the IRIs of the papers and people whose statements it added, changed or removed. The kept
tables are used only when the fingerprint they were read at is the one the store had before the
increment (or, for ``kg site`` with no ``Changes``, the one it has now); the touched papers are read
again, everything else comes from the file. A lineage map is drawn again only when one of its
papers, or a method or model it was drawn from (its nodes, and everything of its line or under
it up to ``MAX_DEPTH`` steps), changed, or a new name may be built on its subject's name.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from kg.analytics.lineage import MAX_DEPTH, LineageMap, LineIndex, built_on
from kg.analytics.projections import PaperTables
from kg.rdf.store import Store

#: The file where a site keeps its tables and what its lineage maps were drawn from.
DATA = "site-data.json"

#: What tells one store state from another, cheaply (each reads one index): the source documents
#: and the counts of papers, authorships, mentions and stated extensions.
FINGERPRINT = (
    "SELECT ?source ?sha WHERE { ?source a kg:SourceDocument ; kg:sha256 ?sha }",
    "SELECT (COUNT(*) AS ?n) WHERE { ?s a kg:Paper }",
    "SELECT (COUNT(*) AS ?n) WHERE { ?s dcterms:creator ?o }",
    "SELECT (COUNT(*) AS ?n) WHERE { ?s kg:mentions ?o }",
    "SELECT (COUNT(*) AS ?n) WHERE { ?s kg:extends ?o }",
)


def fingerprint(store: Store) -> str:
    """A digest of the store's state (see ``FINGERPRINT``)."""
    digest = hashlib.sha256()
    for query in FINGERPRINT:
        digest.update(json.dumps(sorted(json.dumps(r, sort_keys=True) for r in store.select(query))).encode())
    return digest.hexdigest()


@dataclass
class Changes:
    """What an increment changed, as a build hands it to the site: ``before``, the store's
    fingerprint before the increment, and ``touched``, the IRIs of the papers (and people: all
    their papers) whose statements it added, changed or removed."""

    before: str
    touched: set[str] = field(default_factory=set)


def read_kept(folder: str | Path | None, name: str) -> dict:
    """The JSON object a site kept in ``folder/name``; nothing if there is none or it is damaged
    (what a site keeps is only ever computed again)."""
    path = Path(folder) / name if folder is not None else None
    if path is None or not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def load(folder: str | Path | None) -> dict:
    """The tables and lines a site in ``folder`` kept (``DATA``), or nothing."""
    data = read_kept(folder, DATA)
    return data if isinstance(data.get("tables"), dict) else {}


@dataclass
class Reuse:
    """Kept tables brought up to date, and what changed since they were read (nothing reusable:
    ``tables`` None)."""

    tables: PaperTables | None = None
    papers: set[str] = field(default_factory=set)  # papers whose tables changed
    methods: set[str] = field(default_factory=set)  # methods and models those papers link (before or now)


def reuse_tables(data: dict, store: Store, changes: Changes | None, now: str) -> Reuse:
    """The kept tables of ``data``, when they were read at the store state the changes start from,
    with the touched papers read again."""
    if not data or data.get("fingerprint") != (changes.before if changes is not None else now):
        return Reuse()
    try:
        tables = PaperTables.from_json(data["tables"])
    except (KeyError, TypeError, ValueError, IndexError):
        return Reuse()
    old = tables.copy()
    read = tables.update(store, changes.touched if changes is not None else set())
    out = Reuse(tables)
    for p in read:
        def state(t: PaperTables):
            return (t.papers.get(p), [(a, t.names.get(a)) for a in t.creators.get(p, [])], t.categories.get(p),
                    t.links.get(p))
        if state(old) != state(tables):
            out.papers.add(p)
            out.methods |= {m for m, _ in [*old.links.get(p, []), *tables.links.get(p, [])]}
    return out


def index_facts(ix: LineIndex) -> dict:
    """What the lineage maps read of the whole graph besides the papers: names, families, stated
    extensions, generic concepts and which node stands for which."""
    return {"labels": {k: sorted(v) for k, v in ix.labels.items()}, "generic": sorted(ix.generic),
            "narrower": {k: sorted(v) for k, v in ix.narrower.items() if v},
            "instances": {k: sorted(v) for k, v in ix.instances.items() if v},
            "extends": sorted(list(e) for e in ix.extends.edges), "canonical": ix.canonical()}


def changed_concepts(old: dict, new: dict) -> set[str]:
    """The methods and models whose names, families, stated extensions or standing changed
    between two ``index_facts`` (all of them when nothing was kept)."""
    if not old:
        return set(new["labels"])
    out = {k for k in {*old["labels"], *new["labels"]} if old["labels"].get(k) != new["labels"].get(k)}
    out |= set(old["generic"]) ^ set(new["generic"])
    for family in ("narrower", "instances"):
        for k in {*old[family], *new[family]}:
            before, after = set(old[family].get(k, ())), set(new[family].get(k, ()))
            if before != after:
                out |= {k} | (before ^ after)
    out |= {x for edge in {tuple(e) for e in old["extends"]} ^ {tuple(e) for e in new["extends"]} for x in edge}
    for k in {*old["canonical"], *new["canonical"]}:
        if old["canonical"].get(k) != new["canonical"].get(k):
            out |= {k, old["canonical"].get(k), new["canonical"].get(k)} - {None}
    return out


def line_inputs(m: LineageMap, ix: LineIndex) -> dict:
    """What a method's lineage map was drawn from: its papers, the methods and models on it and
    everything of its line or under it (extensions, kinds, models) and above it (what it extends)
    up to ``MAX_DEPTH`` steps, with the other nodes of each concept; and its subject's names."""
    canonical = ix.canonical()
    subjects = {m.subject} | ix.aliases(m.subject)
    ext = ix.extends
    reach = set(subjects)
    for step in (lambda x: (*(ext.predecessors(x) if x in ext else ()), *ix.narrower.get(x, ()), *ix.instances.get(x, ())),
                 lambda x: ext.successors(x) if x in ext else ()):
        frontier = sorted(subjects)
        for _ in range(MAX_DEPTH):
            frontier = [c for x in frontier for c in step(x) if c not in reach and not reach.add(c)]
    reach |= {n.id for n in m.nodes if n.kind not in ("paper", "more")}
    reach |= {x["id"] for n in m.nodes for x in n.members}
    reach |= {canonical.get(x, x) for x in reach} | {a for a, c in canonical.items() if c in reach}
    names = {name for s in subjects for name in ix.labels.get(s, ())} | {ix.label(m.subject)}
    return {"methods": sorted(reach), "papers": sorted(n.id for n in m.nodes if n.kind == "paper"),
            "names": sorted(names)}


def stale(inputs: dict, reused: Reuse, concepts: set[str], labels: dict[str, list[str]]) -> bool:
    """Whether a map drawn from ``inputs`` may differ now: one of its papers changed, a method or
    model it was drawn from was linked or unlinked by a changed paper or changed itself
    (``concepts``), or a changed concept has a name built on its subject's names (``built_on``)."""
    if reused.papers.intersection(inputs["papers"]) or (reused.methods | concepts).intersection(inputs["methods"]):
        return True
    return any(built_on(label, name) for c in concepts for label in labels.get(c, ()) for name in inputs["names"])
