"""Which reader a document needs, judged from its content alone (never its file name)."""
from __future__ import annotations

import json
import re

from kg.ingest.blocks import ABSTRACT, AUTHORS, CATEGORY, YEAR, classify
from kg.ingest.fields import ET_AL

UNKNOWN = "unknown"
_BIBTEX_ENTRY = re.compile(r"^[ \t]*@[A-Za-z]+[ \t]*[{(]", re.M)
_ARXIV_KEYS = {"authors_parsed", "versions"}
_JSONL_KEYS = {"title", "abstract"}


def _json_format(first_line: str) -> str:
    try:
        obj = json.loads(first_line)
    except ValueError:
        return UNKNOWN
    if not isinstance(obj, dict):
        return UNKNOWN
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
    """``"bibtex"``, ``"arxiv"``, ``"jsonl"``, ``"profile"``, ``"listing"``, ``"etal"`` or
    ``UNKNOWN``, from the text's content."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if not stripped:
        return UNKNOWN
    if stripped.startswith("{"):
        return _json_format(stripped.split("\n", 1)[0])
    if _BIBTEX_ENTRY.search(text):
        return "bibtex"
    return _page_format(text)
