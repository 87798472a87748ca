"""The network views: coauthors, methods, one author's neighbourhood, one method's
neighbourhood. Each writes one self-contained HTML file and returns a ``ViewInfo``.

>>> coauthor_view(store, "build/coauthors.html")                    # doctest: +SKIP
ViewInfo(path=PosixPath('build/coauthors.html'), nodes=52, edges=130, total_nodes=52, total_edges=130)
"""
from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from kg.analytics.metrics import communities, pagerank, pagerank_matrix
from kg.analytics.names import find_one
from kg.analytics.profiles import author_method_profile
from kg.analytics.projections import (
    Projection,
    coauthor_graph,
    coauthor_projection,
    method_cooccurrence_graph,
    method_lineage_graph,
    method_projection,
    paper_categories,
    paper_index,
    proposing_papers,
)
from kg.defaults import MAX_NODES
from kg.rdf.store import Store
from kg.views.layout import SPACING, induced, packed_layout
from kg.views.page import OTHER, PALETTE, LegendItem, Page, new_network, write_page

if TYPE_CHECKING:
    import pandas as pd

#: A big view keeps its communities and layout while the nodes and links it draws differ from those
#: they were computed for by less than this share (summed over the writings since); new nodes join a
#: neighbour's group and go beside it. Beyond it both are computed afresh.
DRIFT = 0.05
#: Ego views keep this many neighbours (strongest ties first).
MAX_NEIGHBOURS = 60
#: Papers listed in a node's tooltip (all of them, up to PAPERS_IN_DETAILS, on click).
PAPERS_IN_TOOLTIP = 5
PAPERS_IN_DETAILS = 12

CENTRE, NEAR, FAR, METHOD, BASE, EXTENSION = "#f28e2b", "#4e79a7", "#a0cbe8", "#59a14f", "#b07aa1", "#e15759"
BETWEEN = "#b4bcc6"  # links between two groups


@dataclass
class ViewInfo:
    path: Path
    nodes: int  # drawn
    edges: int
    total_nodes: int  # in the projection before trimming
    total_edges: int


def span(years: list[int]) -> str:
    """A year range in words.

    >>> span([2019, 2020, 2024]), span([2023]), span([])
    ('2019–2024', '2023', 'year unknown')
    """
    if not years:
        return "year unknown"
    return str(years[0]) if years[0] == years[-1] else f"{years[0]}–{years[-1]}"


def _papers_info(papers: list[str], index: dict[str, dict]) -> tuple[list[str], list[dict]]:
    """Tooltip lines and detail links for a list of papers, newest first (undated last)."""
    ps = sorted((index[p] for p in papers if p in index), key=lambda p: (p["year"] is None, -(p["year"] or 0), p["label"]))
    lines = [f"{p['year'] or 'year unknown'} · {p['label']}" for p in ps[:PAPERS_IN_TOOLTIP]]
    if len(ps) > PAPERS_IN_TOOLTIP:
        lines.append(f"… and {len(ps) - PAPERS_IN_TOOLTIP} more (click for the list)")
    links = [{"text": f"{p['year'] or 'year unknown'} · {p['label']}", "href": p["url"]} for p in ps[:PAPERS_IN_DETAILS]]
    return lines, links


def _trim(p: Projection, max_nodes: int, what: str) -> tuple[nx.Graph, pd.Series, list[str]]:
    """The projection's ``max_nodes`` nodes of highest PageRank (ranked over all of it) as a
    graph; the PageRank of what is kept, and a note saying what was left out."""
    import pandas as pd
    score = pd.Series(pagerank_matrix(p.adjacency), index=pd.Index(p.nodes, dtype=object), name="pagerank")
    if len(p.nodes) <= max_nodes:
        return p.graph(), score, []
    at = {n: i for i, n in enumerate(p.nodes)}
    h = p.graph(at[n] for n in score.sort_values(ascending=False, kind="stable").index[:max_nodes])
    left = len(p.nodes) - h.number_of_nodes()
    note = (f"Showing the {max_nodes:,} most central of {len(p.nodes):,} {what} (by PageRank); "
            f"{left:,} {what} and {p.edges - h.number_of_edges():,} links are left out.")
    return h, pagerank(h), [note]


def _colour_groups(g: nx.Graph, groups: pd.Series, name_of) -> tuple[dict, list[LegendItem]]:
    """A colour per group (the ten largest; the rest grey) and the legend: each group named by
    ``name_of(group, members)``."""
    sizes = groups.value_counts()
    order = sorted(sizes.index, key=lambda c: (-sizes[c], str(c)))
    colour = {c: PALETTE[i] if i < len(PALETTE) else OTHER for i, c in enumerate(order)}
    legend = [LegendItem(colour[c], f"{name_of(c, groups.index[groups == c])} ({sizes[c]})") for c in order[:len(PALETTE)]]
    if len(order) > len(PALETTE):
        legend.append(LegendItem(OTHER, f"{len(order) - len(PALETTE)} smaller groups"))
    group = groups.to_dict()  # (a look-up in a Series, per node, costs a hundred times more)
    return {n: colour[group[n]] for n in g.nodes}, legend


def reuse(kept: dict | None, name: str, inputs, compute, adapt=None):
    """``compute()``, or what ``kept[name]`` holds: as it is when it was computed from the same
    ``inputs`` (by digest), else ``adapt(it)`` when ``adapt`` is given (see ``_adaptable``). The new
    value is kept there. ``kept`` outlives this run as JSON, so values are JSON-able: a site written
    again reuses its slow parts (communities, layouts)."""
    if kept is None:
        return compute()
    digest = hashlib.sha256(json.dumps(inputs, ensure_ascii=False).encode("utf-8")).hexdigest()
    entry = kept.get(name)
    if entry is not None and entry.get("digest") == digest:
        return entry["value"]
    value = adapt(entry["value"]) if entry is not None and adapt is not None else compute()
    kept[name] = {"digest": digest, "value": value}
    return value


def _adaptable(kept: dict | None, g: nx.Graph) -> bool:
    """Whether the communities and the layout ``kept`` for a view may be adapted to ``g`` rather
    than computed afresh: its nodes and links differ from those they were computed for by less than
    ``DRIFT`` of them, summed over the writings since. Notes ``g``'s nodes and links for the next."""
    if kept is None:
        return False
    now = {*g.nodes, *("\t".join(sorted(link)) for link in g.edges)}
    before = set(kept.get("drawn", ()))
    drift = kept.get("drift", 0.0) + len(before ^ now) / max(len(now), 1) if before else 1.0
    close = drift < DRIFT
    kept["drawn"], kept["drift"] = sorted(now), drift if close else 0.0
    return close


def _neighbours_first(g: nx.Graph, placed) -> list:
    """The nodes of ``g`` not in ``placed``, those with a placed neighbour first (in sorted order)."""
    new = sorted(n for n in g if n not in placed)
    return sorted(new, key=lambda n: not any(m in placed for m in g[n]))


def _joined_groups(g: nx.Graph, old: dict) -> dict:
    """Kept communities for ``g``: nodes keep theirs; a new node joins the group most of its
    grouped neighbours are in, else starts one of its own."""
    groups = {n: old[n] for n in g if n in old}
    fresh = max(groups.values(), default=-1) + 1
    for n in _neighbours_first(g, groups):
        around = Counter(groups[m] for m in g[n] if m in groups)
        if around:
            groups[n] = min(around, key=lambda c: (-around[c], c))
        else:
            groups[n], fresh = fresh, fresh + 1
    return groups


def _joined_layout(g: nx.Graph, old: dict) -> dict:
    """A kept layout for ``g``: nodes keep their places; a new node goes beside a placed neighbour,
    else into a row under the drawing."""
    pos = {n: tuple(old[n]) for n in g if n in old}
    bottom = max((y for _, y in pos.values()), default=0.0) + 2 * SPACING
    row = 0
    for n in _neighbours_first(g, pos):
        near = [pos[m] for m in sorted(g[n]) if m in pos]
        if near:
            turn = 2 * math.pi * (len(pos) % 12) / 12
            pos[n] = (near[0][0] + SPACING * math.cos(turn), near[0][1] + SPACING * math.sin(turn))
        else:
            pos[n], row = (row * SPACING, bottom), row + 1
    return pos


def _weighted_edges(g: nx.Graph) -> list:
    return sorted([*sorted((a, b)), d.get("weight", 1)] for a, b, d in g.edges(data=True))


def _groups(g: nx.Graph, color_by: str, category_of, score: pd.Series,
            kept: dict | None = None, adapt: bool = False) -> tuple[pd.Series, callable]:
    """Each node's group (Louvain community, or ``category_of(node)``) and a namer of groups:
    a community is named after its member of highest ``score``."""
    import pandas as pd
    if color_by == "community":
        com = pd.Series(reuse(kept, "communities", [sorted(g.nodes), _weighted_edges(g)],
                              lambda: communities(g).to_dict(), (lambda old: _joined_groups(g, old)) if adapt else None),
                        name="community", dtype=int)
        def name_of(c, members):
            top = score[members].idxmax()  # (the first of the highest, in the members' order)
            return f"community of {g.nodes[top]['label']}"
        return com, name_of
    if color_by == "category":
        return pd.Series({n: category_of(n) for n in g.nodes}, dtype=object), lambda c, _: c
    raise ValueError(f"unknown colouring {color_by!r}: choose community or category")


def _draw(g: nx.Graph, pos: dict, colour: dict, value: dict, info: dict, shape: dict | None = None,
          edge_info=None, directed_edges: set | None = None, groups: pd.Series | None = None):
    """A pyvis network of ``g`` at ``pos``. With ``groups``, links inside a group take its colour
    and links between groups fade, so groups stand out of the tangle of a big network."""
    net = new_network()
    group = groups.to_dict() if groups is not None else None  # (a look-up in a Series costs a hundred times more)
    for n in g.nodes:
        net.add_node(n, label=g.nodes[n]["label"], shape=(shape or {}).get(n, "dot"), color=colour[n],
                     x=pos[n][0], y=pos[n][1], value=value[n], info=info[n], years=g.nodes[n].get("years", []))
    for i, (a, b, d) in enumerate(g.edges(data=True)):
        if directed_edges and (b, a) in directed_edges:
            a, b = b, a
        directed = bool(directed_edges) and (a, b) in directed_edges
        extra = {"arrows": {"to": {"enabled": directed}}, "dashes": directed}
        if groups is not None:
            same = group[a] == group[b]
            extra["color"] = {"color": colour[a] if same else BETWEEN, "opacity": 0.6 if same else 0.25}
        net.add_edge(a, b, id=f"e{i}", value=d.get("weight", 1), weight=d.get("weight", 1),
                     years=d.get("years", []), info=edge_info(a, b, d) if edge_info else None, **extra)
    return net


def _majority(items) -> str:
    counts = Counter(items)
    return min(counts, key=lambda c: (-counts[c], c)) if counts else "no category"


def _write_network(g, full: Projection, groups, colour, score, info, edge_info, page: Page, path, kept: dict | None,
                   adapt: bool) -> ViewInfo:
    """Draw a whole-graph view (packed layout, sized by ``score``) into ``path``; what it kept of ``full``."""
    pos = reuse(kept, "layout", [sorted(g.nodes), sorted(sorted(e) for e in g.edges), groups.to_dict()],
                lambda: packed_layout(g, groups=groups), (lambda old: _joined_layout(g, old)) if adapt else None)
    scores = score.to_dict()
    net = _draw(g, pos, colour, {n: float(scores[n]) for n in g}, info, edge_info=edge_info, groups=groups)
    write_page(net, page, path)
    return ViewInfo(Path(path), g.number_of_nodes(), g.number_of_edges(), len(full.nodes), full.edges)


def coauthor_view(store: Store, path: str | Path, max_nodes: int = MAX_NODES, color_by: str = "community",
                  index_href: str | None = None, kept: dict | None = None) -> ViewInfo:
    """Everyone who wrote a paper, linked to their coauthors (width: joint papers), coloured by
    Louvain community (or ``color_by="category"``: their papers' most frequent category), sized
    by PageRank, the ``max_nodes`` most central kept. ``kept``: see ``reuse``."""
    full = coauthor_projection(store)
    g, score, notes = _trim(full, max_nodes, "people")
    adapt = _adaptable(kept, g)
    papers = paper_index(store)
    cats = paper_categories(store)
    groups, name_of = _groups(g, color_by, lambda n: _majority(c for p in g.nodes[n]["papers"] for c in cats.get(p, [])),
                              score, kept, adapt)
    colour, legend = _colour_groups(g, groups, name_of)
    info = {}
    for n, d in g.nodes(data=True):
        lines, links = _papers_info(d["papers"], papers)
        head = [f"{len(d['papers'])} papers, {span(d['years'])}", f"{g.degree(n)} coauthors here"]
        info[n] = {"heading": d["label"], "lines": head + lines, "links": links}
    names = {n: d["label"] for n, d in g.nodes(data=True)}
    def edge_info(a, b, d):
        return {"heading": f"{names[a]} — {names[b]}", "lines": [f"{d['weight']} joint papers, {span(d['years'])}"]}
    page = Page("Coauthor network", [f"{g.number_of_nodes():,} people, {g.number_of_edges():,} coauthor links. "
                                     "Size: PageRank; width: joint papers."],
                legend, notes, "Minimum joint papers", index_href)
    return _write_network(g, full, groups, colour, score, info, edge_info, page, path, kept, adapt)


def method_view(store: Store, path: str | Path, max_nodes: int = MAX_NODES, color_by: str = "community",
                index_href: str | None = None, kept: dict | None = None) -> ViewInfo:
    """Methods named by papers, linked when named in the same abstract (width: such papers),
    coloured by community (or ``color_by="category"``: the broader method, else the papers' most
    frequent category), sized by PageRank. ``kept``: see ``reuse``."""
    full = method_projection(store)
    g, score, notes = _trim(full, max_nodes, "methods")
    adapt = _adaptable(kept, g)
    papers = paper_index(store)
    cats = paper_categories(store)
    proposers = proposing_papers(store)
    groups, name_of = _groups(g, color_by, lambda n: g.nodes[n].get("family")
                              or _majority(c for p in g.nodes[n]["papers"] for c in cats.get(p, [])), score, kept, adapt)
    colour, legend = _colour_groups(g, groups, name_of)
    info = {}
    for n, d in g.nodes(data=True):
        lines, links = _papers_info(d["papers"], papers)
        head = [f"named by {len(d['papers'])} papers, {span(d['years'])}"]
        if d.get("family"):
            head.append(f"a kind of {d['family']}")
        head += [f"proposed in: {papers[p]['label']}" for p in proposers.get(n, []) if p in papers][:2]
        info[n] = {"heading": d["label"], "lines": head + lines, "links": links}
    names = {n: d["label"] for n, d in g.nodes(data=True)}
    def edge_info(a, b, d):
        return {"heading": f"{names[a]} + {names[b]}", "lines": [f"named together in {d['weight']} papers, {span(d['years'])}"]}
    page = Page("Method network", [f"{g.number_of_nodes():,} methods, {g.number_of_edges():,} links between "
                                   "methods named in the same abstract. Size: PageRank; width: papers."],
                legend, notes, "Minimum papers together", index_href)
    return _write_network(g, full, groups, colour, score, info, edge_info, page, path, kept, adapt)


def _ego(g: nx.Graph, centre: str, radius: int, max_neighbours: int) -> tuple[nx.Graph, list[str]]:
    """The centre, its strongest ``max_neighbours`` ties, and (radius 2) their strongest ties."""
    ring = sorted(g[centre], key=lambda n: (-g.edges[centre, n].get("weight", 1), g.nodes[n]["label"]))
    keep = {centre, *ring[:max_neighbours]}
    notes = []
    if len(ring) > max_neighbours:
        notes.append(f"Showing the {max_neighbours} strongest of {len(ring)} direct ties.")
    if radius > 1:
        second = Counter()
        for n in ring[:max_neighbours]:
            for m, d in g[n].items():
                if m not in keep:
                    second[m] += d.get("weight", 1)
        far = [m for m, _ in sorted(second.items(), key=lambda kv: (-kv[1], g.nodes[kv[0]]["label"]))]
        keep |= set(far[:max_neighbours])
        if len(far) > max_neighbours:
            notes.append(f"Showing {max_neighbours} of {len(far)} second-degree ties.")
    return induced(g, keep), notes


def author_ego_view(store: Store, name: str, path: str | Path, radius: int = 1,
                    max_neighbours: int = MAX_NEIGHBOURS, index_href: str | None = None) -> ViewInfo:
    """One person (found by name or IRI), their coauthors (``radius`` 2: and theirs) and the
    methods their papers name (diamonds, size: papers)."""
    full = coauthor_graph(store)
    person = find_one(store, name, ("person",))
    if person.iri not in full:  # someone without papers: the projection may be shared, so a copy
        full = full.copy()
        full.add_node(person.iri, label=person.label, kind="person", papers=[], years=[])
    g, notes = _ego(full, person.iri, radius, max_neighbours)
    papers = paper_index(store)
    near = set(full[person.iri])
    profile = author_method_profile(store, person.iri).head(max_neighbours // 3)
    colour = {n: CENTRE if n == person.iri else NEAR if n in near else FAR for n in g}
    value = {n: float(g.edges[person.iri, n]["weight"]) if n in near else 1.0 for n in g}
    value[person.iri] = float(max(value.values(), default=1)) * 1.5
    info, shape = {}, {}
    for n, d in g.nodes(data=True):
        lines, links = _papers_info(d["papers"], papers)
        tie = [f"{g.edges[person.iri, n]['weight']} joint papers with {person.label}"] if n in near else []
        info[n] = {"heading": d["label"], "lines": [f"{len(d['papers'])} papers, {span(d['years'])}", *tie, *lines],
                   "links": links}
    for row in profile.itertuples():
        mid = row.method
        years = list(row.years)
        g.add_node(mid, label=row.label, kind="method", years=years)
        g.add_edge(person.iri, mid, weight=int(row.papers), years=years)
        colour[mid], shape[mid], value[mid] = METHOD, "diamond", float(row.papers)
        info[mid] = {"heading": row.label, "lines": [
            f"named by {row.papers} of {person.label}'s papers, {span(years)}",
            *([f"proposed in {row.proposed} of them"] if row.proposed else [])], "links": []}
    names = {n: d["label"] for n, d in g.nodes(data=True)}
    def edge_info(a, b, d):
        return {"heading": f"{names[a]} — {names[b]}", "lines": [f"{d['weight']} papers, {span(d.get('years', []))}"]}
    legend = [LegendItem(CENTRE, person.label), LegendItem(NEAR, "coauthors (size: joint papers)")]
    legend += [LegendItem(FAR, "their coauthors")] if radius > 1 else []
    legend += [LegendItem(METHOD, "methods named in their papers (size: papers)", "diamond")] if len(profile) else []
    net = _draw(g, packed_layout(g), colour, value, info, shape, edge_info)
    page = Page(f"{person.label}: coauthors and methods",
                [f"{len(near)} coauthors; {len(profile)} methods shown."], legend, notes, "Minimum papers", index_href)
    write_page(net, page, path)
    return ViewInfo(Path(path), g.number_of_nodes(), g.number_of_edges(), full.number_of_nodes(), full.number_of_edges())


def _nearest(methods, ego: nx.Graph, full: nx.Graph, keep: int, notes: list[str], what: str) -> set:
    """At most ``keep`` of ``methods``: those already in the ego graph, then the most named."""
    ranked = sorted(methods, key=lambda m: (m not in ego, -len(full.nodes[m]["papers"]) if m in full else 0, m))
    if len(ranked) > keep:
        notes.append(f"Showing {keep} of {len(ranked)} {what}.")
    return set(ranked[:keep])


def method_ego_view(store: Store, name: str, path: str | Path, max_neighbours: int = MAX_NEIGHBOURS,
                    index_href: str | None = None) -> ViewInfo:
    """One method (found by name or IRI), the methods named with it (width: papers) and the
    methods it extends or that extend it (dashed arrows, A → B when A extends B)."""
    full = method_cooccurrence_graph(store)
    lineage = method_lineage_graph(store)
    method = find_one(store, name, ("method",))
    if method.iri not in full:  # named by no paper: the projection may be shared, so a copy
        full = full.copy()
        full.add_node(method.iri, label=method.label, kind="method", papers=[], years=[])
    g, notes = _ego(full, method.iri, 1, max_neighbours)
    bases, extensions = (set(), set()) if method.iri not in lineage else (
        _nearest(lineage.successors(method.iri), g, full, max_neighbours, notes, "methods it extends"),
        _nearest(lineage.predecessors(method.iri), g, full, max_neighbours, notes, "methods extending it"))
    arrows = set()
    for m in bases | extensions:
        if m not in g:
            g.add_node(m, **{k: full.nodes[m][k] for k in ("label", "papers", "years")} if m in full
                       else {"label": lineage.nodes[m]["label"], "papers": [], "years": []})
        a, b = (method.iri, m) if m in bases else (m, method.iri)
        ev = lineage.edges[a, b]["evidence"]
        g.add_edge(a, b, weight=g.edges[a, b]["weight"] if g.has_edge(a, b) else 1, extends=ev,
                   years=g.edges[a, b].get("years", []) if g.has_edge(a, b) else [])
        arrows.add((a, b))
    papers = paper_index(store)
    colour = {n: CENTRE if n == method.iri else BASE if n in bases else EXTENSION if n in extensions else NEAR for n in g}
    value = {n: float(len(g.nodes[n]["papers"]) or 1) for n in g}
    info = {}
    for n, d in g.nodes(data=True):
        lines, links = _papers_info(d["papers"], papers)
        info[n] = {"heading": d["label"], "lines": [f"named by {len(d['papers'])} papers, {span(d['years'])}", *lines],
                   "links": links}
    names = {n: d["label"] for n, d in g.nodes(data=True)}
    def edge_info(a, b, d):
        lines = [f"named together in {d['weight']} papers"] if full.has_edge(a, b) else []
        if (a, b) in arrows:
            lines = [f"{names[a]} extends {names[b]}", *(f"“{s}”" for s in d.get("extends", []))] + lines
        return {"heading": f"{names[a]} — {names[b]}", "lines": lines}
    legend = [LegendItem(CENTRE, method.label), LegendItem(NEAR, "named in the same abstracts (size: papers)")]
    legend += [LegendItem(BASE, f"what {method.label} extends")] if bases else []
    legend += [LegendItem(EXTENSION, f"what extends {method.label}")] if extensions else []
    net = _draw(g, packed_layout(g), colour, value, info, edge_info=edge_info, directed_edges=arrows)
    page = Page(f"{method.label}: related methods",
                [f"{g.number_of_nodes() - 1} related methods; dashed arrows: A extends B."],
                legend, notes, "Minimum papers together", index_href)
    write_page(net, page, path)
    return ViewInfo(Path(path), g.number_of_nodes(), g.number_of_edges(), full.number_of_nodes(), full.number_of_edges())
