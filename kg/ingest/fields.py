"""Field helpers shared by the readers: author strings, years, and building a cleaned record."""
from __future__ import annotations

import re

from kg.ingest import ids
from kg.ingest.text import clean_text
from kg.model import PaperRecord, SourceDocument

ET_AL = re.compile(r",?\s*\bet\s+al\b\.?\s*$", re.I)  # "A, B et al." ends a truncated list
_AND = re.compile(r"\s*(?:,\s*)?\band\b\s*|\s*&\s*", re.I)
# Lowercase words that belong to names ("van der Maaten", "de Montjoye").
NAME_PARTICLES = frozenset({
    "al", "bin", "binti", "da", "das", "de", "degli", "del", "della", "der", "di", "do", "dos",
    "du", "el", "la", "le", "van", "ven", "von", "y", "ten", "ter", "zu", "zur", "af", "av",
})
_YEAR = re.compile(r"\b((?:1[89]|20)\d\d)\b")


def split_author_string(text: str) -> tuple[list[str], bool]:
    """``"A, B and C et al."`` -> ``(["A", "B", "C"], True)``: names as written, truncated flag."""
    text = clean_text(text)
    truncated = bool(ET_AL.search(text))
    if truncated:
        text = ET_AL.sub("", text)
    names: list[str] = []
    for part in text.split(","):
        names.extend(name for name in _AND.split(part) if name.strip())
    return [name.strip() for name in names], truncated


def given_names_first(raw: str) -> str:
    """``"Last, First"`` -> ``"First Last"``; ``"Last, Jr., First"`` -> ``"First Last Jr."``."""
    parts = [part.strip() for part in raw.split(",")]
    if len(parts) == 2:
        return f"{parts[1]} {parts[0]}"
    if len(parts) >= 3:
        return f"{parts[-1]} {parts[0]} {' '.join(parts[1:-1])}"
    return raw


def _clean_authors(names: list[str], author_ids: list[list[str]]) -> tuple[list[str], list[list[str]]]:
    """Author names cleaned of markup, empty ones dropped with their identifiers."""
    author_ids = author_ids or [[] for _ in names]
    kept = [(name, ids) for name, ids in zip((clean_text(n) for n in names), author_ids) if name]
    return [name for name, _ in kept], [ids for _, ids in kept]


def parse_year(value: object) -> int | None:
    """The first plausible year (1800-2099) in ``value`` (an int, ``"2024"``, ``"2024-05-01"``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 1800 <= value <= 2099 else None
    match = _YEAR.search(str(value)) if isinstance(value, str) else None
    return int(match.group(1)) if match else None


def new_record(source: SourceDocument, line: int, **fields) -> PaperRecord:
    """A ``PaperRecord`` with its title and abstract cleaned (empty text becomes None), and its
    DOI and arXiv id among its identifiers."""
    for name in ("title", "abstract", "venue"):
        if name in fields:
            fields[name] = clean_text(fields[name]) or None
    fields["authors"], author_ids = _clean_authors(fields.get("authors", []), fields.get("author_ids", []))
    fields["author_ids"] = author_ids if any(author_ids) else []
    own = [ids.doi(fields.get("doi")), ids.arxiv(fields.get("arxiv_id"))]
    fields["identifiers"] = ids.unique(own + fields.get("identifiers", []))
    return PaperRecord(source=source, line=line, **fields)
