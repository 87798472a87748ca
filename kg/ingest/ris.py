"""RIS files (Zotero, Mendeley, EndNote, Scopus, Web of Science): tagged lines ``XX  - value``,
a record from ``TY`` to ``ER``, each record's tags read by rispy. Records are cut apart here,
so that one cut short (no ``ER`` line) is reported at its line and the others still read."""
from __future__ import annotations

import re

import rispy

from kg.ingest import ids
from kg.ingest.fields import given_names_first, new_record, parse_year
from kg.model import Document, PaperRecord, Problem, SourceDocument

FORMAT = "ris"
START = re.compile(r"^TY  - ", re.M)
_END = re.compile(r"^ER  -", re.M)


def _first(entry: dict, *keys: str) -> str | None:
    """The first of ``keys`` the entry has, as text (a list tag gives its first value)."""
    for key in keys:
        value = entry.get(key)
        if isinstance(value, list):
            value = next((v for v in value if v), None)
        if value:
            return str(value)
    return None


def _record(source: SourceDocument, line: int, entry: dict) -> PaperRecord:
    names = entry.get("authors") or entry.get("first_authors") or []
    url = _first(entry, "urls")
    arxiv = ids.arxiv(url) if url and "arxiv.org" in url else None
    accession = _first(entry, "accession_number")
    return new_record(
        source,
        line,
        title=_first(entry, "title", "primary_title", "translated_title"),
        abstract=_first(entry, "abstract", "notes_abstract"),
        authors=[given_names_first(name) for name in names],
        year=parse_year(_first(entry, "year", "publication_year", "date")),
        venue=_first(entry, "secondary_title", "journal_name", "alternate_title3", "alternate_title1"),
        url=url,
        doi=ids.bare(ids.doi(_first(entry, "doi"))),
        arxiv_id=ids.bare(arxiv),
        identifiers=[ids.wos(accession)] if accession and accession.upper().startswith("WOS:") else [],
    )


def read(text: str, source: SourceDocument) -> Document:
    """One record per ``TY`` … ``ER`` block with a title or an abstract."""
    document = Document(source)
    starts = [match.start() for match in START.finditer(text)] + [len(text)]
    line, counted = 1, 0
    for start, end in zip(starts, starts[1:]):
        line += text.count("\n", counted, start)
        counted = start
        block = text[start:end]
        if not _END.search(block):
            message = "RIS record cut short (no 'ER  -' line before the next record or the end), skipped"
            document.problems.append(Problem(source.path, message, line))
            continue
        entries = rispy.loads(block)
        if not entries or not (_first(entries[0], "title", "primary_title") or _first(entries[0], "abstract")):
            document.problems.append(Problem(source.path, "record has no title or abstract, skipped", line))
            continue
        document.records.append(_record(source, line, entries[0]))
    return document
