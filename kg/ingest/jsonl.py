"""JSON lines of ``{title, abstract, authors, year, venue, url}``; ``authors`` is a list or one
string separated by commas or "and". Also the record iteration the arXiv, OpenAlex and Semantic
Scholar readers share: JSON lines, or one JSON document (a list, an API page of results)."""
from __future__ import annotations

import json
import re
from typing import Callable, Iterator

from kg.ingest.fields import new_record, parse_year, split_author_string
from kg.model import Document, PaperRecord, Problem, SourceDocument

FORMAT = "jsonl"


def iter_lines(text: str, document: Document) -> Iterator[tuple[int, object]]:
    """``(line, value)`` per non-blank line; lines that are not JSON become problems."""
    # Split on "\n" only: str.splitlines would also split at U+2028 inside a JSON string.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as error:
            document.problems.append(Problem(document.source.path, f"not a JSON object: {error}", number))
            continue
        yield number, obj


#: The list of records in an API's page of results: OpenAlex ``results``, Semantic Scholar ``data``.
PAGE_KEYS = ("results", "data")
#: The fields whose value finds a record's line in a JSON document written over many lines.
_LOCATING_KEYS = ("id", "paperId", "title")


def unwrap(value: object) -> list:
    """The records a JSON value holds: a list's items, a page's results, or the value itself."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict) and "title" not in value:
        page = next((value[key] for key in PAGE_KEYS if isinstance(value.get(key), list)), None)
        return page if page is not None else [value]
    return [value]


def _located(text: str, items: list) -> Iterator[tuple[int, object]]:
    """``(line, item)`` for the items of one JSON document: each item's line is where its first
    locating field (``_LOCATING_KEYS``) is written, searched after the previous item's."""
    line, position = 1, 0
    for item in items:
        if isinstance(item, dict):
            key = next((k for k in _LOCATING_KEYS if isinstance(item.get(k), str)), None)
            if key is not None:
                pattern = re.escape(json.dumps(key)) + r"\s*:\s*" + re.escape(json.dumps(item[key], ensure_ascii=False))
                match = re.compile(pattern).search(text, position)
                if match:
                    line += text.count("\n", position, match.start())
                    position = match.start()
        yield line, item


def iter_records(text: str, document: Document) -> Iterator[tuple[int, dict]]:
    """``(line, object)`` per record of a JSON document (a list, an API page, one object) or of
    JSON lines (each line any of those); what is not a JSON object becomes a problem."""
    try:
        whole = json.loads(text)
    except ValueError:
        # A line is a record or a page of them; a list on a line is no record.
        located = ((line, item) for line, obj in iter_lines(text, document)
                   for item in (unwrap(obj) if isinstance(obj, dict) else [obj]))
    else:
        located = _located(text, unwrap(whole))
    for line, item in located:
        if isinstance(item, dict):
            yield line, item
        else:
            document.problems.append(Problem(document.source.path, "not a JSON object", line))


def as_dict(value: object) -> dict:
    """``value`` when it is a JSON object, else an empty one (a nested field of any shape)."""
    return value if isinstance(value, dict) else {}


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


def titled_record(source: SourceDocument, line: int, obj: dict, **fields) -> PaperRecord:
    """A record of a JSON object with ``title`` and ``abstract`` fields, and ``fields``."""
    return new_record(source, line, title=text_field(obj, "title"), abstract=text_field(obj, "abstract"), **fields)


def _record(source: SourceDocument, line: int, obj: dict) -> PaperRecord:
    authors, truncated = authors_field(obj.get("authors"))
    return titled_record(
        source,
        line,
        obj,
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
    for line, obj in iter_records(text, document):
        record = make_record(source, line, obj)
        if record.title or record.abstract:
            document.records.append(record)
        else:
            document.problems.append(Problem(source.path, "record has no title or abstract, skipped", line))
    return document


def read(text: str, source: SourceDocument) -> Document:
    """Records of a JSON-lines file of plain paper objects."""
    return read_lines(text, source, _record)
