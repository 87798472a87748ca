"""Records -> papers and persons, one record at a time, against registries that a store can refill.

A build is a sequence of records added to a store: ``Resolver.add(record)`` decides, from what
came before (this run's registries, and what the store held, looked up as records need it), which
paper and which people a record is. The full build and the incremental build are one mechanism,
so the same inputs in the same order give the same graph whether built at once or in steps.

Identity rules (the same input in the same order gives the same keys on any machine):

* A person is everyone whose names fold to the same ``name_key`` (case, accents, punctuation).
  ``Person.key`` is the name key with hyphens when it is ASCII (``"leon-zheng"``), else the ASCII
  slug (or ``person``) and ``-<8 hex of sha256(name key)>`` (``"smith-1a2b3c4d"`` for ``Ω Smith``):
  a function of the name key alone, so no registry is needed to keep it unique.
* A person's display name is the best written form seen so far: natural case before capitals,
  then more accents, then the smallest; the display already chosen counts as natural case. Every
  written form is kept (``kg:nameAsWritten``).
* A record is a known paper when its normalised title is the title of a known paper, else when its
  normalised abstract is a known paper's abstract. ``Paper.key`` is fixed by the paper's first
  record: the first 16 hex of sha256 of its normalised title, else of its normalised abstract.
  A normalised text is ``fold``ed (lowercase, no accents or punctuation); a normalised abstract
  keeps only its first 40 words, so a source which shortens abstracts still matches the full one.
  The first paper with a match key holds it, and the graph stores it with the paper
  (``kg:titleKey``, ``kg:abstractKey``): a later build finds the paper by it without reading every
  paper back.
* A later record of a known paper adds its source and categories, fills the fields the paper
  lacks (title, abstract, year, venue, url, doi, arXiv id) and replaces the author list when its
  own is better (a full list beats a truncated one, then the longer one wins); profile owners are
  always among the authors. Its identifiers, the works it cites or is cited by, and its authors'
  identifiers (ORCID, source ids) are added to the paper's. The paper's text for extraction is
  the one of its first record.
"""
from __future__ import annotations

import gc
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Protocol

from kg.model import Corpus, Document, Paper, PaperRecord, Person, SourceDocument
from kg.resolve.commonness import ambiguity
from kg.resolve.keys import digest, fold, fold_text, slug
from kg.resolve.names import display_name, name_key
from kg.resolve.people import (Cluster, Mention, disambiguate, divided, idf_of, in_question, person_slug,
                               title_words)

_ABSTRACT_WORDS = 40
#: The scalar fields of a paper that a later record may fill in.
FIELDS = ("title", "abstract", "year", "venue", "url", "doi", "arxiv_id")


def title_key(title: str | None) -> str:
    return fold(title) if title else ""


def abstract_key(abstract: str | None) -> str:
    if not abstract:
        return ""
    # Folding only a prefix is much faster and gives the same first words (folding splits and drops
    # words only at punctuation, so a prefix of the words folds to a prefix of the folded words); a
    # split that stops there gives the same words as a whole one. A few words more than are kept
    # almost always suffice (at 100k papers folding was 7% of the build's main process), else twice as many.
    for length in (_ABSTRACT_WORDS + 8, 2 * _ABSTRACT_WORDS):
        prefix = " ".join(abstract.split(None, length)[:length])
        folded = fold_text(prefix).split(None, _ABSTRACT_WORDS)[:_ABSTRACT_WORDS]
        if len(folded) == _ABSTRACT_WORDS:
            break
    return " ".join(folded)


class MatchKeys(dict):
    """A record's match keys by kind (``"title"``, ``"abstract"``): the digest of its normalised
    title or abstract, "" without one. Each is made on first use, once: a new paper's are looked up,
    then key it, then are remembered."""

    def __init__(self, record: PaperRecord):
        super().__init__()
        self.record = record

    def __missing__(self, kind: str) -> str:
        text = title_key(self.record.title) if kind == "title" else abstract_key(self.record.abstract)
        self[kind] = match_key = digest(text) if text else ""
        return match_key


def person_key(key: str) -> str:
    """The IRI slug of the person whose name key is ``key`` (see the module's rules)."""
    base = slug(key)
    if base and key.isascii():
        return base
    return f"{base or 'person'}-{digest(key, 8)}"


def _among(person: Person, people: list[Person]) -> bool:
    return any(person is other for other in people)


def _rank(display: str, natural: bool) -> tuple:
    return (not natural, -sum(1 for char in display if ord(char) > 127), display)


@dataclass
class PaperState:
    """What a later record of a paper needs to know about it."""

    fields: set[str]
    authors: list[Person]
    truncated: bool
    owners: list[Person] = field(default_factory=list)
    author_ids: dict[str, list[str]] = field(default_factory=dict)  # folded name -> identifiers


@dataclass
class Change:
    """What one record does: a new paper, or additions to a known one (``new`` is False, and
    ``paper`` holds only what the record adds: its source, categories and filled fields).
    ``match_keys`` are the match keys the paper took from this record (``"title"`` and
    ``"abstract"`` digests no earlier paper had), to be stored with it."""

    paper: Paper
    new: bool
    owner: Person | None = None  # the profile owner the record names
    match_keys: dict[str, str] = field(default_factory=dict)


class Stored(Protocol):
    """What a store already holds, looked up when a record needs it (an incremental build)."""

    def paper_by_key(self, kind: str, match_key: str) -> str | None:
        """The key of the stored paper that holds the ``kind`` ("title" or "abstract") match key."""

    def display_name(self, person_key: str) -> str | None:
        """The display name of the stored person ``person_key``."""

    def mention_counts(self, names: Iterable[str], skip: set[str]) -> tuple[Counter, dict[str, set[str]]]:
        """How many stored mentions each of the name keys ``names`` has, and their author
        identifiers, but those of the papers ``skip``: what tells whether a name is in question."""

    def variant_names(self, names: Iterable[str]) -> dict[str, str]:
        """The stored name keys that are variants of ``names`` (``kg.resolve.people.variants_among``),
        each with the display name of a person of it."""

    def mentions_of(self, names: Iterable[str], skip: set[str]) -> list[Mention]:
        """The stored mentions of the name keys ``names`` (each with its stored person's key and
        its author identifiers), but those of the papers ``skip``."""

    def paper_state(self, key: str, resolver: Resolver) -> PaperState | None:
        """The state of the stored paper ``key`` (its people through ``resolver.stored_person``)."""


class Resolver:
    """Registries of papers (by match key) and persons (by name key), and the state of the papers
    and persons this run touched. With ``stored`` (an incremental build), what the store holds is
    looked up as records need it, and counts as seen before this run."""

    def __init__(self, stored: Stored | None = None) -> None:
        self.match_keys: dict[tuple[str, str], str | None] = {}  # (kind, digest) -> paper key, looked up
        self.stored_names: dict[str, str] = {}  # name key -> display name in the store
        self.people: dict[str, Person] = {}  # name key -> Person touched in this run
        self.states: dict[str, PaperState] = {}  # paper key -> state, papers touched in this run
        self.reauthored: set[str] = set()  # stored or emitted papers whose author list changed
        self.stored = stored
        self.added: set[str] = set()  # keys of the papers this run added
        self.about: dict[str, tuple[frozenset[str], str | None, int | None]] = {}  # paper -> title words, venue, year
        self.anchors: dict[tuple[str, str], set[str]] = defaultdict(set)  # (paper, owner's name key) -> pages
        self.others: dict[str, Person] = {}  # person key -> a person whose key is not its name's own
        self.stored_others: set[str] = set()  # the keys of ``others`` that the store held
        self.formerly: dict[str, str] = {}  # stored person key -> the key of the person it was merged into
        self.owners: dict[str, Person] = {}  # profile page (sha256) -> its owner, once people are told apart

    def _paper_by_key(self, kind: str, match_key: str) -> str | None:
        entry = (kind, match_key)
        if entry not in self.match_keys:
            self.match_keys[entry] = self.stored.paper_by_key(kind, match_key) if self.stored else None
        return self.match_keys[entry]

    def remember_paper(self, key: str, match_keys: dict[str, str]) -> dict[str, str]:
        """Register a paper's match keys ("" is none), unless an earlier paper has them; the ones it took."""
        taken = {}
        for kind, match_key in match_keys.items():
            if match_key and self._paper_by_key(kind, match_key) is None:
                self.match_keys[kind, match_key] = key
                taken[kind] = match_key
        return taken

    def person(self, written: str) -> Person:
        """The person a written name is, with its display name improved by this form if better."""
        key = name_key(written)
        person = self.people.get(key)
        if person is None:
            stored = self.stored and self.stored.display_name(person_key(key))
            if stored:
                self.stored_names[key] = stored
            person = Person(person_key(key), stored or display_name(written), name_key=key)
            self.people[key] = person
            if stored is None:
                person.written.add(written)
                return person
        person.written.add(written)
        shown = display_name(written)
        if shown != person.name and _rank(shown, shown == written) < _rank(person.name, True):
            person.name = shown
        return person

    def stored_person(self, display: str, key: str | None = None) -> Person:
        """The person of the store shown as ``display`` whose key is ``key`` (by default its name's
        own key); no written form is added."""
        folded = name_key(display)
        if key is not None and key != person_key(folded):  # one of several people of that name
            self.stored_others.add(key)
            return self.others.setdefault(key, Person(key, display, name_key=folded))
        self.stored_names.setdefault(folded, display)
        return self.people.setdefault(folded, Person(person_key(folded), self.stored_names[folded], name_key=folded))

    def match(self, keys: MatchKeys) -> str | None:
        """The key of the known paper a record is, if any."""
        if keys["title"] and (key := self._paper_by_key("title", keys["title"])):
            return key
        if keys["abstract"]:
            return self._paper_by_key("abstract", keys["abstract"])
        return None

    def add(self, record: PaperRecord) -> Change:
        """Resolve one record against everything before it."""
        people = [self.person(name) for name in record.authors]
        authors = list({person.key: person for person in people}.values())
        author_ids: dict[str, list[str]] = {}
        for person, identifiers in zip(people, record.author_ids):
            own = author_ids.setdefault(person.name_key, [])
            own.extend(i for i in identifiers if i not in own)
        owner = self.person(record.profile_owner) if record.profile_owner else None
        keys = MatchKeys(record)
        key = self.match(keys)
        if key is None:
            change = self._new(record, keys, authors, owner, author_ids)
            if owner is not None:
                self.anchors[change.paper.key, owner.name_key].add(record.source.sha256)
            return change
        if owner is not None:
            self.anchors[key, owner.name_key].add(record.source.sha256)
        state = self.states.get(key) or (self.stored and self.stored.paper_state(key, self))
        if state is None:  # matched a paper this resolver only knows by its keys
            state = PaperState(set(FIELDS), [], True)
        self.states[key] = state
        filled = {name: getattr(record, name) for name in FIELDS
                  if name not in state.fields and getattr(record, name)}
        state.fields.update(filled)
        taken = self.remember_paper(key, {kind: keys[kind] for kind in ("title", "abstract") if kind in filled})
        if owner is not None and not _among(owner, state.owners):
            state.owners.append(owner)
        self._merge_authors(key, state, authors, record.authors_truncated)
        self._merge_author_ids(key, state, author_ids)
        delta = Paper(key=key, title=None, abstract=None, year=None, authors=[], authors_truncated=False,
                      categories=list(record.categories), sources=[record.source], identifiers=record.identifiers,
                      references=record.references, cited_by=record.cited_by)
        return Change(replace(delta, **filled), new=False, owner=owner, match_keys=taken)

    def _new(self, record: PaperRecord, keys: MatchKeys, authors: list[Person], owner: Person | None,
             author_ids: dict[str, list[str]]) -> Change:
        key = keys["title"] or keys["abstract"] or digest("")
        self.added.add(key)
        self.about[key] = (title_words(record.title), record.venue, record.year)
        if owner is not None and not _among(owner, authors):
            authors.append(owner)
        self.states[key] = PaperState({n for n in FIELDS if getattr(record, n)}, authors,
                                      record.authors_truncated, [owner] if owner else [], author_ids)
        taken = self.remember_paper(key, {"title": keys["title"], "abstract": keys["abstract"]})
        paper = Paper(key=key, title=record.title, abstract=record.abstract, year=record.year, authors=authors,
                      authors_truncated=record.authors_truncated, categories=list(record.categories),
                      sources=[record.source], venue=record.venue, url=record.url, doi=record.doi,
                      arxiv_id=record.arxiv_id, identifiers=record.identifiers, references=record.references,
                      cited_by=record.cited_by, author_ids=author_ids)
        return Change(paper, new=True, owner=owner, match_keys=taken)

    def _merge_authors(self, key: str, state: PaperState, authors: list[Person], truncated: bool) -> None:
        """Take a record's author list when it is better; keep every profile owner."""
        if (truncated, -len(authors)) < (state.truncated, -len(state.authors)):
            state.authors, state.truncated = list(authors), truncated
            self.reauthored.add(key)
        missing = [owner for owner in state.owners if not _among(owner, state.authors)]
        if missing:
            state.authors = state.authors + missing
            self.reauthored.add(key)

    def _merge_author_ids(self, key: str, state: PaperState, author_ids: dict[str, list[str]]) -> None:
        """Add a record's author identifiers (ORCID, source ids) to the paper's authors; the paper's
        author list is written again when that gives an author a new one."""
        listed = {person.key for person in state.authors}
        for person_key, identifiers in author_ids.items():
            known = state.author_ids.setdefault(person_key, [])
            new = [i for i in identifiers if i not in known]
            if new:
                known.extend(new)
                if person_key in listed:
                    self.reauthored.add(key)

    def renamed(self) -> list[tuple[Person, str]]:
        """Persons of the store whose display name this run improved, with their stored name."""
        return [(person, self.stored_names[key]) for key, person in self.people.items()
                if key in self.stored_names and person.name != self.stored_names[key]]

    def _listed(self) -> list[tuple[bool, Person]]:
        """(held by the store, person) for each person touched (see ``listed_people``)."""
        listed = {id(person) for state in self.states.values() for person in state.authors}
        candidates = [(key in self.stored_names, person) for key, person in self.people.items()] + \
                     [(key in self.stored_others, person) for key, person in self.others.items()]
        # a stored person merged into another (``formerly``) is gone, whatever this run wrote of the name
        return [(stored, person) for stored, person in candidates
                if (stored or id(person) in listed) and person.key not in self.formerly]

    def listed_people(self) -> list[Person]:
        """The persons this run touched, in order of first sight, but not a new one that no author
        list holds: one named only by a list that a better list replaced is nobody's author."""
        return [person for _, person in self._listed()]

    def new_people(self) -> list[Person]:
        """The listed persons that the store did not hold, in order of first sight."""
        return [person for stored, person in self._listed() if not stored]

    # --- people, not names (see kg.resolve.people) ---------------------------------------------

    def _mentions(self, asked: set[str]) -> list[Mention]:
        """The author positions of this run's papers whose names are ``asked``; those of stored
        papers whose author list this run kept stay with their stored person."""
        mentions = []
        for paper, state in self.states.items():
            names = frozenset([person.name_key for person in state.authors])
            if asked.isdisjoint(names):
                continue
            words, venue, year = self.about.get(paper, (frozenset(), None, None))
            fixed = paper not in self.added and paper not in self.reauthored
            for position, person in enumerate(state.authors, start=1):
                if person.name_key not in asked:
                    continue
                mentions.append(Mention(person.name_key, paper, position, names - {person.name_key}, venue, year,
                                        words, frozenset(self.anchors.get((paper, person.name_key), ())),
                                        person.key if fixed else None,
                                        frozenset(state.author_ids.get(person.name_key, ()))))
        return mentions

    def disambiguate(self) -> None:
        """Tell apart the people behind each name of this run's papers and put each person in
        its place in their author lists (stored papers whose list changes are ``reauthored``).
        Only the names ``in_question`` are compared, counting the store's mentions of the names this
        run adds to, and the names whose mentions carry two identifiers of one scheme; a rare name's
        mentions are otherwise its one person, whatever the order of the builds."""
        # Hundreds of thousands of small objects are made here, none in a cycle: the cyclic
        # collector would scan the whole run's registries again and again (3/4 of the time at 100k papers).
        collecting = gc.isenabled()
        gc.disable()
        try:
            counts = Counter(person.name_key for state in self.states.values() for person in state.authors)
            ids: dict[str, set[str]] = defaultdict(set)
            for state in self.states.values():
                for name, identifiers in state.author_ids.items():
                    ids[name].update(identifiers)
            added: list[str] = []
            if self.stored is not None:  # counted first: the mentions of the names in question are read whole
                added = sorted({person.name_key for key, state in self.states.items()
                                if key in self.added or key in self.reauthored for person in state.authors})
                # with the stored variants of their names, which a build at once would compare with them
                variants = self.stored.variant_names(added)
                for name, shown in variants.items():
                    self.stored_names.setdefault(name, shown)
                added += sorted(variants.keys() - set(added))
                stored_counts, stored_ids = self.stored.mention_counts(added, set(self.states))
                counts.update(stored_counts)
                for name, identifiers in stored_ids.items():
                    ids[name] |= identifiers
            asked = in_question(counts) | {name for name in divided(ids) if counts[name] > 1}
            for name, count in counts.items():
                if count > 1 and name not in asked and name in self.people:
                    self.people[name].notes = [f"{count} papers", RARE.format(ambiguity(name))]
            mentions = self._mentions(asked)
            if self.stored is not None:
                mentions += self.stored.mentions_of([name for name in added if name in asked], set(self.states))
            idf = idf_of(words for words, _, _ in self.about.values())
            kept: set[str] = set()
            for name, clusters in disambiguate(mentions, idf).items():
                kept |= self._place(name, sorted(clusters, key=lambda c: (-len(c.mentions), c.first_paper)))
            for key in kept & self.formerly.keys():  # a person another group keeps is merged into none
                del self.formerly[key]
        finally:
            if collecting:
                gc.enable()

    def _place(self, name: str, clusters: list[Cluster]) -> set[str]:
        """Give each of the people ``clusters`` of ``name`` its key and its place in the author lists
        of this run's papers; the keys given."""
        base = person_key(name)
        keys = set()
        plain = self.people.get(name)
        # the name's own key, unless a stored person keeps it (its mentions outside this run hold it)
        taken = any(m.person == base for c in clusters for m in c.mentions)
        for cluster in clusters:
            # the larger stored part of this name keeps its key; the others, and the stored people
            # of its variants merged in, are merged into it (a build at once keys them by this name)
            stored = Counter(m.person for m in cluster.mentions if m.person and m.name == name)
            if stored:
                key = min(stored, key=lambda k: (-stored[k], k))
            else:
                key = person_slug(base, name, cluster, largest=not taken)
                taken = taken or key == base
            keys.add(key)
            for other in {m.person for m in cluster.mentions if m.person} - {key}:
                self.formerly[other] = key
            person = self._person_of(key, name, plain)
            if len(cluster.mentions) > 1 or cluster.reasons:
                person.notes = _summary(cluster)
            for mention in cluster.mentions:
                for page in mention.anchors:
                    self.owners[page] = person
                state = self.states.get(mention.paper)
                if state is None or state.authors[mention.position - 1] is person:
                    continue
                if mention.name != name:  # a name variant merged: its written forms and identifiers come along
                    if mention.name in self.people:
                        person.written |= self.people[mention.name].written
                    if mention.name in state.author_ids:
                        own = state.author_ids.setdefault(name, [])
                        own.extend(i for i in state.author_ids.pop(mention.name) if i not in own)
                state.authors[mention.position - 1] = person
                if mention.paper not in self.added:
                    self.reauthored.add(mention.paper)
        return keys

    def moved_owners(self) -> list[tuple[str, str, str]]:
        """(page sha256, key written, key now) of the profile pages whose owner turned out to be
        another person of the owner's name than the one the page was written with."""
        moved = {(page, person_key(owner), self.owners[page].key)
                 for (_, owner), pages in self.anchors.items() for page in pages
                 if page in self.owners and self.owners[page].key != person_key(owner)}
        return sorted(moved)

    def _person_of(self, key: str, name: str, plain: Person | None) -> Person:
        if key == person_key(name):
            if plain is None:
                plain = self.people[name] = Person(key, self.stored_names.get(name, name), name_key=name)
            return plain
        if key not in self.others:
            shown = plain.name if plain is not None else self.stored_names.get(name, name)
            self.others[key] = Person(key, shown, set(plain.written) if plain else set(), name_key=name)
        return self.others[key]


#: Why the mentions of a rare name are one person (``kg.resolve.people.in_question``).
RARE = ("one person: few people bear this name (ambiguity {:+.1f}), and thin evidence never splits a "
        "rare name")
#: The reasons kept with a person (``kg:identityNote``); the rest are counted.
NOTES = 12


def _summary(cluster: Cluster) -> list[str]:
    """What ``kg explain PERSON`` says of a person: its mentions, then why they are one person
    (and kept apart from the others of the name)."""
    years = sorted(cluster.years)
    span = f", {years[0]}–{years[-1]}" if len(years) > 1 else f", {years[0]}" if years else ""
    papers = len({m.paper for m in cluster.mentions})
    head = f"{papers} paper{'s' if papers > 1 else ''}{span}"
    return [head] + cluster.notes(NOTES)


def resolve(documents: Iterable[Document]) -> Corpus:
    """One ``Paper`` per paper across ``documents``, authors as shared ``Person``s: the batch case
    of ``Resolver`` (papers in order of their first record, merged as the module's rules say)."""
    resolver = Resolver()
    papers: dict[str, Paper] = {}
    owners: dict[str, str] = {}
    for document in documents:
        for record in document.records:
            change = resolver.add(record)
            if change.owner is not None:
                owners.setdefault(record.source.sha256, change.owner.key)
            if change.new:
                papers[change.paper.key] = change.paper
            else:
                _merge_into(papers[change.paper.key], change.paper)
    resolver.disambiguate()
    owners.update({page: key for page, _, key in resolver.moved_owners()})
    for key, paper in papers.items():
        state = resolver.states[key]
        paper.authors, paper.authors_truncated, paper.author_ids = state.authors, state.truncated, state.author_ids
    return Corpus(papers=list(papers.values()), persons={p.key: p for p in resolver.listed_people()},
                  profile_owners=owners)


def _merge_into(paper: Paper, delta: Paper) -> None:
    """Apply what a later record adds to a paper held in memory."""
    for name in FIELDS:
        if getattr(delta, name):
            setattr(paper, name, getattr(delta, name))
    paper.categories = list(dict.fromkeys(paper.categories + delta.categories))
    for name in ("identifiers", "references", "cited_by"):
        setattr(paper, name, list(dict.fromkeys(getattr(paper, name) + getattr(delta, name))))
    sources: list[SourceDocument] = list(dict.fromkeys(paper.sources + delta.sources))
    paper.sources = sources
