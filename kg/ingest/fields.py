"""Field helpers shared by the readers: author strings, years, and building a cleaned record."""
from __future__ import annotations

import re

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


def clean_names(names: list[str]) -> list[str]:
    """Author names cleaned of markup; empty ones dropped."""
    cleaned = (clean_text(name) for name in names)
    return [name for name in cleaned if name]


def parse_year(value: object) -> int | None:
    """The first plausible year (1800-2099) in ``value`` (an int, ``"2024"``, ``"2024-05-01"``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 1800 <= value <= 2099 else None
    match = _YEAR.search(str(value)) if isinstance(value, str) else None
    return int(match.group(1)) if match else None


def new_record(source: SourceDocument, line: int, **fields) -> PaperRecord:
    """A ``PaperRecord`` with its title and abstract cleaned; empty text becomes None."""
    for name in ("title", "abstract", "venue"):
        if name in fields:
            fields[name] = clean_text(fields[name]) or None
    fields["authors"] = clean_names(fields.get("authors", []))
    return PaperRecord(source=source, line=line, **fields)
