"""People, not names: the mentions of one written name split into the people behind them.

Deterministic and explainable; every decision leaves a reason (``Person.reasons``, stored as
``kg:identityNote`` and printed by ``kg explain PERSON``). For each name key (a *block*):

1. **Units.** Mentions that must be one person are put together first: the mentions of a profile
   page's owner (an anchor: the page says whose papers they are), the mentions an earlier build
   made one person (a stored person is never split by a later build), and mentions that share a
   coauthor (the strongest evidence: two "Wei Wang"s who both wrote with "Lei Zhang" are one).
2. **Joining.** Units are taken largest first (then by their first paper key); each joins the
   person it matches best, or starts a new one, by a score in natural-log odds::

       score = SHARED_VENUE [a venue in common] + YEARS_CLOSE [within YEAR_WINDOW years]
               + WORDS * (sum of the idf of the title words in common, at most WORDS_CAP)
               - ambiguity(name)

   where ``ambiguity`` is the log of the expected number of people bearing the name (see
   ``kg.resolve.commonness``), counted only when both sides have coauthors (none shared): that
   is the evidence of two people. A rare name joins on thin evidence, and so does any unit without
   coauthors (a wrong split hurts as much as a wrong merge); a common name with two separate
   circles of coauthors needs its papers to agree in venue, years or title words.
3. **Variants.** People whose names are variants of one another ("William Wang" / "William Yang
   Wang", "W. Wang") are merged only when they share a coauthor.

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


@dataclass(frozen=True)
class Mention:
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


@dataclass
class Cluster:
    """Mentions found to be one person, with what they say about that person."""

    mentions: list[Mention]
    reasons: list[str] = field(default_factory=list)
    key: str | None = None

    @property
    def first_paper(self) -> str:
        return min(m.paper for m in self.mentions)

    def coauthors(self) -> Counter:
        return Counter(c for m in self.mentions for c in m.coauthors)

    def venues(self) -> set[str]:
        return {m.venue for m in self.mentions if m.venue}

    def years(self) -> list[int]:
        return sorted({m.year for m in self.mentions if m.year})

    def words(self) -> set[str]:
        return {w for m in self.mentions for w in m.words}

    def absorb(self, other: Cluster) -> None:
        self.mentions.extend(other.mentions)
        self.reasons.extend(other.reasons)
        self.key = self.key or other.key


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


def _units(mentions: list[Mention]) -> list[Cluster]:
    """Mentions joined by an anchor, a stored person or a shared coauthor (see the module)."""
    union = _Union(len(mentions))
    reasons: dict[int, list[str]] = defaultdict(list)
    first: dict[tuple[str, str], int] = {}
    for index, mention in enumerate(mentions):
        ties = [("person", mention.person)] if mention.person else []
        ties += [("anchor", a) for a in sorted(mention.anchors)] + [("coauthor", c) for c in sorted(mention.coauthors)]
        for kind, value in ties:
            earlier = first.setdefault((kind, value), index)
            if earlier != index and union.join(earlier, index):
                why = {"person": "one person in the stored graph", "anchor": "the owner of one profile page",
                       "coauthor": f"shared coauthor {value}"}[kind]
                reasons[index].append(f"paper {mention.paper} with paper {mentions[earlier].paper}: {why}")
    groups: dict[int, Cluster] = {}
    for index, mention in enumerate(mentions):
        root = union.find(index)
        cluster = groups.setdefault(root, Cluster([]))
        cluster.mentions.append(mention)
        cluster.reasons.extend(reasons[index])
        cluster.key = cluster.key or mention.person
    return sorted(groups.values(), key=lambda c: (-len(c.mentions), c.first_paper))


def _evidence(unit: Cluster, person: Cluster, idf: dict[str, float]) -> tuple[float, list[str]]:
    score, said = 0.0, []
    venues = unit.venues() & person.venues()
    if venues:
        score += SHARED_VENUE
        said.append(f"venue {', '.join(sorted(venues))}")
    gaps = [abs(a - b) for a in unit.years() for b in person.years()]
    if gaps and min(gaps) <= YEAR_WINDOW:
        score += YEARS_CLOSE
        said.append(f"years within {min(gaps)}")
    shared = unit.words() & person.words()
    if shared:
        weight = min(WORDS_CAP, sum(idf.get(w, 0.0) for w in shared))
        score += WORDS * weight
        said.append(f"title words {', '.join(sorted(shared)[:5])}")
    return score, said


def cluster_name(name: str, mentions: list[Mention], idf: dict[str, float]) -> list[Cluster]:
    """The people behind the mentions of one name key (see the module's rules)."""
    prior = ambiguity(name)
    people: list[Cluster] = []
    for unit in _units(mentions):
        best, best_score, best_said = None, 0.0, []
        for person in people:
            if unit.key and person.key and unit.key != person.key:
                continue  # two stored people stay two unless a coauthor joins them
            score, said = _evidence(unit, person, idf)
            # Disjoint coauthors are evidence of two people only when both sides have coauthors:
            # a paper without them (or without a venue, a year) is thin evidence, and stays.
            score -= prior if unit.coauthors() and person.coauthors() else min(prior, 0.0)
            if best is None or score > best_score:
                best, best_score, best_said = person, score, said
        evidence = "; ".join(best_said) or "no evidence either way"
        if best is not None and best_score >= 0:
            best.reasons.append(f"paper {unit.first_paper} joined (score {best_score:+.1f}: {evidence}; "
                                f"name ambiguity {prior:+.1f})")
            best.absorb(unit)
        else:
            if best is not None:
                unit.reasons.append(f"paper {unit.first_paper} kept apart from the {len(people)} other "
                                    f"person(s) of this name (best score {best_score:+.1f}: {evidence}; "
                                    f"name ambiguity {prior:+.1f})")
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


def variant_of(short: str, long: str) -> bool:
    """``short`` may be written for ``long``: the same surname, and each other token of ``short``
    an initial or a copy of a token of ``long``, in order ("w wang" / "william yang wang")."""
    a, b = short.split(), long.split()
    if short == long or len(a) < 2 or a[-1] != b[-1] or len(a) > len(b):
        return False
    rest = iter(b[:-1])
    for token in a[:-1]:
        if not any(t == token or (len(token) == 1 and t[0] == token) or (len(t) == 1 and token[0] == t)
                   for t in rest):
            return False
    return a[0][0] == b[0][0]


def person_slug(base: str, name: str, cluster: Cluster, largest: bool) -> str:
    """The key of a person of the name ``name`` whose plain key is ``base`` (see the module)."""
    if cluster.key:
        return cluster.key
    return base if largest else f"{base}-{digest(name + chr(31) + cluster.first_paper, 8)}"


def disambiguate(mentions: Iterable[Mention], idf: dict[str, float]) -> dict[str, list[Cluster]]:
    """The people of every name among ``mentions``, by name key; variants merged (see the module).
    Clusters of a name come largest first."""
    by_name: dict[str, list[Mention]] = defaultdict(list)
    for mention in mentions:
        by_name[mention.name].append(mention)
    people = {name: cluster_name(name, ms, idf) if len(ms) > 1 else [Cluster(ms, key=ms[0].person)]
              for name, ms in by_name.items()}
    _merge_variants(people)
    return people


def _merge_variants(people: dict[str, list[Cluster]]) -> None:
    """Merge the people of variant names (``variant_of``) who share a coauthor: the shorter name's
    person goes into the longer name's."""
    blocks: dict[tuple[str, str], list[str]] = defaultdict(list)
    for name in people:
        tokens = name.split()
        if len(tokens) > 1:
            blocks[tokens[0][0], tokens[-1]].append(name)
    for names in blocks.values():
        if len(names) < 2:
            continue
        names.sort(key=lambda n: (-len(n), n))
        for short in sorted(names, key=lambda n: (len(n), n)):
            for long in names:
                if not variant_of(short, long):
                    continue
                for cluster in list(people[short]):
                    target = _best_sharing(cluster, people[long])
                    if target is not None:
                        shared = sorted(set(cluster.coauthors()) & set(target.coauthors()))
                        target.reasons.append(f"name variant {short!r} (paper {cluster.first_paper}) merged: "
                                              f"shared coauthor {shared[0]}")
                        target.absorb(cluster)
                        people[short].remove(cluster)


def _best_sharing(cluster: Cluster, candidates: list[Cluster]) -> Cluster | None:
    mine = set(cluster.coauthors())
    scored = [(len(mine & set(c.coauthors())), -i, c) for i, c in enumerate(candidates)]
    scored = [s for s in scored if s[0] > 0]
    return max(scored, key=lambda s: s[:2])[2] if scored else None
