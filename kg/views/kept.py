"""What a site keeps in its folder for the next writing (``site-data.sqlite``), so that after an
increment it costs what the increment adds: the tables it read of every paper
(``PaperTables``), what its lineage maps were drawn from, and the fingerprint of the store state
they were read from. An SQLite file, a table per table: an increment rewrites the rows of the
papers it changed, never the whole file, and reading the rows back is several times quicker than
parsing one big JSON document.

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
import os
import shutil
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from kg.analytics.lineage import MAX_DEPTH, Drawn, LineageMap, LineageNode, LineIndex, built_on
from kg.analytics.projections import RELATIONS, PaperTables
from kg.rdf.store import Store

#: The file where a site keeps its tables and what its lineage maps were drawn from.
DATA = "site-data.sqlite"
#: Its tables: ``facts`` holds the fingerprint, the lineage index facts and the maps drawn (JSON);
#: ``papers`` a row per paper of ``PaperTables`` (its label only where it is not its title; its
#: creators' IRIs and its links' method IRIs and relations joined by spaces, which no IRI holds;
#: its categories, document text, as JSON), ``names`` a row per person.
SCHEMA = """
CREATE TABLE facts (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE papers (paper TEXT PRIMARY KEY, title TEXT, year INTEGER, url TEXT, label TEXT, creators TEXT NOT NULL,
                     categories TEXT, links TEXT NOT NULL);
CREATE TABLE names (person TEXT PRIMARY KEY, name TEXT NOT NULL);
"""

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


@dataclass
class Kept:
    """What a site kept (``DATA``): the fingerprint of the store state it was read from, the
    lineage index facts and the maps drawn, and where its tables are (read when they are used)."""

    path: Path | None = None
    fingerprint: str | None = None
    index: dict = field(default_factory=dict)
    lines: dict = field(default_factory=dict)
    ahead: PaperTables | None = None  # the tables, read before they were wanted (``read_ahead``)

    def tables(self) -> PaperTables:
        """The kept tables (``sqlite3.Error`` or ``ValueError`` when the file is damaged)."""
        if self.ahead is not None:  # (given once: the site brings them up to date in place)
            tables, self.ahead = self.ahead, None
            return tables
        with closing(_reading(self.path)) as db:
            return _read_tables(db)


def _reading(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def load(folder: str | Path | None) -> Kept:
    """What a site in ``folder`` kept (``DATA``), or nothing (none there, or damaged: what a site
    keeps is only ever computed again)."""
    path = Path(folder) / DATA if folder is not None else None
    if path is None or not path.is_file():
        return Kept()
    try:
        with closing(_reading(path)) as db:
            facts = {name: json.loads(value) for name, value in db.execute("SELECT name, value FROM facts")}
        return Kept(path, facts["fingerprint"], facts["index"], facts["lines"])
    except (sqlite3.Error, KeyError, ValueError):
        return Kept()


def read_ahead(folder: str | Path | None) -> Kept:
    """What a site in ``folder`` kept (``load``), its tables read already: a build reads them while
    its workers extract, when this process mostly waits (100k papers: 1.1-1.4 CPU-s)."""
    kept = load(folder)
    if kept.path is not None:
        try:
            kept.ahead = kept.tables()
        except (sqlite3.Error, ValueError):
            pass  # (the site finds the file damaged again, and reads the store)
    return kept


def _read_tables(db: sqlite3.Connection) -> PaperTables:
    t = PaperTables()
    for p, title, year, url, label, creators, categories, links in db.execute("SELECT * FROM papers"):
        t.papers[p] = {"title": title, "year": year, "url": url, "label": title if label is None else label}
        if creators:
            t.creators[p] = creators.split(" ")
        if categories is not None:
            t.categories[p] = json.loads(categories)
        if links:
            x = links.split(" ")
            t.links[p] = list(zip(x[::2], x[1::2]))
    t.names = dict(db.execute("SELECT person, name FROM names"))
    return t


def _write_papers(db: sqlite3.Connection, t: PaperTables, papers) -> None:
    """Insert the rows of those of ``papers`` that ``t`` holds."""
    db.executemany("INSERT INTO papers VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (
        (p, f["title"], f["year"], f["url"], None if f["label"] == f["title"] else f["label"],
         " ".join(t.creators.get(p, ())), json.dumps(t.categories[p], ensure_ascii=False) if p in t.categories else None,
         " ".join(x for pair in t.links.get(p, ()) for x in pair))
        for p in papers if (f := t.papers.get(p)) is not None))


def _write_facts(db: sqlite3.Connection, fingerprint: str, index: dict, lines: dict) -> None:
    db.executemany("INSERT OR REPLACE INTO facts VALUES (?, ?)",
                   [(name, json.dumps(value, ensure_ascii=False))
                    for name, value in (("fingerprint", fingerprint), ("index", index), ("lines", lines))])


def save(out: Path, kept: Kept, reused: "Reuse", tables: PaperTables, fingerprint: str, index: dict,
         lines: dict) -> None:
    """Keep the site's tables and facts in ``out/DATA``: where its tables are the kept ones brought
    up to date (``reused``), a copy of the kept file with the rows of the changed papers written
    again; else the whole tables, into a new file swapped in when complete."""
    target = out / DATA
    if reused.tables is not None and kept.path is not None:
        if kept.path.resolve() != target.resolve():
            shutil.copyfile(kept.path, target)
        with closing(sqlite3.connect(target)) as db, db:  # one transaction
            changed = sorted(reused.papers)
            db.execute("CREATE TEMP TABLE changed (paper TEXT PRIMARY KEY)")
            db.executemany("INSERT INTO changed VALUES (?)", ((p,) for p in changed))
            people = {a for (cs,) in db.execute("SELECT creators FROM papers WHERE paper IN (SELECT paper FROM changed)")
                      for a in cs.split(" ") if a}
            db.execute("DELETE FROM papers WHERE paper IN (SELECT paper FROM changed)")
            _write_papers(db, tables, changed)
            people |= {a for p in changed for a in tables.creators.get(p, ())}
            db.executemany("DELETE FROM names WHERE person = ?", ((a,) for a in sorted(people)))
            db.executemany("INSERT INTO names VALUES (?, ?)",
                           ((a, tables.names[a]) for a in sorted(people) if a in tables.names))
            _write_facts(db, fingerprint, index, lines)
        return
    fresh = out / f".{DATA}.{os.getpid()}"
    fresh.unlink(missing_ok=True)
    with closing(sqlite3.connect(fresh)) as db, db:
        db.executescript(SCHEMA)
        _write_papers(db, tables, sorted(tables.papers))  # (the tables' order is the rows' as they came)
        db.executemany("INSERT INTO names VALUES (?, ?)", sorted(tables.names.items()))
        _write_facts(db, fingerprint, index, lines)
    os.replace(fresh, target)


@dataclass
class Reuse:
    """Kept tables brought up to date, and what changed since they were read (nothing reusable:
    ``tables`` None)."""

    tables: PaperTables | None = None
    papers: set[str] = field(default_factory=set)  # papers whose tables changed
    read: set[str] = field(default_factory=set)  # papers read again (changed or not)
    methods: set[str] = field(default_factory=set)  # methods and models those papers link (before or now)


def reuse_tables(kept: Kept, store: Store, changes: Changes | None, since: str) -> Reuse:
    """The kept tables, when they were read at the store state ``since`` (the one the changes
    start from; with no changes, the store's now), with the touched papers read again."""
    if kept.fingerprint is None or kept.fingerprint != since:
        return Reuse()
    try:
        tables = kept.tables()
    except (sqlite3.Error, ValueError):
        return Reuse()
    old = tables.copy()
    touched = changes.touched if changes is not None else set()
    read = tables.update(store, touched)
    renamed = {a for a in touched if old.names.get(a) != tables.names.get(a)}
    if renamed:  # their papers show the new name
        read |= {p for p, ps in tables.creators.items() if renamed.intersection(ps)}
    out = Reuse(tables, read=read)
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


def drawn_before(path: Path, reused: Reuse) -> Drawn:
    """What a lineage map kept at ``path`` (its JSON) knows of its papers that holds still: the
    details of those not read again since (``reused.read``) and the evidence of their links to
    methods and models (a paper's own statements). A map drawn again reads only its new and
    changed papers."""
    try:
        m = json.loads(path.read_text(encoding="utf-8"))
        papers = {n["id"]: LineageNode(n["id"], "paper", n["label"], n["year"], "", n["title"], n["abstract_start"],
                                       n["authors"], n["url"])
                  for n in m["nodes"] if n["kind"] == "paper" and n["id"] not in reused.read}
        return Drawn(papers, {(e["source"], e["target"], e["relation"]): e["evidence"] for e in m["edges"]
                              if e["source"] in papers and e["relation"] in RELATIONS})
    except (OSError, ValueError, KeyError, TypeError):
        return Drawn()
