"""What a change of the catalogue changes in the methods found, on a random sample, for reading.

    python tools/catalogue_audit.py [--base REV] [--n 200] [--seed 12] [--titles] [--write-bib FILE]

Draws a seeded sample of ACL abstracts (``../shared/data/acl-2016-2020.bib``) or, with ``--titles``,
of the ML titles (``../shared/data/ml-titles-1987-2025.jsonl``), leaving out every annotated paper
(the shared sets and the project's tune and held-out sets under ``eval/``) so that no annotated
text is read; extracts them with the catalogue of git revision ``--base`` (``ontology/*.ttl`` as
committed there) and with the working tree's, and prints every method the new catalogue finds that
the old one did not (and every one it lost), each with its sentence, so that a reader can count the
right and the wrong ones.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.extract import extract_papers, load_pipeline  # noqa: E402
from kg.extract.lexicon import default_lexicon_paths  # noqa: E402
from kg.extract.text import norm_key  # noqa: E402
from kg.ingest import read_document  # noqa: E402
from kg.ingest.text import clean_text  # noqa: E402
from kg.model import Paper  # noqa: E402

SHARED = ROOT.parents[1] / "shared"
if not (SHARED / "data").exists():
    SHARED = ROOT.parent / "shared"


def annotated_titles() -> set[str]:
    """The titles (as keys) of every annotated paper: the shared sets and the project's tune and held-out sets."""
    annotated = [*(SHARED / "eval" / "texts").glob("*.bib"), *(ROOT / "eval").rglob("texts.bib")]
    return {norm_key(r.title or "") for path in annotated for r in read_document(path).records}


def acl_sample(n: int, seed: int) -> list:
    skip = annotated_titles()
    records = [r for r in read_document(SHARED / "data" / "acl-2016-2020.bib").records
               if r.abstract and norm_key(r.title or "") not in skip]
    return random.Random(seed).sample(records, n)


def title_sample(n: int, seed: int) -> list[dict]:
    skip = annotated_titles()
    with (SHARED / "data" / "ml-titles-1987-2025.jsonl").open(encoding="utf-8") as f:
        rows = [row for line in f if line.strip() and norm_key((row := json.loads(line)).get("title") or "") not in skip]
    return random.Random(seed).sample(rows, n)


def write_bib(records, path: Path) -> None:
    def esc(s):
        return (s or "").replace("{", "(").replace("}", ")")
    with path.open("w", encoding="utf-8") as f:
        for i, r in enumerate(records):
            f.write(f"@article{{audit{i},\n  title = {{{esc(r.title)}}},\n  year = {{{r.year or ''}}},\n"
                    f"  abstract = {{{esc(r.abstract)}}}\n}}\n\n")


def as_papers(items, titles: bool) -> list[Paper]:
    # the titles file is no document kg.ingest reads: its LaTeX ("$\beta$-VAE") is cleaned as a reader does
    if titles:
        return [Paper(key=f"t{i}", title=clean_text(x.get("title")), abstract="", year=x.get("year"), authors=[],
                      authors_truncated=False, categories=[], sources=[]) for i, x in enumerate(items)]
    return [Paper(key=f"a{i}", title=r.title, abstract=r.abstract, year=r.year, authors=[],
                  authors_truncated=False, categories=[], sources=[]) for i, r in enumerate(items)]


def old_lexicon(rev: str, folder: Path) -> list[Path]:
    paths = []
    for p in default_lexicon_paths():
        rel = p.relative_to(ROOT).as_posix()
        out = folder / p.name
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{rel}"], capture_output=True, text=True)
        if text.returncode == 0:
            out.write_text(text.stdout, encoding="utf-8")
            paths.append(out)
    return paths


def methods_of(papers, lexicon) -> dict[str, dict[str, tuple[str, str]]]:
    nlp = load_pipeline(lexicon)
    out = {}
    for ex in extract_papers(papers, nlp):
        out[ex.paper_key] = {m.method.key: (m.method.label, m.evidence.sentence) for m in ex.methods}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="main")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--titles", action="store_true", help="sample ML titles instead of ACL abstracts")
    ap.add_argument("--write-bib", help="write the ACL sample to this BibTeX file")
    args = ap.parse_args(argv)
    items = title_sample(args.n, args.seed) if args.titles else acl_sample(args.n, args.seed)
    if args.write_bib and not args.titles:
        write_bib(items, Path(args.write_bib))
    papers = as_papers(items, args.titles)
    with tempfile.TemporaryDirectory() as tmp:
        before = methods_of(papers, old_lexicon(args.base, Path(tmp)))
    after = methods_of(papers, list(default_lexicon_paths()))
    gained = lost = 0
    for p in papers:
        old, new = before.get(p.key, {}), after.get(p.key, {})
        for key in sorted(set(new) - set(old)):
            gained += 1
            label, sentence = new[key]
            print(f"+ {p.key}\t{label}\t[{key.rsplit('/', 1)[-1]}]\t{sentence[:220]}")
        for key in sorted(set(old) - set(new)):
            lost += 1
            label, sentence = old[key]
            print(f"- {p.key}\t{label}\t[{key.rsplit('/', 1)[-1]}]\t{sentence[:220]}")
    total_old = sum(len(v) for v in before.values())
    total_new = sum(len(v) for v in after.values())
    print(f"{len(papers)} {'titles' if args.titles else 'abstracts'}: methods {total_old} -> {total_new}; "
          f"{gained} new, {lost} lost (against {args.base})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
