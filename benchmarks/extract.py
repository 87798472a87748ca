"""Speed of the extraction pipeline against the bare spaCy tokenizer, on the same abstracts.

    python benchmarks/extract.py [BIB_FILE] [--limit N] [--lexicon FILE ...]

Reads the abstracts (and titles) of a BibTeX file with `kg.ingest`, then, in one run, on the
same texts (title and abstract, as ``extract_papers`` reads them):

- the bare ``spacy.blank("en")`` tokenizer and the whole pipeline (``extract_papers``, one
  process), measured chunk by chunk in alternation so that a busy machine slows both alike
  (wall-clock and CPU time);
- the whole pipeline with two processes (wall-clock: the workers' CPU is not this process's);
- the time of each component;
- the first pass (``kg.extract.vocabulary``: the names the corpus teaches), whose names the
  pipeline above then looks for: the target counts both passes.

Both vocabularies are warmed first (a word costs more the first time a tokenizer sees it).
Prints abstracts per second and the pipeline's share of the tokenizer's speed (target: 1/5), against
spaCy's tokenizer as it ships and against one with the larger cache the pipeline gives its own.
"""
from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import spacy  # noqa: E402

from kg.extract import extract_papers, load_pipeline, paper_text  # noqa: E402
from kg.extract.lexicon import default_lexicon_paths, get_lexicon  # noqa: E402
from kg.extract.vocabulary import learn_vocabulary  # noqa: E402
from kg.ingest import read_document  # noqa: E402
from kg.model import Paper  # noqa: E402
from kg.resolve import resolve  # noqa: E402

DEFAULT_BIB = str(Path(__file__).resolve().parents[2] / "shared" / "data" / "acl-2016-2020.bib")


def read_bib(path: str, limit: int | None) -> list[Paper]:
    """The papers with an abstract, read and resolved by the project's own ingest stage."""
    papers = [p for p in resolve([read_document(path)]).papers if p.abstract]
    return papers[:limit] if limit else papers


def _clock():
    return time.perf_counter(), time.process_time()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bib", nargs="?", default=DEFAULT_BIB)
    ap.add_argument("--limit", type=int, default=5000, help="use the first N abstracts (0: all)")
    ap.add_argument("--chunk", type=int, default=250, help="abstracts per alternation step")
    ap.add_argument("--lexicon", action="append", default=[], help="lexicon files (default: ontology/)")
    args = ap.parse_args(argv)

    papers = read_bib(args.bib, args.limit or None)
    n = len(papers)
    print(f"{n} abstracts from {args.bib}")

    lexicons = [Path(x) for x in args.lexicon] or list(default_lexicon_paths())
    lexicon = get_lexicon([str(p) for p in lexicons], None)
    w0, c0 = _clock()
    vocabulary = learn_vocabulary(((p.key, p.title, p.abstract) for p in papers), lexicon)
    w1, c1 = _clock()
    first_cpu = c1 - c0
    print(f"first pass:                {n / (w1 - w0):8.0f} abstracts/s wall, {n / first_cpu:8.0f} per CPU-second"
          f" ({len(vocabulary.accepted)} names accepted of {len(vocabulary.terms)} candidates)")
    with tempfile.TemporaryDirectory() as folder:
        taught = vocabulary.write_turtle(Path(folder) / "vocabulary.ttl")
        t = time.perf_counter()
        nlp = load_pipeline([*lexicons, taught])
        print(f"pipeline load:             {time.perf_counter() - t:8.2f} s ({', '.join(nlp.pipe_names)})")
        return measure(papers, nlp, args.chunk, first_cpu)


def measure(papers: list[Paper], nlp, chunk_size: int, first_cpu: float) -> int:
    n = len(papers)

    blank = spacy.blank("en")
    same_cache = spacy.blank("en")  # with the cache the pipeline gives its tokenizer
    same_cache.tokenizer.max_cache_size = nlp.tokenizer.max_cache_size
    texts = [paper_text(p)[0] for p in papers]  # the very text the pipeline reads: title + abstract
    for tokenizer in (blank, same_cache):  # warm every vocabulary
        for _ in tokenizer.pipe(texts, batch_size=256):
            pass
    for _ in extract_papers(papers, nlp):
        pass
    gc.collect()

    tok_wall = tok_cpu = pipe_wall = pipe_cpu = same_cpu = 0.0
    for i in range(0, n, chunk_size):
        chunk = papers[i:i + chunk_size]
        w0, c0 = _clock()
        for _ in same_cache.pipe([paper_text(p)[0] for p in chunk], batch_size=256):
            pass
        w, c = _clock()
        same_cpu += c - c0
        for _ in blank.pipe([paper_text(p)[0] for p in chunk], batch_size=256):
            pass
        w2, c2 = _clock()
        for _ in extract_papers(chunk, nlp, n_process=1, batch_size=256):
            pass
        w3, c3 = _clock()
        tok_wall += w2 - w
        tok_cpu += c2 - c
        pipe_wall += w3 - w2
        pipe_cpu += c3 - c2
    print(f"bare tokenizer:            {n / tok_wall:8.0f} abstracts/s wall, {n / tok_cpu:8.0f} per CPU-second")
    print(f"bare tokenizer, the pipeline's {nlp.tokenizer.max_cache_size:,}-chunk cache: {n / same_cpu:8.0f} per CPU-second"
          f"  (the pipeline is {same_cpu / pipe_cpu if pipe_cpu else 0:.2f} of it)")
    print(f"pipeline, n_process=1:     {n / pipe_wall:8.0f} abstracts/s wall, {n / pipe_cpu:8.0f} per CPU-second"
          f"  -> {tok_wall / pipe_wall:.2f} (wall) / {tok_cpu / pipe_cpu:.2f} (CPU) of the tokenizer")

    w = time.perf_counter()
    count = sum(1 for _ in extract_papers(papers, nlp, n_process=2, batch_size=256))
    wall2 = time.perf_counter() - w
    print(f"pipeline, n_process=2:     {count / wall2:8.0f} abstracts/s wall (start-up of 2 workers included)"
          f"  -> {tok_wall / n * count / wall2:.2f} of the tokenizer")

    docs = [nlp.make_doc(x) for x in texts[:2000]]
    parts = []
    for name, proc in nlp.pipeline:
        t = time.process_time()
        for d in docs:
            proc(d)
        parts.append(f"{name} {1000 * (time.process_time() - t) / len(docs):.3f}")
    print("CPU ms per abstract:       " + ", ".join(parts))
    ratio = tok_cpu / (pipe_cpu + first_cpu)
    print(f"target: both passes >= 1/5 of spaCy's tokenizer as it ships -> {'met' if ratio >= 0.2 else 'NOT met'} "
          f"({ratio:.2f}, CPU; the second pass alone {tok_cpu / pipe_cpu:.2f}); against a tokenizer with the "
          f"pipeline's cache: {same_cpu / (pipe_cpu + first_cpu):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
