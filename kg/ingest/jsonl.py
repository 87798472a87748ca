"""JSON lines of ``{title, abstract, authors, year, venue, url}``; ``authors`` is a list or one
string separated by commas or "and". Also the line iteration the arXiv reader shares."""
from __future__ import annotations

import json
from typing import Callable, Iterator

from kg.ingest.fields import new_record, parse_year, split_author_string
from kg.model import Document, PaperRecord, Problem, SourceDocument

FORMAT = "jsonl"


def iter_objects(text: str, document: Document) -> Iterator[tuple[int, dict]]:
    """``(line, object)`` per non-blank line; lines that are not JSON objects become problems."""
    # Split on "\n" only: str.splitlines would also split at U+2028 inside a JSON string.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as error:
            document.problems.append(Problem(document.source.path, f"not a JSON object: {error}", number))
            continue
        if not isinstance(obj, dict):
            document.problems.append(Problem(document.source.path, "not a JSON object", number))
            continue
        yield number, obj


def text_field(obj: dict, name: str) -> str | None:
    """A string field, or None when it is missing or not a string."""
    value = obj.get(name)
    return value if isinstance(value, str) else None


def authors_field(value: object) -> tuple[list[str], bool]:
    """Names from a list of strings or from one separated string; and whether "et al." ended it."""
    if isinstance(value, list):
        return [name for name in value if isinstance(name, str)], False
    if isinstance(value, str):
        return split_author_string(value)
    return [], False


def _record(source: SourceDocument, line: int, obj: dict) -> PaperRecord:
    authors, truncated = authors_field(obj.get("authors"))
    return new_record(
        source,
        line,
        title=text_field(obj, "title"),
        abstract=text_field(obj, "abstract"),
        authors=authors,
        authors_truncated=truncated,
        year=parse_year(obj.get("year")),
        venue=text_field(obj, "venue"),
        url=text_field(obj, "url"),
        doi=text_field(obj, "doi"),
    )


def read_lines(
    text: str, source: SourceDocument, make_record: Callable[[SourceDocument, int, dict], PaperRecord]
) -> Document:
    """One record per JSON line that has a title or an abstract, built by ``make_record``."""
    document = Document(source)
    for line, obj in iter_objects(text, document):
        record = make_record(source, line, obj)
        if record.title or record.abstract:
            document.records.append(record)
        else:
            document.problems.append(Problem(source.path, "record has no title or abstract, skipped", line))
    return document


def read(text: str, source: SourceDocument) -> Document:
    """Records of a JSON-lines file of plain paper objects."""
    return read_lines(text, source, _record)
