"""What telling people apart costs: the resolve step of a build (``Resolver.add`` over every record)
with and without the disambiguation that ends it (``Resolver.disambiguate``), at 100k papers.

The papers are the ACL corpus's, varied as ``benchmarks/scale.py`` varies them (each variant gives
every author a new name, so its people do not meet the original's); with ``--same-names`` the
variants keep the authors' names, so each name has five times the mentions (a harder case: "Wei
Wang" on hundreds of papers). Records are made in memory, not read from files: the figures are
the resolve step alone, which the rest of a build (reading, extraction, loading: minutes at 100k
papers, see ``benchmarks/scale.py``) does not change.

    PYTHONPATH=. .venv/bin/python benchmarks/people.py [BIB] [--papers 100000] [--same-names]
"""
from __future__ import annotations

import argparse
import gc
import hashlib
import time
from collections import Counter
from pathlib import Path

from benchmarks.scale import DEFAULT_BIB, base_papers, variant
from kg.model import PaperRecord, SourceDocument
from kg.resolve import Resolver
from kg.resolve.people import title_words


def records(papers: list[dict], size: int, same_names: bool) -> list[PaperRecord]:
    source = SourceDocument("bench.jsonl", "bench.jsonl", hashlib.sha256(b"bench").hexdigest(), "jsonl")
    out = []
    for index in range(size):
        base = papers[index % len(papers)]
        p = variant(base, index // len(papers))
        if same_names:
            p = {**p, "authors": base["authors"]}
        out.append(PaperRecord(source, index + 1, title=p["title"], abstract=p["abstract"], authors=p["authors"],
                               year=p["year"], venue=p["venue"]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bib", nargs="?", default=str(DEFAULT_BIB))
    ap.add_argument("--papers", type=int, default=100_000)
    ap.add_argument("--same-names", action="store_true")
    args = ap.parse_args()
    batch = records(base_papers(Path(args.bib)), args.papers, args.same_names)
    gc.collect()
    gc.set_threshold(100_000)  # as a build sets it while records stream (kg.collector.GC_THRESHOLD)
    resolver = Resolver()
    started = time.perf_counter()
    for record in batch:
        resolver.add(record)
    added = time.perf_counter() - started
    started = time.perf_counter()
    resolver.disambiguate()
    told = time.perf_counter() - started
    started = time.perf_counter()
    for record in batch:  # made by Resolver.add for every new paper: part of the disambiguation's cost
        title_words(record.title)
    words = time.perf_counter() - started
    names = Counter(person.name_key for state in resolver.states.values() for person in state.authors)
    people = Counter(person.name_key for person in resolver.listed_people())
    print(f"{len(batch):,} papers, {sum(names.values()):,} author mentions, {len(names):,} names "
          f"({sum(1 for n in names.values() if n > 1):,} on two papers or more); "
          f"{sum(1 for n in people.values() if n > 1):,} names told apart into "
          f"{sum(n for n in people.values() if n > 1):,} people")
    print(f"resolve (Resolver.add, every record)  {added:7.2f} s")
    print(f"  of which title words (for the disambiguation) {words:7.2f} s")
    print(f"disambiguation (Resolver.disambiguate) {told:7.2f} s; with the title words "
          f"{told + words:.2f} s = {(told + words) / (added - words):.0%} of the resolve step without them")


if __name__ == "__main__":
    main()
