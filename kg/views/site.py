"""The site of a build: ``index.html`` with the graph's counts, linking the coauthor and method
networks, a lineage map (HTML and JSON) for each of the lines with the most papers
(``line_weights``), and for every profile owner their lines of work and their coauthors.

>>> write_site(store, "build")                                      # doctest: +SKIP
PosixPath('build/index.html')
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from kg.analytics.lineage import CARRIED, PAPERS_OF_METHOD, LineIndex, author_lineage, line_weights, method_lineage
from kg.analytics.projections import local_name, method_index, paper_tables
from kg.analytics.rank import COUNT_QUERIES, coauthor_counts, graph_counts
from kg.collector import collecting_less
from kg.forked import Forked
from kg.rdf.namespaces import KG
from kg.rdf.store import Snapshot, Store, StoreError
from kg.views.kept import (Changes, Kept, Reuse, changed_concepts, drawn_before, fingerprint, index_facts, line_inputs,
                           load, read_kept, reuse_tables, save, stale)
from kg.views.lineage import write_lineage_html, write_lineage_json
from kg.views.networks import author_ego_view, coauthor_view, method_view
from kg.views.page import TEMPLATES

#: At most this many method lineage maps (the longest lines first); the index says if more.
MAX_LINEAGES = 60
#: The file where a site keeps the slow intermediate results of its network views (communities,
#: layouts) for the next writing, each under a digest of its inputs (see ``networks.reuse``).
STATE = "site-state.json"

OWNERS = """
SELECT DISTINCT ?person ?name WHERE { ?src kg:profileOwner ?person . OPTIONAL { ?person foaf:name ?name } }"""

_env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]))


def slug(text: str) -> str:
    """A file name from an IRI's last segment or a label.

    >>> slug("https://w3id.org/research-kg/method/kep-svgp"), slug("Nyström method")
    ('kep-svgp', 'nystr-m-method')
    """
    return re.sub(r"[^A-Za-z0-9._-]+", "-", local_name(text)).strip("-.").lower() or "x"


def _unique(name: str, taken: set) -> str:
    base, i = name, 2
    while name in taken:
        name, i = f"{base}-{i}", i + 1
    taken.add(name)
    return name


def _keep_page(previous: Path, out: Path, files: list[str]) -> bool:
    """Bring a page written before into ``out`` unchanged (a hard link where ``out`` is another
    folder); False when one of its files is missing."""
    if not all((previous / f).is_file() for f in files):
        return False
    for f in files:
        if (previous / f).resolve() != (out / f).resolve():
            (out / f).parent.mkdir(parents=True, exist_ok=True)
            (out / f).unlink(missing_ok=True)
            try:
                os.link(previous / f, out / f)
            except OSError:
                shutil.copy2(previous / f, out / f)
    return True


def _same_text(path: Path, text: str) -> bool:
    """Whether the file at ``path`` holds ``text`` (a page is a function of its map: the same map's
    JSON, the same page)."""
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, ValueError):
        return False


class _Forked(Forked):
    """A network view of the site, a sixth of a site's time each, drawn in a forked copy of this
    process while this one writes the lineage maps (both cores work). The copy must not read
    ``store`` (a snapshot): there it refuses."""

    def __init__(self, compute, store: Snapshot, what: str = "drawing of a network view"):
        super().__init__(compute, lambda: setattr(store, "store", _Unreadable()), what)


class _Unreadable:
    """The store, in a forked copy of the site's process."""

    def __getattr__(self, name):
        raise StoreError("a forked copy of the site's process may not read the store")


def _carried(tables) -> list[dict]:
    """The answer to ``CARRIED`` (how many papers name each method or model, the first year one
    does), from the paper tables."""
    papers: dict[str, set] = defaultdict(set)
    for p, links in tables.links.items():
        for m, relation in links:
            if relation in ("mentions", "usesModel"):
                papers[m].add(p)
    return [{"x": m, "papers": len(ps), "first": min((y for p in ps if (y := tables.papers.get(p, {}).get("year"))
                                                      is not None), default=None)}
            for m, ps in sorted(papers.items())]


def _papers_of_method(tables):
    """The answer to ``PAPERS_OF_METHOD`` for one method (its ``method`` binding), from the paper
    tables: its papers, how each relates to it, and their year."""
    by_method: dict[str, list] = defaultdict(list)
    iris: dict[str, str] = {}
    for p, links in tables.links.items():
        for m, relation in links:
            by_method[m].append((p, iris.get(relation) or iris.setdefault(relation, str(KG[relation]))))

    def answer(bindings) -> list[dict]:
        method = bindings["method"].value
        return [{"method": method, "paper": p, "relation": relation, "year": tables.papers.get(p, {}).get("year")}
                for p, relation in by_method.get(method, ())]
    return answer


def _read_counts(store: Snapshot) -> str:
    """The store's ``fingerprint``, and the counts of ``graph_counts`` read into the snapshot: what
    Oxigraph counts lets Python run (100k papers: 0.9 s), so a site reads them in a thread while it
    brings its tables up to date (then the lineage index's concepts, ``LineIndex.read_concepts``)."""
    now = fingerprint(store)
    for query in COUNT_QUERIES:
        store.select(query)
    return now


def write_site(store: Store, out_dir: str | Path, max_nodes: int | None = None,
               max_lineages: int = MAX_LINEAGES, previous: str | Path | None = None,
               changes: Changes | None = None, answers: dict[str, list[dict]] | None = None,
               kept: Kept | None = None) -> Path:
    """Write every view into ``out_dir`` and ``out_dir/index.html`` linking them; returns the
    index path. ``max_nodes`` caps the two big networks (default: ``kg.defaults.MAX_NODES``).
    ``previous`` is a folder holding an earlier site (it may be ``out_dir``): what it kept is
    reused where its inputs did not change (``kg.views.kept``; ``changes``: what an increment
    changed since, else nothing), so the pages are the same as written afresh. ``answers``: rows
    of queries without parameters, as the store would give them (``kg.analytics.projections.Gathered``);
    ``kept``: what the site in ``previous`` kept, read already (``kg.views.kept.read_ahead``)."""
    # what lives already (a build's registries) is out of the collector's sight meanwhile: the
    # site makes millions of small objects that stay (rows, tables, projections)
    with collecting_less(freeze=True), contextlib.ExitStack() as forks:
        return _write_site(store, Path(out_dir), max_nodes, max_lineages, previous, changes, forks, answers or {},
                           kept if kept is not None else load(previous))


def _write_site(store: Store, out: Path, max_nodes: int | None, max_lineages: int, previous: str | Path | None,
                changes: Changes | None, forks: contextlib.ExitStack, answers: dict[str, list[dict]],
                data: Kept) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    # the pages share what they read and project; the fingerprint's counts are the index's too
    snapshot = Snapshot(store)
    for sparql, rows in answers.items():
        snapshot.answer(sparql, rows)
    reading = forks.enter_context(ThreadPoolExecutor(1, thread_name_prefix="kg-site-reads"))
    counting = reading.submit(_read_counts, snapshot)
    concepts = reading.submit(LineIndex.read_concepts, snapshot)  # (see there)
    reused = Reuse() if previous is None else reuse_tables(
        data, store, changes, changes.before if changes is not None else counting.result())
    if reused.tables is not None:
        snapshot.once("paper_tables", lambda: reused.tables)  # (before any page asks for them)
    store = snapshot
    store.answer(CARRIED, _carried(paper_tables(store)))
    kept = read_kept(previous, STATE)
    caps = {} if max_nodes is None else {"max_nodes": max_nodes}
    kept.setdefault("coauthors", {}), kept.setdefault("methods", {})
    import pandas  # noqa: F401 -- what the network views draw with, imported once here, not in each copy
    # The network views are drawn in copies of this process, from what it holds, each as soon as
    # it can be: the coauthors from the paper tables alone, now (and the index's coauthor counts,
    # from the projection they draw); the methods once the lineage index has read the labels, their
    # method index. What they do not need is read once the copies are made.

    def draw_coauthors():
        co = coauthor_view(store, out / "coauthors.html", index_href="index.html", kept=kept["coauthors"], **caps)
        return co, kept["coauthors"], coauthor_counts(store)

    drawing_coauthors = forks.enter_context(_Forked(draw_coauthors, store, "drawing of the coauthor network"))
    # the lines: proposed methods and the catalogue's families, never a generic concept
    ix = LineIndex.read(store, concepts.result())
    store.once(method_index.__qualname__, ix.method_index)

    def draw_methods():
        return method_view(store, out / "methods.html", index_href="index.html", kept=kept["methods"], **caps), \
            kept["methods"]

    drawing_methods = forks.enter_context(_Forked(draw_methods, store, "drawing of the method network"))
    now = counting.result()
    counts = graph_counts(store)
    store.answer(PAPERS_OF_METHOD, _papers_of_method(paper_tables(store)))
    taken: set = set()
    people = []
    for r in sorted(store.select(OWNERS), key=lambda r: r["name"] or r["person"]):
        name = r["name"] or local_name(r["person"])
        s = _unique(slug(r["person"]), taken)
        m = author_lineage(store, r["person"], name)
        write_lineage_html(m, out / "people" / f"{s}-lineage.html", index_href="../index.html")
        write_lineage_json(m, out / "people" / f"{s}-lineage.json")
        ego = author_ego_view(store, r["person"], out / "people" / f"{s}-coauthors.html", index_href="../index.html")
        methods = sum(1 for n in m.nodes if n.role == "subject")
        people.append({"href": f"people/{s}-lineage.html", "title": f"{name}: lines of work",
                       "note": f"{methods} methods proposed, {len(m.papers())} papers"})
        people.append({"href": f"people/{s}-coauthors.html", "title": f"{name}: coauthors and methods",
                       "note": f"{ego.nodes - 1} people and methods"})
    facts = index_facts(ix)
    concepts = changed_concepts(data.index if reused.tables is not None else {}, facts)
    drawn = data.lines if reused.tables is not None else {}
    sizes = {m: n for m, n in line_weights(store, ix).items() if n >= 2}
    chosen = sorted(sizes, key=lambda m: (-sizes[m], ix.label(m)))[:max_lineages]
    methods, lines = [], {}
    for mid in sorted(chosen, key=lambda m: ix.label(m).casefold()):
        s = _unique(slug(mid), taken)
        files = [f"lineage/{s}.html", f"lineage/{s}.json"]
        before = drawn.get(mid)
        if (before is not None and before["slug"] == s and not stale(before, reused, concepts, facts["labels"])
                and _keep_page(Path(previous), out, files)):
            lines[mid] = before
        else:
            known = drawn_before(Path(previous) / f"lineage/{before['slug']}.json", reused) if before else None
            m = method_lineage(store, mid, index=ix, known=known)
            text = m.to_json()
            # drawn again the same (what changed does not show on it): the files kept, as they were
            if not (before is not None and before["slug"] == s and _same_text(Path(previous) / files[1], text)
                    and _keep_page(Path(previous), out, files)):
                write_lineage_html(m, out / files[0], index_href="../index.html")
                write_lineage_json(m, out / files[1], text)
            lines[mid] = {"slug": s, "title": m.label, "note": f"{len(m.papers())} papers", **line_inputs(m, ix)}
        methods.append({"href": files[0], "title": lines[mid]["title"], "note": lines[mid]["note"]})
    co, kept["coauthors"], coauthors = drawing_coauthors.result()
    me, kept["methods"] = drawing_methods.result()
    counts.update(coauthors)
    networks = [
        {"href": "coauthors.html", "title": "Coauthor network",
         "note": f"{co.nodes:,} of {co.total_nodes:,} people, {co.edges:,} links"},
        {"href": "methods.html", "title": "Method network",
         "note": f"{me.nodes:,} of {me.total_nodes:,} methods, {me.edges:,} links"},
    ]
    notes = []
    if len(sizes) > len(chosen):
        notes.append(f"{len(sizes) - len(chosen)} more method lineages are not drawn "
                     f"(the index keeps the {max_lineages} longest lines).")
    table = [("papers", counts["papers"]), ("people", counts["people"]), ("methods", counts["methods"]),
             ("methods proposed", counts["proposed_methods"]), ("lineage links (extends)", counts["extends"]),
             ("method mentions", counts["mentions"]), ("evidence sentences", counts["evidence"]),
             ("years", f"{counts['first_year']}–{counts['last_year']}" if counts["first_year"] else "none"),
             ("papers without a year", counts["undated_papers"]), ("source documents", counts["sources"]),
             ("coauthor links", counts["coauthor_edges"]),
             ("largest group of coauthors", f"{counts['largest_component']} people")]
    html = _env.get_template("index.html").render(
        title="Research knowledge graph", counts=[(k, f"{v:,}" if isinstance(v, int) else v) for k, v in table],
        networks=networks, people=people, methods=methods, notes=notes)
    index = out / "index.html"
    index.write_text(html, encoding="utf-8")
    (out / STATE).write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")
    if data.fingerprint == now and (data.lines, data.index) == (lines, facts) and Path(previous) == out:
        return index  # `kg site` with nothing changed: what it keeps is kept already
    save(out, data, reused, paper_tables(store), now, facts, lines)
    return index
