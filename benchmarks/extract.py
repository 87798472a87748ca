"""Speed of the extraction pipeline against the bare spaCy tokenizer, on the same abstracts.

    python benchmarks/extract.py [BIB_FILE] [--limit N]

Reads the abstracts (and titles) of a BibTeX file with a tiny regex, then times, in one run:
the bare ``spacy.blank("en")`` tokenizer, the whole pipeline with one process, and with two.
Prints abstracts per second for each, and the pipeline's share of the tokenizer's speed.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import spacy  # noqa: E402

from kg.extract import extract_papers, load_pipeline  # noqa: E402
from kg.model import Paper  # noqa: E402

DEFAULT_BIB = str(Path(__file__).resolve().parents[2] / "shared" / "data" / "acl-2016-2020.bib")
_ENTRY = re.compile(r"@\w+\{[^,]*,(.*?)\n\}", re.DOTALL)
_FIELD = re.compile(r"^\s*(title|abstract)\s*=\s*\{(.*)\},?\s*$", re.MULTILINE)


def read_bib(path: str, limit: int | None) -> list[Paper]:
    papers = []
    for i, m in enumerate(_ENTRY.finditer(Path(path).read_text(encoding="utf-8"))):
        fields = dict(_FIELD.findall(m.group(1)))
        if "abstract" not in fields:
            continue
        papers.append(Paper(key=f"p{i}", title=fields.get("title"), abstract=fields["abstract"], year=None,
                            authors=[], authors_truncated=False, categories=[], sources=[]))
        if limit and len(papers) >= limit:
            break
    return papers


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bib", nargs="?", default=DEFAULT_BIB)
    ap.add_argument("--limit", type=int, default=None, help="use only the first N abstracts")
    ap.add_argument("--lexicon", action="append", default=[], help="lexicon files (default: ontology/)")
    args = ap.parse_args(argv)

    papers = read_bib(args.bib, args.limit)
    texts = [p.abstract for p in papers]
    n = len(papers)
    print(f"{n} abstracts from {args.bib}")

    blank = spacy.blank("en")
    t = time.perf_counter()
    for _ in blank.pipe(texts, batch_size=256):
        pass
    tok = n / (time.perf_counter() - t)
    print(f"bare tokenizer:          {tok:9.0f} abstracts/s")

    t = time.perf_counter()
    nlp = load_pipeline([Path(x) for x in args.lexicon])
    print(f"pipeline load:           {time.perf_counter() - t:9.2f} s ({', '.join(nlp.pipe_names)})")

    results = {}
    for n_process in (1, 2):
        t = time.perf_counter()
        count = sum(1 for _ in extract_papers(papers, nlp, n_process=n_process, batch_size=256))
        rate = count / (time.perf_counter() - t)
        results[n_process] = rate
        print(f"pipeline, n_process={n_process}:   {rate:9.0f} abstracts/s  ({rate / tok:.2f} of the tokenizer)")
    target = tok / 5
    ok = max(results.values()) >= target
    print(f"target (1/5 of tokenizer): {target:7.0f} abstracts/s -> {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
