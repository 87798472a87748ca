"""Scale benchmarks, side by side in one run:

* end to end (read, resolve, extract, load, graph.ttl, site) at 1k, 10k and 100k papers: papers/s,
  seconds per 1,000 papers, of them the site's, and peak memory;
* one worker against two at 10k;
* an incremental build of 1% new papers against the full build it extends (and of it the site; its
  CPU seconds, of the main process and of its child processes), and
  the site written again with nothing changed (`kg site`);
* the store at 10k papers: bulk load and named-query medians, embedded Oxigraph against rdflib's
  in-memory store; and the named-query medians on the 100k store, as the full build leaves it and
  after the 1% increment (too small to optimise the store). Each query runs with five sets of
  typical parameter values drawn from the store (seeded: authors and methods of two papers or more,
  categories), three times each; a figure is the median over them. At 100k also the first page of
  each answer (100 rows), as `kg query --name NAME --limit 100` reads it.

The corpora beyond the ACL corpus's 14,472 papers with abstracts are made by varying it: each
variant gives every author a new name (consistently, so co-author structure stays), shuffles the
sentences of each abstract and marks the title and the abstract with the variant's number (so that
no variant is the same paper as another by title or by abstract). The output says so.

    PYTHONPATH=. .venv/bin/python benchmarks/scale.py [BIB] [--sizes 1000,10000,100000] [--workers N]
        [--increments-only]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyoxigraph as ox

from kg.rdf.store import store_dir

DEFAULT_BIB = Path("/work/shared/data/acl-2016-2020.bib")
FILE_PAPERS = 10_000  # papers per generated JSON-lines file
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
QUERY_LIMIT_S = 30  # a named query that takes longer is stopped and shown as "> limit"


def base_papers(bib: Path) -> list[dict]:
    """The ACL corpus's papers that have an abstract, as plain dicts."""
    from kg.ingest import read_document

    return [{"title": r.title, "abstract": r.abstract, "authors": r.authors, "year": r.year, "venue": r.venue}
            for r in read_document(bib).records if r.abstract and r.title]


def variant(paper: dict, number: int) -> dict:
    """The ``number``-th variation of a paper (0 is the paper itself)."""
    if number == 0:
        return paper
    rng = random.Random(f"{number}:{paper['title']}")
    sentences = SENTENCE.split(paper["abstract"])
    rng.shuffle(sentences)
    return {**paper, "title": f"{paper['title']} (variant {number})",
            "abstract": f"Variant {number}. " + " ".join(sentences),
            "authors": [f"{name} V{number}" for name in paper["authors"]]}


def write_corpus(papers: list[dict], size: int, folder: Path, start: int = 0) -> list[Path]:
    """``size`` papers (from the ``start``-th on, cycling through variants) as JSON-lines files."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for first in range(start, start + size, FILE_PAPERS):
        path = folder / f"papers-{first:07d}.jsonl"
        with path.open("w", encoding="utf-8") as f:
            for index in range(first, min(first + FILE_PAPERS, start + size)):
                f.write(json.dumps(variant(papers[index % len(papers)], index // len(papers))) + "\n")
        files.append(path)
    return files


def child(args: list, timeout: float | None = None) -> dict:
    """Run one measurement in a fresh process (its own peak memory); its JSON answer."""
    run = subprocess.run([sys.executable, __file__, "--child", json.dumps(args)], capture_output=True, text=True,
                         timeout=timeout)
    if run.returncode != 0:
        raise SystemExit(f"measurement {args[0]} failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def cpu_s() -> tuple[float, float]:
    """CPU seconds (user + system) of this process and of its finished child processes (the
    extraction workers, the site's forked copy): on a shared machine steadier than the wall clock."""
    return tuple(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                     resource.getrusage(resource.RUSAGE_CHILDREN)))


def peak_mb() -> tuple[float, float]:
    """Peak resident memory of this process and of its largest child process, in MB."""
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


def measure_build(files: list[str], out: str, workers: int, store: bool, site: bool = True) -> dict:
    from kg.build import build

    started = time.perf_counter()
    if store:
        report = build(files, store=out, workers=workers, views=site)
    else:
        report = build(files, out, workers=workers, views=site)
    seconds = time.perf_counter() - started
    main_mb, worker_mb = peak_mb()
    main_cpu, children_cpu = cpu_s()
    return {"papers": report.papers, "triples": report.triples, "seconds": seconds, "site_s": report.site_seconds,
            "main_mb": main_mb, "worker_mb": worker_mb, "unchanged": report.unchanged, "main_cpu": main_cpu,
            "children_cpu": children_cpu}


def measure_site(folder: str) -> dict:
    """`kg site` on a build folder whose site is written: what writing it again costs."""
    from kg.rdf.store import open_store
    from kg.views import write_site

    started = time.perf_counter()
    with open_store(folder) as store:
        write_site(store, folder, previous=folder)
    return {"seconds": time.perf_counter() - started, "main_mb": peak_mb()[0]}


#: Typical parameter values, drawn from the store itself (seeded): authors and methods of at least
#: two papers, and categories. The catalogue's examples name seed authors that a varied ACL
#: corpus does not hold, and a query that finds nobody measures nothing.
PARAM_VALUES = {
    "author": """SELECT ?value WHERE { ?p dcterms:creator ?a . ?a foaf:name ?value }
                 GROUP BY ?value HAVING (COUNT(?p) >= 2) ORDER BY ?value""",
    "method": """SELECT ?value WHERE { ?p kg:mentions ?m . ?m skos:prefLabel ?value }
                 GROUP BY ?value HAVING (COUNT(?p) >= 2) ORDER BY ?value""",
    "category": """SELECT DISTINCT ?value WHERE { ?p dcterms:subject ?c . ?c skos:prefLabel ?value } ORDER BY ?value""",
}
SAMPLE = 5  # parameter values per query
PAGE = 100  # rows of a first page (`kg query --name NAME --limit 100`)


def sample_params(store, seed: int = 0) -> list[dict[str, str]]:
    """``SAMPLE`` sets of typical parameter values of ``store`` (see ``PARAM_VALUES``)."""
    rng = random.Random(seed)
    values = {}
    for name, sparql in PARAM_VALUES.items():
        found = [row["value"] for row in store.select(sparql)]
        values[name] = rng.sample(found, min(SAMPLE, len(found))) if found else []
    return [{name: found[i % len(found)] for name, found in values.items() if found} for i in range(SAMPLE)]


def timed_median(run, repeat: int = 3) -> float:
    """Median milliseconds of ``run()`` over ``repeat`` runs (one run when it takes over 5 s)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
        if times[-1] > 5:
            break
    return statistics.median(times) * 1000


def param_runs(query, samples: list[dict[str, str]]) -> list[dict[str, str]]:
    """The parameter sets a query runs with: its parameters from each sample (once if it takes none)."""
    runs = [{p.name: sample[p.name] for p in query.params if p.name in sample} for sample in samples]
    runs = [bound for bound in runs if all(p.optional or p.name in bound for p in query.params)]
    return runs[:1] if not query.params else runs


def measure_named(folder: str, name: str, limit: int | None = None) -> dict:
    """One named query's median over typical parameter values of a build folder's store (its
    first ``limit`` rows, or all)."""
    from kg.query.named import get_query, run_named
    from kg.rdf.store import open_store

    query = get_query(name)
    with open_store(folder) as store:
        runs = param_runs(query, sample_params(store))
        if not runs:
            return {"ms": "no values in graph"}
        times = []
        for params in runs:
            run_named(store, name, params, limit)  # one untimed run
            times.append(timed_median(lambda: run_named(store, name, params, limit)))
    return {"ms": statistics.median(times)}





def named_medians(folder: str, limit: int | None = None) -> dict[str, float]:
    """Each named query's median on the store of ``folder`` (its first ``limit`` rows, or all),
    each in its own process, stopped after ``QUERY_LIMIT_S`` (shown as "> limit")."""
    from kg.query.named import list_queries

    medians = {}
    for query in list_queries():
        try:
            medians[query.name] = child(["named", folder, query.name, limit], timeout=QUERY_LIMIT_S)["ms"]
        except subprocess.TimeoutExpired:
            medians[query.name] = float("inf")
    return medians


def measure_oxigraph(nquads: str) -> dict:
    """Bulk load of a store's quads into a new embedded Oxigraph store (kept beside it for the queries)."""
    from kg.rdf.store import LocalStore

    folder = Path(tempfile.mkdtemp(prefix="kg-bench-ox-"))
    started = time.perf_counter()
    with LocalStore(store_dir(folder), read_only=False) as store:
        store.load_file(Path(nquads))
        load = time.perf_counter() - started
        triples = len(store)
    return {"load_s": load, "triples": triples, "folder": str(folder)}


def measure_rdflib(nquads: str, folder: str) -> dict:
    """rdflib's in-memory store: parse a store's quads, then each named query (stopped after a
    limit), with the parameter values drawn from the embedded store of the same quads in ``folder``."""
    import rdflib

    from kg.query.named import list_queries, prepare
    from kg.rdf.namespaces import PREFIXES
    from kg.rdf.store import bind_values, open_store

    started = time.perf_counter()
    graph = rdflib.Dataset().parse(nquads, format="nquads")
    load = time.perf_counter() - started

    def stop(*_):
        raise TimeoutError

    signal.signal(signal.SIGALRM, stop)
    medians = {}
    with open_store(folder) as store:  # the same parameter values as the embedded store's
        samples = sample_params(store)
    for query in list_queries():
        texts = [bind_values(*prepare(query.name, params)) for params in param_runs(query, samples)]
        if not texts:
            medians[query.name] = "no values in graph"
            continue
        signal.alarm(QUERY_LIMIT_S)
        try:
            medians[query.name] = statistics.median(
                timed_median(lambda: list(graph.query(text, initNs=PREFIXES))) for text in texts)
        except TimeoutError:
            medians[query.name] = float("inf")
        except Exception as error:  # rdflib fails on some queries: say so in the table
            medians[query.name] = f"fails: {type(error).__name__}"
        finally:
            signal.alarm(0)
    return {"load_s": load, "triples": len(graph), "queries": medians}


def increment(papers: list[dict], work: Path, big: int, full: dict, workers: int) -> None:
    """Add 1% new papers to the ``big`` build (``full``: its figures), then write its site again
    with nothing changed; print both against the full build."""
    extra = write_corpus(papers, big // 100, work / "extra", start=big)
    files = [str(p) for p in sorted((work / f"corpus-{big}").glob("*.jsonl"))] + [str(p) for p in extra]
    print(f"load average before the increment: {os.getloadavg()[0]:.1f}")
    step = child(["build", files, str(work / f"build-{big}"), workers, True])
    share = 100 * step["seconds"] / full["seconds"]
    cpu, full_cpu = step["main_cpu"] + step["children_cpu"], full["main_cpu"] + full["children_cpu"]
    print(f"incremental at {big:,} papers: {step['papers']:,} new papers (1%) added in {step['seconds']:.1f} s "
          f"(site {step['site_s']:.1f} s), {share:.1f}% of the full build's {full['seconds']:.1f} s "
          f"(site {full['site_s']:.1f} s; {step['unchanged']} unchanged files skipped); CPU: main process "
          f"{step['main_cpu']:.1f} s, its workers and the site's forked copy {step['children_cpu']:.1f} s: "
          f"{cpu:.1f} s, {100 * cpu / full_cpu:.1f}% of the full build's {full_cpu:.1f} CPU-s")
    again = child(["site", str(work / f"build-{big}")])
    print(f"site at {big:,}+1% papers written again (`kg site`, nothing changed): {again['seconds']:.1f} s, "
          f"peak {again['main_mb']:,.0f} MB")


MEASURES = {"build": measure_build, "site": measure_site, "oxigraph": measure_oxigraph, "rdflib": measure_rdflib, "named": measure_named}


def ms(value: float | str) -> str:
    """A median for the table: milliseconds, "> limit", or the error that stopped the query."""
    if isinstance(value, str):
        return value
    return f"> {QUERY_LIMIT_S} s" if value == float("inf") else f"{value:,.0f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bib", nargs="?", default=str(DEFAULT_BIB))
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--work", default=None, help="folder for corpora and stores (default: a temporary one)")
    ap.add_argument("--increments-only", action="store_true",
                    help="only the full builds, the 1%% increment and the site written again (no query tables)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        name, *rest = json.loads(args.child)
        print(json.dumps(MEASURES[name](*rest)))
        return

    work = Path(args.work or tempfile.mkdtemp(prefix="kg-scale-"))
    sizes = [int(s) for s in args.sizes.split(",")]
    papers = base_papers(Path(args.bib))
    print(f"corpus: {args.bib}: {len(papers):,} papers with a title and an abstract; larger corpora vary them "
          f"(new author names, shuffled abstract sentences, title and abstract marked 'variant N')")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; workers={args.workers}")
    print()
    print(f"{'papers':>8} {'built':>8} {'seconds':>8} {'of it site':>10} {'papers/s':>9} {'s/1k papers':>12} "
          f"{'peak MB main':>13} {'peak MB worker':>15} {'triples':>11}")
    builds = {}

    def build_row(size: int) -> None:
        files = [str(p) for p in write_corpus(papers, size, work / f"corpus-{size}")]
        result = builds[size] = child(["build", files, str(work / f"build-{size}"), args.workers, False])
        print(f"{size:>8,} {result['papers']:>8,} {result['seconds']:>8.1f} {result['site_s']:>10.1f} "
              f"{result['papers'] / result['seconds']:>9,.0f} "
              f"{1000 * result['seconds'] / result['papers']:>12.2f} {result['main_mb']:>13,.0f} "
              f"{result['worker_mb']:>15,.0f} {result['triples']:>11,}  CPU: main {result['main_cpu']:.1f} s, "
              f"workers {result['children_cpu']:.1f} s")

    small, big = sizes[:-1], sizes[-1]
    for size in small:
        build_row(size)
    if args.increments_only:
        build_row(big)
        increment(papers, work, big, builds[big], args.workers)
        return
    mid = 10_000 if 10_000 in small else small[-1]
    # All of the store (graph.ttl holds the default graph; the method summaries are a named graph).
    quads = str(work / f"build-{mid}" / "store.nq")
    ox.Store.read_only(str(store_dir(work / f"build-{mid}"))).dump(quads, ox.RdfFormat.N_QUADS)
    ox_result = child(["oxigraph", quads])
    rdflib_result = child(["rdflib", quads, ox_result["folder"]])
    ox_queries = named_medians(ox_result["folder"])
    shutil.rmtree(ox_result["folder"])  # a copy of the 10k store, made only for these measurements
    build_row(big)
    built_queries = named_medians(str(work / f"build-{big}"))  # as built: optimised

    one = child(["build", [str(p) for p in sorted((work / f"corpus-{mid}").glob("*.jsonl"))],
                 str(work / f"build-{mid}-one"), 1, False, False])
    print()
    many = builds[mid]["seconds"] - builds[mid]["site_s"]
    print(f"workers at {mid:,} papers (without the site): 1 worker {one['seconds']:.1f} s ({one['papers'] / one['seconds']:,.0f} papers/s); "
          f"{args.workers} workers {many:.1f} s ({builds[mid]['papers'] / many:,.0f} papers/s)")

    increment(papers, work, big, builds[big], args.workers)

    big_queries = named_medians(str(work / f"build-{big}"))
    big_pages = named_medians(str(work / f"build-{big}"), PAGE)
    print()
    print(f"store at {mid:,} papers ({ox_result['triples']:,} quads): bulk load of the store's N-Quads: "
          f"Oxigraph {ox_result['load_s']:.1f} s, rdflib in memory {rdflib_result['load_s']:.1f} s")
    print(f"{'named query (median)':32} {'Oxigraph ' + format(mid, ','):>16} {'rdflib ' + format(mid, ','):>16} "
          f"{'Oxigraph ' + format(big, ','):>17} {'Oxigraph ' + format(big, ',') + '+1%':>20} "
          f"{'+1%, first ' + str(PAGE) + ' rows':>20}")
    for name in ox_queries:
        print(f"{name:32} {ms(ox_queries[name]):>16} {ms(rdflib_result['queries'][name]):>16} "
              f"{ms(built_queries[name]):>17} {ms(big_queries[name]):>20} {ms(big_pages[name]):>20}")
    print(f"(Oxigraph {big:,}: the store as the full build leaves it, optimised; +1%: after the incremental "
          f"build, which is too small to optimise it)")
    print(f"\nwork folder: {work}")


if __name__ == "__main__":
    main()
