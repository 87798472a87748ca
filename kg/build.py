"""The build: documents -> records -> papers -> extractions -> triples, streamed into a store.

A build is a sequence of records added to a store. Records flow from the readers through the
``Resolver`` (papers and persons, against registries) to the extraction, in batches of papers, and
their triples go to the store's bulk loader as they are made: no list of every record or triple is
kept. The registries are filled from the store first, so a build into an existing store
(``store=``) continues where the last one stopped: documents whose content hash the store holds
are skipped, a document whose file name the store holds with another hash replaces it (what only
the old version contributed is deleted first), new documents are added. The same inputs in the
same order give the same graph at once or in steps.

A build into a folder first learns the corpus vocabulary (``first_pass``): the evidence of its new
papers is added to what the folder's ``vocabulary.sqlite`` holds, and the papers built before that
name a name it newly accepts, withdraws or spells otherwise are extracted again (``relink``), so
an increment ends with the links a build at once gives.

Extraction runs in this process, in ``workers`` forked processes, or on a Dask cluster; batches
come back in order and every paper is canonicalised on its own against the method registry, so the
graph does not depend on where or in how many processes the text was read.

A build into a folder is atomic: it writes into a fresh folder beside the store (a new store, or a
cheap hard-linked backup of the existing one) and swaps it in by renames only when complete, so a
failed or interrupted build leaves the previous store and files as they were. A build into a
remote SPARQL server (an ``http(s)://`` store) applies its changes as it goes.
"""
from __future__ import annotations

import contextlib
import gc
import itertools
import os
import shutil
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kg import ONTOLOGY_DIR
from kg.collector import collecting_less
from kg.forked import Forked
from kg.extract.lexicon import default_lexicon_paths
from kg.model import Document, Extraction, InputError, Paper, Problem
from kg.rdf import delta
from kg.rdf.citations import citation_links
from kg.rdf.graphfile import GraphFile
from kg.rdf.namespaces import KGR
from kg.rdf.store import LocalStore, Store, StoreError, store_dir
from kg.rdf.triples import (authorship_triples, category_triples, dcterms, extraction_triples, lexicon_files,
                            match_key_triples, method_iri, method_triples, paper_iri, paper_triples, person_triples,
                            source_iri, source_triples)
from kg.resolve import Change, MethodRegistry, Resolver
from kg.terminal import Progress, library_warnings

if TYPE_CHECKING:
    from kg.analytics.projections import Gathered

BATCH = 400  # papers per extraction batch
#: Batches sent to forked workers ahead of the one being written: every batch of 100k papers, and a
#: bound for a streamed input (a remote store's), whose texts wait in the pool's queue (~1 KB a paper).
FORKED_IN_FLIGHT = 500
#: An increment forks a worker per this many batches to extract (one at least): each of its workers
#: loads the pipeline itself (about 2 CPU-s, the time of extracting some 2,000 papers), where a
#: build afresh loads it once for all of them. A 1% increment of 100k papers (3 batches) is
#: extracted by one worker, beside this process (2 cores: the two are busy).
WORKER_BATCHES = 5
#: A build into an existing store optimises it once the papers added since it was last optimised
#: reach this share of its papers: the cost (5.5-7 s at 100k papers) is 4-5% of a full build but
#: about a small increment's whole time again, and reads slow down as unmerged increments pile up
#: (papers-with-code at 100k papers: 156 ms optimised, 194 ms after a 1% increment).
OPTIMIZE_SHARE = 0.1
#: The named graph where a local store keeps how many papers were added since it was last
#: optimised: the state of the store, not part of the knowledge graph.
STORE_STATE = KGR["graph/store"]
#: Triples per call of the store's bulk loader. Two chunks are held at a time (one loading, the
#: next being made; 250k quads take about 120 MB, and the loader keeps about half as much again).
#: Each call adds sorted files that the store's background threads merge while the build goes on,
#: and fewer, larger files cost less to merge: loading and optimising 3.5M quads took 38.7 CPU-s
#: of the process in calls of 100k, 32.1 in calls of 500k (1.2M quads: 13.4 and 12.1). The cost is
#: memory: the peak of a build of 100k papers rose from 1.9 to 2.3 GB.
LOAD_CHUNK = 500_000


@dataclass
class BuildReport:
    """What a build read, skipped and built."""

    documents: int = 0
    records: int = 0
    papers: int = 0
    extracted: int = 0  # papers whose extraction has come back so far (the progress line counts them)
    persons: int = 0
    triples: int = 0  # in the store after a new build; added to it by a build into an existing store
    unchanged: int = 0  # documents the store held already (not read again)
    replaced: int = 0  # documents whose earlier version was replaced
    problems: list[Problem] = field(default_factory=list)
    #: Warnings the libraries logged meanwhile (kept off the terminal), under the file being read.
    library_warnings: list[Problem] = field(default_factory=list)
    seconds: float = 0.0
    site_seconds: float = 0.0  # of ``seconds``, writing the site
    out: Path | None = None
    continued: bool = False  # the build added to a store that held a graph

    def summary(self) -> str:
        kept = (f"; {self.unchanged} unchanged documents skipped" if self.unchanged else "") + \
               (f"; {self.replaced} documents replaced" if self.replaced else "")
        verb = "added" if self.continued else "built"
        return (f"read {self.documents} documents, {self.records} records; {verb} {self.papers} papers, "
                f"{self.persons} people, {self.triples} triples in {self.seconds:.1f} s"
                + (f" (the site {self.site_seconds:.1f} s)" if self.site_seconds else "") + kept
                + (f"; {len(self.problems)} problems" if self.problems else "")
                + (f"; {len(self.library_warnings)} library warnings" if self.library_warnings else ""))


class BuildFailed(Exception):
    """A build stopped (``--strict`` and bad input, no input, an extraction that fails on every
    paper); a build into a folder leaves the previous one as it was. ``problems`` are the input's
    problems that explain it."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()):
        super().__init__(message)
        self.problems = list(problems)


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


# --- extraction, here or elsewhere ----------------------------------------------------------------

_PIPELINES: dict = {}


def extract_batch(papers: list[Paper], lexicons: tuple[str, ...], methods_json: str | None,
                  taught: dict[str, dict[str, str]] | None = None) -> list[Extraction]:
    """Extract a batch of papers with this process's pipeline (loaded once per process), each
    paper's methods canonicalised on their own (the registry keys them later, in order); ``taught``:
    the names the corpus vocabulary says each paper proposes (``Vocabulary.proposals_of``).
    A paper whose extraction raises does not stop the others: its extraction is empty, with
    ``failed`` saying why (the build reports it and keeps the paper's record). When every paper of
    a batch of two or more fails, the extraction is broken, not the papers: the build fails
    (``BuildFailed``). Running out of memory is never a paper's failure."""
    from kg.extract import canonicalise, extract_papers, load_pipeline

    # a file's version too: a build folder's vocabulary.ttl changes from one build to the next
    config = (lexicons, methods_json, tuple(_version(path) for path in (*lexicons, methods_json) if path))
    if config not in _PIPELINES:
        _PIPELINES[config] = load_pipeline([Path(p) for p in lexicons],
                                           methods_json=Path(methods_json) if methods_json else None)
    nlp = _PIPELINES[config]

    def extracted(part: list[Paper]) -> list[Extraction]:
        extractions = list(extract_papers(part, nlp=nlp, taught=taught))
        for extraction in extractions:
            canonicalise([extraction])
        return extractions

    try:
        return extracted(papers)
    except MemoryError:
        raise
    except Exception:  # a paper's text broke a rule: the batch again, a paper at a time
        out = []
        for paper in papers:
            try:
                out += extracted([paper])
            except MemoryError:
                raise
            except Exception as error:
                out.append(Extraction(paper.key, failed=_one_line(error)))
        if len(papers) > 1 and all(extraction.failed for extraction in out):
            raise BuildFailed(f"the extraction failed on each of the {len(papers)} papers of a batch: "
                              f"it is broken, not the papers ({out[0].failed})")
        return out


#: The longest text of an error a build reports in its one line.
ERROR_TEXT = 200


def _one_line(error: Exception) -> str:
    """The type and text of ``error`` on one line, cut at ``ERROR_TEXT`` characters."""
    said = " ".join(f"{type(error).__name__}: {error}".split())
    return said if len(said) <= ERROR_TEXT else said[:ERROR_TEXT - 1] + "…"


def import_pipeline() -> None:
    """What a worker forked before the corpus vocabulary is known does first (``Extractor.start``)."""
    import spacy  # noqa: F401

    from kg.extract import components  # noqa: F401


def _version(path: str) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


class _Done:
    """A finished result with the interface of a future."""

    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value

    def done(self) -> bool:
        return True

    def add_done_callback(self, fn) -> None:
        fn(self)


class _Held:
    """A first batch held back: sent to the workers if a second batch starts them, else extracted
    here when its result is wanted (forking workers for one batch costs more than it saves)."""

    def __init__(self, papers: list[Paper], config: tuple, taught: dict | None):
        self.papers, self.config, self.taught = papers, config, taught
        self.future = None
        self.callbacks: list = []

    def send(self, pool) -> None:
        self.future = pool.submit(extract_batch, self.papers, *self.config, self.taught)
        for fn in self.callbacks:
            self.future.add_done_callback(lambda _, fn=fn: fn(self))

    def result(self):
        if self.future is None:
            self.future = _Done(extract_batch(self.papers, *self.config, self.taught))
            for fn in self.callbacks:
                fn(self)
        return self.future.result()

    def done(self) -> bool:
        return self.future is not None and self.future.done()

    def add_done_callback(self, fn) -> None:
        self.callbacks.append(fn)


class Extractor:
    """Runs ``extract_batch`` in this process, in ``workers`` forked processes (started only when
    the input has more than one batch), or on the Dask cluster at ``dask``."""

    def __init__(self, lexicons: Sequence[Path], methods_json: Path | None, workers: int, dask: str | None):
        self.config = (tuple(str(p) for p in lexicons), str(methods_json) if methods_json else None)
        self.workers = max(1, workers)
        self.dask = dask
        self.pool = None
        self.held: _Held | None = None
        self.vocabulary = None  # the corpus vocabulary of the first pass (kg.extract.vocabulary.Vocabulary)
        self.batches = 0  # batches to extract, if the first pass counted them (more than one: none held)
        self.preload = True  # the pipeline loaded here before the workers fork (they inherit it)
        self.forked = self.workers  # processes forked to extract (fewer where each loads its own pipeline)

    def add_vocabulary(self, vocabulary, path: Path) -> None:
        """One more catalogue for the extraction: the corpus vocabulary of the first pass (written to
        ``path``), whose proposals each paper's extraction knows before its lineage is decided."""
        self.config = (self.config[0] + (str(path),), self.config[1])
        self.vocabulary = vocabulary

    def start(self) -> None:
        """Fork an increment's worker now, before the first pass: it imports spaCy and the
        components (about 1 of the 2.5-3 CPU-s its pipeline takes to load) while this process
        reads the store and learns the new papers' vocabulary, which its pipeline then needs.
        (This process has no spaCy to fork from.) Forked workers only."""
        if self.workers > 1 and not self.dask and self.pool is None:
            self.preload, self.forked = False, 1
            self._fork()
            self.pool.submit(import_pipeline)

    def expect(self, batches: int, preload: bool) -> None:
        """What the first pass tells of the extraction to come: ``batches`` to extract (more than
        one: the first is sent to the workers at once, not held for this process), and
        whether this process loads the pipeline for the workers to inherit (``preload``) or leaves
        it to them, its spaCy unloaded."""
        self.batches = batches
        self.preload = preload
        if not preload:  # (a worker at least: this process, with its spaCy unloaded, extracts nothing)
            forked = min(self.workers, max(1, -(-batches // WORKER_BATCHES)))
            if self.pool is not None and forked > self.forked:  # more than the one started: all forked anew
                self.pool.shutdown(wait=False, cancel_futures=True)
                self.pool = None
            self.forked = forked
        if batches > 1 and not preload and self.workers > 1 and not self.dask:
            # a worker loads the pipeline while this process reads the store, the others when their
            # first batch comes (all at once, they and this process contend for the cores)
            if self.pool is None:
                self._fork()
            self.pool.submit(extract_batch, [], *self.config)

    def submit(self, papers: list[Paper]):
        """A future of the extractions of ``papers`` (sent as key, title and abstract only)."""
        light = [Paper(p.key, p.title, p.abstract, None, [], False, [], []) for p in papers]
        taught = self.vocabulary.proposals_of(p.key for p in papers) if self.vocabulary is not None else None
        if self.dask:
            if self.pool is None:
                from distributed import Client

                self.pool = Client(self.dask)
            return self.pool.submit(extract_batch, light, *self.config, taught, pure=False)
        if self.workers == 1:
            return _Done(extract_batch(light, *self.config, taught))
        if self.held is None and self.batches < 2 and self.pool is None:
            self.held = _Held(light, self.config, taught)
            return self.held
        if self.pool is None:
            self._fork()
            if self.held is not None and self.held.future is None:
                self.held.send(self.pool)
        return self.pool.submit(extract_batch, light, *self.config, taught)

    def _fork(self) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        if self.preload:
            extract_batch([], *self.config)  # load the pipeline here: forked workers inherit it
        # What exists now (the pipeline if loaded here, the documents read for both passes) lives
        # as long as the build: out of the cyclic collector's sight, a worker's collections neither
        # scan it nor copy its pages, and this process's collections skip it too.
        gc.freeze()
        self.pool = ProcessPoolExecutor(self.forked, mp_context=multiprocessing.get_context("fork"))

    @property
    def in_flight(self) -> int:
        """How many batches may run ahead of the one being written: on Dask two per worker; forked
        workers are given every batch as it is made, up to ``FORKED_IN_FLIGHT`` (a batch sent shares
        its papers' strings; a result waits in this process until it is taken, in order), so that
        this process resolves the input and tells its people apart while they read."""
        if self.dask:
            return 2 * sum(self.pool.nthreads().values()) if self.pool is not None else 0
        return FORKED_IN_FLIGHT if self.workers > 1 else 0

    def close(self) -> None:
        if self.pool is not None:
            # a build that failed leaves batches queued: none of them is extracted now
            (self.pool.close if self.dask else lambda: self.pool.shutdown(cancel_futures=True))()
            if not self.dask:
                gc.unfreeze()  # what the build kept may go now
            self.pool = None


# --- the first pass -------------------------------------------------------------------------------

#: Papers per part of the first pass (the workers read the parts, merged in order).
LEARN_PART = 1000


def learn_part(texts: list[tuple[str, str, str]], config: tuple):
    """The first pass over some papers, with this process's catalogue (loaded once per process)."""
    from kg.extract.lexicon import get_lexicon
    from kg.extract.vocabulary import learn_vocabulary

    return learn_vocabulary(texts, get_lexicon(*config))


@dataclass
class Learned:
    """What the first pass learned: the corpus vocabulary (kept in ``index``, the folder's
    ``vocabulary.sqlite``), and the papers read before whose names it accepted, withdrew or spelled
    otherwise (keys), to extract again."""

    vocabulary: object  # kg.extract.vocabulary.Vocabulary
    index: object  # kg.extract.corpus.CorpusIndex
    stale: set[str]
    texts: list[tuple[str, str, str]]  # the new papers' (key, title, abstract), indexed by ``indexing``


def learn_corpus_vocabulary(documents: Iterable[Document | InputError], extractor: Extractor, index,
                            relearn: bool) -> tuple[Learned, list[Document | InputError]]:
    """The first pass over the new papers of ``documents`` (see ``kg.extract.vocabulary``), each
    keyed as the resolver keys a new paper, added to the evidence of the papers ``index`` holds
    (all read again from it when ``relearn``: papers were dropped); and the documents, read once
    for both passes. The workers read the papers while this process reads the documents and merges
    their evidence; the index takes the new papers' texts later (``indexing``), nothing of this
    build reading them there."""
    from kg.extract.lexicon import get_lexicon
    from kg.extract.vocabulary import Vocabulary
    from kg.resolve.resolve import MatchKeys

    taken = set(get_lexicon(*extractor.config).concepts)  # loaded here: forked workers inherit it
    vocabulary = index.vocabulary(taken)
    before = vocabulary.names()
    if relearn:
        vocabulary = Vocabulary(taken=taken)
    new: dict[str, tuple[str, str, str]] = {}
    held = index.keys()
    read: list[Document | InputError] = []
    with _Learning(extractor, vocabulary) as learning:
        if relearn:
            for text in index.texts():
                learning.add(text)
        for document in documents:
            read.append(document)
            for record in document.records if isinstance(document, Document) else ():
                keys = MatchKeys(record)
                key = keys["title"] or keys["abstract"]
                if key not in new and key not in held:
                    new[key] = (key, record.title, record.abstract)
                    learning.add(new[key])
    index.keep_vocabulary(vocabulary)
    after = vocabulary.names()
    changed = {name for key in before.keys() | after.keys() if before.get(key) != after.get(key)
               for name in before.get(key, ())[1:] + after.get(key, ())[1:]}
    stale = index.naming(changed) - new.keys() if changed and held else set()
    return Learned(vocabulary, index, stale, list(new.values())), read


class _Learning:
    """The first pass over texts given one by one, ``LEARN_PART`` at a time, merged in order into
    ``vocabulary``: in forked processes from the second part on, so that they learn while this one
    still reads the documents, or here (one worker, one part, Dask)."""

    def __init__(self, extractor: Extractor, vocabulary):
        self.extractor, self.vocabulary = extractor, vocabulary
        self.texts: list[tuple[str, str, str]] = []
        self.parts: deque = deque()  # parts sent to the workers, or held here until a second one comes
        self.pool = None

    def __enter__(self) -> "_Learning":
        return self

    def add(self, text: tuple[str, str, str]) -> None:
        self.texts.append(text)
        if len(self.texts) == LEARN_PART:
            self._part()

    def _part(self) -> None:
        part, self.texts = self.texts, []
        if self.pool is None and self.parts and self.extractor.workers > 1 and not self.extractor.dask:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self.pool = ProcessPoolExecutor(self.extractor.workers, mp_context=multiprocessing.get_context("fork"))
            self.parts.append(self.pool.submit(learn_part, self.parts.pop(), self.extractor.config))
        if self.pool is None:
            self.parts.append(part)
            return
        self.parts.append(self.pool.submit(learn_part, part, self.extractor.config))
        while self.parts and self.parts[0].done():  # merged as they come, in order
            self.vocabulary.merge(self.parts.popleft().result())

    def __exit__(self, *exc) -> None:
        try:
            if exc[0] is None:
                if self.texts:
                    self._part()
                for part in self.parts:
                    self.vocabulary.merge(part.result() if self.pool else learn_part(part, self.extractor.config))
        finally:
            if self.pool is not None:
                self.pool.shutdown(cancel_futures=True)


def relink(increment: Increment, learned: Learned) -> Iterator[ox.Quad]:
    """The papers of earlier builds the vocabulary changed for, extracted again: what their
    extraction now states that it did not is yielded, what it no longer states is deleted (with
    the lineage links only it supported). Fills ``increment.relinked`` (the papers whose links
    changed), ``.unlinked`` (methods that lost a paper or a link) and ``.restated``."""
    store = increment.sink.store
    papers = [key for key in sorted(learned.stale) if store.ask("ASK { ?p a kg:Paper }", {"p": paper_iri(key)})]
    texts = {key: (title, abstract) for key, title, abstract in learned.index.texts(papers)}
    for start in range(0, len(papers), BATCH):
        batch = [Paper(key, *texts[key], None, [], False, [], []) for key in papers[start:start + BATCH]]
        before = delta.extracted(store, [paper_iri(paper.key) for paper in batch])
        extractions = increment._sent(batch).result()
        after = [list(increment._extraction_triples([extraction], stored=True)) for extraction in extractions]
        gone: set[ox.Quad] = set()
        for extraction, triples in zip(extractions, after):
            if extraction.failed:  # it keeps what an earlier build extracted
                continue
            paper = paper_iri(extraction.paper_key)
            old, new = before[paper], {t for t in triples if delta.is_extracted(t, paper)}
            if old != new:
                increment.relinked.add(extraction.paper_key)
                gone |= old - new
        # deleted before the new statements are loaded: a link stated anew is kept
        delta.delete(store, gone)
        lost = delta.lineage_of(gone)
        increment.restated |= {q.subject for q in gone} | delta.drop_unsupported(store, lost)
        increment.unlinked |= {q.object for q in gone if q.predicate.value in delta.EXTRACTED_LINKS}
        increment.unlinked |= {method for link in lost for method in link}
        for triples in after:
            yield from triples


def relearned(increment: Increment, learned: Learned) -> Iterator[ox.Quad]:
    """Where the vocabulary's names were learned, as the store should now hold it: what it did
    not hold is yielded, what it held and no longer should is deleted (``increment.restated``)."""
    store = increment.sink.store
    now = list(learned.vocabulary.triples(paper_iri, increment.methods.long))
    if not increment.report.continued:
        yield from now
        return
    before, lines = delta.learned(store), delta.as_lines(now)  # compared as lines of N-Triples
    gone = delta.from_lines(before.difference(lines))
    delta.delete(store, gone)
    increment.restated |= {q.subject for q in gone}
    yield from (t for t, line in zip(now, lines) if line not in before)


def first_pass(documents: Iterable[Document | InputError], extractor: Extractor, db: Store, staging: Path,
               report: BuildReport) -> tuple[Learned, list[Document | InputError]]:
    """The corpus vocabulary of a build into a folder, which the extraction then finds: learned
    from the papers of ``documents`` added to what the folder's earlier builds learned; and the
    documents, read as the workers learn."""
    from kg.extract.corpus import FILE as CORPUS_FILE, CorpusIndex

    index = CorpusIndex(staging, staging.parent if report.continued else None)
    if report.continued and not (staging.parent / CORPUS_FILE).is_file():
        index.add(delta.stored_texts(db))  # a folder built before the index: its papers as the store holds them
        relearn = True
    else:
        relearn = bool(report.replaced) and index.keep_only(
            {row["p"].value.removeprefix(delta.PAPER_PREFIX) for row in db.query("SELECT ?p WHERE { ?p a kg:Paper }")})
    learned, read = learn_corpus_vocabulary(documents, extractor, index, relearn)
    extractor.add_vocabulary(learned.vocabulary, learned.vocabulary.write_turtle(staging / "vocabulary.ttl"))
    # An increment's workers load their pipeline while this process, which has the store's changes
    # and the site to make, goes on (1% of 100k papers: 1-2 CPU-s less here).
    extractor.expect(sum(-(-len(papers) // BATCH) for papers in (learned.stale, learned.texts)),
                     preload=not report.continued)
    return learned, read


def finish_vocabulary(increment: Increment, learned: Learned) -> None:
    """After the second pass: the methods the papers extracted again no longer name dropped, and
    where the vocabulary's names were learned."""
    sink = increment.sink
    increment.restated |= delta.drop_unused_methods(sink.store, increment.unlinked)
    sink.add(relearned(increment, learned))


@contextlib.contextmanager
def indexing(learned: Learned | None) -> Iterator[None]:
    """The new papers' texts added to the folder's full-text index in a thread meanwhile, then the
    index closed: SQLite lets Python run while it indexes, and once the second pass is done the
    workers leave a core to it while this process finishes the build (18.7k ACL papers: 1-2 CPU-s).
    Nothing of the build reads the index."""
    if learned is None:
        yield
        return

    def index() -> None:
        learned.index.add(learned.texts)
        learned.texts.clear()  # in the index now, and no longer held through the site's writing

    try:
        with ThreadPoolExecutor(1, thread_name_prefix="kg-index") as pool:
            indexed = pool.submit(index)
            yield
            indexed.result()
    finally:
        learned.index.close()


# --- one increment ------------------------------------------------------------------------------

class Sink:
    """Where a build's triples go: the store's bulk loader, ``LOAD_CHUNK`` at a time, and graph.ttl
    as they go. ``only_new`` passes on only what the store does not hold yet (a build that
    continues a graph.ttl must not write again what it holds)."""

    def __init__(self, store: Store, graph: GraphFile | None, only_new: bool, gathered: Gathered | None = None):
        self.store = store
        self.graph = graph
        self.gathered = gathered  # a fresh build's site tables, gathered as the triples go (``Gathered``)
        self.seen: set[ox.Quad] | None = set() if only_new else None
        self.added = 0  # triples passed on (with ``only_new``: exactly those the store did not hold)

    def add(self, triples: Iterable[ox.Quad]) -> None:
        """Load ``triples``; when this returns the store holds them. A chunk is loaded in a thread
        while the next one is made: the bulk loader and the Turtle writer let Python run meanwhile,
        and the build's main process is its slowest part."""
        stream = iter(triples if self.seen is None else self._unheld(triples))
        loading = None
        # (the loader thread starts at the first chunk)
        with collecting_less(), ThreadPoolExecutor(1, thread_name_prefix="kg-load") as loader:
            while chunk := list(itertools.islice(stream, LOAD_CHUNK)):
                gc.freeze()
                if loading is not None:
                    loading.result()
                loading = loader.submit(self._load, chunk)
                self.added += len(chunk)
            if loading is not None:
                loading.result()

    def _load(self, chunk: list[ox.Quad]) -> None:
        self.store.add(chunk)
        if self.graph is not None:
            self.graph.write(chunk)
        if self.gathered is not None:
            self.gathered.watch(chunk)

    def _unheld(self, triples: Iterable[ox.Quad]) -> Iterator[ox.Quad]:
        # A subject the store said nothing of when first seen (a new paper, its evidence) holds only
        # what this build passed on since: one look-up for it, not one for each of its statements.
        described: dict = {}
        for triple in triples:
            if triple in self.seen:
                continue
            known = described.get(triple.subject)
            if known is None:
                known = described[triple.subject] = self.store.describes(triple.subject)
            if not known or not self.store.holds(triple):
                self.seen.add(triple)
                yield triple


class Increment:
    """The registries of a build and the triples of the documents it adds."""

    def __init__(self, sink: Sink, extractor: Extractor, report: BuildReport):
        self.sink = sink
        self.extractor = extractor
        self.report = report
        self.resolver = Resolver(delta.StoredPapers(sink.store) if report.continued else None)
        self.methods = MethodRegistry()
        self.described: set[str] = set()  # IRIs of nodes described already
        self.added_papers: list[str] = []  # keys of the papers this build added
        self.redated: set[str] = set()  # known papers a record of this build gave a year
        self.labelled: set[str] = set()  # IRIs of the methods this build gave a type or labels
        self.cited: set[str] = set()  # keys of the papers this build gave identifiers (see kg.rdf.citations)
        # (see ``relink``) known papers whose links changed, methods that lost some, subjects that lost statements
        self.relinked: set[str] = set()
        self.unlinked: set[ox.NamedNode] = set()
        self.restated: set[ox.NamedNode] = set()
        self.touched: set[str] = set()  # IRIs of stored papers and people this build changed otherwise
        self.read_at: dict[str, tuple[str, int]] = {}  # a new paper's file and line, until its extraction is back
        self.authored = False  # the author lists and people are given to the store already (a fresh build's)
        delta.fill_registries(sink.store, self.methods, self.described)

    def triples(self, documents: Iterable[Document | InputError]) -> Iterator[ox.Quad]:
        """Every triple the documents add, batch after batch (their record lists are emptied).
        The workers are sent every batch as soon as it is resolved, so that once every record is
        this process tells the people apart while they still extract (20k papers: 0.9 CPU-s).
        A batch's extraction is taken when ``in_flight`` batches follow it, else after the people:
        the triples come in the same order whenever the workers finish (graph.ttl's blocks too)."""
        batch: list[Paper] = []
        pending: deque = deque()
        for document in documents:
            for change in self._changes(document):
                yield from self._paper_triples(change)
                if change.new:
                    batch.append(change.paper)
                if len(batch) >= BATCH:
                    pending.append(self._sent(batch))
                    batch = []
                    # in order (the method registry keys them in order), and when as many batches
                    # wait as may, not when a worker is done: graph.ttl's order follows the input
                    while len(pending) > self.extractor.in_flight:
                        yield from self._extraction_triples(pending.popleft().result())
        if batch:
            pending.append(self._sent(batch))
        self.resolver.disambiguate()
        if not self.report.continued:
            # A fresh build's people are final once told apart, and no statement of the store is
            # rewritten for them: they are loaded while the workers still extract, where this process
            # shares the cores with them, not after, alone on one (20k papers: the build's end after
            # the extraction, people and method summaries, 9.2-11.0 -> 5.1 CPU-s).
            yield from self._authorships(self.added_papers)
            self.authored = True
        while pending:
            yield from self._extraction_triples(pending.popleft().result())

    def _sent(self, batch: list[Paper]):
        """The future of the extractions of ``batch``, counted as extracted (the progress line)
        as soon as they are back, taken or not."""
        future = self.extractor.submit(batch)
        future.add_done_callback(lambda _, papers=len(batch): self._extracted(papers))
        return future

    def _extracted(self, papers: int) -> None:
        self.report.extracted += papers  # (for a worker's batch, in the pool's thread)

    def _changes(self, document: Document | InputError) -> Iterator[Change]:
        if isinstance(document, InputError):
            self.report.problems.append(document.problem)
            return
        self.report.problems.extend(document.problems)
        if not document.records:
            return
        self.report.documents += 1
        self.report.records += len(document.records)
        # The record list is emptied as it goes: a record is freed once its paper is resolved and
        # sent to the extraction, though the documents were read whole for both passes (100k
        # papers: about 280 MB of records, while the registries grow).
        records = document.records
        records.reverse()
        while records:
            record = records.pop()
            change = self.resolver.add(record)
            self.report.papers += change.new
            if change.new:
                self.read_at[change.paper.key] = (record.source.path, record.line)
            yield change

    def _paper_triples(self, change: Change) -> Iterator[ox.Quad]:
        """A new paper's metadata, or what a later record adds to a known one."""
        paper = change.paper
        if change.new:
            self.added_papers.append(paper.key)
        else:
            self.touched.add(paper_iri(paper.key).value)
            if paper.year:
                self.redated.add(paper.key)
        yield from paper_triples(paper, authors=not change.new)  # a new paper's authors: once told apart
        if paper.identifiers or paper.references or paper.cited_by:
            self.cited.add(paper.key)
        yield from match_key_triples(paper.key, change.match_keys)
        for source in paper.sources:
            if (iri := source_iri(source).value) not in self.described:
                self.described.add(iri)
                yield from source_triples(source, change.owner)
        for category in paper.categories:
            iri, triples = category_triples(category)
            yield ox.Quad(paper_iri(paper.key), dcterms.subject, iri)
            if iri.value not in self.described:
                self.described.add(iri.value)
                yield from triples

    def _extraction_triples(self, extractions: list[Extraction], stored: bool = False) -> Iterator[ox.Quad]:
        """Each paper's methods keyed against the registry, then its links and evidence. A paper
        whose extraction failed is reported (by its file and line if this build read it, else by its
        key) and stays as its record states it, with what an earlier build extracted if ``stored``."""
        for extraction in extractions:
            path, line = self.read_at.pop(extraction.paper_key, (f"paper {extraction.paper_key}", None))
            if extraction.failed:
                kept = "paper keeps the facts extracted before" if stored else "paper built without extracted facts"
                self.report.problems.append(Problem(path, f"extraction failed, {kept}: {extraction.failed}", line))
                continue
            for method in self.methods.assign_all(extraction):
                iri = method_iri(method.key).value
                self.described.add(iri)
                self.labelled.add(iri)
                yield from method_triples(method)
            yield from extraction_triples(extraction, self.described)
            if extraction.arxiv_ids:
                self.cited.add(extraction.paper_key)

    def site_changes(self, before: str, restated: set[ox.NamedNode]) -> "Changes":
        """What this build changed, for the site (``kg.views.kept.Changes``): the papers it added,
        re-authored, redated, gave identifiers or linked again (``relink``), those given new statements,
        and what it restated."""
        from kg.views.kept import Changes

        keys = {*self.added_papers, *self.resolver.reauthored, *self.redated, *self.cited, *self.relinked}
        return Changes(before, {paper_iri(k).value for k in keys} | self.touched | {x.value for x in restated})

    def finish(self, summaries: Executor) -> tuple[set[ox.NamedNode], Future]:
        """What only the end of the input decides: better author lists and display names, and
        the people of this build (told apart by ``triples`` already, which gave a fresh build's to
        the store too), the method summaries. Returns the subjects whose earlier statements that
        removed, and the summaries being made in ``summaries``' thread: they read only the papers'
        links and years, all stored by now, and nothing reads them before the build ends, so the
        store makes them (Oxigraph lets Python run) while this thread writes the people, then
        graph.ttl and the site (20k papers: 2.3 CPU-s, Oxigraph's)."""
        summarised = summaries.submit(self._summarise)
        return self._people() | self.restated, summarised

    def _people(self) -> set[ox.NamedNode]:
        resolver = self.resolver
        stored = sorted(resolver.reauthored - resolver.added)
        restated, former = delta.rewrite(self.sink.store, stored, resolver.renamed())
        restated |= delta.merge_people(self.sink.store, resolver.formerly)
        restated |= delta.move_owners(self.sink.store, resolver.moved_owners())
        if not self.authored:
            if self.report.continued:  # a stored person's reasons are stated afresh
                restated |= delta.drop_notes(self.sink.store, [p.key for p in resolver.listed_people() if p.notes])
            self.sink.add(self._authorships(self.added_papers + stored))
        restated |= delta.drop_unlisted(self.sink.store, former)  # named only by a list that a better one replaced
        self.sink.add(citation_links(self.sink.store, self.cited if self.report.continued else None))
        self.report.persons = len(resolver.new_people())
        return restated

    def _authorships(self, papers: list[str]) -> Iterator[ox.Quad]:
        """The author lists of ``papers`` (keys) as the resolver now holds them, then the people
        this build lists."""
        states = self.resolver.states
        for key in papers:
            yield from authorship_triples(delta.reauthored_paper(key, states[key]))
        for person in self.resolver.listed_people():
            yield from person_triples(person)

    def _summarise(self) -> None:
        if not self.report.continued or self.report.replaced:  # a replaced document may leave any method
            delta.summarise(self.sink.store)
        else:
            delta.summarise_added(self.sink.store, self.added_papers, self.labelled)
            # recounted whole, after the additions
            delta.summarise(self.sink.store, self.redated | self.relinked, self.unlinked)


# --- where a build goes ---------------------------------------------------------------------------

@contextlib.contextmanager
def _target(out: Path | None, store: str | None) -> Iterator[tuple[Store, Path | None]]:
    """The store a build writes to, and its staging folder (swapped in on success); a remote
    store is written in place."""
    if store is not None and str(store).startswith(("http://", "https://")):
        from kg.rdf.remote import RemoteStore

        yield RemoteStore(str(store)), None
        return
    folder = Path(out if out is not None else store)
    folder.mkdir(parents=True, exist_ok=True)
    staging = folder / f".building-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        if store is not None and store_dir(folder).is_dir():
            try:
                existing = ox.Store(str(store_dir(folder)))
            except OSError as e:
                if "lock" in str(e).lower():
                    raise StoreError(f"{folder}: another build is writing to this store; "
                                     "run this one when it has finished") from None
                raise
            existing.backup(str(store_dir(staging)))  # hard links: cheap, and the original stays untouched
            del existing
        db = LocalStore(store_dir(staging), read_only=False)
        try:
            yield db, staging
        finally:
            db.close()
        swap_in(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _site_ahead(folder: Path):
    """The site's code, and what the folder's site kept (``kg.views.kept.read_ahead``), read in a
    thread while the workers extract an increment's papers: this process mostly waits for them then
    (1% of 100k papers: 2-2.5 CPU-s taken off the build's critical path); and pandas, which the
    network views draw with (each forked copy drawing one would import it: 0.6 CPU-s)."""
    import pandas  # noqa: F401

    from kg.views.kept import read_ahead

    return read_ahead(folder)


def _plan(db: Store, sources: Sequence[str | os.PathLike], report: BuildReport) -> list[str]:
    """Compare the source files with the store's documents by content hash: drop the documents
    whose new version differs (same file name, other hash), count the unchanged ones, and return
    the files to read (the new and changed ones, in order)."""
    import hashlib

    from kg.ingest.read import expand

    files = list(expand(sources))
    stored = delta.stored_sources(db)
    if not stored:
        return files
    to_read = []
    for name in files:
        try:
            sha = hashlib.sha256(Path(name).read_bytes()).hexdigest()
        except OSError:
            to_read.append(name)  # the reader says why, in one line
            continue
        old = stored.get(Path(name).name, set())
        if sha in old:
            report.unchanged += 1
            continue
        to_read.append(name)
        for previous in old:
            delta.drop_source(db, source_iri_of(previous))
            report.replaced += 1
    if report.replaced:
        delta.drop_orphans(db)
    return to_read


def _graph_file(staging: Path | None, report: BuildReport) -> GraphFile | None:
    """The graph.ttl a build into ``staging`` writes as it goes: a new one, or the previous one
    continued; None when the whole store is to be written at the end (documents were replaced, or
    the store's folder has no graph.ttl to continue), or for a remote store."""
    if staging is None or report.replaced:
        return None
    previous = staging.parent / "graph.ttl"
    if report.continued and not previous.is_file():
        return None
    return GraphFile(staging / "graph.ttl", previous if report.continued else None)


def source_iri_of(sha256: str) -> str:
    """The IRI of the source document with this content hash."""
    from kg.model import SourceDocument

    return source_iri(SourceDocument("", "", sha256, "")).value


def _optimize_when_due(db: Store, report: BuildReport, stored: int) -> None:
    """Optimise a local store after a fresh build, a replaced document, or once the papers added
    since its last optimisation reach ``OPTIMIZE_SHARE`` of the ``stored`` ones (small increments add up)."""
    if not isinstance(db, LocalStore):  # a server keeps its own storage
        return
    state = f"GRAPH <{STORE_STATE}> {{ <{STORE_STATE}> kg:papersSinceOptimised ?n }}"
    pending = report.papers + sum(row["n"] for row in db.select(f"SELECT ?n WHERE {{ {state} }}"))
    due = report.replaced or pending >= OPTIMIZE_SHARE * stored
    kept = "" if due else f"; INSERT DATA {{ {state.replace('?n', str(pending))} }}"
    db.update(f"DELETE WHERE {{ {state} }}{kept}")
    if due:
        db.optimize()


def _add_ontology(sink: Sink, paths: Sequence[Path], report: BuildReport) -> None:
    """The ontology and the catalogues loaded beside the graph, but those the store holds already
    (their content hashes are in ``STORE_STATE``): an increment that neither replaced a document nor
    changed a catalogue reads none of them again (100k papers: 0.6 s, each statement looked up in the
    store). A replaced document may have taken a statement of theirs away: they are loaded again."""
    import hashlib

    state = f"GRAPH <{STORE_STATE}> {{ <{STORE_STATE}> kg:loadedFile ?sha }}"
    held = {row["sha"] for row in sink.store.select(f"SELECT ?sha WHERE {{ {state} }}")} \
        if report.continued and not report.replaced else set()
    loaded = []
    for path in paths:
        if path.exists():
            sha = hashlib.sha256(path.read_bytes()).hexdigest()
            if sha not in held:
                sink.add(ox.parse(path=str(path)))
                loaded.append(state.replace("?sha", str(ox.Literal(sha))))
    if loaded:  # (in the store's state, not through the sink: graph.ttl holds the default graph alone)
        sink.store.update(f"INSERT DATA {{ {' '.join(loaded)} }}")


def _check_strict(sources: Sequence[str | os.PathLike]) -> None:
    from kg.ingest import iter_documents

    problems = [p for d in iter_documents(sources) for p in (d.problems if isinstance(d, Document) else [d.problem])]
    if problems:
        raise BuildFailed(f"{len(problems)} problem(s) in the input (--strict): nothing was written", problems)


def _watched(documents: Iterable[Document | InputError], report: BuildReport, caught,
             shown: Progress | None) -> Iterator[Document | InputError]:
    """The documents, each with the library warnings logged while it was read (and its papers
    processed) filed under its path, and counted as read by the progress line."""
    for document in documents:
        path = document.source.path if isinstance(document, Document) else document.problem.path
        report.library_warnings.extend(Problem(path, line) for line in caught.take())
        if shown is not None:
            shown.read(path)
        yield document


def build(sources: Sequence[str | os.PathLike], out: str | os.PathLike | None = None, *,
          store: str | os.PathLike | None = None, strict: bool = False, lexicons: Sequence[Path] = (),
          methods_json: Path | None = None, workers: int | None = None, dask: str | None = None,
          views: bool = True, progress: bool = False) -> BuildReport:
    """Build the graph of ``sources`` afresh into the folder ``out`` (``out/store``,
    ``out/graph.ttl``, views), or add them to the store at ``store`` (a build folder, created if
    need be, or a SPARQL server's URL).

    ``workers`` processes extract (default: the machine's cores), or the Dask scheduler at
    ``dask``; ``progress`` shows a progress line on stderr. Warnings the libraries log meanwhile go
    to the report, not to the terminal."""
    from kg.ingest import iter_documents

    if (out is None) == (store is None):
        raise BuildFailed("give a build folder (--out DIR) or a store to add to (--store DIR|URL)")
    started = time.perf_counter()
    if strict:
        _check_strict(sources)
    report = BuildReport()
    # A user's lexicon adds to the project's catalogues (methods, datasets, models, tasks).
    extractor = Extractor([*default_lexicon_paths(), *lexicons], methods_json, workers or os.cpu_count() or 1, dask)
    shown: Progress | None = None
    try:
        # (the threads making the summaries and the index end before the store is closed, whatever happens)
        target = _target(Path(out) if out is not None else None, str(store) if store is not None else None)
        with library_warnings() as caught, target as (db, staging), \
                ThreadPoolExecutor(1, thread_name_prefix="kg-summarise") as summaries, \
                contextlib.ExitStack() as ending:
            report.continued = db.ask("ASK { ?s ?p ?o }")
            stored = db.select("SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }")[0]["n"] if report.continued else 0
            # the store's state that a kept site was read from (see kg.views.kept)
            before = None
            if views and report.continued and staging is not None:
                from kg.views.kept import fingerprint

                before = fingerprint(db)
            files = _plan(db, sources, report)
            if files and report.continued and staging is not None:
                extractor.start()
            shown = Progress(report, files) if progress else None
            step = shown.step if shown else lambda phase: None
            graph = _graph_file(staging, report)
            # A graph.ttl continued must not state again what it holds; a store keeps one of each anyway.
            # A fresh build's site takes the rows of its paper tables from what the build gave the store.
            gathered = None
            if views and staging is not None and not report.continued:
                from kg.analytics.projections import Gathered

                gathered = Gathered()
            sink = Sink(db, graph, only_new=report.continued and graph is not None, gathered=gathered)
            _add_ontology(sink, [ONTOLOGY_DIR / "kg.ttl", *lexicon_files(lexicons)], report)
            # Into a folder: the corpus teaches the vocabulary (first pass, with what the folder's
            # earlier builds learned), which the extraction finds in every paper, old ones included.
            documents: Iterable[Document | InputError] = _watched(iter_documents(files), report, caught, shown)
            learned = None
            with collecting_less():
                if staging is not None:  # the documents are read once for both passes
                    learned, documents = first_pass(documents, extractor, db, staging, report)
                increment = Increment(sink, extractor, report)
                site_ahead = None
                if views and before is not None:
                    site_ahead = ending.enter_context(ThreadPoolExecutor(1, thread_name_prefix="kg-site")).submit(
                        _site_ahead, staging.parent)
                if learned is not None:  # known papers first, as a build at once reads them
                    sink.add(relink(increment, learned))
                sink.add(increment.triples(documents))
                del documents
                # (the index is made until the end of the build, and closed before the store)
                ending.enter_context(indexing(learned))
                if learned is not None:
                    finish_vocabulary(increment, learned)
                if not report.papers and not report.unchanged and not report.replaced:
                    raise BuildFailed("no papers found in the input: nothing was written", report.problems)
                step("resolving people and summarising methods")
                restated, summarised = increment.finish(summaries)
            # The store is optimised and a fresh one counted (5.7M quads: 12 s and 2.8 s) in the
            # summaries' thread, after them, while this one writes graph.ttl and the site: Oxigraph
            # lets Python run, and the site reads the store as it stands either way.
            optimised = summaries.submit(_optimize_when_due, db, report, stored)
            counted = summaries.submit(len, db) if not report.continued else None
            if staging is not None:
                step("writing graph.ttl")
                graph_written = None
                if sink.graph is None:
                    db.dump(staging / "graph.ttl")
                elif (assemble := sink.graph.closing(db, restated)) is not None:
                    if views:  # put together while this process writes the site
                        graph_written = ending.enter_context(Forked(assemble, what="writing of graph.ttl"))
                    else:
                        assemble()
                if views:
                    from kg.views import write_site

                    step("writing the site")
                    site_started = time.perf_counter()
                    changes = increment.site_changes(before, restated) if before and not report.replaced else None
                    answers = None
                    if gathered is not None:
                        # rows by the hundred thousand: with what the build holds out of the collector's
                        # sight, which scanned it all again (20k papers: 0.7 CPU-s)
                        with collecting_less(freeze=True):
                            answers = gathered.answers()
                    write_site(db, staging, previous=staging.parent if report.continued else None, changes=changes,
                               answers=answers,
                               kept=site_ahead.result() if site_ahead is not None else None)
                    report.site_seconds = time.perf_counter() - site_started
                if graph_written is not None:
                    graph_written.result()
            step("optimising the store")
            summarised.result(), optimised.result()
            # Counting a large store takes seconds: a build into one counts what it added.
            report.triples = counted.result() if counted is not None else sink.added
            report.library_warnings.extend(Problem("kg build", line) for line in caught.take())
    finally:
        if shown is not None:
            shown.close()
        extractor.close()
    report.seconds = time.perf_counter() - started
    report.out = staging.parent if staging is not None else None
    return report
