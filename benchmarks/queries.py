"""The median time of each named query on a built store, embedded and through the HTTP endpoint.

    .venv/bin/python benchmarks/queries.py DIR [--repeat N] [--param NAME=VALUE ...]

Parameters default to the busiest values of the store itself (the author with the most papers,
the most mentioned method, the category with the most papers), so the figures mean something
on any graph; ``--param`` overrides them. The endpoint runs on a free loopback port with a
generous time limit and row cap, and is queried through ``RemoteStore``.
"""
from __future__ import annotations

import argparse
import statistics
import threading
import time

from kg.cli import parse_params
from kg.query.named import list_queries, run_named
from kg.query.server import SparqlServer
from kg.rdf.remote import RemoteStore
from kg.rdf.store import Store, open_store

BUSIEST = {
    "author": """SELECT ?value WHERE { ?p dcterms:creator ?a . ?a foaf:name ?value }
                 GROUP BY ?value ORDER BY DESC(COUNT(?p)) ?value LIMIT 1""",
    "method": """SELECT ?value WHERE { ?p kg:mentions ?m . ?m skos:prefLabel ?value }
                 GROUP BY ?value ORDER BY DESC(COUNT(?p)) ?value LIMIT 1""",
    "category": """SELECT ?value WHERE { ?p dcterms:subject ?c . ?c skos:prefLabel ?value }
                   GROUP BY ?value ORDER BY DESC(COUNT(?p)) ?value LIMIT 1""",
}


def busiest_params(store: Store) -> dict[str, str]:
    """The store's own busiest author, method and category, as query parameters."""
    params = {}
    for name, sparql in BUSIEST.items():
        rows = store.select(sparql)
        if rows:
            params[name] = rows[0]["value"]
    return params


def median_ms(store: Store, name: str, params: dict[str, str], repeat: int) -> tuple[float, int]:
    """The median time of ``repeat`` runs of a named query (after one untimed run), and its number of rows."""
    rows = run_named(store, name, params)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        rows = run_named(store, name, params)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, len(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store", help="a build folder")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()

    local = open_store(args.store)
    params = {**busiest_params(local), **parse_params(args.param)}
    print("parameters:", ", ".join(f"{k}={v!r}" for k, v in params.items()))
    server = SparqlServer(args.store, port=0, timeout_s=600, max_rows=10_000_000)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    remote = RemoteStore(server.url)
    try:
        print(f"{'query':<30} {'rows':>7} {'embedded ms':>12} {'HTTP ms':>10}")
        for query in list_queries():
            bound = {p.name: params[p.name] for p in query.params if p.name in params}
            missing = [p.name for p in query.params if not p.optional and p.name not in bound]
            if missing:
                print(f"{query.name:<30} skipped: no {missing[0]} in this graph (give --param {missing[0]}=...)")
                continue
            embedded, rows = median_ms(local, query.name, bound, args.repeat)
            http, _ = median_ms(remote, query.name, bound, args.repeat)
            print(f"{query.name:<30} {rows:>7} {embedded:>12.1f} {http:>10.1f}", flush=True)
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
