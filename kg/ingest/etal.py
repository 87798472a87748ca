"""Author pages whose author lines end in "et al.": the owner's name first, then per paper an
author line and an abstract; no titles. The owner is an author of every paper on the page."""
from __future__ import annotations

from kg.ingest.blocks import (
    AUTHORS,
    classify,
    cut_short_problems,
    group_by_abstract,
    merge_paragraphs,
    split_author_line,
)
from kg.ingest.fields import new_record
from kg.ingest.profile import find_owner
from kg.model import Document, Problem, SourceDocument

FORMAT = "etal"


def read(text: str, source: SourceDocument) -> Document:
    """Records of an "et al." page, one per abstract with the author line before it."""
    blocks, kinds = merge_paragraphs(*classify(text))
    kind_at = {block.line: kind for block, kind in zip(blocks, kinds)}
    grouping = group_by_abstract(blocks, kinds, width=2)
    document = Document(source)
    owner = find_owner(grouping.header)
    if owner is None:
        document.problems.append(Problem(source.path, "no page owner name before the first record", 1))
    # The owner's line is itself a one-name author line; any author line after it lost its abstract.
    owner_index = next((i for i, b in enumerate(grouping.header) if b.clean == owner), -1)
    runs = [grouping.header[owner_index + 1 :]] if owner_index + 1 < len(grouping.header) else []
    runs = [run for run in runs + grouping.cut_short if any(kind_at[b.line] == AUTHORS for b in run)]
    document.problems.extend(cut_short_problems(source, runs, lambda block: kind_at[block.line] == AUTHORS))
    for record in grouping.records:
        authors_line = record[0] if len(record) == 2 and kind_at[record[0].line] == AUTHORS else None
        if authors_line is None:
            document.problems.append(Problem(source.path, "record has no author line", record[0].line))
        names, truncated = split_author_line(authors_line.text) if authors_line else ([], True)
        document.records.append(
            new_record(
                source,
                record[0].line,
                abstract=record[-1].text,
                authors=names,
                authors_truncated=truncated,
                profile_owner=owner,
            )
        )
    return document
