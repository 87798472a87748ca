"""OpenAlex works (``api.openalex.org/works``): JSON lines, a list, or an API page (``results``).

The abstract is rebuilt from ``abstract_inverted_index`` (each word at its positions); authors
come from ``authorships`` with their OpenAlex ids and ORCIDs; ``referenced_works`` are the works
cited; the arXiv id is read from an arxiv.org location.
"""
from __future__ import annotations

from kg.ingest import ids
from kg.ingest.fields import new_record, parse_year
from kg.ingest.jsonl import as_dict, read_lines, text_field
from kg.model import Document, PaperRecord, SourceDocument

FORMAT = "openalex"
_ID_SCHEMES = {"mag": "mag", "pmid": "pmid", "pmcid": "pmcid"}


def abstract(index: object) -> str | None:
    """The text of an inverted index ``{word: [positions]}``, words in position order."""
    if not isinstance(index, dict):
        return None
    placed = {}
    for word, positions in index.items():
        for position in positions if isinstance(positions, list) else []:
            if isinstance(position, int) and not isinstance(position, bool):
                placed[position] = word
    return " ".join(placed[p] for p in sorted(placed)) or None


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _authors(obj: dict) -> tuple[list[str], list[list[str]]]:
    names, author_ids = [], []
    for authorship in map(as_dict, _list(obj.get("authorships"))):
        author = as_dict(authorship.get("author"))
        name = text_field(author, "display_name") or text_field(authorship, "raw_author_name")
        if name:
            names.append(name)
            author_ids.append(ids.unique([ids.orcid(author.get("orcid")),
                                          ids.plain("openalex", author.get("id"))]))
    return names, author_ids


def _arxiv(obj: dict) -> str | None:
    for location in map(as_dict, _list(obj.get("locations")) + [obj.get("primary_location")]):
        for url in (location.get("landing_page_url"), location.get("pdf_url")):
            if isinstance(url, str) and "arxiv.org" in url and (found := ids.arxiv(url)):
                return ids.bare(found)
    return None


def _record(source: SourceDocument, line: int, obj: dict) -> PaperRecord:
    authors, author_ids = _authors(obj)
    own = as_dict(obj.get("ids"))
    venue = as_dict(as_dict(obj.get("primary_location")).get("source")).get("display_name") \
        or as_dict(obj.get("host_venue")).get("display_name")
    work = obj.get("id") if isinstance(obj.get("id"), str) else own.get("openalex")
    return new_record(
        source,
        line,
        title=text_field(obj, "title") or text_field(obj, "display_name"),
        abstract=abstract(obj.get("abstract_inverted_index")),
        authors=authors,
        author_ids=author_ids,
        year=parse_year(obj.get("publication_year")) or parse_year(obj.get("publication_date")),
        venue=venue if isinstance(venue, str) else None,
        url=text_field(as_dict(obj.get("primary_location")), "landing_page_url"),
        doi=ids.bare(ids.doi(obj.get("doi") or own.get("doi"))),
        arxiv_id=_arxiv(obj),
        identifiers=ids.unique([ids.plain("openalex", work)]
                               + [ids.plain(scheme, own[key]) for key, scheme in _ID_SCHEMES.items() if own.get(key)]),
        references=ids.unique(ids.plain("openalex", w) for w in _list(obj.get("referenced_works"))),
    )


def read(text: str, source: SourceDocument) -> Document:
    """Records of OpenAlex works."""
    return read_lines(text, source, _record)
