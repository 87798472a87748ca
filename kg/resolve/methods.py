"""One key per method across batches and builds: the methods of each paper (canonicalised within
the paper by ``kg.extract.canonicalise``) are matched against a registry of the labels of every
method (and lexicon concept) already in the graph.

Rules, applied paper after paper in input order:

* A lexicon concept keeps its lexicon IRI.
* Otherwise a method sharing a normalised long label (``norm_key``) with known methods becomes the
  one whose key sorts first.
* Otherwise a method known here only by acronyms joins a known method with that acronym (the
  first key); a method with long labels joins only a method known by the acronym alone, so
  acronyms never merge methods whose long forms disagree.
* Otherwise it is a new method: ``kgm:<slug of its label>``, made unique with its longest label and
  then a hash when the slug is taken.

A method's ``skos:prefLabel`` is the label it had when first written (or its lexicon's); later
spellings become ``skos:altLabel``s. The registry holds only what the graph says (labels, types,
broader links), so a registry filled from a store continues exactly where a build stopped.
"""
from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterator

from kg.extract import merge_same_method, method_refs
from kg.extract.text import KGM, is_acronym_like, norm_key, slugify
from kg.model import Extraction, MethodRef


def _label_keys(labels: set[str]) -> tuple[set[str], set[str]]:
    """The normalised long labels and acronyms of a label set."""
    long = {norm_key(label) for label in labels if not is_acronym_like(label)} - {""}
    acronyms = {norm_key(label) for label in labels if is_acronym_like(label)} - long - {""}
    return long, acronyms


class MethodRegistry:
    """Labels, preferred labels, types and broader links of the methods in the graph."""

    def __init__(self) -> None:
        self.long: dict[str, set[str]] = defaultdict(set)  # normalised long label -> method keys
        self.acronyms: dict[str, set[str]] = defaultdict(set)  # normalised acronym -> method keys
        self.labels: dict[str, set[str]] = defaultdict(set)  # method key -> labels in the graph
        self.pref: dict[str, str] = {}  # method key -> skos:prefLabel
        self.broader: dict[str, set[str]] = defaultdict(set)
        self.typed: set[str] = set()  # keys typed kg:Method
        self.descriptions: dict[str, set[str]] = defaultdict(set)  # key -> descriptions written (no keys: see MethodRef)

    def remember(self, key: str, labels: set[str], pref: str | None = None) -> None:
        """Register labels of a method (from the store, or as written by this build)."""
        if pref is not None:
            self.pref.setdefault(key, pref)
            labels = labels | {pref}
        self.labels[key] |= labels
        long, acronyms = _label_keys(labels)
        for k in long:
            self.long[k].add(key)
        for k in acronyms:
            self.acronyms[k].add(key)

    def remember_one(self, key: str, label: str, pref: bool) -> None:
        """``remember`` one label of a method as the store holds it (its preferred one, or
        another): what filling the registry from a store does for each of tens of thousands."""
        if pref:
            self.pref.setdefault(key, label)
        self.labels[key].add(label)
        if k := norm_key(label):
            (self.acronyms if is_acronym_like(label) else self.long)[k].add(key)

    def _has_long(self, key: str) -> bool:
        return bool(_label_keys(self.labels[key])[0])

    def _match(self, ref: MethodRef) -> str | None:
        if ref.from_lexicon:
            return ref.key
        long, acronyms = _label_keys(ref.labels | {ref.label})
        candidates = set().union(*(self.long.get(k, ()) for k in long))
        if not candidates:
            candidates = {key for k in acronyms for key in self.acronyms.get(k, ())
                          if not long or not self._has_long(key)}
        return min(candidates) if candidates else None

    def _fresh(self, ref: MethodRef) -> str:
        """A key for a new method, not used by any known one."""
        labels = ref.labels | {ref.label}
        longest = sorted(labels, key=lambda x: (-len(x), x))[0]
        base = KGM + slugify(ref.label)
        tagged = base + "-" + slugify(longest)
        for key in (ref.key, base, tagged):
            if key not in self.labels and key not in self.typed:
                return key
        return tagged + "-" + hashlib.sha256("|".join(sorted(labels)).encode()).hexdigest()[:8]

    def assign(self, ref: MethodRef) -> MethodRef | None:
        """Give ``ref`` its key across the graph (in place) and register it; returns what must be
        written about the method (a ``MethodRef`` of the new labels and broader links), or None."""
        key = self._match(ref) or self._fresh(ref)
        write_pref = key not in self.pref and not ref.from_lexicon
        ref.key, ref.label = key, self.pref.get(key, ref.label)
        new_alt = set(ref.labels) - {ref.label} - self.labels[key]
        new_broader = [b for b in ref.broader if b not in self.broader[key]]
        new_descriptions = set(ref.descriptions) - set(ref.labels) - self.descriptions[key] - self.labels[key]
        if key in self.typed and not (write_pref or new_alt or new_broader or new_descriptions):
            return None
        self.typed.add(key)
        self.broader[key].update(new_broader)
        self.descriptions[key] |= new_descriptions
        self.remember(key, new_alt, ref.label if write_pref else None)
        return MethodRef(key, ref.label, labels=new_alt | {ref.label}, broader=new_broader,
                         from_lexicon=not write_pref, descriptions=new_descriptions)

    def assign_all(self, extraction: Extraction) -> Iterator[MethodRef]:
        """Key every method of a canonicalised extraction; yields what must be written."""
        for ref in method_refs(extraction):
            delta = self.assign(ref)
            if delta is not None:
                yield delta
        merge_same_method(extraction)
