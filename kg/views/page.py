"""One self-contained HTML page per view: a pyvis ``Network`` (nodes with precomputed positions,
physics off) drawn by the vis-network copy inside the installed pyvis package, inlined with the
page's own script and style. Nothing is fetched from the network.

Every string from documents reaches the page either through the autoescaping template or as
JSON inside ``<script type="application/json">`` with ``<``, ``>`` and ``&`` escaped, and the
page script puts it into the document with ``textContent`` only.

>>> safe_json({"abstract": "<script>alert(1)</script> & more"})
Markup('{"abstract": "\\\\u003cscript\\\\u003ealert(1)\\\\u003c/script\\\\u003e \\\\u0026 more"}')
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pyvis
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from pyvis.edge import Edge
from pyvis.network import Network
from pyvis.node import Node

TEMPLATES = Path(__file__).parent / "templates"
VIS_LIB = Path(pyvis.__file__).parent / "templates" / "lib" / "vis-9.1.2"

_env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]))

#: Colours for communities and categories (colour-blind-friendlier Tableau 10), then grey.
PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#86bcb6"]
OTHER = "#c3c8ce"

#: vis-network options shared by the views: positions come from Python, physics stays off.
BASE_OPTIONS = {
    "physics": {"enabled": False},
    "layout": {"improvedLayout": False},
    "interaction": {"hover": True, "tooltipDelay": 120, "multiselect": False},
    "nodes": {
        "borderWidth": 1,
        "font": {"face": "system-ui, sans-serif", "strokeWidth": 3, "strokeColor": "#ffffff"},
        "scaling": {"min": 8, "max": 36, "label": {"enabled": True, "min": 12, "max": 24, "drawThreshold": 7}},
    },
    "edges": {
        "smooth": False,
        "color": {"color": "#9aa5b1", "highlight": "#1f2933", "hover": "#52606d", "opacity": 0.55},
        "scaling": {"min": 1, "max": 8},
    },
}


@functools.lru_cache(maxsize=None)
def _vis_asset(name: str) -> Markup:
    """A file of vis-network, read once per process (a site inlines it in every page)."""
    text = (VIS_LIB / name).read_text(encoding="utf-8")
    return Markup(re.sub(r"//# sourceMappingURL=\S+", "", text))


def safe_json(data) -> Markup:
    """JSON that cannot end the ``<script>`` element holding it nor start markup."""
    text = json.dumps(data, ensure_ascii=False)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


class _Network(Network):
    """pyvis's network, its nodes looked up by id in its map: pyvis scans the list of node ids for
    every node and edge added, quadratic on big graphs."""

    def add_node(self, n_id, label=None, shape="dot", color="#97c2fc", **options):
        assert isinstance(n_id, (str, int))
        if n_id not in self.node_map:
            node = Node(n_id, shape, label=label or n_id, color=color, font_color=self.font_color, **options).options
            self.nodes.append(node)
            self.node_ids.append(n_id)
            self.node_map[n_id] = node

    def add_edge(self, source, to, **options):
        assert source in self.node_map and to in self.node_map, f"non existent node {source!r} or {to!r}"
        self.edges.append(Edge(source, to, self.directed, **options).options)


def new_network(directed: bool = False) -> Network:
    """A pyvis network for a view. Always built as directed (pyvis scans every edge for a
    duplicate when undirected, quadratic on big graphs); undirected views hide the arrows."""
    net = _Network(height="100%", width="100%", directed=True, cdn_resources="in_line")
    net.options = json.loads(json.dumps(BASE_OPTIONS))
    net.options["edges"]["arrows"] = {"to": {"enabled": directed, "scaleFactor": 0.6}}
    return net


@dataclass
class LegendItem:
    color: str
    label: str
    shape: str = ""  # "" (dot), "box" or "diamond"


@dataclass
class Page:
    """What a view writes besides its network."""

    title: str
    subtitle: list[str] = field(default_factory=list)
    legend: list[LegendItem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    weight_label: str = "Minimum weight"
    index_href: str | None = None  # link back to the site's index page
    meta: dict = field(default_factory=dict)  # extra data for the page script (lineage columns)


def _split(item: dict, keep: tuple[str, ...]) -> dict:
    return {"vis": {k: v for k, v in item.items() if k not in keep}, **{k: item[k] for k in keep if k in item}}


def render(net: Network, page: Page) -> str:
    """The page's HTML. Nodes carry ``info`` (``heading``, ``lines``, ``links``) and ``years``;
    edges carry ``id``, ``weight``, ``years`` and an optional ``info``, all passed to pyvis as
    extra options and kept out of vis-network's hands by the page script."""
    nodes, edges, _, _, _, options = net.get_network_data()
    node_data = [_split(n, ("id", "label", "info", "years", "group_of")) for n in nodes]
    for n in node_data:
        n["vis"]["label"] = n["label"]
    edge_data = [_split(e, ("id", "from", "to", "weight", "years", "info", "group_of")) for e in edges]
    years = sorted({y for item in nodes + edges for y in item.get("years") or ()})
    max_weight = max((e.get("weight") or 1 for e in edges), default=1)
    meta = {"years": [years[0], years[-1]] if len(years) > 1 else None, **page.meta}
    data = {"nodes": node_data, "edges": edge_data, "options": json.loads(options), "meta": meta}
    return _env.get_template("page.html").render(
        title=page.title, subtitle=page.subtitle, legend=page.legend, notes=page.notes,
        index_href=page.index_href, years=meta["years"], max_weight=max_weight, weight_label=page.weight_label,
        data=safe_json(data), vis_js=_vis_asset("vis-network.min.js"), vis_css=_vis_asset("vis-network.css"),
        page_js=Markup((TEMPLATES / "page.js").read_text(encoding="utf-8")),
        page_css=Markup((TEMPLATES / "page.css").read_text(encoding="utf-8")),
    )


def write_page(net: Network, page: Page, path: str | Path) -> Path:
    """Write the page to ``path`` (folders created); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(net, page), encoding="utf-8")
    return path
