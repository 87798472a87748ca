"""The arXiv metadata snapshot: JSON lines with ``id``, ``title``, ``abstract``, ``authors``,
``authors_parsed`` ([last, first, suffix] per author), ``categories`` (space-separated),
``update_date`` and ``versions`` ([{version, created}])."""
from __future__ import annotations

from kg.ingest.fields import parse_year
from kg.ingest.jsonl import authors_field, read_lines, text_field, titled_record
from kg.model import Document, PaperRecord, SourceDocument

FORMAT = "arxiv"


def _year(obj: dict) -> int | None:
    """The year of version 1 ("Mon, 2 Apr 2007 19:18:42 GMT"), else of ``update_date``."""
    versions = obj.get("versions") if isinstance(obj.get("versions"), list) else []
    created = next((v.get("created") for v in versions if isinstance(v, dict) and v.get("version") == "v1"), None)
    return parse_year(created) or parse_year(obj.get("update_date"))


def _authors(obj: dict) -> tuple[list[str], bool]:
    """Names from ``authors_parsed`` ("First Last Suffix"), else from the ``authors`` string."""
    parsed = obj.get("authors_parsed")
    if isinstance(parsed, list) and parsed:
        names = []
        for parts in parsed:
            if isinstance(parts, list) and all(isinstance(p, str) for p in parts):
                last, first, suffix = (parts + ["", "", ""])[:3]
                names.append(" ".join(p.strip() for p in (first, last, suffix) if p.strip()))
        return names, False
    return authors_field(obj.get("authors"))


def _record(source: SourceDocument, line: int, obj: dict) -> PaperRecord:
    authors, truncated = _authors(obj)
    categories = text_field(obj, "categories") or ""
    arxiv_id = text_field(obj, "id")
    return titled_record(
        source,
        line,
        obj,
        authors=authors,
        authors_truncated=truncated,
        year=_year(obj),
        categories=categories.split(),
        venue=text_field(obj, "journal-ref"),
        doi=text_field(obj, "doi"),
        arxiv_id=arxiv_id,
        url=f"https://arxiv.org/abs/{arxiv_id}" if arxiv_id else None,
    )


def read(text: str, source: SourceDocument) -> Document:
    """Records of an arXiv metadata snapshot (or an extract of one)."""
    return read_lines(text, source, _record)
