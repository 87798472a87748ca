"""Records of all documents -> one ``Paper`` per paper and one ``Person`` per person.

Identity rules (so that the same input gives the same keys on any machine):

* A person is everyone whose names fold to the same ``name_key`` (case, accents, punctuation).
  ``Person.key`` is the slug of the display name; when several people share a slug, the one whose
  name key sorts first keeps it and the others get ``-<8 hex of sha256(name key)>`` appended.
* Two records are one paper when their normalised titles are equal, or their normalised
  abstracts are (records without a title match on the abstract alone).
  ``Paper.key`` is the first 16 hex characters of sha256 of the paper's normalised title (the
  smallest one when its records disagree), else of its normalised abstract. A normalised text is
  ``fold``ed (lowercase, no accents or punctuation); a normalised abstract keeps only its first
  40 words, so that a source which shortens abstracts still matches the full one.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterable

from kg.model import Corpus, Document, Paper, PaperRecord, Person, SourceDocument
from kg.resolve.keys import digest, fold, slug
from kg.resolve.names import display_name, name_key

_ABSTRACT_WORDS = 40


def title_key(title: str | None) -> str:
    return fold(title) if title else ""


def abstract_key(abstract: str | None) -> str:
    if not abstract:
        return ""
    # Folding only a generous prefix is much faster and gives the same first words.
    prefix = " ".join(abstract.split()[: 2 * _ABSTRACT_WORDS])
    return " ".join(fold(prefix).split()[:_ABSTRACT_WORDS])


class _Persons:
    """Everyone named in the records, collected by name key before keys are assigned."""

    def __init__(self) -> None:
        self.forms: dict[str, Counter[str]] = defaultdict(Counter)

    def add(self, written: str) -> str:
        key = name_key(written)
        self.forms[key][written] += 1
        return key

    @staticmethod
    def _display(forms: Counter[str]) -> str:
        """The best display form: one already in natural case, then one with more accents, then
        the most frequent, then the smallest: the choice does not depend on file order."""
        def rank(written: str) -> tuple:
            shown = display_name(written)
            accents = sum(1 for char in shown if ord(char) > 127)
            return (shown != written, -accents, -forms[written], shown)

        return display_name(min(forms, key=rank))

    def build(self) -> dict[str, Person]:
        """Persons by name key, with collision-safe slugs."""
        displays = {key: self._display(forms) for key, forms in self.forms.items()}
        by_slug: dict[str, list[str]] = defaultdict(list)
        for key in sorted(displays):
            by_slug[slug(displays[key]) or "person"].append(key)
        persons = {}
        for base, keys in by_slug.items():
            for rank, key in enumerate(keys):
                person_key = base if rank == 0 and base != "person" else f"{base}-{digest(key, 8)}"
                persons[key] = Person(person_key, displays[key], set(self.forms[key]))
        return persons


def _group(match_keys: list[tuple[str, str]]) -> list[list[int]]:
    """Indices of records grouped into papers (union-find over shared title or abstract keys)."""
    parent = list(range(len(match_keys)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first_with: dict[tuple[int, str], int] = {}
    for index, keys in enumerate(match_keys):
        for kind, key in enumerate(keys):
            if not key:
                continue
            other = first_with.setdefault((kind, key), index)
            root_a, root_b = find(index), find(other)
            if root_a != root_b:
                parent[max(root_a, root_b)] = min(root_a, root_b)
    groups: dict[int, list[int]] = defaultdict(list)
    for index in range(len(match_keys)):
        groups[find(index)].append(index)
    return list(groups.values())  # in order of first record, records in input order


def _first(values: Iterable):
    return next((value for value in values if value), None)


def _unique(values: Iterable) -> list:
    return list(dict.fromkeys(values))


def _author_keys(records: list[PaperRecord], persons: _Persons) -> tuple[list[str], bool]:
    """The best author list of a paper (a full list beats a truncated one, then the longest),
    with every profile owner added (first when the list was empty)."""
    best = min(records, key=lambda r: (r.authors_truncated, -len(r.authors)))
    keys = _unique(persons.add(name) for name in best.authors)
    for record in records:
        if record is not best:
            for name in record.authors:
                persons.add(name)  # keep every written form, even from the lists not chosen
        if record.profile_owner:
            owner = persons.add(record.profile_owner)
            if owner not in keys:
                keys.append(owner)
    return keys, best.authors_truncated


def _paper_key(match_keys: list[tuple[str, str]]) -> str:
    """sha256 of the smallest title key of a paper's records, else of the smallest abstract key."""
    titles = [title for title, _ in match_keys if title]
    return digest(min(titles) if titles else min(abstract for _, abstract in match_keys))


def resolve(documents: Iterable[Document]) -> Corpus:
    """One ``Paper`` per paper across ``documents``, authors as shared ``Person``s.

    Keys and matching follow the rules in this module's docstring; papers come in the order of
    their first record. Records without a title and an abstract never reach here (the readers
    skip them)."""
    records = [record for document in documents for record in document.records]
    match_keys = [(title_key(r.title), abstract_key(r.abstract)) for r in records]
    persons = _Persons()
    drafts = []
    for group in _group(match_keys):
        members = [records[index] for index in group]
        author_keys, truncated = _author_keys(members, persons)
        drafts.append((members, _paper_key([match_keys[i] for i in group]), author_keys, truncated))
    owners = {r.source.sha256: persons.add(r.profile_owner) for r in records if r.profile_owner}
    by_name = persons.build()
    papers = []
    for members, paper_key, author_keys, truncated in drafts:
        sources: list[SourceDocument] = _unique(record.source for record in members)
        papers.append(
            Paper(
                key=paper_key,
                title=_first(r.title for r in members),
                abstract=_first(r.abstract for r in members),
                year=_first(r.year for r in members),
                authors=[by_name[key] for key in author_keys],
                authors_truncated=truncated,
                categories=_unique(c for r in members for c in r.categories),
                sources=sources,
                venue=_first(r.venue for r in members),
                url=_first(r.url for r in members),
                doi=_first(r.doi for r in members),
                arxiv_id=_first(r.arxiv_id for r in members),
            )
        )
    return Corpus(papers=papers, persons={person.key: person for person in by_name.values()},
                  profile_owners={sha: by_name[name].key for sha, name in owners.items()})
