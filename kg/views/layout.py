"""Positions computed in Python, so pages open already laid out (physics off in the browser).

Each connected component is laid out on its own (force-directed, fixed seed), scaled to its
size, and the components are packed in rows, largest first: a coauthor network of many small
groups stays readable instead of flinging the small groups to the rim.

>>> import networkx as nx
>>> pos = packed_layout(nx.Graph([(1, 2), (3, 4), (4, 5)]))
>>> sorted(pos) == [1, 2, 3, 4, 5]
True
"""
from __future__ import annotations

import math

import networkx as nx
import numpy as np

#: Pixels per node: a component of n nodes gets a disc of radius SPACING * sqrt(n).
SPACING = 80.0
SEED = 42
#: Components up to this size get Kamada-Kawai (even spacing, deterministic), larger ones
#: Fruchterman-Reingold (``spring_layout``, sparse and fast).
KAMADA_KAWAI_MAX = 150


def component_layout(g: nx.Graph, weight: str | None = None, seed: int = SEED) -> dict:
    """Positions of one connected component, centred on 0 and fitted in radius
    ``SPACING * sqrt(n)``. Edge weights are ignored unless ``weight`` is given: strong ties
    pulling nodes onto each other hide them."""
    n = g.number_of_nodes()
    if n == 1:
        return {next(iter(g)): np.zeros(2)}
    if n == 2:
        a, b = sorted(g, key=str)
        return {a: np.array([-SPACING, 0.0]), b: np.array([SPACING, 0.0])}
    if n <= KAMADA_KAWAI_MAX:
        pos = nx.kamada_kawai_layout(g, weight=None)
    else:
        pos = nx.spring_layout(g, weight=weight, seed=seed, iterations=60 if n < 1000 else 40)
    coords = np.array(list(pos.values()))
    coords -= coords.mean(axis=0)
    radius = np.linalg.norm(coords, axis=1).max() or 1.0
    coords *= SPACING * math.sqrt(n) / radius
    return dict(zip(pos, coords))


def packed_layout(g: nx.Graph, weight: str | None = None, seed: int = SEED) -> dict:
    """Every node's ``(x, y)``: components laid out one by one and packed in rows (shelves),
    largest first, rows about as wide as the whole drawing is tall."""
    comps = sorted((sorted(c, key=str) for c in nx.connected_components(g)), key=lambda c: (-len(c), str(c[0])))
    laid = [component_layout(g.subgraph(c), weight, seed) for c in comps]
    radii = [max(SPACING, SPACING * math.sqrt(len(c))) for c in comps]
    width = max(2 * radii[0], math.sqrt(sum((2 * r) ** 2 for r in radii)) * 1.1) if comps else 0
    out: dict = {}
    x = y = row_height = 0.0
    for pos, r in zip(laid, radii):
        if x > 0 and x + 2 * r > width:
            x, y, row_height = 0.0, y + row_height + SPACING, 0.0
        centre = np.array([x + r, y + r])
        for node, p in pos.items():
            out[node] = (float(p[0] + centre[0]), float(p[1] + centre[1]))
        x += 2 * r + SPACING
        row_height = max(row_height, 2 * r)
    return out
