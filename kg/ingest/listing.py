"""Conference paper-search listings: per paper an ``Area · Subarea`` line, a comma-separated
author line and an abstract; no titles, no years. The page may end mid-record."""
from __future__ import annotations

from kg.ingest.blocks import (
    ABSTRACT,
    AUTHORS,
    classify,
    cut_short_problems,
    group_by_abstract,
    merge_paragraphs,
    split_author_line,
)
from kg.ingest.fields import new_record
from kg.model import Document, Problem, SourceDocument

FORMAT = "listing"


def read(text: str, source: SourceDocument) -> Document:
    """Records of a listing page, one per abstract with the two lines before it."""
    blocks, kinds = merge_paragraphs(*classify(text))
    kind_at = {block.line: kind for block, kind in zip(blocks, kinds)}
    grouping = group_by_abstract(blocks, kinds, width=3)
    document = Document(source)
    runs = list(grouping.cut_short)
    # An author line in the page header means the first record(s) lost their abstract.
    header_authors = [i for i, block in enumerate(grouping.header) if kind_at[block.line] == AUTHORS]
    if header_authors:
        runs.insert(0, grouping.header[max(header_authors[0] - 1, 0) :])
    document.problems.extend(
        cut_short_problems(source, runs, lambda block: kind_at[block.line] not in (AUTHORS, ABSTRACT))
    )
    for record in grouping.records:
        *heads, abstract = record
        authors_line = heads[-1] if heads and kind_at[heads[-1].line] == AUTHORS else None
        area = [block for block in heads if block is not authors_line]
        if authors_line is None:
            document.problems.append(Problem(source.path, "record has no author line", record[0].line))
        names, truncated = split_author_line(authors_line.text) if authors_line else ([], False)
        document.records.append(
            new_record(
                source,
                record[0].line,
                abstract=abstract.text,
                authors=names,
                authors_truncated=truncated,
                categories=[block.clean for block in area],
            )
        )
    return document
