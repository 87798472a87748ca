"""Reading OpenAlex works and linking their citations, on a made-up corpus: N works, each citing
about 20 earlier ones and 10 works outside the corpus. Prints the reader's records/s and the time
of the citation linking a fresh build makes (every identifier) and an increment makes (the
identifiers of 1% more works), on a store holding the papers' metadata triples (no extraction).

    PYTHONPATH=. .venv/bin/python benchmarks/citations.py [--works N]
"""
from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

from kg.ingest import read_bytes
from kg.rdf.citations import citation_links
from kg.rdf.store import LocalStore
from kg.rdf.triples import paper_triples
from kg.resolve import Resolver


def work(i: int, rng: random.Random) -> dict:
    cited = [f"https://openalex.org/W{rng.randrange(i)}" for _ in range(min(i, 20))]
    cited += [f"https://openalex.org/W9{rng.randrange(10**8)}" for _ in range(10)]
    return {"id": f"https://openalex.org/W{i}", "doi": f"https://doi.org/10.5555/bench.{i}",
            "title": f"Benchmark work number {i}", "publication_year": 2000 + i % 25,
            "authorships": [{"author": {"id": f"https://openalex.org/A{i % 5000}", "display_name": f"Author {i % 5000}"}}],
            "referenced_works": cited, "abstract_inverted_index": {"The": [0], "made-up": [1], "abstract": [2], "of": [3], f"work {i}.": [4]}}


def load(store: LocalStore, text: str, name: str) -> tuple[float, list[str]]:
    """Read ``text`` as an OpenAlex file and load its papers' triples; the reading time and the
    papers' keys."""
    started = time.perf_counter()
    document = read_bytes(text.encode(), name)
    seconds = time.perf_counter() - started
    resolver = Resolver()
    keys: list[str] = []
    quads = []
    for record in document.records:
        paper = resolver.add(record).paper
        keys.append(paper.key)
        quads.extend(paper_triples(paper))
    store.add(quads)
    return seconds, keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--works", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(7)
    increment = max(1, args.works // 100)
    lines = [json.dumps(work(i, rng)) for i in range(args.works + increment)]
    with tempfile.TemporaryDirectory() as tmp:
        store = LocalStore(Path(tmp) / "store", read_only=False)
        seconds, _ = load(store, "\n".join(lines[: args.works]), "works.jsonl")
        print(f"read {args.works:,} OpenAlex works in {seconds:.2f} s ({args.works / seconds:,.0f} records/s)")
        started = time.perf_counter()
        links = list(citation_links(store))
        store.add(links)
        print(f"linked every identifier: {len(links):,} citations in {time.perf_counter() - started:.2f} s")
        _, added = load(store, "\n".join(lines[args.works:]), "more.jsonl")
        started = time.perf_counter()
        links = list(citation_links(store, added))
        print(f"linked an increment of {increment:,} works: {len(links):,} citations in "
              f"{time.perf_counter() - started:.2f} s")
        store.close()


if __name__ == "__main__":
    main()
