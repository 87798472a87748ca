"""Semantic Scholar papers as the Graph API gives them (``/paper/{id}``, ``/paper/batch``, a
search page's ``data``), one per line or as one JSON document: ``paperId``, ``externalIds``
(DOI, ArXiv, CorpusId, MAG, PubMed), ``title``, ``abstract``, ``year``, ``venue``, ``authors``
(``authorId``, ``name``), ``references`` and ``citations`` (papers with ``paperId`` and
``externalIds``)."""
from __future__ import annotations

from kg.ingest import ids
from kg.ingest.fields import parse_year
from kg.ingest.jsonl import as_dict, read_lines, text_field, titled_record
from kg.model import Document, PaperRecord, SourceDocument

FORMAT = "s2"
#: Semantic Scholar's names of external ids, and their schemes.
_EXTERNAL = {"CorpusId": "s2corpus", "MAG": "mag", "PubMed": "pmid", "PubMedCentral": "pmcid", "DBLP": "dblp"}


def paper_ids(paper: dict) -> list[str]:
    """Every identifier of a Semantic Scholar paper object (a record, a reference, a citation)."""
    external = as_dict(paper.get("externalIds"))
    found = [ids.plain("s2", paper.get("paperId")),
             ids.doi(external.get("DOI")), ids.arxiv(external.get("ArXiv"))]
    found += [ids.plain(scheme, external[key]) for key, scheme in _EXTERNAL.items() if external.get(key)]
    return ids.unique(found)


def _cited(value: object) -> list[str]:
    """The identifiers of a list of papers (``references`` or ``citations``)."""
    papers = value if isinstance(value, list) else []
    return ids.unique(i for paper in papers for i in paper_ids(as_dict(paper)))


def _authors(obj: dict) -> tuple[list[str], list[list[str]]]:
    names, author_ids = [], []
    for author in map(as_dict, obj.get("authors") if isinstance(obj.get("authors"), list) else []):
        if name := text_field(author, "name"):
            names.append(name)
            author_ids.append(ids.unique([
                ids.orcid(as_dict(author.get("externalIds")).get("ORCID")),
                ids.plain("s2", author.get("authorId"))]))
    return names, author_ids


def _record(source: SourceDocument, line: int, obj: dict) -> PaperRecord:
    authors, author_ids = _authors(obj)
    external = as_dict(obj.get("externalIds"))
    arxiv = ids.arxiv(external.get("ArXiv"))
    venue = text_field(obj, "venue") or text_field(as_dict(obj.get("publicationVenue")), "name") \
        or text_field(as_dict(obj.get("journal")), "name")
    return titled_record(
        source,
        line,
        obj,
        authors=authors,
        author_ids=author_ids,
        year=parse_year(obj.get("year")) or parse_year(obj.get("publicationDate")),
        venue=venue,
        url=text_field(obj, "url"),
        doi=ids.bare(ids.doi(external.get("DOI"))),
        arxiv_id=ids.bare(arxiv),
        identifiers=paper_ids(obj),
        references=_cited(obj.get("references")),
        cited_by=_cited(obj.get("citations")),
    )


def read(text: str, source: SourceDocument) -> Document:
    """Records of Semantic Scholar papers."""
    return read_lines(text, source, _record)
