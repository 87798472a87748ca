"""Entry points: one file to a ``Document``, or many paths (folders expanded) to documents."""
from __future__ import annotations

import codecs
import hashlib
import os
from pathlib import Path
from typing import Iterable, Iterator

from kg.ingest import arxiv, bibtex, etal, jsonl, listing, openalex, profile, ris, s2, table
from kg.ingest.detect import UNKNOWN, detect_format
from kg.model import Document, InputError, Problem, SourceDocument

READERS = {module.FORMAT: module.read
           for module in (profile, listing, etal, bibtex, ris, table, arxiv, openalex, s2, jsonl)}
_SNIFF = 8192  # a NUL byte in the first 8 KiB marks a binary file


def _refuse(path: str, message: str, line: int | None = None) -> InputError:
    return InputError(Problem(path, message, line))


def decode(data: bytes, path: str) -> str:
    """UTF-8 text of a document (a BOM allowed), or InputError for empty, binary or other bytes."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # Web of Science's tab-delimited files
        data = data.decode("utf-16", errors="replace").encode("utf-8")
    if not data.strip():
        raise _refuse(path, "empty file")
    if b"\x00" in data[:_SNIFF]:
        raise _refuse(path, "binary file (contains NUL bytes), not a text document")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start : error.start + 1].hex()
        raise _refuse(path, f"not UTF-8 text (byte 0x{byte} at offset {error.start})", line) from None


def read_bytes(data: bytes, path: str) -> Document:
    """A document from its bytes; ``path`` names it in messages and its file name in the IRI."""
    text = decode(data, path)
    fmt = detect_format(text)
    if fmt == UNKNOWN:
        kinds = ("BibTeX, RIS, a CSV export, OpenAlex or Semantic Scholar JSON, JSON lines, "
                 "or a profile, listing or 'et al.' page")
        raise _refuse(path, f"unknown format (not {kinds})", 1)
    digest = hashlib.sha256(data).hexdigest()
    source = SourceDocument(path=path, name=Path(path).name, sha256=digest, format=fmt)
    return READERS[fmt](text, source)


def read_document(path: str | os.PathLike) -> Document:
    """Read one file. Problems inside records go to ``Document.problems``; a document that
    cannot be read at all (missing, empty, binary, not UTF-8, unknown format) raises InputError."""
    name = os.fspath(path)
    try:
        data = Path(name).read_bytes()
    except OSError as error:
        raise _refuse(name, f"cannot read: {error.strerror or error}") from None
    return read_bytes(data, name)


def expand(paths: Iterable[str | os.PathLike]) -> Iterator[str]:
    """``paths`` in the order given, each folder replaced by the files under it (recursively,
    sorted by path, hidden entries skipped)."""
    for path in paths:
        name = os.fspath(path)
        if not os.path.isdir(name):
            yield name
            continue
        found = []
        for root, dirs, files in os.walk(name):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            found.extend(os.path.join(root, f) for f in files if not f.startswith("."))
        yield from sorted(found)


def iter_documents(paths: Iterable[str | os.PathLike]) -> Iterator[Document | InputError]:
    """One ``Document`` per file, or the ``InputError`` that refused it, in a stable order."""
    for name in expand(paths):
        try:
            yield read_document(name)
        except InputError as error:
            yield error
