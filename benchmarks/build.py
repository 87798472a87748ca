"""Build the 18,701-paper ACL BibTeX corpus and print papers/s, triples/s, peak memory, and the
time of three typical queries on the built store.

    .venv/bin/python benchmarks/build.py [BIB] [--out DIR] [--workers N]
"""
from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path

from kg.build import build
from kg.rdf.store import open_store

DEFAULT_BIB = Path(__file__).resolve().parents[2] / "shared" / "data" / "acl-2016-2020.bib"

QUERIES = {
    "papers per year": """
        SELECT ?year (COUNT(?p) AS ?n) WHERE { ?p a kg:Paper ; fabio:hasPublicationYear ?year }
        GROUP BY ?year ORDER BY ?year""",
    "top 20 coauthor pairs": """
        SELECT ?a ?b (COUNT(?p) AS ?n) WHERE {
          ?p dcterms:creator ?a, ?b . FILTER(STR(?a) < STR(?b))
        } GROUP BY ?a ?b ORDER BY DESC(?n) LIMIT 20""",
    "top 20 methods": """
        SELECT ?label (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p kg:mentions ?m . ?m skos:prefLabel ?label }
        GROUP BY ?label ORDER BY DESC(?n) LIMIT 20""",
}


def peak_mb() -> float:
    self_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(self_kb, children_kb) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bib", nargs="?", default=str(DEFAULT_BIB))
    ap.add_argument("--out", default=None, help="build folder (default: a temporary one)")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="kg-bench-"))

    started = time.perf_counter()
    report = build([args.bib], out, workers=args.workers, views=False)
    seconds = time.perf_counter() - started
    print(f"input          {args.bib}")
    print(f"papers         {report.papers:,} ({report.records:,} records, {len(report.problems)} problems)")
    print(f"build          {seconds:.1f} s, workers={args.workers}")
    print(f"papers/s       {report.papers / seconds:,.0f}")
    print(f"triples        {report.triples:,} ({report.triples / seconds:,.0f} triples/s)")
    print(f"peak memory    {peak_mb():,.0f} MB")
    with open_store(out) as store:
        for name, query in QUERIES.items():
            times = []
            for _ in range(5):
                t = time.perf_counter()
                store.select(query)
                times.append(time.perf_counter() - t)
            print(f"query          {name:24s} median {statistics.median(times) * 1000:,.0f} ms")
    print(f"store          {out}")


if __name__ == "__main__":
    main()
