"""How long each view takes to build and to draw, and how big it is, on a large store.

    kg build /work/shared/data/acl-2016-2020.bib --out /tmp/acl     # 18,701 papers
    python benchmarks/views.py /tmp/acl [--out /tmp/views-bench] [--max-nodes 2000]

Builds the coauthor and method networks, the ego views of the most central author and of the
most named method, the lineage map of the most named proposed method (if any), and the whole
site (what ``kg build`` writes); then opens each page in headless Chromium, offline, and times
it from navigation until vis-network has drawn it. Prints one row per page.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from kg.analytics import lineage, rank
from kg.rdf.store import open_store
from kg.views import author_ego_view, coauthor_view, method_ego_view, method_view, write_lineage_html, write_site
from kg.views.networks import MAX_NODES

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

PROPOSED = """
SELECT ?method (COUNT(DISTINCT ?paper) AS ?papers) WHERE {
  ?p kg:proposes ?method . ?paper kg:mentions ?method
} GROUP BY ?method ORDER BY DESC(?papers) LIMIT 1"""


def timed(fn, *args, **kwargs):
    started = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - started


def build_views(store, out: Path, max_nodes: int) -> list[dict]:
    rows = []

    def add(name, path, seconds, info=None):
        rows.append({"view": name, "path": Path(path), "build_s": seconds,
                     "nodes": info.nodes if info else None, "edges": info.edges if info else None})

    info, s = timed(coauthor_view, store, out / "coauthors.html", max_nodes=max_nodes)
    add("coauthor network", info.path, s, info)
    info, s = timed(method_view, store, out / "methods.html", max_nodes=max_nodes)
    add("method network", info.path, s, info)
    top_author = rank(store, "authors", "pagerank", top=1)
    if len(top_author):
        info, s = timed(author_ego_view, store, top_author.iloc[0]["iri"], out / "author-ego.html")
        add(f"author ego ({top_author.iloc[0]['label']})", info.path, s, info)
    top_method = rank(store, "methods", "papers", top=1)
    if len(top_method):
        info, s = timed(method_ego_view, store, top_method.iloc[0]["iri"], out / "method-ego.html")
        add(f"method ego ({top_method.iloc[0]['label']})", info.path, s, info)
    proposed = store.select(PROPOSED)
    if proposed and proposed[0]["method"]:
        started = time.perf_counter()
        m = lineage(store, proposed[0]["method"], kind="method")
        info = write_lineage_html(m, out / "lineage.html")
        add(f"lineage ({m.label})", info.path, time.perf_counter() - started, info)
    index, s = timed(write_site, store, out / "site", max_nodes=max_nodes)
    add("whole site (write_site)", index, s)
    return rows


def draw_times(rows: list[dict]) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for row in rows:
            if row["nodes"] is None:
                continue
            context = browser.new_context(viewport={"width": 1400, "height": 900}, offline=True)
            page = context.new_page()
            started = time.perf_counter()
            page.goto(row["path"].as_uri())
            page.wait_for_function("document.body.getAttribute('data-drawn') === '1'", timeout=300_000)
            row["draw_s"] = time.perf_counter() - started
            row["drawn_nodes"] = page.evaluate("network.body.data.nodes.length")
            page.screenshot(path=str(row["path"].with_suffix(".png")))
            context.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", help="a build folder (holding store/) or a SPARQL endpoint URL")
    parser.add_argument("--out", default="/tmp/views-bench", help="where to write the pages")
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    store = open_store(args.build)
    rows = build_views(store, out, args.max_nodes)
    draw_times(rows)
    print(f"{'view':44} {'nodes':>6} {'edges':>7} {'build s':>8} {'size MB':>8} {'draw s':>7}")
    for r in rows:
        size = r["path"].stat().st_size / 1e6
        nodes = "" if r["nodes"] is None else r["nodes"]
        edges = "" if r["edges"] is None else r["edges"]
        draw = f"{r['draw_s']:.1f}" if "draw_s" in r else ""
        print(f"{r['view'][:44]:44} {nodes:>6} {edges:>7} {r['build_s']:>8.1f} {size:>8.2f} {draw:>7}")


if __name__ == "__main__":
    main()
