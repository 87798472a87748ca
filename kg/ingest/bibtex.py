"""BibTeX files, read by a small scanner fast enough for the whole ACL Anthology.

bibtexparser 1.4 takes minutes on a 20 MB file; this reader only looks for entry starts, field
names and brace boundaries with regular expressions. Each entry is parsed within the span up to
the next ``@type{`` at the start of a line, so one unbalanced brace spoils one entry, not the
rest of the file.
"""
from __future__ import annotations

import re

from kg.ingest.fields import given_names_first, new_record, parse_year
from kg.ingest.text import clean_text
from kg.model import Document, PaperRecord, Problem, SourceDocument

FORMAT = "bibtex"

_ENTRY = re.compile(r"^[ \t]*@[ \t]*([A-Za-z]+)[ \t]*([{(])", re.M)
_FIELD_NAME = re.compile(r"\s*([A-Za-z][\w:.+\-]*)\s*=\s*")
_KEY = re.compile(r"\s*([^,\s{}()]*)\s*,")
_BARE = re.compile(r"\s*([\w:.+\-]+)")
_BRACE = re.compile(r"[{}]")
_QUOTED = re.compile(r'[{}"]')
_SEPARATOR = re.compile(r"\s*(#|,)?\s*")
_AND = re.compile(r"\s+and\s+", re.I)
_ARXIV_ID = re.compile(r"(?:arXiv:)?\s*(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?", re.I)
_MONTHS = {m: m.capitalize() for m in "jan feb mar apr may jun jul aug sep oct nov dec".split()}
_SKIPPED_TYPES = {"comment", "preamble"}


class _Malformed(Exception):
    """An entry that cannot be parsed; ``offset`` is where reading stopped within it."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


def _balanced(text: str, start: int, pattern: re.Pattern, closer: str) -> int:
    """Index just past the ``closer`` matching the opener at ``start`` (at brace depth 0)."""
    depth = 0
    for match in pattern.finditer(text, start + 1):
        char = match.group()
        if char == "{":
            depth += 1
        elif depth == 0 and char == closer:
            return match.end()
        elif char == "}":
            depth -= 1
            if depth < 0:
                raise _Malformed("unbalanced '}' in a field value", match.start())
    raise _Malformed(f"unterminated field value (no closing {closer!r})", start)


def _value(text: str, pos: int, macros: dict[str, str]) -> tuple[str, int]:
    """One field value (``{..}``, ``".."``, a number or a macro, joined by ``#``) and where it ends."""
    parts = []
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        char = text[pos : pos + 1]
        if char == "{":
            end = _balanced(text, pos, _BRACE, "}")
            parts.append(text[pos + 1 : end - 1])
        elif char == '"':
            end = _balanced(text, pos, _QUOTED, '"')
            parts.append(text[pos + 1 : end - 1])
        else:
            match = _BARE.match(text, pos)
            if not match:
                raise _Malformed("expected a field value", pos)
            word, end = match.group(1), match.end()
            parts.append(macros.get(word.lower(), word))
        separator = _SEPARATOR.match(text, end)
        pos = separator.end()
        if separator.group(1) != "#":
            return "".join(parts), pos


def _fields(body: str, closer: str, macros: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The citation key and fields of one entry's body (the text after ``@type{``)."""
    key_match = _KEY.match(body)
    pos = key_match.end() if key_match else 0
    fields: dict[str, str] = {}
    while True:
        name = _FIELD_NAME.match(body, pos)
        if not name:
            rest = body[pos:].strip()
            if rest[:1] == closer:
                return (key_match.group(1) if key_match else ""), fields
            if not rest:
                # A brace left open swallows the entry's own closing brace.
                raise _Malformed("entry is not closed (unbalanced braces?)", 0)
            raise _Malformed(f"expected a field name at {rest[:20]!r}", pos)
        value, pos = _value(body, name.end(), macros)
        fields[name.group(1).lower()] = value


def _strip_braces(text: str) -> str:
    return text.replace("{", "").replace("}", "")


def _split_and(value: str) -> list[str]:
    """``value`` split at " and " outside braces (``{Barnes and Noble}`` is one name)."""
    if "{" not in value:
        return _AND.split(value)
    parts, start = [], 0
    for match in _AND.finditer(value):
        if value.count("{", 0, match.start()) == value.count("}", 0, match.start()):
            parts.append(value[start : match.start()])
            start = match.end()
    return parts + [value[start:]]


def _split_names(value: str) -> tuple[list[str], bool]:
    """``"Doe, Jane and John Smith and others"`` -> ``(["Jane Doe", "John Smith"], True)``."""
    names, truncated = [], False
    for raw in _split_and(value.strip()):
        raw = raw.strip()
        if raw.lower() == "others":
            truncated = True
            continue
        name = clean_text(given_names_first(raw))
        if name:
            names.append(name)
    return names, truncated


def _arxiv_id(fields: dict[str, str]) -> str | None:
    if fields.get("archiveprefix", "").lower() == "arxiv" and fields.get("eprint"):
        return fields["eprint"].strip()
    journal = fields.get("journal", "")
    match = _ARXIV_ID.search(journal) if "arxiv" in journal.lower() else None
    return match.group(1) if match else None


def _record(source: SourceDocument, line: int, fields: dict[str, str]) -> PaperRecord:
    authors, truncated = _split_names(fields.get("author", ""))
    doi = clean_text(_strip_braces(fields.get("doi", ""))) or None
    url = clean_text(_strip_braces(fields.get("url", ""))) or None
    return new_record(
        source,
        line,
        title=fields.get("title"),
        abstract=fields.get("abstract"),
        authors=authors,
        authors_truncated=truncated,
        year=parse_year(fields.get("year", "")),
        venue=fields.get("booktitle") or fields.get("journal"),
        url=url,
        doi=doi,
        arxiv_id=_arxiv_id(fields),
    )


def read(text: str, source: SourceDocument) -> Document:
    """Every entry with a title or an abstract; ``@string`` macros and months understood."""
    document = Document(source)
    macros = dict(_MONTHS)
    starts = list(_ENTRY.finditer(text))
    line, counted = 1, 0
    for index, match in enumerate(starts):
        line += text.count("\n", counted, match.start())
        counted = match.start()
        kind = match.group(1).lower()
        if kind in _SKIPPED_TYPES:
            continue
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        body = text[match.end() : end]
        try:
            if kind == "string":
                name = _FIELD_NAME.match(body)
                if not name:
                    raise _Malformed("expected NAME = value", 0)
                macros[name.group(1).lower()] = _value(body, name.end(), macros)[0]
                continue
            _key, fields = _fields(body, "}" if match.group(2) == "{" else ")", macros)
        except _Malformed as error:
            where = line + text.count("\n", match.start(), match.end() + error.offset)
            document.problems.append(Problem(source.path, f"malformed @{kind} entry skipped: {error}", where))
            continue
        if not fields.get("title") and not fields.get("abstract"):
            message = f"@{kind} entry has no title or abstract, skipped"
            document.problems.append(Problem(source.path, message, line))
            continue
        document.records.append(_record(source, line, fields))
    return document
