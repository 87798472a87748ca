"""The build: documents -> records -> resolved papers -> extractions -> store, Turtle and views.

A build is atomic: everything is written into a fresh folder beside ``out`` and swapped in by
renaming only when it is complete, so a failed or interrupted build leaves the previous store
and files as they were.
"""
from __future__ import annotations

import os
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kg import ONTOLOGY_DIR
from kg.model import Corpus, InputError, Problem
from kg.rdf.store import LocalStore, store_dir
from kg.rdf.triples import corpus_triples, lexicon_files


@dataclass
class BuildReport:
    """What a build read, skipped and built."""

    documents: int = 0
    records: int = 0
    papers: int = 0
    persons: int = 0
    triples: int = 0
    problems: list[Problem] = field(default_factory=list)
    seconds: float = 0.0
    out: Path | None = None

    def summary(self) -> str:
        return (f"read {self.documents} documents, {self.records} records; built {self.papers} papers, "
                f"{self.persons} people, {self.triples} triples in {self.seconds:.1f} s"
                + (f"; {len(self.problems)} problems" if self.problems else ""))


class BuildFailed(Exception):
    """A build stopped before anything was written (``--strict`` and bad input, or no input)."""


def swap_in(staging: Path, out: Path) -> None:
    """Move each artefact of ``staging`` into ``out`` by renames: a reader sees the old or the new
    store, never half of one; files of the user's in ``out`` are left alone."""
    for entry in sorted(staging.iterdir()):
        target = out / entry.name
        if entry.is_dir() and target.exists():
            previous = out / f".{entry.name}.previous-{os.getpid()}"
            os.rename(target, previous)
            os.rename(entry, target)
            shutil.rmtree(previous, ignore_errors=True)
        else:
            os.replace(entry, target)
    staging.rmdir()


def build(sources: Sequence[str | os.PathLike], out: str | os.PathLike, *, strict: bool = False,
          lexicons: Sequence[Path] = (), methods_json: Path | None = None, workers: int = 1,
          views: bool = True, progress: bool = False) -> BuildReport:
    """Build the graph of ``sources`` into ``out`` (``out/store``, ``out/graph.ttl``, views).

    ``progress`` shows a progress bar on stderr for long inputs."""
    from kg.extract import canonicalise, extract_papers, load_pipeline
    from kg.ingest import iter_documents
    from kg.resolve import resolve

    started = time.perf_counter()
    report = BuildReport()
    documents = []
    for document in iter_documents(sources):
        if isinstance(document, InputError):
            report.problems.append(document.problem)
            continue
        report.problems.extend(document.problems)
        if document.records:
            documents.append(document)
            report.documents += 1
            report.records += len(document.records)
    if strict and report.problems:
        raise BuildFailed(f"{len(report.problems)} problems in the input (--strict): nothing was written")
    if not documents:
        raise BuildFailed("no papers found in the input: nothing was written")

    corpus: Corpus = resolve(documents)
    nlp = load_pipeline(lexicons, methods_json=methods_json)
    extracting = extract_papers(corpus.papers, nlp=nlp, n_process=workers)
    if progress and len(corpus.papers) >= 1000:
        from tqdm import tqdm

        extracting = tqdm(extracting, total=len(corpus.papers), unit="paper", desc="extracting")
    extractions = list(extracting)
    canonicalise(extractions)

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    staging = out / f".building-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        store = LocalStore(store_dir(staging), read_only=False)
        for path in [ONTOLOGY_DIR / "kg.ttl", *lexicon_files(lexicons)]:
            if path.exists():
                store.load_file(path)
        owners = {sha: corpus.persons[key] for sha, key in corpus.profile_owners.items()}
        store.add(corpus_triples(corpus.papers, corpus.persons.values(), owners, extractions))
        report.triples = len(store)
        store.dump(staging / "graph.ttl")
        if views:
            from kg.views import write_site

            write_site(store, staging)
        store.close()
        swap_in(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    report.papers = len(corpus.papers)
    report.persons = len(corpus.persons)
    report.seconds = time.perf_counter() - started
    report.out = out
    return report
