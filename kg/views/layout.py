"""Positions computed in Python, so pages open already laid out (physics off in the browser).

Each connected component is laid out on its own and the components are packed in rows,
largest first: a coauthor network of many small groups stays readable instead of flinging the
small groups to the rim. A large component is laid out in two levels: its Louvain communities
are placed as discs by a force layout of the community graph (pushed apart until no two
overlap), and each community is laid out inside its disc. That keeps big networks in readable
groups instead of one hairball, and stays fast (force layouts only ever see a few hundred nodes).

>>> import networkx as nx
>>> pos = packed_layout(nx.Graph([(1, 2), (3, 4), (4, 5)]))
>>> sorted(pos) == [1, 2, 3, 4, 5]
True
"""
from __future__ import annotations

import math

import networkx as nx
import numpy as np

#: Pixels per node: a group of n nodes gets a disc of radius SPACING * sqrt(n).
SPACING = 80.0
SEED = 42
#: Components up to this size get Kamada-Kawai (even spacing, deterministic), up to
#: DIRECT_MAX Fruchterman-Reingold, larger ones the two-level community layout.
KAMADA_KAWAI_MAX = 25
DIRECT_MAX = 400


def induced(g: nx.Graph, nodes) -> nx.Graph:
    """The subgraph of ``g`` on ``nodes`` as a new graph (attributes copied), its nodes in sorted
    order: ``g.subgraph`` of a few nodes follows the order of a set, which changes from one run to
    the next, and so would every layout and ranking of it.

    >>> list(induced(nx.Graph([("b", "c"), ("a", "b"), ("c", "d")]), {"c", "b", "a"}).edges)
    [('a', 'b'), ('b', 'c')]
    """
    keep = set(nodes)
    h = g.__class__()
    h.add_nodes_from((n, dict(g.nodes[n])) for n in sorted(keep, key=str))
    h.add_edges_from((a, b, dict(d)) for a in h for b, d in g[a].items() if b in keep)
    return h


def radius(n: int) -> float:
    return SPACING * math.sqrt(max(n, 1))


def _fit(pos: dict, n: int) -> dict:
    """Centre positions on 0 and scale them into the disc of a group of ``n`` nodes."""
    coords = np.array(list(pos.values()), dtype=float)
    coords -= coords.mean(axis=0)
    r = np.linalg.norm(coords, axis=1).max() or 1.0
    return dict(zip(pos, coords * radius(n) / r))


def separate(centres: np.ndarray, radii: np.ndarray, rounds: int = 200) -> np.ndarray:
    """Push discs apart until none overlap (with a gap of SPACING); returns new centres.

    >>> separate(np.array([[0, 0], [1, 0]]), np.array([10.0, 10.0])).round().tolist()
    [[-50.0, 0.0], [50.0, 0.0]]
    """
    c = centres.astype(float).copy()
    for _ in range(rounds):
        d = c[:, None, :] - c[None, :, :]
        dist = np.linalg.norm(d, axis=2)
        np.fill_diagonal(dist, np.inf)
        overlap = np.clip(radii[:, None] + radii[None, :] + SPACING - dist, 0, None)
        if not overlap.any():
            break
        unit = d / np.where(dist > 1e-9, dist, 1.0)[:, :, None]
        c += (unit * overlap[:, :, None] / 2).sum(axis=1)
    return c


def community_layout(g: nx.Graph, seed: int = SEED, groups: dict | None = None) -> dict:
    """Two-level layout of one large component: communities as discs, then inside them.
    ``groups`` (node → group) gives the communities, else Louvain finds them."""
    if groups is None:
        parts = [sorted(p, key=str) for p in nx.community.louvain_communities(g, seed=seed)]
    else:
        by_group: dict = {}
        for n in g:
            by_group.setdefault(groups[n], []).append(n)
        parts = [sorted(p, key=str) for p in by_group.values()]
    if len(parts) == 1:
        return _fit(nx.spring_layout(g, seed=seed, iterations=50), len(g))
    parts.sort(key=lambda p: (-len(p), str(p[0])))
    quotient = nx.Graph()
    quotient.add_nodes_from(range(len(parts)))
    member = {n: i for i, p in enumerate(parts) for n in p}
    for a, b in g.edges:
        i, j = member[a], member[b]
        if i != j:
            w = quotient.edges[i, j]["weight"] + 1 if quotient.has_edge(i, j) else 1
            quotient.add_edge(i, j, weight=w)
    radii = np.array([radius(len(p)) for p in parts])
    start = nx.spring_layout(quotient, weight="weight", seed=seed)
    centres = np.array([start[i] for i in range(len(parts))])
    centres *= math.sqrt((radii ** 2).sum()) * 1.5 / (np.abs(centres).max() or 1.0)  # about the discs' area
    centres = separate(centres, radii)
    out = {}
    for part, centre in zip(parts, centres):
        for node, p in packed_layout(induced(g, part), seed=seed, centred=True).items():
            out[node] = (p[0] + centre[0], p[1] + centre[1])
    return out


def component_layout(g: nx.Graph, seed: int = SEED, groups: dict | None = None) -> dict:
    """Positions of one connected component around 0, in a disc of radius ``radius(n)``.
    Edge weights are ignored: strong ties pulling nodes onto each other hide them."""
    n = g.number_of_nodes()
    if n == 1:
        return {next(iter(g)): (0.0, 0.0)}
    if n == 2:
        a, b = sorted(g, key=str)
        return {a: (-SPACING, 0.0), b: (SPACING, 0.0)}
    if g.number_of_edges() == n * (n - 1) // 2:
        # A clique (most small coauthor groups are one paper's authors): Kamada-Kawai would spend
        # most of a big view's layout time to draw about this regular polygon.
        return _fit(nx.circular_layout(sorted(g, key=str)), n)
    if n <= KAMADA_KAWAI_MAX:
        return _fit(nx.kamada_kawai_layout(g, weight=None), n)
    if n <= DIRECT_MAX:
        return _fit(nx.spring_layout(g, weight=None, seed=seed, iterations=60), n)
    return community_layout(g, seed, groups)


def packed_layout(g: nx.Graph, seed: int = SEED, centred: bool = False, groups: dict | None = None) -> dict:
    """Every node's ``(x, y)``: components laid out one by one and packed in rows (shelves),
    largest first, rows about as wide as the whole drawing is tall (``centred``: around 0).
    ``groups`` (node → community) shapes the layout of large components."""
    comps = sorted((sorted(c, key=str) for c in nx.connected_components(g)), key=lambda c: (-len(c), str(c[0])))
    laid = [component_layout(induced(g, c), seed, groups) for c in comps]
    extents = [max(radius(len(c)), max(math.hypot(*p) for p in pos.values())) for c, pos in zip(comps, laid)]
    width = max(2 * extents[0], math.sqrt(sum((2 * r) ** 2 for r in extents)) * 1.1) if comps else 0
    out: dict = {}
    x = y = row_height = 0.0
    for pos, r in zip(laid, extents):
        if x > 0 and x + 2 * r > width:
            x, y, row_height = 0.0, y + row_height + SPACING, 0.0
        for node, p in pos.items():
            out[node] = (float(p[0] + x + r), float(p[1] + y + r))
        x += 2 * r + SPACING
        row_height = max(row_height, 2 * r)
    if centred and out:
        mx = sum(p[0] for p in out.values()) / len(out)
        my = sum(p[1] for p in out.values()) / len(out)
        out = {n: (p[0] - mx, p[1] - my) for n, p in out.items()}
    return out
