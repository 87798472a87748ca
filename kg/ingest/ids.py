"""Identifiers as one string each, ``scheme:value``, the same whoever wrote them.

A DOI is written ``10.1000/X``, ``doi:10.1000/x`` or ``https://doi.org/10.1000/X`` and is one DOI
(DOIs are case-insensitive): ``doi:10.1000/x``. The other schemes: ``arxiv`` (no version),
``openalex`` (``W…`` works, ``A…`` authors), ``s2`` (Semantic Scholar paper or author id),
``s2corpus``, ``orcid``, ``pmid``, ``pmcid``, ``mag``, ``scopus`` (EID or author id), ``wos``
(accession number), ``researcherid``, ``lens``, ``dimensions``. Citations between papers are
matched by these strings (see ``kg.rdf.citations``).
"""
from __future__ import annotations

import re

_DOI = re.compile(r"\b(10\.\d{4,9}/\S+)", re.I)
_DOI_TAIL = ".,;)]}>\"'"
_ARXIV = re.compile(r"(?<![\w.])(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?\b", re.I)
_ORCID = re.compile(r"\b(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\b")


def doi(value: object) -> str | None:
    """``doi:10.xxx/yyy`` (lower case) from a DOI in any of its spellings, or None."""
    match = _DOI.search(value) if isinstance(value, str) else None
    return "doi:" + match.group(1).rstrip(_DOI_TAIL).lower() if match else None


def dois_in(text: str) -> list[str]:
    """Every DOI written in a free-text reference list (a Scopus or WoS ``References`` cell)."""
    return list(dict.fromkeys("doi:" + m.group(1).rstrip(_DOI_TAIL).lower() for m in _DOI.finditer(text)))


def arxiv(value: object) -> str | None:
    """``arxiv:2006.16236`` from an arXiv id or URL (its version dropped), or None."""
    match = _ARXIV.search(value) if isinstance(value, str) else None
    return "arxiv:" + match.group(1) if match else None


def orcid(value: object) -> str | None:
    """``orcid:0000-0002-1825-0097`` from an ORCID iD or its URL, or None."""
    match = _ORCID.search(value) if isinstance(value, str) else None
    return "orcid:" + match.group(1) if match else None


def plain(scheme: str, value: object) -> str | None:
    """``scheme:value`` for an opaque id (a number or a string; of a URL, its last path segment)."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    text = str(value).strip()
    if "://" in text:  # https://openalex.org/W2000000001, https://pubmed.ncbi.nlm.nih.gov/12345/
        text = text.rstrip("/").rsplit("/", 1)[-1]
    return f"{scheme}:{text}" if text else None


def wos(value: object) -> str | None:
    """``wos:000450000000001`` from a Web of Science accession number (``WOS:`` prefix or not)."""
    return plain("wos", value.strip().upper().removeprefix("WOS:")) if isinstance(value, str) and value.strip() else None


def bare(identifier: str | None) -> str | None:
    """The value of ``scheme:value`` (``bare(doi(x))`` is a DOI as ``kg:doi`` holds it), or None."""
    return identifier.split(":", 1)[1] if identifier else None


def unique(ids) -> list[str]:
    """``ids`` without Nones and repeats, in order."""
    return list(dict.fromkeys(i for i in ids if i))
