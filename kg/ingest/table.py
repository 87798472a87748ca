"""CSV and tab-separated exports with a header row: Scopus, Web of Science (tab-delimited),
Dimensions, Lens.org. Columns are found by the names the services give them
(``kg/data/export_columns.tsv``), in any case and order; read with the csv module.

Authors come from the full-name column when there is one ("Smith, John (57190000000)" gives John
Smith and his Scopus author id), else the short one; lists are split at ";". Web of Science gives
ORCIDs and ResearcherIDs by name ("Smith, John/0000-0002-1825-0097"). The cited works are the
DOIs, Lens IDs and Dimensions publication ids written in the references column.
"""
from __future__ import annotations

import csv
import io
import re
from functools import lru_cache
from pathlib import Path

from kg.ingest import ids
from kg.ingest.fields import given_names_first, new_record, parse_year, split_author_string
from kg.ingest.text import clean_text
from kg.model import Document, PaperRecord, Problem, SourceDocument

FORMAT = "csv"
_COLUMNS_FILE = Path(__file__).resolve().parent.parent / "data" / "export_columns.tsv"
_HEADER_LINES = 3  # Dimensions puts an "About the data" line above the header
_MIN_KNOWN = 3  # known column names a header line needs (a comment line may name two)
_MAX_NAME = 80  # characters of a column name: a longer cell is a value, not a header
_FIELD_LIMIT = 1 << 26  # a reference list cell can exceed the csv module's 128 KiB default
_ID_IN_NAME = re.compile(r"\s*\((\d+)\)\s*$")  # Scopus: "Smith, John (57190000000)"
_LENS_ID = re.compile(r"\b\d{3}-\d{3}-\d{3}-\d{3}-\d{3}\b")
_DIMENSIONS_ID = re.compile(r"\bpub\.\d{6,}\b")
#: Record identifiers by field: the field's scheme.
_ID_SCHEMES = {"pmid": "pmid", "scopus": "scopus", "lens": "lens", "dimensions": "dimensions", "mag": "mag"}


@lru_cache(maxsize=1)
def columns() -> dict[str, str]:
    """Every known column name, lower case, to the field it fills."""
    names: dict[str, str] = {}
    for line in _COLUMNS_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            field, spelled = line.split("\t")
            for name in spelled.split("|"):
                names.setdefault(name.strip().lower(), field)
    return names


def _cells(line: str) -> list[str]:
    delimiter = "\t" if "\t" in line else ","
    try:
        return next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:  # a bare carriage return, say: not a header
        return []


def header_line(text: str) -> int | None:
    """The 0-based index of the header among the first lines, when one names known columns."""
    known = columns()
    for index, line in enumerate(text.split("\n", _HEADER_LINES)[:_HEADER_LINES]):
        cells = [cell.strip().lower() for cell in _cells(line.strip("\r"))]
        if len(cells) >= 3 and max(map(len, cells)) <= _MAX_NAME and \
                len({known[c] for c in cells if c in known}) >= _MIN_KNOWN:
            return index
    return None


def _split_people(value: str) -> list[str]:
    """A cell of names: ";"-separated, or (older Scopus) separated by commas."""
    value = clean_text(value)
    if ";" in value:
        return [part.strip() for part in value.split(";") if part.strip()]
    return split_author_string(value)[0]


def _authors(row: dict[str, str]) -> tuple[list[str], list[list[str]]]:
    """Names (given names first) and each one's identifiers."""
    written = _split_people(row.get("full_names") or row.get("authors") or "")
    names, author_ids = [], []
    for name in written:
        match = _ID_IN_NAME.search(name)
        author_ids.append([f"scopus:{match.group(1)}"] if match else [])
        names.append(given_names_first(_ID_IN_NAME.sub("", name)))
    listed = [part.strip() for part in (row.get("author_ids") or "").split(";") if part.strip()]
    if len(listed) == len(names):
        for own, number in zip(author_ids, listed):
            own.extend(i for i in [f"scopus:{number}"] if i not in own)
    by_name = {name.lower(): own for name, own in zip(names, author_ids)}
    for field, make in (("orcids", ids.orcid), ("researcher_ids", lambda v: ids.plain("researcherid", v))):
        for entry in (row.get(field) or "").split(";"):
            name, _, value = entry.rpartition("/")
            own = by_name.get(given_names_first(clean_text(name)).lower())
            if own is not None and (identifier := make(value.strip())) and identifier not in own:
                own.append(identifier)
    return names, author_ids


def _references(cell: str) -> list[str]:
    found = ids.dois_in(cell)
    found += ["lens:" + m.group() for m in _LENS_ID.finditer(cell)]
    found += ["dimensions:" + m.group() for m in _DIMENSIONS_ID.finditer(cell)]
    return ids.unique(found)


def _record(source: SourceDocument, line: int, row: dict[str, str]) -> PaperRecord:
    authors, author_ids = _authors(row)
    identifiers = [ids.plain(scheme, row.get(field)) for field, scheme in _ID_SCHEMES.items() if row.get(field)]
    identifiers.append(ids.wos(row.get("wos")))
    arxiv = ids.arxiv(row.get("arxiv"))
    return new_record(
        source,
        line,
        title=row.get("title"),
        abstract=row.get("abstract"),
        authors=authors,
        author_ids=author_ids,
        year=parse_year(row.get("year")) or parse_year(row.get("date")),
        venue=row.get("venue"),
        url=row.get("url") or None,
        doi=ids.bare(ids.doi(row.get("doi"))),
        arxiv_id=ids.bare(arxiv),
        identifiers=ids.unique(identifiers),
        references=_references(row.get("references") or ""),
    )


def _rows(reader, document: Document, skipped: int):
    """The reader's rows until the end, or until a row the csv module cannot read (a problem)."""
    try:
        yield from reader
    except csv.Error as error:
        document.problems.append(Problem(document.source.path, f"unreadable CSV row, the rest skipped: {error}",
                                         skipped + reader.line_num))


def read(text: str, source: SourceDocument) -> Document:
    """One record per row with a title; a header without a title column is one problem."""
    document = Document(source)
    skipped = header_line(text) or 0
    body = text.split("\n", skipped)[skipped]
    delimiter = "\t" if "\t" in body.split("\n", 1)[0] else ","
    csv.field_size_limit(max(csv.field_size_limit(), _FIELD_LIMIT))
    reader = csv.reader(io.StringIO(body, newline=""), delimiter=delimiter)
    header = [cell.strip().lower() for cell in _cells(body.split("\n", 1)[0].rstrip("\r"))]
    next(_rows(reader, document, skipped), None)
    known = columns()
    fields: dict[int, str] = {}
    for index, name in enumerate(header):
        if name in known and known[name] not in fields.values():
            fields[index] = known[name]
    if "title" not in fields.values():
        titles = sorted({name for name, field in known.items() if field == "title"})
        message = f"the header row has no title column (looked for: {', '.join(titles)})"
        document.problems.append(Problem(source.path, message, skipped + 1))
        return document
    consumed = reader.line_num
    for cells in _rows(reader, document, skipped):
        start, consumed = skipped + consumed + 1, reader.line_num
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) != len(header) and not (len(cells) == len(header) + 1 and not cells[-1].strip()):
            message = f"row has {len(cells)} cells where the header has {len(header)}, skipped (cut short?)"
            document.problems.append(Problem(source.path, message, start))
            continue
        row = {field: cells[index].strip() for index, field in fields.items()}
        if not row.get("title") and not row.get("abstract"):
            document.problems.append(Problem(source.path, "record has no title or abstract, skipped", start))
            continue
        document.records.append(_record(source, start, row))
    return document
