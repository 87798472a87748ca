"""graph.ttl, written as a build goes instead of dumped from the store at its end.

Reading a large store back out is slow (about 190k triples/s on disk: 29 s for the 4.9M triples
of 100k papers), while serialising the triples a build makes anyway costs about 2M triples/s. So
a build writes every triple it gives the store to a tail file too, and an incremental build keeps
the previous graph.ttl and appends. Turtle cannot remove a statement, and a few changes do: a
better display name, a better author list. Such a change names its subjects, and the file is then
assembled from the previous graph.ttl and the tail without any block about those subjects, followed
by what the store holds about them now.

That relies on the layout of pyoxigraph's Turtle: a block about one subject starts at the start of
a line with the subject's term and ends with the first " ." at the end of a line (literals are
written on one line, their line breaks escaped). A subject may have several blocks.
"""
from __future__ import annotations

import mmap
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import pyoxigraph as ox

from kg.rdf.namespaces import PREFIXES
from kg.rdf.store import Store

#: Up to this many subjects are looked up one by one: each is a pass over the file (~0.23 s over
#: the 330 MB graph.ttl of 100k papers); more are found in one pass per IRI namespace (~0.5 s).
FIND_LIMIT = 2
#: Beyond this many subjects to restate, writing the whole store again is simpler and not slower.
RESTATE_LIMIT = 2_000
_BLOCK_END = b" .\n"


def serialize(triples: Iterable[ox.Quad]) -> bytes:
    return ox.serialize(triples, None, ox.RdfFormat.TURTLE, prefixes=PREFIXES)


def subject_term(subject: ox.NamedNode) -> bytes:
    """How the Turtle writer writes ``subject`` at the start of a block (prefixed and escaped)."""
    statement = serialize([ox.Quad(subject, subject, subject)]).rstrip().rsplit(b"\n", 1)[-1]
    return statement.split(b" ", 1)[0]


def _namespace_end(term: bytes) -> int:
    """Where the namespace of a subject term ends: a full IRI's at its last "/", a prefixed
    name's at its first ("kgr:paper\\/": papers and their authorships are found in one pass)."""
    if term.startswith(b"<"):
        return term.rfind(b"/") + 1
    slash = term.find(b"/")
    return slash + 1 if slash >= 0 else term.find(b":") + 1


def _found(text: mmap.mmap | bytes, needle: bytes) -> Iterator[int]:
    """Where ``needle`` occurs in ``text``, in order."""
    at = text.find(needle)
    while at >= 0:
        yield at
        at = text.find(needle, at + 1)


def _blocks(text: mmap.mmap | bytes, terms: Sequence[bytes]) -> list[tuple[int, int]]:
    """The (start, end) byte spans of every block about one of ``terms``, in order."""
    starts: list[int] = []
    if len(terms) <= FIND_LIMIT:
        for term in terms:
            starts += [at + 1 for at in _found(text, b"\n" + term + b" ")]
    else:
        # One pass per namespace: every block about one of its subjects is found and its name
        # looked up in a set (100k papers, 1,900 subjects in two namespaces: 0.54 CPU-s; matching a
        # regular expression of the namespace, 0.88; of the subjects as alternatives, which tries
        # each of them at every block, 2.2 CPU-s).
        groups: dict[bytes, set[bytes]] = {}
        for term in terms:
            cut = _namespace_end(term)
            groups.setdefault(term[:cut], set()).add(term[cut:])
        for namespace, names in groups.items():
            needle = b"\n" + namespace
            for at in _found(text, needle):
                name_end = text.find(b" ", at + len(needle))
                if name_end >= 0 and text[at + len(needle):name_end] in names:
                    starts.append(at + 1)
    return [(start, text.find(_BLOCK_END, start) + len(_BLOCK_END)) for start in sorted(starts)]


def _copy_range(source, out, start: int, end: int) -> None:
    """Copy bytes ``start:end`` of the open file ``source`` to the end of ``out``, in the kernel."""
    while start < end:
        start += os.copy_file_range(source.fileno(), out.fileno(), end - start, start)


def _copy_without(source: Path, out, terms: Sequence[bytes]) -> None:
    """Copy ``source`` to the end of the open file ``out``, leaving out the blocks about ``terms``."""
    size = source.stat().st_size
    with source.open("rb") as f:
        kept = 0
        if terms and size:
            with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as text:
                spans = _blocks(text, terms)
            for start, end in spans:
                _copy_range(f, out, kept, start)
                kept = end
        _copy_range(f, out, kept, size)


class GraphFile:
    """The graph.ttl a build writes at ``path``: ``previous`` (the graph.ttl the store was in step
    with, if the build continues one), then everything passed to ``write``."""

    def __init__(self, path: Path, previous: Path | None = None):
        self.path = path
        self.previous = previous
        self.tail_path = path.with_name(path.name + ".tail")
        self.tail = self.tail_path.open("wb")

    def write(self, triples: Sequence[ox.Quad]) -> None:
        ox.serialize(triples, self.tail, ox.RdfFormat.TURTLE, prefixes=PREFIXES)

    def closing(self, store: Store, restated: Iterable[ox.NamedNode] = ()) -> Callable[[], None] | None:
        """Put graph.ttl together, the statements about ``restated`` subjects as ``store`` now holds
        them (written whole from the store when there are too many of them): what it reads of the
        store, done now; the rest, returned: putting the file together from the previous graph.ttl
        and the tail, file work only, which a forked copy of this process may do while this one
        writes the site (100k papers: 2-2.5 s, copying 360 MB and finding the blocks of 1,500
        restated subjects). None when nothing is left to do."""
        self.tail.close()
        subjects = sorted(set(restated), key=str)
        if len(subjects) > RESTATE_LIMIT:
            store.dump(self.path)
        elif self.previous is None and not subjects:
            os.replace(self.tail_path, self.path)
        else:
            terms = [subject_term(s) for s in subjects]
            values = " ".join(str(s) for s in subjects)
            now = serialize(store.query(f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ VALUES ?s {{ {values} }} ?s ?p ?o }}")) \
                if subjects else b""
            return lambda: self._assemble(terms, now)
        self.tail_path.unlink(missing_ok=True)
        return None

    def _assemble(self, terms: Sequence[bytes], restated: bytes) -> None:
        with self.path.open("wb") as out:
            for part in ([self.previous] if self.previous else []) + [self.tail_path]:
                _copy_without(part, out, terms)
            out.write(restated)
        self.tail_path.unlink(missing_ok=True)
