"""People, not names: the mentions of one written name split into the people behind them.

Deterministic and explainable; every decision leaves a reason (``Person.notes``, stored as
``kg:identityNote`` and printed by ``kg explain PERSON``). For each name key (a *block*):

1. **Units.** Mentions that must be one person are put together first: the mentions of a profile
   page's owner (an anchor: the page says whose papers they are), the mentions an earlier build
   made one person (a stored person is never split by a later build), the mentions that carry one
   author identifier (an ORCID, an OpenAlex, Semantic Scholar or Scopus author id: a source's
   decision, made with more than kg sees), then mentions that share a coauthor (the strongest
   evidence of kg's own: two "Wei Wang"s who both wrote with "Lei Zhang" are one) unless the two
   sides carry different identifiers of a scheme a person holds one of (``ONE_PER_PERSON``: two
   ORCIDs are two people, whatever else agrees). A source's own author ids (OpenAlex, Semantic
   Scholar, Scopus) join when equal but do not keep apart: those sources often split one person
   into several ids.
2. **Joining.** Units are taken largest first (then by their first paper key); each joins the
   person it matches best, or starts a new one, by a score in natural-log odds::

       score = SHARED_VENUE [a venue in common] + YEARS_CLOSE [within YEAR_WINDOW years]
               + WORDS * (sum of the idf of the title words in common, at most WORDS_CAP)
               - ambiguity(name)

   where ``ambiguity`` is the log of the expected number of people bearing the name (see
   ``kg.resolve.commonness``), counted only when both sides have coauthors (none shared): that
   is the evidence of two people. A rare name joins on thin evidence, and so does any unit without
   coauthors (a wrong split hurts as much as a wrong merge); a common name with two separate
   circles of coauthors needs its papers to agree in venue, years or title words. A unit never
   joins a person with a different ORCID.
3. **Variants.** People whose names are variants of one another ("William Wang" / "William Yang
   Wang", "W. Wang") are merged only when they share a coauthor or an identifier, and carry no
   different ORCIDs.

A person's key is the key of its name (``person_key``) for the largest person of a name, and the
name's key with ``-`` and 8 hex of sha256(name key and its first paper key) for the others: a
function of the inputs, not of their order, and untouched by papers that join the others.
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from kg.resolve.commonness import ambiguity
from kg.resolve.keys import digest, fold

#: Evidence weights (natural-log odds), set on CoRL and ALT papers of the people set (see the README).
SHARED_VENUE = 1.0
YEARS_CLOSE = 0.5
YEAR_WINDOW = 2
WORDS = 0.25
WORDS_CAP = 4.0
#: Words of titles that say nothing about who wrote them.
TITLE_STOPWORDS = frozenset("""a an and are as at based by can do does for from how in into is it its of on or our
over the their to towards toward under using via vs what when where which while with without we you your""".split())
_WORD = re.compile(r"[a-z][a-z0-9]+")


def title_words(title: str | None) -> frozenset[str]:
    """The content words of a title (folded, three letters or more, no stopwords)."""
    if not title:
        return frozenset()
    return frozenset(w for w in _WORD.findall(fold(title)) if len(w) > 2 and w not in TITLE_STOPWORDS)


class Mention(NamedTuple):
    """One author position: whose name, on which paper, with what evidence around it."""

    name: str  # name key
    paper: str  # paper key
    position: int  # 1-based
    coauthors: frozenset[str]  # name keys of the other authors
    venue: str | None = None
    year: int | None = None
    words: frozenset[str] = frozenset()
    anchors: frozenset[str] = frozenset()  # profile pages naming this mention's person as their owner
    person: str | None = None  # the stored person's key, when an earlier build decided it
    ids: frozenset[str] = frozenset()  # author identifiers the sources give this mention ("orcid:…")


#: A reason, formatted only when it is kept (``Cluster.notes``): a template and its values.
Reason = tuple


@dataclass
class Cluster:
    """Mentions found to be one person, with what they say about that person (kept up to date as
    clusters absorb one another: a name's units are compared with its people many times)."""

    mentions: list[Mention]
    reasons: list[Reason] = field(default_factory=list)
    key: str | None = None
    coauthors: set[str] = field(default_factory=set, init=False)
    venues: set[str] = field(default_factory=set, init=False)
    years: set[int] = field(default_factory=set, init=False)
    words: set[str] = field(default_factory=set, init=False)
    ids: set[str] = field(default_factory=set, init=False)

    def __post_init__(self) -> None:
        self.coauthors = set().union(*(m.coauthors for m in self.mentions))
        self.ids = set().union(*(m.ids for m in self.mentions))
        self.words = set().union(*(m.words for m in self.mentions))
        self.venues = {m.venue for m in self.mentions if m.venue}
        self.years = {m.year for m in self.mentions if m.year}

    def _count(self, mention: Mention) -> None:
        self.coauthors |= mention.coauthors
        self.words |= mention.words
        self.ids |= mention.ids
        if mention.venue:
            self.venues.add(mention.venue)
        if mention.year:
            self.years.add(mention.year)

    def add(self, mention: Mention) -> None:
        self.mentions.append(mention)
        self._count(mention)

    def notes(self, limit: int) -> list[str]:
        """The first ``limit`` reasons in words, and how many more there are."""
        notes = [template.format(*values) for template, *values in self.reasons[:limit]]
        if len(self.reasons) > limit:
            notes.append(f"… and {len(self.reasons) - limit} more reasons")
        return notes

    @property
    def first_paper(self) -> str:
        return min(m.paper for m in self.mentions)

    def absorb(self, other: Cluster, keep_key: bool = False) -> None:
        """Take ``other``'s mentions; and its key where this has none, unless ``keep_key`` (a name
        variant's person is keyed by the longer name, as at once: ``Resolver._place`` merges the stored one)."""
        self.mentions.extend(other.mentions)
        self.reasons.extend(other.reasons)
        if not keep_key:
            self.key = self.key or other.key
        self.coauthors |= other.coauthors
        self.venues |= other.venues
        self.years |= other.years
        self.words |= other.words
        self.ids |= other.ids


#: The schemes of author identifiers that a person registers once, themself (ORCID, Web of Science
#: ResearcherID): two of one scheme are two people.
ONE_PER_PERSON = frozenset({"orcid", "researcherid"})


def _by_scheme(ids: Iterable[str]) -> dict[str, set[str]]:
    """The identifiers of the ``ONE_PER_PERSON`` schemes among ``ids``, by scheme."""
    schemes: dict[str, set[str]] = defaultdict(set)
    for identifier in ids:
        scheme = identifier.split(":", 1)[0]
        if scheme in ONE_PER_PERSON:
            schemes[scheme].add(identifier)
    return schemes


def differing(ids: set[str], others: set[str]) -> tuple[str, str] | None:
    """Two identifiers of a ``ONE_PER_PERSON`` scheme that tell two sets of mentions apart (a scheme
    both carry, no identifier of it in common), or None."""
    if not ids or not others:
        return None
    theirs = _by_scheme(others)
    for scheme, own in sorted(_by_scheme(ids).items()):
        if theirs.get(scheme) and own.isdisjoint(theirs[scheme]):
            return min(own), min(theirs[scheme])
    return None


def divided(ids_by_name: dict[str, set[str]]) -> set[str]:
    """The names (of ``ids_by_name``: the identifiers their mentions carry) with two identifiers of
    a ``ONE_PER_PERSON`` scheme: their mentions may be two people however rare the name."""
    return {name for name, ids in ids_by_name.items()
            if any(len(same) > 1 for same in _by_scheme(ids).values())}


class _Union:
    def __init__(self, size: int):
        self.parent = list(range(size))

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def join(self, a: int, b: int) -> bool:
        a, b = self.find(a), self.find(b)
        if a == b:
            return False
        self.parent[max(a, b)] = min(a, b)
        return True


#: Why two mentions are one person (see ``_units``): all but a shared coauthor are certain.
TIES = {"person": "paper {} with paper {}: one person in the stored graph",
        "anchor": "paper {} with paper {}: the owner of one profile page",
        "identifier": "paper {} with paper {}: same author identifier {}",
        "coauthor": "paper {} with paper {}: shared coauthor {}"}
#: Why a shared coauthor did not join two mentions.
UNTIED = "paper {} not joined to paper {} by shared coauthor {}: different identifiers {} and {}"


def _units(mentions: list[Mention]) -> list[Cluster]:
    """Mentions joined by an anchor, a stored person, an identifier, then a shared coauthor where
    no identifiers differ (see the module)."""
    union = _Union(len(mentions))
    ids = {index: set(mention.ids) for index, mention in enumerate(mentions) if mention.ids}  # by root
    reasons: dict[int, list[Reason]] = defaultdict(list)
    first: dict[tuple[str, str], int] = {}

    def tie(index: int, kind: str, value: str) -> None:
        earlier = first.setdefault((kind, value), index)
        if earlier == index:
            return
        a, b = union.find(earlier), union.find(index)
        if a == b:
            return
        paper, other = mentions[index].paper, mentions[earlier].paper
        apart = kind == "coauthor" and differing(ids.get(b, set()), ids.get(a, set()))
        if apart:
            reasons[index].append((UNTIED, paper, other, value, *apart))
            return
        union.join(a, b)
        joined = ids.pop(a, set()) | ids.pop(b, set())
        if joined:
            ids[union.find(a)] = joined
        reasons[index].append((TIES[kind], paper, other, value))

    for index, mention in enumerate(mentions):  # the certain ties first: a coauthor must not outrun them
        for kind, values in (("person", [mention.person] if mention.person else []),
                             ("anchor", sorted(mention.anchors)), ("identifier", sorted(mention.ids))):
            for value in values:
                tie(index, kind, value)
    for index, mention in enumerate(mentions):
        for coauthor in sorted(mention.coauthors):
            tie(index, "coauthor", coauthor)
    groups: dict[int, Cluster] = {}
    for index, mention in enumerate(mentions):
        root = union.find(index)
        cluster = groups.setdefault(root, Cluster([]))
        cluster.add(mention)
        cluster.reasons.extend(reasons[index])
        cluster.key = cluster.key or mention.person
    return sorted(groups.values(), key=lambda c: (-len(c.mentions), c.first_paper))


def _evidence(unit: Cluster, person: Cluster, idf: dict[str, float]) -> tuple[float, tuple]:
    """The score of ``unit`` joining ``person`` but the name's ambiguity, and what it rests on."""
    score = 0.0
    venues = unit.venues & person.venues
    if venues:
        score += SHARED_VENUE
    gap = min((abs(a - b) for a in unit.years for b in person.years), default=None)
    if gap is not None and gap <= YEAR_WINDOW:
        score += YEARS_CLOSE
    shared = unit.words & person.words
    if shared:
        score += WORDS * min(WORDS_CAP, sum(idf.get(w, 0.0) for w in shared))
    return score, (venues, gap, shared)


def _said(venues: set[str], gap: int | None, shared: set[str]) -> str:
    said = ([f"venue {', '.join(sorted(venues))}"] if venues else []) + \
           ([f"years within {gap}"] if gap is not None and gap <= YEAR_WINDOW else []) + \
           ([f"title words {', '.join(sorted(shared)[:5])}"] if shared else [])
    return "; ".join(said) or "no evidence either way"


def cluster_name(name: str, mentions: list[Mention], idf: dict[str, float]) -> list[Cluster]:
    """The people behind the mentions of one name key (see the module's rules)."""
    prior = ambiguity(name)
    people: list[Cluster] = []
    for unit in _units(mentions):
        best, best_score, basis, apart = None, 0.0, (set(), None, set()), []
        for person in people:
            if unit.key and person.key and unit.key != person.key:
                continue  # two stored people stay two unless a coauthor joins them
            pair = unit.ids and person.ids and differing(unit.ids, person.ids)  # most mentions carry none
            if pair:
                apart.append(pair)
                continue
            score, found = _evidence(unit, person, idf)
            # Disjoint coauthors are evidence of two people only when both sides have coauthors:
            # a paper without them (or without a venue, a year) is thin evidence, and stays.
            score -= prior if unit.coauthors and person.coauthors else min(prior, 0.0)
            if best is None or score > best_score:
                best, best_score, basis = person, score, found
        if best is not None and best_score >= 0:
            best.reasons.append(("paper {} joined (score {:+.1f}: {}; name ambiguity {:+.1f})",
                                 unit.first_paper, best_score, _said(*basis), prior))
            best.absorb(unit)
        else:
            if apart:
                unit.reasons.append(("paper {} kept apart by its identifiers from {} other person(s) of this "
                                     "name: {}", unit.first_paper, len(apart),
                                     "; ".join(f"{own} ≠ {theirs}" for own, theirs in apart)))
            if best is not None:
                unit.reasons.append(("paper {} kept apart from the {} other person(s) of this name "
                                     "(best score {:+.1f}: {}; name ambiguity {:+.1f})",
                                     unit.first_paper, len(people) - len(apart), best_score, _said(*basis), prior))
            people.append(unit)
    return people


def idf_of(titles: Iterable[frozenset[str]]) -> dict[str, float]:
    """Inverse document frequency of title words over a corpus: log(papers / papers with the word)."""
    df: Counter = Counter()
    total = 0
    for words in titles:
        df.update(words)
        total += 1
    return {w: math.log(total / n) for w, n in df.items()}


def short_forms(name: str) -> set[str]:
    """The shorter ways of writing a name key: the surname kept, the given name kept or cut to
    its initial, each middle token kept, cut to its initial or left out ("william yang wang" ->
    "william wang", "w wang", "w y wang"...). Names of more than five tokens have none."""
    tokens = name.split()
    if len(tokens) == 2:  # most names: only the initial of the given name
        return {f"{tokens[0][0]} {tokens[1]}"} if len(tokens[0]) > 1 else set()
    if len(tokens) < 2 or len(tokens) > 5:
        return set()
    forms = [[tokens[0]], [tokens[0][0]]] if len(tokens[0]) > 1 else [[tokens[0]]]
    for token in tokens[1:-1]:
        forms = [f + option for f in forms for option in ([token], [token[0]], [])]
    return {" ".join(f + [tokens[-1]]) for f in forms} - {name}


def variant_of(short: str, long: str) -> bool:
    """``short`` may be written for ``long`` (see ``short_forms``)."""
    return short in short_forms(long)


def variants_among(names: Iterable[str], others: Iterable[str]) -> set[str]:
    """Those of ``others`` that are a variant of one of ``names`` (a short form of it, or it of
    theirs: ``short_forms``). ``others`` may be many: a name's short forms are made only for those
    that begin with a name's first word (or a word of that initial) and end with its surname.

    >>> sorted(variants_among(["michael witbrock"], ["michael j witbrock", "m witbrock", "mary witbrock"]))
    ['m witbrock', 'michael j witbrock']
    """
    names = set(names)
    shorter = {form for name in names for form in short_forms(name)}
    starts = {(name.partition(" ")[0], name.rpartition(" ")[2]) for name in names}
    found = set()
    for other in others:
        first, last = other.partition(" ")[0], other.rpartition(" ")[2]
        if other not in names and (other in shorter or (((first, last) in starts or (first[:1], last) in starts)
                                                        and not names.isdisjoint(short_forms(other)))):
            found.add(other)
    return found


def person_slug(base: str, name: str, cluster: Cluster, largest: bool) -> str:
    """The key of a person of the name ``name`` whose plain key is ``base`` (see the module)."""
    if cluster.key:
        return cluster.key
    return base if largest else f"{base}-{digest(name + chr(31) + cluster.first_paper, 8)}"


def disambiguate(mentions: Iterable[Mention], idf: dict[str, float]) -> dict[str, list[Cluster]]:
    """The people of every name among ``mentions``, by name key; variants merged (see the module)."""
    by_name: dict[str, list[Mention]] = defaultdict(list)
    for mention in mentions:
        by_name[mention.name].append(mention)
    people = {name: cluster_name(name, ms, idf) if len(ms) > 1 else [Cluster(ms, key=ms[0].person)]
              for name, ms in by_name.items()}
    _merge_variants(people)
    return people


def in_question(names: Counter) -> set[str]:
    """The names (of ``names``, counted mentions) whose mentions may be more than one person, or
    another name's: a common name (``ambiguity`` above 0) with two mentions or more, and the
    variants of one another. A rare name's mentions are one person without asking: its units
    always join (the score of joining is at least minus the ambiguity), so a build need not compare them."""
    out = {name for name, count in names.items() if count > 1 and ambiguity(name) > 0}
    # A two-token name's one short form is its initial's ("wei wang" -> "w wang"): looked for only
    # when a name with that initial and surname was written, the rest compared in full.
    split = [name.split() for name in names]
    initials = {(tokens[0], tokens[-1]) for tokens in split if len(tokens[0]) == 1}
    blocks = Counter((tokens[0][0], tokens[-1]) for tokens in split if len(tokens) > 1)
    for name, tokens in zip(names, split):
        if len(tokens) < 2 or blocks[tokens[0][0], tokens[-1]] < 2 or (
                len(tokens) == 2 and (tokens[0][0], tokens[1]) not in initials):
            continue
        forms = [form for form in short_forms(name) if form in names]
        if forms:
            out.add(name)
            out.update(forms)
    return out


def _merge_variants(people: dict[str, list[Cluster]]) -> None:
    """Merge the people of variant names (``short_forms``) who share a coauthor or an identifier
    and carry no different ones: the shorter name's person goes into the longer name's (the longest first)."""
    longer: dict[str, list[str]] = defaultdict(list)
    for name in people:
        for form in short_forms(name):
            if form in people:
                longer[form].append(name)
    for short in sorted(longer, key=lambda n: (len(n), n)):
        for long in sorted(longer[short], key=lambda n: (-len(n), n)):
            for cluster in list(people[short]):
                target = _best_sharing(cluster, people[long])
                if target is not None:
                    shared = cluster.ids & target.ids
                    basis = f"same author identifier {min(shared)}" if shared else \
                        f"shared coauthor {min(cluster.coauthors & target.coauthors)}"
                    target.reasons.append(("name variant {!r} (paper {}) merged: {}", short, cluster.first_paper, basis))
                    target.absorb(cluster, keep_key=True)
                    people[short].remove(cluster)


def _best_sharing(cluster: Cluster, candidates: list[Cluster]) -> Cluster | None:
    scored = [(len(cluster.ids & c.ids), len(cluster.coauthors & c.coauthors), -i, c)
              for i, c in enumerate(candidates) if not differing(cluster.ids, c.ids)]
    scored = [s for s in scored if s[0] or s[1]]
    return max(scored, key=lambda s: s[:3])[3] if scored else None
