"""The catalogues the pipeline matches: methods (SKOS), datasets and pretrained models.

``load_lexicon(paths, methods_json=None)`` reads any number of Turtle files written as SKOS
(``kgm:x a skos:Concept ; skos:prefLabel ; skos:altLabel* ; skos:broader ; kg:generic true``), with
datasets typed ``kg:Dataset``, models ``kg:Model`` and tasks ``kg:Task``, plus optionally a
Papers-with-Code ``methods.json`` (a list of objects with ``name``, ``full_name``...). The files are
read as one graph: a file may type a concept another file labels (``tasks.ttl`` makes families of
``methods.ttl`` such as link prediction tasks). The result is a plain, picklable ``Lexicon``.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

import pyoxigraph as ox

from .text import KGM, case_variants, delatex, norm_key, slugify

KG_NS = "https://w3id.org/research-kg/ontology#"
SKOS_NS = "http://www.w3.org/2004/02/skos/core#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"


@dataclass
class Concept:
    iri: str
    kind: str  # "method", "dataset", "model" or "task"
    pref: str
    labels: list[str] = field(default_factory=list)  # pref first, then alternatives
    broader: list[str] = field(default_factory=list)
    generic: bool = False
    learned: bool = False  # taught by the corpus (kg.extract.vocabulary), not catalogued


@dataclass
class Lexicon:
    concepts: dict[str, Concept] = field(default_factory=dict)  # by IRI
    _labels: frozenset[str] | None = field(default=None, repr=False, compare=False)  # see other_casings
    _by_key: dict[str, list[str]] | None = field(default=None, repr=False, compare=False)

    def add(self, concept: Concept) -> None:
        self._labels = self._by_key = None
        old = self.concepts.get(concept.iri)
        if old is None:
            self.concepts[concept.iri] = concept
            return
        for label in concept.labels:
            if label not in old.labels:
                old.labels.append(label)
        for b in concept.broader:
            if b not in old.broader:
                old.broader.append(b)
        old.generic = old.generic or concept.generic
        old.learned = old.learned and concept.learned

    def by_key(self) -> dict[str, list[str]]:
        """norm_key(label) -> IRIs carrying that label (made once, shared: not to be changed)."""
        if self._by_key is None:
            out: dict[str, list[str]] = {}
            for c in self.concepts.values():
                for label in c.labels:
                    k = norm_key(label)
                    if k and c.iri not in out.setdefault(k, []):
                        out[k].append(c.iri)
            self._by_key = out
        return self._by_key

    def other_casings(self, concept: Concept, label: str) -> set[str]:
        """The field's other casings of a method's one-word name (``case_variants``: ``Word2Vec``,
        ``WORD2VEC`` for ``word2vec``; ``FastText`` for ``fastText``), none of them a label of the
        lexicon, for a name catalogued or taught by the corpus alike; no other kind has them."""
        if concept.kind != "method":
            return set()
        if self._labels is None:
            self._labels = frozenset(x for c in self.concepts.values() for x in c.labels)
        return case_variants(label) - self._labels

    def __len__(self) -> int:
        return len(self.concepts)


def lexicon_label(text: str) -> str:
    """A catalogue label as written (``A*`` keeps its star), LaTeX accents resolved; labels of
    fewer than two letters or digits are dropped (they would match everywhere)."""
    label = " ".join(delatex(text).split())
    return label if sum(c.isalnum() for c in label) >= 2 else ""


def _truthy(value) -> bool:
    return str(value).strip().lower() in {"true", "1", "yes"}


def _rdf_format(path: Path) -> ox.RdfFormat:
    """A file's RDF syntax from its extension (``.owl`` is RDF/XML); Turtle when it says none."""
    extension = path.suffix[1:].lower()
    return ox.RdfFormat.from_extension("rdf" if extension == "owl" else extension) or ox.RdfFormat.TURTLE


# path -> (its version, its statements): a build reads the catalogue twice, for the first pass and
# with the corpus vocabulary for the second
_READ: dict[str, tuple[tuple[int, int], frozenset[tuple[str, str, str]]]] = {}


def read_triples(path: Path) -> frozenset[tuple[str, str, str]]:
    path = Path(path)
    stat = path.stat()
    version = (stat.st_mtime_ns, stat.st_size)
    kept = _READ.get(str(path))
    if kept is not None and kept[0] == version:
        return kept[1]
    with path.open("rb") as f:
        # a set, as an RDF graph is: a statement written twice (or in two graphs) counts once
        triples = frozenset((t.subject.value, t.predicate.value, t.object.value)
                            for t in ox.parse(f, format=_rdf_format(path), base_iri=path.absolute().as_uri()))
    _READ[str(path)] = (version, triples)
    return triples


# the kind a concept typed several ways takes: a task family of the method lexicon is a task
_KINDS = ((KG_NS + "Dataset", "dataset"), (KG_NS + "Model", "model"), (KG_NS + "Task", "task"),
          (SKOS_NS + "Concept", "method"), (KG_NS + "Method", "method"))


def add_skos(triples: Iterable[tuple[str, str, str]], lexicon: Lexicon) -> None:
    types: dict[str, set[str]] = {}
    pref: dict[str, list[str]] = {}
    alts: dict[str, list[str]] = {}
    broader: dict[str, list[str]] = {}
    generic: set[str] = set()
    learned: set[str] = set()
    for s, p, o in triples:
        if p == RDF_TYPE:
            types.setdefault(s, set()).add(o)
        elif p == SKOS_NS + "prefLabel":
            pref.setdefault(s, []).append(o)
        elif p in (SKOS_NS + "altLabel", SKOS_NS + "hiddenLabel", RDFS_LABEL):
            alts.setdefault(s, []).append(o)
        elif p == SKOS_NS + "broader":
            broader.setdefault(s, []).append(o)
        elif p == KG_NS + "generic" and _truthy(o):
            generic.add(s)
        elif p == KG_NS + "learned" and _truthy(o):
            learned.add(s)
    for s in sorted(set(pref) | set(alts)):
        t = types.get(s, set())
        kind = next((k for cls, k in _KINDS if cls in t), None)
        if kind is None:
            continue  # a scheme, a property declaration (kg:generic rdfs:label "generic"), ...
        labels = sorted(pref.get(s, [])) + sorted(alts.get(s, []))
        labels = [lexicon_label(x) for x in labels]
        labels = [x for i, x in enumerate(labels) if x and x not in labels[:i]]
        if not labels:
            continue
        lexicon.add(Concept(iri=s, kind=kind, pref=labels[0], labels=labels,
                            broader=sorted(broader.get(s, [])), generic=s in generic,
                            learned=s in learned))


def read_methods_json(path: Path, lexicon: Lexicon) -> None:
    """A Papers-with-Code ``methods.json``: each object becomes a method concept ``kgm:<slug>``."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = data.get("methods") or data.get("results") or list(data.values())
    for obj in data:
        if not isinstance(obj, dict):
            continue
        name = lexicon_label(str(obj.get("name") or ""))
        full = lexicon_label(str(obj.get("full_name") or ""))
        if not name and not full:
            continue
        labels = [x for x in (name, full) if x]
        labels = [x for i, x in enumerate(labels) if x not in labels[:i]]
        lexicon.add(Concept(iri=KGM + slugify(labels[0]), kind="method", pref=labels[0], labels=labels))


def load_lexicon(paths: Iterable[Path | str] = (), methods_json: Path | str | None = None) -> Lexicon:
    lexicon = Lexicon()
    add_skos(set().union(*(read_triples(Path(p)) for p in paths)), lexicon)
    if methods_json:
        read_methods_json(Path(methods_json), lexicon)
    return lexicon


_LEXICON_CACHE: dict[tuple, Lexicon] = {}


def get_lexicon(lexicons: Sequence[str], methods_json: str | None) -> Lexicon:
    """The catalogue of these files, loaded once per process (again if one of them changed)."""
    paths = tuple(sorted(str(p) for p in lexicons))
    stamp = tuple((p, os.path.getmtime(p)) for p in paths if os.path.exists(p))
    mj = (methods_json, os.path.getmtime(methods_json)) if methods_json and os.path.exists(methods_json) else None
    key = (stamp, mj)
    if key not in _LEXICON_CACHE:
        _LEXICON_CACHE[key] = load_lexicon([p for p in paths if os.path.exists(p)], methods_json)
    return _LEXICON_CACHE[key]


def default_lexicon_paths() -> Sequence[Path]:
    import kg

    folder = Path(kg.ONTOLOGY_DIR)
    names = ("methods.ttl", "datasets.ttl", "models.ttl", "tasks.ttl")
    return [folder / n for n in names if (folder / n).exists()]
