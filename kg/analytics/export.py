"""Writing a projected network for other tools: GraphML, GEXF (Gephi) or two CSV tables.

>>> import networkx as nx, tempfile, pathlib
>>> g = nx.Graph([("a", "b", {"weight": 2, "years": [2023, 2024]})])
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> [p.name for p in export(g, d / "net.csv")]
['net.nodes.csv', 'net.edges.csv']
>>> (d / "net.edges.csv").read_text().splitlines()
['source,target,weight,years', 'a,b,2,2023 2024']
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

if TYPE_CHECKING:
    import pandas as pd

FORMATS = ("graphml", "gexf", "csv")


def _flat(value):
    """A value GraphML/GEXF/CSV can hold: lists become space-separated text, None is dropped."""
    if isinstance(value, (list, tuple, set)):
        return " ".join(map(str, value))
    return value


def flattened(g: nx.Graph) -> nx.Graph:
    """A copy of ``g`` whose attributes are scalars (lists joined by spaces, None left out)."""
    h = g.__class__()
    h.add_nodes_from((n, {k: _flat(v) for k, v in d.items() if v is not None}) for n, d in g.nodes(data=True))
    h.add_edges_from((a, b, {k: _flat(v) for k, v in d.items() if v is not None}) for a, b, d in g.edges(data=True))
    return h


def export(g: nx.Graph, path: str | Path, fmt: str | None = None) -> list[Path]:
    """Write ``g`` as ``graphml``, ``gexf`` or ``csv`` (format from the suffix unless given);
    CSV writes ``<stem>.nodes.csv`` and ``<stem>.edges.csv`` beside ``path``. Returns the files."""
    import pandas as pd
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".")).lower()
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}: choose one of {', '.join(FORMATS)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    flat = flattened(g)
    if fmt == "graphml":
        nx.write_graphml(flat, path)
        return [path]
    if fmt == "gexf":
        nx.write_gexf(flat, path)
        return [path]
    nodes_path = path.with_name(path.stem + ".nodes.csv")
    edges_path = path.with_name(path.stem + ".edges.csv")
    nodes = pd.DataFrame([{"id": n, **d} for n, d in flat.nodes(data=True)])
    edges = pd.DataFrame([{"source": a, "target": b, **d} for a, b, d in flat.edges(data=True)])
    nodes.to_csv(nodes_path, index=False)
    edges.to_csv(edges_path, index=False)
    return [nodes_path, edges_path]
