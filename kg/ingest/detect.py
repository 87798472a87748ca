"""Which reader a document needs, judged from its content alone (never its file name)."""
from __future__ import annotations

import json
import re

from kg.ingest import ris, table
from kg.ingest.blocks import ABSTRACT, AUTHORS, CATEGORY, YEAR, classify
from kg.ingest.fields import ET_AL
from kg.ingest.jsonl import unwrap

UNKNOWN = "unknown"
_BIBTEX_ENTRY = re.compile(r"^[ \t]*@[A-Za-z]+[ \t]*[{(]", re.M)
_ARXIV_KEYS = {"authors_parsed", "versions"}
_OPENALEX_KEYS = {"authorships", "abstract_inverted_index", "referenced_works"}
_S2_KEYS = {"paperId", "externalIds", "corpusId"}
_JSONL_KEYS = {"title", "abstract"}


def _json_value(text: str) -> object:
    """The first line as JSON (JSON lines), else the whole text (one JSON document), else None."""
    for candidate in (text.split("\n", 1)[0], text):
        try:
            return json.loads(candidate)
        except ValueError:
            continue
    return None


def _json_format(text: str) -> str:
    obj = next((item for item in unwrap(_json_value(text)) if isinstance(item, dict)), None)
    if obj is None:
        return UNKNOWN
    if _OPENALEX_KEYS & obj.keys() or str(obj.get("id", "")).startswith("https://openalex.org/W"):
        return "openalex"
    if _S2_KEYS & obj.keys():
        return "s2"
    if _ARXIV_KEYS & obj.keys():
        return "arxiv"
    return "jsonl" if _JSONL_KEYS & obj.keys() else UNKNOWN


def _page_format(text: str) -> str:
    blocks, kinds = classify(text)
    if YEAR in kinds and (CATEGORY in kinds or ABSTRACT in kinds):
        return "profile"
    if any(kind == AUTHORS and ET_AL.search(block.text) for block, kind in zip(blocks, kinds)):
        return "etal"
    # Without "et al.", tell the two shapes apart by what precedes an author line: another
    # abstract on an "et al." page (two-line records), a category heading on a listing.
    # The first record is left out: what precedes it is the page header.
    votes = {"etal": 0, "listing": 0}
    abstracts = [index for index, kind in enumerate(kinds) if kind == ABSTRACT]
    for index in abstracts[1:]:
        if kinds[index - 1] == AUTHORS:
            votes["etal" if kinds[index - 2] == ABSTRACT else "listing"] += 1
    if votes["etal"] > votes["listing"]:
        return "etal"
    return "listing" if AUTHORS in kinds else UNKNOWN


def detect_format(text: str) -> str:
    """``"bibtex"``, ``"ris"``, ``"csv"``, ``"arxiv"``, ``"openalex"``, ``"s2"``, ``"jsonl"``,
    ``"profile"``, ``"listing"``, ``"etal"`` or ``UNKNOWN``, from the text's content: JSON by the
    fields of its first record, RIS by a first line ``TY  - ``, CSV by a header row naming known
    export columns (``kg.ingest.table``), BibTeX by an ``@type{`` line, pages by their blocks."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if not stripped:
        return UNKNOWN
    if stripped.startswith(("{", "[")):
        return _json_format(stripped)
    if ris.START.match(stripped):
        return "ris"
    if table.header_line(stripped) is not None:
        return "csv"
    if _BIBTEX_ENTRY.search(text):
        return "bibtex"
    return _page_format(text)
