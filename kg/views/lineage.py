"""Lineage maps drawn in time: one column per year, left to right, and a "year unknown"
column first where some paper or method has no year in the graph. Methods are ellipses next to
the papers proposing them, papers are boxes; edges are labelled by relation, and hovering one
shows the evidence sentences.

>>> m = lineage(store, "KSVD")                                      # doctest: +SKIP
>>> write_lineage_html(m, "build/lineage/ksvd.html")               # doctest: +SKIP
"""
from __future__ import annotations

from pathlib import Path

from kg.analytics.lineage import LineageMap, LineageNode, papers_phrase
from kg.views.networks import BASE, CENTRE, EXTENSION, METHOD, ViewInfo
from kg.views.page import LegendItem, Page, new_network, write_page

COLUMN_WIDTH = 400
ROW_HEIGHT = 80
PAPER_OFFSET = -90  # a paper sits left of the column's middle...
METHOD_OFFSET = 100  # ...and the method it proposes on the same row, to the right
PAPER_WIDTH = 200
LINE_GAP = 0.5  # rows between two lines of work
METHOD_LABEL = 26  # characters of a method's label on its ellipse
LABEL_WIDTH = 40  # characters of a paper title on its box
#: The smallest zoom a map opens at: labels stay readable (a method's 19 px label at 14 px); a map
#: larger than the window at this zoom opens on its subject and scrolls.
LEGIBLE_SCALE = 0.75

ROLE_ORDER = {"base": 0, "subject": 1, "extension": 2, "member": 2, "more": 3, "proposer": 4, "line": 4, "user": 5}
RELATION_COLOUR = {"proposes": "#f28e2b", "extends": "#e15759", "kindOf": "#b07aa1", "architecture": "#59a14f",
                   "nameBuiltOn": "#edc948", "uses": "#4e79a7", "comparesWith": "#76b7b2", "mentions": "#9aa5b1",
                   "more": "#c3c8ce", "cites": "#9c755f"}
RELATION_WORDS = {"comparesWith": "compares with", "kindOf": "of the line of", "architecture": "instantiates",
                  "nameBuiltOn": "name built on", "more": ""}
RELATION_LEGEND = {"extends": "extends (a paper says so)", "kindOf": "of the line of (the catalogue)",
                   "architecture": "instantiates (a pretrained model of it)",
                   "nameBuiltOn": "name built on its name", "more": "more of the line (click)",
                   "cites": "cites (the paper's reference list)"}
PAPER_FILL = "#e8eef7"
PAPER_BORDER = "#4e79a7"
MORE_FILL = "#eef0f2"


def short(text: str, width: int = LABEL_WIDTH) -> str:
    """A label cut at a word boundary.

    >>> short("Primal-Attention: Self-attention through Asymmetric Kernel SVD", 30)
    'Primal-Attention:…'
    >>> short("KSVD")
    'KSVD'
    """
    if len(text) <= width:
        return text
    return text[:width].rsplit(" ", 1)[0] + "…"


def _proposer_of(m: LineageMap) -> dict[str, list[str]]:
    """The papers proposing each method of the map."""
    out: dict[str, list[str]] = {}
    for e in m.edges:
        if e.relation == "proposes":
            out.setdefault(e.target, []).append(e.source)
    return out


def _rows(m: LineageMap, column) -> list[tuple[int, LineageNode | None, LineageNode | None]]:
    """The rows ``(line, method, paper)`` of one column: each method beside the first paper
    proposing it there, then that method's other proposers, then the papers that only use or
    name something, ordered by line, then bases, the subject, extensions, users."""
    by_id = {n.id: n for n in m.nodes}
    proposers = _proposer_of(m)

    def order(n: LineageNode):
        return (n.line, ROLE_ORDER.get(n.role, 6), -(n.weight or 0), n.label)

    here = [n for n in m.nodes if n.year == column]
    rows, placed = [], set()
    for meth in sorted((n for n in here if n.kind != "paper"), key=order):
        mine = sorted((by_id[p] for p in proposers.get(meth.id, []) if by_id[p].year == column and p not in placed),
                      key=order)
        rows.append((order(meth), meth, mine[0] if mine else None))
        rows += [(order(meth), None, p) for p in mine[1:]]
        placed |= {p.id for p in mine}
    rows += [(order(p), None, p) for p in here if p.kind == "paper" and p.id not in placed]
    rows.sort(key=lambda r: r[0])
    return [(key[0], meth, paper) for key, meth, paper in rows]


def timeline_layout(m: LineageMap) -> tuple[dict[str, tuple[float, float]], list[dict]]:
    """Positions and the column headers ``{x, label, unknown, gap}``: one column per year, each
    split in a paper slot (left) and a method slot (right), so links into earlier years reach
    methods without crossing papers. Each line of work gets a horizontal band as tall as its
    fullest column, so a line reads left to right; bands are stacked in line order."""
    columns = m.columns()
    rows = {c: _rows(m, c) for c in columns}
    lines = sorted({n.line for n in m.nodes})
    height = {ln: max(sum(1 for r in rows[c] if r[0] == ln) for c in columns) for ln in lines}
    start, top = {}, 0.0
    for ln in lines:
        start[ln] = top
        top += height[ln] + LINE_GAP
    pos = {}
    for i, c in enumerate(columns):
        used = dict.fromkeys(lines, 0)
        for ln, meth, paper in rows[c]:
            y = (start[ln] + used[ln]) * ROW_HEIGHT
            used[ln] += 1
            if meth:
                pos[meth.id] = (i * COLUMN_WIDTH + METHOD_OFFSET, y)
            if paper:
                pos[paper.id] = (i * COLUMN_WIDTH + PAPER_OFFSET, y)
    # years without anything on the map get no column: a gap is marked "…" between two columns
    headers = [{"x": i * COLUMN_WIDTH, "label": "year unknown" if c is None else str(c), "unknown": c is None,
                "gap": c is not None and i > 0 and columns[i - 1] is not None and c - columns[i - 1] > 1}
               for i, c in enumerate(columns)]
    return pos, headers


def _node_info(n: LineageNode) -> dict:
    if n.kind == "more":
        lines = [f"{x['label']}: {papers_phrase(x['papers'])} ({RELATION_WORDS.get(x['relation'], x['relation'])})."
                 f" {x['ground']}" for x in n.members]
        return {"heading": f"{len(n.members)} more of the line, most named first (click: show them)", "lines": lines,
                "links": []}
    if n.kind != "paper":
        when = {"proposed": f"proposed in {n.year}", "named": f"first named here in {n.year}"}.get(
            n.dated_by, f"proposed in {n.year}" if n.year is not None else "year unknown: no dated paper here proposes it")
        what = "pretrained model" if n.kind == "model" else "method"
        lines = [f"{what}, {when}"] + ([f"named in {papers_phrase(n.papers)}"] if n.papers is not None else [])
        lines += [f"also called {', '.join(n.aliases)}"] if n.aliases else []
        return {"heading": n.label, "lines": lines, "links": []}
    authors = ", ".join(n.authors[:8]) + (" et al." if len(n.authors) > 8 else "")
    lines = [str(n.year) if n.year is not None else "year unknown"] + ([authors] if authors else [])
    if n.abstract_start:
        lines.append(("Abstract: " if n.title else "") + short(n.abstract_start, 300))
    links = [{"text": "the paper", "href": n.url}] if n.url else []
    return {"heading": n.title or n.label, "lines": lines, "links": links}


def _legend(m: LineageMap) -> list[LegendItem]:
    roles = {n.role for n in m.nodes}
    own = "methods they proposed" if m.kind == "author" else m.label
    items = [LegendItem(CENTRE, own, "box")]
    items += [LegendItem(BASE, "methods it builds on", "box")] if "base" in roles else []
    items += [LegendItem(EXTENSION, "of its line (by papers naming them)", "box")] if roles & {"extension", "member"} else []
    items.append(LegendItem(PAPER_FILL, "papers (hover: authors, abstract)", "box"))
    relations = sorted({e.relation for e in m.edges}, key=list(RELATION_COLOUR).index)
    items += [LegendItem(RELATION_COLOUR[r], f"edge: {RELATION_LEGEND.get(r, RELATION_WORDS.get(r, r))}", "box")
              for r in relations]
    return items


#: Rows of a "more" group's members when it is opened, below it in its column's method slot.
GROUP_ROW = 48


def _add_group(net, more: LineageNode, at: tuple[float, float], labels: dict[str, str]) -> None:
    """A "more" node's members as hidden nodes and links, below it, shown by a click on it."""
    anchor = next(iter(e for e in net.edges if e["from"] == more.id))["to"]
    for k, x in enumerate(more.members, start=1):
        if x["id"] in labels:
            continue  # drawn on the map already
        words = RELATION_WORDS.get(x["relation"], x["relation"])
        net.add_node(x["id"], label=short(x["label"], METHOD_LABEL), x=at[0], y=at[1] + k * GROUP_ROW, hidden=True,
                     group_of=more.id, shape="ellipse", color=EXTENSION, font={"size": 15, "color": "#ffffff"},
                     info={"heading": x["label"], "lines": [f"named in {papers_phrase(x['papers'])}", f"{words}: {x['ground']}"],
                           "links": []}, years=[])
        net.add_edge(x["id"], anchor, id=f"{more.id}-{k}", label=words, color=RELATION_COLOUR[x["relation"]],
                     hidden=True, group_of=more.id, weight=1, years=[],
                     info={"heading": f"{x['label']} {words} {labels[anchor]}", "lines": [x["ground"] or "(a paper says so)"]})


def _focus(m: LineageMap) -> list[str]:
    """What the first sight of a map shows whole: the subject (or a person's own methods) and
    what is directly of its line."""
    direct = {e.source for e in m.edges if e.target == m.subject and e.relation in ("extends", "kindOf", "architecture",
                                                                                  "nameBuiltOn", "more")}
    return [n.id for n in m.nodes if n.role == "subject" or n.id in direct]


def write_lineage_html(m: LineageMap, path: str | Path, index_href: str | None = None) -> ViewInfo:
    """Draw a lineage map as a self-contained page."""
    pos, headers = timeline_layout(m)
    net = new_network(directed=True)
    net.options["edges"]["smooth"] = {"enabled": True, "type": "curvedCW", "roundness": 0.15}
    net.options["edges"]["font"] = {"size": 13, "color": "#52606d", "strokeWidth": 4}
    net.options["nodes"]["scaling"]["label"]["enabled"] = False
    colour = {"subject": CENTRE, "base": BASE, "extension": EXTENSION, "member": EXTENSION}
    for n in m.nodes:
        x, y = pos[n.id]
        if n.kind == "paper":
            style = {"shape": "box", "color": {"background": PAPER_FILL, "border": PAPER_BORDER},
                     "font": {"size": 15}, "widthConstraint": {"maximum": PAPER_WIDTH}}
        elif n.kind == "more":
            style = {"shape": "box", "color": {"background": MORE_FILL, "border": "#9aa5b1"}, "font": {"size": 17},
                     "shapeProperties": {"borderDashes": [4, 3]}}
        else:
            style = {"shape": "ellipse", "color": colour.get(n.role, METHOD),
                     "font": {"size": 19, "color": "#ffffff", "strokeWidth": 0},
                     "shapeProperties": {"borderDashes": [5, 3] if n.kind == "model" else False}}
        net.add_node(n.id, label=short(n.label, LABEL_WIDTH if n.kind == "paper" else METHOD_LABEL), x=x, y=y,
                     info=_node_info(n), years=[n.year] if n.year is not None else [], **style)
    labels = {n.id: n.label for n in m.nodes}
    for i, e in enumerate(m.edges):
        words = RELATION_WORDS.get(e.relation, e.relation)
        lines = ([s if e.relation in RELATION_LEGEND else f"“{s}”" for s in e.evidence]
                 or ["(no evidence sentence recorded)"])
        net.add_edge(e.source, e.target, id=f"e{i}", label=words, color=RELATION_COLOUR[e.relation],
                     dashes=e.relation in ("mentions", "cites"), weight=1, years=[],
                     info={"heading": f"{short(labels[e.source], 60)} {words} {labels[e.target]}", "lines": lines})
    for n in m.nodes:
        if n.kind == "more":
            _add_group(net, n, pos[n.id], labels)
    ys = [p[1] for p in pos.values()] or [0.0]
    papers = sum(1 for n in m.nodes if n.kind == "paper")
    methods = sum(1 for n in m.nodes if n.kind == "method")
    models = sum(1 for n in m.nodes if n.kind == "model")
    what = "lines of work" if m.kind == "author" else "lineage"
    page = Page(f"{m.label}: {what}",
                [(f"{models} pretrained models, " if models else "") + f"{methods} methods and {papers} papers, by year. "
                 "Hover an edge for its evidence; the wheel scrolls (with shift: across the years), ctrl+wheel zooms."],
                _legend(m), m.notes, index_href=index_href,
                meta={"columns": headers, "columnWidth": COLUMN_WIDTH, "top": min(ys), "bottom": max(ys),
                      "legibleScale": LEGIBLE_SCALE, "focus": _focus(m)})
    write_page(net, page, path)
    return ViewInfo(Path(path), len(m.nodes), len(m.edges), len(m.nodes), len(m.edges))


def write_lineage_json(m: LineageMap, path: str | Path, text: str | None = None) -> Path:
    """The map as JSON (``LineageMap.to_dict``; ``text``: its ``to_json()``, made already)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(m.to_json() if text is None else text, encoding="utf-8")
    return path
