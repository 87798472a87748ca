"""Author profile pages: an owner's name near the top, then per paper a year line, a title, an
abstract and an arXiv category line (``cs.LG↗``). Papers list no authors: the owner stands for
them, and the list is marked truncated."""
from __future__ import annotations

from kg.ingest.blocks import (
    CATEGORY,
    YEAR,
    Block,
    categories_of,
    classify,
    cut_short,
    is_person_name,
    year_of,
)
from kg.ingest.fields import new_record
from kg.model import Document, Problem, SourceDocument

FORMAT = "profile"


def find_owner(header: list[Block]) -> str | None:
    """The page owner: among the header lines that are one person's name, the first that the
    header mentions again ("records attributed to Ada Quill"), else the first."""
    names = [block.clean for block in header if is_person_name(block.clean)]
    texts = [block.clean for block in header]
    repeated = [name for name in names if sum(name in text for text in texts) > 1]
    return (repeated or names or [None])[0]


def read(text: str, source: SourceDocument) -> Document:
    """Records of a profile page, one per year line."""
    blocks, kinds = classify(text)
    document = Document(source)
    starts = [index for index, kind in enumerate(kinds) if kind == YEAR]
    header = blocks[: starts[0]] if starts else blocks
    owner = find_owner(header)
    if owner is None:
        document.problems.append(Problem(source.path, "no profile owner name before the first record", 1))
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(blocks)
        year_block, body = blocks[start], list(zip(blocks[start + 1 : end], kinds[start + 1 : end]))
        categories = [code for block, kind in body if kind == CATEGORY for code in categories_of(block.text)]
        texts = [block.text for block, kind in body if kind != CATEGORY and block.clean]  # "\\" cleans to nothing
        if len(texts) < 2:
            document.problems.append(cut_short(source, year_block))
            continue
        document.records.append(
            new_record(
                source,
                year_block.line,
                title=texts[0],
                abstract=" ".join(texts[1:]),  # an abstract may run over several paragraphs
                year=year_of(year_block.text),
                categories=categories,
                authors=[owner] if owner else [],
                authors_truncated=True,
                profile_owner=owner,
            )
        )
    return document
