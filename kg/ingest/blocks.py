"""What the text-page readers share: splitting a page into blocks and telling the blocks apart.

Scraped pages (profiles, conference listings, "et al." pages) are paragraphs separated by blank
lines. A block is one paragraph with the 1-based line where it starts. Blocks are classified by
their shape alone (a year, an arXiv category, a list of person names, a long abstract, something
short), and each page reader assembles records from the sequence of kinds.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from kg.ingest.fields import NAME_PARTICLES, split_author_string
from kg.ingest.text import clean_text
from kg.model import Problem, SourceDocument

YEAR = "year"
CATEGORY = "category"
AUTHORS = "authors"
ABSTRACT = "abstract"
SHORT = "short"

# "arXiv2026", "arXiv 2026", "NeurIPS 2024", "2024": a venue of a few letters and a year alone.
_YEAR_LINE = re.compile(r"^(?:[A-Za-z][A-Za-z.\- ]{0,24}?\s*)?((?:19|20)\d\d)$")
# "cs.LG", "stat.ML", "q-bio.NC", "hep-th", "astro-ph.CO", possibly several on one line.
_CATEGORY = r"[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]{2,})?"
_CATEGORY_LINE = re.compile(rf"^{_CATEGORY}(?:[ ,;]+{_CATEGORY})*$")
_ELIDED_PARTICLE = re.compile(r"^[a-z][’'][^\W\d_]")  # d'Onofrio, l'Hôpital
_NAME_TOKEN = re.compile(r"^[^\W\d_][^\W\d_'’.\-]*(?:[’'.\-][^\W\d_]*)*\.?$")
_ABSTRACT_WORDS = 12  # fewer words than this is a title, a heading or a name, not an abstract


@dataclass(frozen=True)
class Block:
    line: int  # 1-based line where the paragraph starts
    text: str  # its lines joined by single spaces, unmodified otherwise

    @property
    def clean(self) -> str:
        return clean_text(self.text)


def split_blocks(text: str) -> list[Block]:
    """Paragraphs of ``text`` (separated by blank lines), each with its first line number."""
    blocks: list[Block] = []
    start, lines = 0, []
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            if not lines:
                start = number
            lines.append(line.strip())
        elif lines:
            blocks.append(Block(start, " ".join(lines)))
            lines = []
    if lines:
        blocks.append(Block(start, " ".join(lines)))
    return blocks


def year_of(text: str) -> int | None:
    """The year of a year line (``"arXiv2026"`` -> 2026), else None."""
    match = _YEAR_LINE.match(clean_text(text))
    return int(match.group(1)) if match else None


def categories_of(text: str) -> list[str] | None:
    """The arXiv category codes of a category line (``"cs.LG↗"`` -> ``["cs.LG"]``), else None."""
    text = clean_text(text)
    if not _CATEGORY_LINE.match(text) or not any(c in text for c in ".-"):
        return None
    return re.split(r"[ ,;]+", text)


def is_person_name(text: str) -> bool:
    """Two to six name-shaped tokens: capitalised words, initials, particles (van, d'…)."""
    tokens = text.split()
    if not 2 <= len(tokens) <= 6 or len(text) > 80:
        return False
    for token in tokens:
        if token in NAME_PARTICLES or _ELIDED_PARTICLE.match(token):
            continue
        if not _NAME_TOKEN.match(token) or token[0].islower():
            return False
    return not all(token in NAME_PARTICLES for token in tokens)


def split_author_line(text: str) -> tuple[list[str], bool] | None:
    """``"A B, C D et al."`` -> ``(["A B", "C D"], True)``; None if the line is not person names."""
    names, truncated = split_author_string(text)
    if not names or not all(is_person_name(name) for name in names):
        return None
    return names, truncated


def kind_of(block: Block) -> str:
    """The shape of a block: YEAR, CATEGORY, AUTHORS, ABSTRACT or SHORT."""
    if year_of(block.text) is not None:
        return YEAR
    if categories_of(block.text) is not None:
        return CATEGORY
    if split_author_line(block.text) is not None:
        return AUTHORS
    return ABSTRACT if len(block.text.split()) >= _ABSTRACT_WORDS else SHORT


def merge_paragraphs(blocks: list[Block], kinds: list[str]) -> tuple[list[Block], list[str]]:
    """Consecutive abstract blocks are one abstract written in several paragraphs."""
    merged: list[Block] = []
    merged_kinds: list[str] = []
    for block, kind in zip(blocks, kinds):
        if kind == ABSTRACT and merged_kinds and merged_kinds[-1] == ABSTRACT:
            merged[-1] = Block(merged[-1].line, f"{merged[-1].text} {block.text}")
        else:
            merged.append(block)
            merged_kinds.append(kind)
    return merged, merged_kinds


def classify(text: str) -> tuple[list[Block], list[str]]:
    """The page's blocks and their kinds."""
    blocks = split_blocks(text)
    return blocks, [kind_of(block) for block in blocks]


@dataclass
class Grouping:
    """A page cut into records that end in an abstract, and the blocks left over."""

    header: list[Block]  # before the first record (page title, owner, counts)
    records: list[list[Block]]  # each ends with its abstract block
    cut_short: list[list[Block]]  # runs of blocks that never reached an abstract


def group_by_abstract(blocks: list[Block], kinds: list[str], width: int) -> Grouping:
    """Each abstract closes a record of at most ``width`` blocks ending with it.

    Blocks that no abstract claims are the page header when they come first, else records cut
    short (a page truncated mid-record, or a record whose abstract is missing).
    """
    grouping = Grouping(header=[], records=[], cut_short=[])
    taken = 0
    for index, kind in enumerate(kinds):
        if kind != ABSTRACT:
            continue
        start = max(taken, index - width + 1)
        if start > taken:
            lead = blocks[taken:start]
            (grouping.cut_short.append(lead) if grouping.records else grouping.header.extend(lead))
        grouping.records.append(blocks[start : index + 1])
        taken = index + 1
    if taken < len(blocks):
        if grouping.records:
            grouping.cut_short.append(blocks[taken:])
        else:
            grouping.header.extend(blocks[taken:])
    return grouping


def cut_short(source: SourceDocument, block: Block) -> Problem:
    """The problem of a record that starts at ``block`` and never reaches its abstract."""
    return Problem(source.path, f"record cut short (no abstract), skipped: {block.text[:60]!r}", block.line)


def cut_short_problems(
    source: SourceDocument, runs: list[list[Block]], starts_record: Callable[[Block], bool]
) -> list[Problem]:
    """One problem per record cut short: each block that starts a record, or a stray run."""
    return [
        cut_short(source, block)
        for run in runs
        for block in ([b for b in run if starts_record(b)] or run[:1])
    ]
