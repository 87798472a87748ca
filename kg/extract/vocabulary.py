"""The field's vocabulary learned from the corpus: the first of a build's two passes.

``learn_vocabulary(texts, lexicon) -> Vocabulary`` reads every paper of a build (``(paper key,
title, abstract)`` triples, plain strings and regexes, no spaCy) and collects candidate method
names with counted evidence, each kind with the papers that gave it:

- ``acronym``: a defined acronym whose long form has a method head ("Low-Rank Adaptation (LoRA)")
  or a learned representation's ("Sparse Composite Document Vectors (SCDV)");
- ``proposal``: a name a sentence proposes ("we propose a novel selective decoding ...", the whole
  noun phrase: "we introduce a new locally normalized model", or the title's phrase of a one-word
  proposal: "A Span-based Linearization for ..." + "we propose a novel linearization of ..."), and a
  title's phrase with a technique head restated where the abstract presents its own ("Key-value
  Attention Mechanism for ..." + "we propose ... with a key-value attention mechanism");
- ``coinage``: a name a text coins ("which we refer to as attention bridge", "a method called X");
- ``kind_noun``: a name a defining kind noun follows ("the sigmoid attention mechanism", "a data
  hallucination technique"); ``kind_phrase`` for the other kind nouns ("a step size selection
  procedure"), which describe as often as they name;
- ``head_phrase``: a noun phrase ending in a technique head ("... attention", "... decoding",
  "... normalization", "... sampling", "... estimation"), taken whole by a lexical grammar that
  stops at determiners, prepositions, verbs and adverbs; one hyphenated word ending in a technique
  head is such a phrase ("bi-attention"), and an X-based compound may begin one ("chunk-based
  decoders", a name where a paper proposes it, a description before a kind noun); the catalogue's
  method with such modifiers ("multimodal self-attention") is that method, described;

and, around each occurrence, the contexts it is used in (``uses``: "we use X"; ``based``: "X-based",
"based on X"; ``variant``: "a variant of X"; ``outperforms``: "X outperforms", "than X").

A name is accepted when one paper defines it (``STRONG_KINDS``), or when at least ``MIN_PAPERS``
papers name it and ``MIN_CONTEXT_PAPERS`` of them use it in a method's context. A name whose first
word is what it processes ("sentence encoder", "word alignment") is a description unless a paper
defines it by an acronym or a coinage. Names the catalogue knows, tasks (and kinds of
tasks), acronyms the catalogue knows, and phrases of plain words are never candidates. The accepted
names are written as SKOS concepts marked ``kg:learned`` (``Vocabulary.write_turtle``) and join the
catalogue of the second pass, the extraction, which finds them in every paper, below what the
text's own rules and the catalogue's specific names find: a method one paper defines is found in
every paper that names it, by either form. ``Vocabulary.triples`` keeps, for ``kg explain``, which
papers gave which kind of evidence.

The word classes and context patterns are data (``kg/data/vocabulary.json``), compiled once.
"""
from __future__ import annotations

import bisect
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from .abbrev import find_abbreviations, split_sentences, valid_short
from .lexicon import Lexicon
from .text import (DATA_DIR, GENERIC_HEADS, GENERIC_PHRASES, KGM, METHOD_HEADS, NON_METHOD_HEADS, NOT_METHOD_TOKENS, X_SUFFIXES, clean_label,
                   data_words, first_char_lookahead, norm_key, singular, slugify, words_pattern)

__all__ = ["learn_vocabulary", "Vocabulary", "Term", "STRONG_KINDS", "MIN_PAPERS", "MIN_CONTEXT_PAPERS"]

#: Kinds of evidence by which one paper defines a name.
STRONG_KINDS = ("acronym", "proposal", "kind_noun", "coinage")
#: ... and by which it defines a name that starts with what it processes ("sentence encoder": "we
#: introduce sentence encoders" proposes no name).
DEFINING_KINDS = ("acronym", "coinage")
#: Kinds by which a paper proposes the name.
PROPOSING_KINDS = ("proposal", "coinage")
#: A name no paper defines is accepted when this many papers name it ...
MIN_PAPERS = 3
#: ... and this many of them use it as a method ("we use X", "X-based", "variant of X", "X outperforms").
MIN_CONTEXT_PAPERS = 2
#: How many papers' evidence a term keeps for ``kg explain``.
EVIDENCE_KEPT = 5
#: Longest name the grammar takes: modifiers before the head.
MAX_MODIFIERS = 3
#: An acronym defined with several long forms keeps it only for the one given at least this share.
ACRONYM_SHARE = 2 / 3

CUES_FILE = DATA_DIR / "vocabulary.json"


@dataclass(frozen=True)
class Cues:
    technique_heads: frozenset[str]
    kind_nouns: frozenset[str]
    loose_kind_nouns: frozenset[str]
    defining_kind_nouns: frozenset[str]
    plain: frozenset[str]
    stops: frozenset[str]
    verbs: frozenset[str]
    determiners: frozenset[str]
    noun_suffixes: tuple[str, ...]
    task_heads: frozenset[str]
    not_adverbs: frozenset[str]
    data_nouns: frozenset[str]
    contexts: dict[str, re.Pattern]
    formalism_objects: frozenset[str]
    formalism_heads: frozenset[str]
    title_cut: re.Pattern  # punctuation, dashes and the title's cut, means and conjunction words, captured
    title_means: frozenset[str]
    title_conjunctions: frozenset[str]
    representation_heads: frozenset[str]
    design_attributes: frozenset[str]

    def adverb(self, word: str) -> bool:
        return word.endswith("ly") and word not in self.not_adverbs


@lru_cache(maxsize=1)
def cues() -> Cues:
    data = data_words(CUES_FILE.stem)
    return Cues(frozenset(data["technique_heads"]), frozenset(data["kind_nouns"]),
                frozenset(data["loose_kind_nouns"]), frozenset(data["defining_kind_nouns"]),
                frozenset(data["plain_modifiers"]),
                frozenset(data["stop_words"]) | frozenset(data["verbs"]), frozenset(data["verbs"]),
                frozenset(data["determiners"]), tuple(data["noun_suffixes"]), frozenset(data["task_heads"]),
                frozenset(data["not_adverbs"]), frozenset(data["data_nouns"]), {k: re.compile(v) for k, v in data["contexts"].items()},
                frozenset(data["formalism_objects"]), frozenset(data["formalism_heads"]),
                _title_cut(data["title_cuts"] + data["title_means"] + data["title_conjunctions"]),
                frozenset(data["title_means"]), frozenset(data["title_conjunctions"]),
                frozenset(data["representation_heads"]), frozenset(data["design_attributes"]))


def _title_cut(words: list[str]) -> re.Pattern:
    """Where a title's phrases end: punctuation, a dash, or one of ``words`` (a word of a hyphenated
    compound cuts nothing: "Span-based Linearization", "Plug-in Estimation")."""
    # (one prefix tree of the words, matched ignoring case, behind a look-ahead at the characters a cut begins with:
    # the engine leaves at once each place where none stands; twice as fast)
    words = {w.lower() for w in words}
    first = "".join(sorted({w[0] for w in words}))
    return re.compile(rf"(?=[\s:;,?!()—–{re.escape(first)}])(\s*(?:[:;,?!()—–]|\s-\s)\s*|\s*(?<![\w-])(?:{words_pattern(words)})(?![\w-])\s*)",
                      re.IGNORECASE)


@dataclass
class Term:
    """A candidate name and its evidence across the corpus."""

    key: str
    forms: Counter = field(default_factory=Counter)  # surface forms of the long name
    shorts: Counter = field(default_factory=Counter)  # acronyms defined for it
    papers: set[str] = field(default_factory=set)
    kinds: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # kind -> papers
    contexts: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # context -> papers
    evidence: list[tuple[str, str, str]] = field(default_factory=list)  # (paper, kind, sentence)
    descriptive: bool = False  # its first word names what is processed: "sentence encoder"

    @property
    def label(self) -> str:
        return sorted(self.forms, key=lambda f: (-self.forms[f], f != f.lower(), len(f), f))[0]

    @property
    def strong(self) -> bool:
        kinds = DEFINING_KINDS if self.descriptive else STRONG_KINDS
        return any(self.kinds.get(k) for k in kinds)

    @property
    def context_papers(self) -> int:
        return len(set().union(*self.contexts.values())) if self.contexts else 0

    @property
    def accepted(self) -> bool:
        return self.strong or (not self.descriptive and len(self.papers) >= MIN_PAPERS
                               and self.context_papers >= MIN_CONTEXT_PAPERS)

    def note(self, paper: str, kind: str, surface: str, sentence: str) -> None:
        self.forms[surface] += 1
        self.papers.add(paper)
        if paper not in self.kinds[kind]:
            self.kinds[kind].add(paper)
            self._keep(paper, kind, sentence)

    def _keep(self, paper: str, kind: str, sentence: str) -> None:
        if len(self.evidence) < EVIDENCE_KEPT:
            self.evidence.append((paper, kind, sentence))
        elif kind in STRONG_KINDS and not any(k in STRONG_KINDS for _, k, _ in self.evidence):
            self.evidence[-1] = (paper, kind, sentence)  # what defines a name says most about it

    def merge(self, later: Term) -> None:
        """Add the evidence of ``later``, the same name in papers read after this term's: the
        same term as if they had been read here in turn (``later.evidence`` holds its first
        strong evidence, the one this term may keep)."""
        self.forms.update(later.forms)
        self.shorts.update(later.shorts)
        self.papers |= later.papers
        for kind, papers in later.kinds.items():
            self.kinds[kind] |= papers
        for context, papers in later.contexts.items():
            self.contexts[context] |= papers
        for item in later.evidence:
            self._keep(*item)

    def state(self) -> dict:
        return {"forms": self.forms, "shorts": self.shorts, "papers": sorted(self.papers),
                # (in sorted order: a paper's contexts are noted from a set, whose order varies between runs)
                "kinds": {k: sorted(v) for k, v in sorted(self.kinds.items())},
                "contexts": {k: sorted(v) for k, v in sorted(self.contexts.items())},
                "evidence": self.evidence, "descriptive": self.descriptive}

    @classmethod
    def from_state(cls, key: str, state: dict) -> Term:
        return cls(key, Counter(state["forms"]), Counter(state["shorts"]), set(state["papers"]),
                   defaultdict(set, {k: set(v) for k, v in state["kinds"].items()}),
                   defaultdict(set, {k: set(v) for k, v in state["contexts"].items()}),
                   [tuple(e) for e in state["evidence"]], state["descriptive"])


@dataclass
class Vocabulary:
    """The candidates of a corpus; ``accepted`` are the names the second pass looks for."""

    terms: dict[str, Term] = field(default_factory=dict)
    taken: set[str] = field(default_factory=set)  # the catalogue's IRIs, which a learned name never takes
    short_uses: Counter = field(default_factory=Counter)  # acronym -> its definitions, for any long form
    _proposed: dict | None = field(default=None, repr=False)

    @property
    def accepted(self) -> list[Term]:
        return [t for _, t in sorted(self.terms.items()) if t.accepted and self.iri(t) not in self.taken]

    def merge(self, later: Vocabulary) -> None:
        """Add the evidence of ``later``, learned from other papers read after these."""
        for key, term in later.terms.items():
            if key in self.terms:
                self.terms[key].merge(term)
            else:
                self.terms[key] = term
        self.short_uses.update(later.short_uses)
        self._proposed = None

    def names(self) -> dict[str, tuple[str, ...]]:
        """Each accepted name's key -> its IRI and spellings: what the second pass looks for."""
        return {t.key: (self.iri(t), *self.labels(t)) for t in self.accepted}

    def state(self) -> dict:
        """The evidence as plain data (JSON), which ``from_state`` reads back."""
        return {"terms": {key: term.state() for key, term in sorted(self.terms.items())},
                "short_uses": self.short_uses}

    @classmethod
    def from_state(cls, state: dict, taken: set[str]) -> Vocabulary:
        return cls({key: Term.from_state(key, t) for key, t in state["terms"].items()}, taken,
                   Counter(state["short_uses"]))

    def labels(self, term: Term) -> list[str]:
        """The term's spellings: its label, its other forms, and its acronym unless the corpus
        defines that acronym for other names too."""
        out = [term.label] + sorted(f for f in term.forms if f != term.label)
        for short, n in term.shorts.most_common(1):
            if n >= ACRONYM_SHARE * self.short_uses[short]:
                out.append(short)
        return list(dict.fromkeys(out))


    def proposals_of(self, papers: Iterable[str]) -> dict[str, dict[str, str]]:
        """Each of ``papers`` that proposes or coins accepted names -> those names' keys, each with the
        kind of its evidence (``proposal`` before ``coinage``): the extraction makes them the paper's
        proposals (``kg.extract.methods.propose_taught``) before it decides their lineage."""
        out: dict[str, dict[str, str]] = {}
        for paper in papers:
            for kind in PROPOSING_KINDS:
                for key in sorted(self.proposed.get((paper, kind), ())):
                    out.setdefault(paper, {}).setdefault(key, kind)
        return out

    @property
    def proposed(self) -> dict[tuple[str, str], set[str]]:
        """(paper, kind) -> keys of the accepted names it proposes or coins."""
        if self._proposed is None:
            self._proposed = defaultdict(set)
            for term in self.accepted:
                for kind in PROPOSING_KINDS:
                    for paper in term.kinds.get(kind, ()):
                        self._proposed[paper, kind].add(term.key)
        return self._proposed

    def iri(self, term: Term) -> str:
        return KGM + slugify(term.label)

    def write_turtle(self, path: Path) -> Path:
        """The accepted names as SKOS concepts, a lexicon file for the second pass."""
        lines = ["@prefix skos: <http://www.w3.org/2004/02/skos/core#> .",
                 "@prefix kg: <https://w3id.org/research-kg/ontology#> .", ""]
        for term in self.accepted:
            labels = self.labels(term)
            alts = "".join(f" ;\n    skos:altLabel {json.dumps(x, ensure_ascii=False)}" for x in labels[1:])
            lines.append(f"<{self.iri(term)}> a skos:Concept ;\n    kg:learned true ;\n    skos:prefLabel "
                         f"{json.dumps(labels[0], ensure_ascii=False)}{alts} .")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    def triples(self, paper_iri, method_keys: dict[str, set[str]]) -> Iterator:
        """The evidence of each accepted term the graph holds as a method (``method_keys``: a
        normalised long label -> the keys of the methods with that label, as
        ``kg.resolve.MethodRegistry.long``): ``?m kg:learnedFrom [ kg:paper ?p ; kg:evidenceKind
        ?kind ; kg:evidenceSentence ?s ]`` (a ``kg:VocabularyEvidence``) and ``?m kg:learnedPapers ?n``."""
        import pyoxigraph as ox

        from kg.rdf.namespaces import KG, XSD
        from kg.rdf.triples import method_iri

        learned_from, paper_of, kind_of, sentence_of, papers_of, evidence_class = (
            ox.NamedNode(str(KG) + name)
            for name in ("learnedFrom", "paper", "evidenceKind", "evidenceSentence", "learnedPapers", "VocabularyEvidence"))
        rdf_type = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
        integer = ox.NamedNode(str(XSD.integer))
        for term in self.accepted:
            keys = method_keys.get(term.key)
            if not keys:
                continue
            node = method_iri(min(keys))
            for paper, kind, sentence in term.evidence:
                ev = ox.NamedNode(f"{self.iri(term)}/learned/{paper}-{kind}")
                yield ox.Quad(node, learned_from, ev)
                yield ox.Quad(ev, rdf_type, evidence_class)
                yield ox.Quad(ev, paper_of, paper_iri(paper))
                yield ox.Quad(ev, kind_of, ox.Literal(kind))
                yield ox.Quad(ev, sentence_of, ox.Literal(sentence))
            yield ox.Quad(node, papers_of, ox.Literal(str(len(term.papers)), datatype=integer))


# --- the lexical grammar ----------------------------------------------------------------------

_LOWER_WORD = r"[a-z][a-z0-9]*(?:['-][a-z0-9]+)*"
#: the lowercase words, one space apart, right before a head
_WORDS_BEFORE = re.compile(r"(?:(?<![\w'-])" + _LOWER_WORD + r" ){1,%d}$" % (MAX_MODIFIERS + 2))
#: a whole lowercase word (hyphens inside): where a head may be (``_head_tokens``)
_LOWER_TOKEN = re.compile(r"(?<![\w'-])[a-z]+(?:-[a-z]+)*(?![\w'-])")
_WORD_AFTER = re.compile(r" (" + _LOWER_WORD + r")(?![\w'-])")
_NAME_AFTER = re.compile(r" [A-Z]")
_WORD_BEFORE = re.compile(r"([A-Za-z]+)[ ,]*$")
_X_WORD = re.compile(r"-(?:" + "|".join(X_SUFFIXES) + r")$")
#: (the lookahead first lets the scan skip every place no cue starts: 40% faster)
_COINED = re.compile(r"(?=[cdnrtw])\b(?:called|named|dubbed|termed|coined|refer\s+to\s+(?:it\s+|them\s+|this\s+\w+\s+)?as|"
                     r"we\s+call\s+(?:it|them|this\s+\w+))\s+[\"'“‘`]*(?:the\s+)?", re.IGNORECASE)
#: a word each match of ``_COINED`` holds: a text whose lowered form has none is not scanned (nor one
#: with a dotted or dotless capital i, which the regex's case folding reads as an "i")
_COINED_WORDS = ("call", "named", "dubbed", "termed", "coined", "refer")
#: after these a run's first word is a verb: "we discuss several methods", "to understand X techniques"
_SUBJECTS = {"we", "they", "it", "which", "that", "who", "this", "these", "he", "she", "to"}
#: a long form is words: "NER) and normalization" or "contrast, our model" is a misread definition
_LONG_FORM = re.compile(r"[A-Za-z][\w'-]*(?: [\w'-]+)*")


def _plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _ends_phrase(text: str, end: int, c: Cues) -> bool:
    """Does the noun phrase stop at ``end`` (no lowercase content word follows)?"""
    m = _WORD_AFTER.match(text, end)
    return m is None or m.group(1) in c.stops or c.adverb(m.group(1))


def _modifiers(text: str, lo: int, a: int, c: Cues) -> int | None:
    """Where the name whose head starts at ``a`` starts: the content words before it (at most
    ``MAX_MODIFIERS``), a verb after a subject and plain modifiers ("novel", "standard") left out;
    None when no modifier is left."""
    m = _WORDS_BEFORE.search(text, lo, a)
    if m is None:
        return None
    words = [(w.start() + m.start(), w.group()) for w in re.finditer(r"\S+", m.group())]
    k = len(words)
    while k > 0:
        w = words[k - 1][1]
        if w in c.stops or c.adverb(w) or w in GENERIC_HEADS:
            break
        k -= 1
        if _X_WORD.search(w):
            break  # "a ridge-guided span attention": an X-based compound only begins a name
    kept = words[k:]
    if k > 0 and c.adverb(words[k - 1][1]) and kept:
        kept = kept[1:]  # "computationally intensive X": the adverb's adjective is no part of a name
    before = words[k - 1][1] if k > 0 else (_WORD_BEFORE.search(text, max(lo, m.start() - 20), m.start()) or [None, ""])[1].lower()
    if before in _SUBJECTS and kept:
        kept = kept[1:]
    for i in range(len(kept) - 2, -1, -1):
        if _plural(kept[i][1]):  # only the last modifier may be plural: "mixed effects modeling"
            kept = kept[i + 1:]
            break
    kept = kept[-MAX_MODIFIERS:]
    while kept and kept[0][1] in c.plain:
        kept = kept[1:]
    if kept and kept[0][1].endswith(("ing", "ed")) and before not in c.determiners and before not in c.verbs:
        kept = kept[1:]  # "by training X", "a model containing X": a verb, not a modifier
    if not kept or any(w in c.plain for _, w in kept):
        return None
    return kept[0][0]


def _compound(word: str, c: Cues) -> bool:
    """Is ``word`` one hyphenated name whose last part is a technique head ("bi-attention",
    "down-sampling"), its other parts content words (not "new-attention", "the-encoder", "2-pooling")?"""
    parts = word.split("-")
    last = parts[-1]
    return len(parts) > 1 and (singular(last) in c.technique_heads or last in c.technique_heads) \
        and all(len(p) > 1 and p.isalpha() and p not in c.stops and p not in c.plain for p in parts[:-1])


def _sentence_start(sents: list[tuple[int, int]], starts: list[int], pos: int) -> int:
    i = bisect.bisect_right(starts, pos) - 1
    return sents[i][0] if i >= 0 else 0


@lru_cache(maxsize=4)
def _head_tokens(heads: frozenset[str]) -> re.Pattern:
    """The whole lowercase words (as ``_LOWER_TOKEN`` finds them) that are one of ``heads`` or hyphenated: the words
    ``_candidates`` reads (a third of the time of reading every word)."""
    return re.compile(r"(?<![\w'-])(?:" + words_pattern({h for h in heads if _LOWER_TOKEN.fullmatch(h)})
                      + r"|[a-z]+(?:-[a-z]+)+)(?![\w'-])")


def _candidates(text: str, sents: list[tuple[int, int]], c: Cues, heads: frozenset[str]) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of the names the grammar takes: modifiers and a head, the head a
    technique head ending the phrase ("... sigmoid attention."), or any noun a kind noun follows
    ("a data hallucination technique"). A name never starts before its sentence."""
    starts = [a for a, _ in sents]
    for m in _head_tokens(heads).finditer(text):
        low = m.group()
        # "... bi-attention", one word a name (not before a name it qualifies: "a context-encoding LSTM")
        compound = low not in heads and "-" in low and _compound(low, c) and not _NAME_AFTER.match(text, m.end())
        if low not in heads and not compound:
            continue
        a, b = m.span()
        s_start = _sentence_start(sents, starts, a)
        head = singular(low)
        if low in c.kind_nouns:
            # the noun before a kind noun is the head: "hallucination" of "data hallucination technique"
            if not _ends_phrase(text, b, c) or text.startswith(" of ", b):
                continue  # "alternating direction method of multipliers": the name goes on
            prev = re.search(r"(?<![\w'-])(" + _LOWER_WORD + r") $", text[max(s_start, a - 40):a])
            if prev is None:
                continue
            word = prev.group(1)
            h = singular(word)
            if word in c.stops or word in c.plain or c.adverb(word) or word.endswith("ed") or _X_WORD.search(word) \
                    or h in NON_METHOD_HEADS or h in GENERIC_HEADS:
                continue
            method_head = h in c.technique_heads or word in c.technique_heads or h in METHOD_HEADS
            if not method_head and (low in c.loose_kind_nouns or not h.endswith(c.noun_suffixes)):
                continue  # "a deterministic method": an adjective, not the name's head
            start = _modifiers(text, s_start, a - len(word) - 1, c)
            if start is None and _compound(word, c):
                start = a - len(word) - 1  # "the bi-attention mechanism"
            if start is not None:
                # "a data hallucination technique" defines a name; "a selection procedure" may not;
                # "a graph-based scoring mechanism" (an X-based compound) only where a paper proposes it
                kind = "kind_noun" if low in c.defining_kind_nouns else "kind_phrase"
                if kind == "kind_noun" and _X_WORD.search(text[start:text.find(" ", start)]):
                    kind = "head_phrase"
                yield start, a - 1, kind
        elif (compound or head in c.technique_heads or low in c.technique_heads) and _ends_phrase(text, b, c):
            start = _modifiers(text, s_start, a, c)
            if start is None and compound:
                start = a
            if start is not None:
                words = text[start:b].split()
                if words[0].endswith("ing") and low.endswith("s") and len(words) > 1:
                    start += len(words[0]) + 1  # "generating embeddings": a verb and its object
                yield start, b, "head_phrase"


def _coined(text: str, c: Cues, low: str) -> Iterator[tuple[int, int]]:
    """Names a text coins: "which we refer to as attention bridge", "a technique called X" (what
    is called must be a method's kind: "new variables, called X" names no method). ``low``: the text lowered."""
    if not any(w in low for w in _COINED_WORDS) and "\u0130" not in text and "\u0131" not in text:
        return
    for m in _COINED.finditer(text):
        if not m.group().lower().startswith(("we", "refer")):
            before = _WORD_BEFORE.search(text, max(0, m.start() - 30), m.start())
            if before is None or before.group(1).lower() not in c.kind_nouns | GENERIC_HEADS:
                continue
        words = []
        for w in re.finditer(_LOWER_WORD + r"(?=[ ,.;:)\"'”’]|$)", text[m.end():m.end() + 80]):
            if (words and w.start() != words[-1].end() + 1) or w.group() in c.stops:
                break
            words.append(w)
            if len(words) > MAX_MODIFIERS:
                break
        last = words[-1].group() if words else ""
        if 2 <= len(words) <= MAX_MODIFIERS + 1 and words[0].start() == 0 and last not in c.plain \
                and not last.endswith("ed") and not c.adverb(last):
            yield m.end(), m.end() + words[-1].end()


#: nouns of a process: "a <process> model" is a model for it, described
_PROCESS_SUFFIXES = ("tion", "sion", "ment", "ing")
#: a proposing verb and what follows it up to the first punctuation
_PROPOSING = first_char_lookahead(re.compile(r"\b[Ww]e\s+(?:[a-z]+ly\s+)?(?:propose|introduce|present|develop|design|devise)[sd]?\s+"
                        r"(?P<np>[a-z][a-z0-9 -]*)(?P<rest>[^.;:]*)"))
#: a further new thing the proposing sentence names: "..., together with a new locally normalized model"
_ALSO_NEW = first_char_lookahead(re.compile(r"\b(?:a|an)\s+(?:new|novel)\s+[a-z][a-z0-9 -]*"))


def _proposed_phrases(text: str, title: str, c: Cues, heads: frozenset[str]) -> Iterator[tuple[int, str]]:
    """The noun phrase a proposing sentence proposes, taken whole: "we propose a new locally
    normalized model" (an adverb before a participle belongs to the name: "jointly trained",
    "weakly supervised"; before any other word it only qualifies: "a provably correct"). The
    phrase ends in a method's head and at a stop word or punctuation. A one-word phrase whose
    head the title names with modifiers ("A Span-based Linearization for ...") is the title's
    phrase. Yields (where the sentence proposes, name)."""
    for m in _PROPOSING.finditer(text):
        for phrase in [m.group("np"), *(n.group() for n in _ALSO_NEW.finditer(m.group("rest")))]:
            name = _proposed_phrase(phrase, title, c, heads)
            if name:
                yield m.start(), name


def _proposed_phrase(phrase: str, title: str, c: Cues, heads: frozenset[str]) -> str | None:
    """The name ``phrase`` (what follows a proposing verb) gives, or None (see ``_proposed_phrases``)."""
    words = phrase.split()
    if not words or words[0] not in c.determiners:
        return None
    i = 1
    while i < len(words):
        w = words[i]
        if w in c.plain or w in ("yet", "and", "but") and i + 1 < len(words) and words[i + 1] in c.plain:
            i += 1
        elif c.adverb(w) and i + 1 < len(words) and not words[i + 1].endswith("ed"):
            i += 2  # "a provably correct ...": a qualifier
        else:
            break
    name: list[str] = []
    for w in words[i:]:
        if w in c.stops and w not in heads and not (name and c.adverb(name[-1]) and w.endswith("ed")):
            break  # ("locally normalized": a participle an adverb qualifies is no verb)
        name.append(w)
        if w in heads and w in c.stops:
            break  # "model", "design" may be verbs: the phrase ends there
    if not name or len(name) > MAX_MODIFIERS + 1:
        return None
    head = name[-1]
    if singular(head) not in heads and head not in heads:
        return None
    if len(name) == 1:
        t = re.search(r"(?<![\w-])%s\b" % re.escape(head), title, re.IGNORECASE)
        before = title[:t.start()].split()[-MAX_MODIFIERS:] if t else []
        k = len(before)
        while k > 0 and re.fullmatch(r"[A-Za-z][\w-]*", before[k - 1]) and before[k - 1].lower() not in c.stops \
                and before[k - 1].lower() not in c.plain:
            k -= 1
        return " ".join(before[k:]) + " " + title[t.start():t.end()] if t and k < len(before) else None
    if head in c.kind_nouns and (singular(name[-2]) in c.technique_heads or singular(name[-2]) in METHOD_HEADS
                                 or name[-2] in c.task_heads or name[-2].endswith(_PROCESS_SUFFIXES)
                                 or any(w == "based" or _X_WORD.search(w) for w in name)):
        # "an adversarial learning framework", "a metaphor identification method", "a semantic
        # enrichment approach", "a reinforcement learning based model": a kind described, no name
        return None
    if head in GENERIC_HEADS and (len(name) < 3 or all(w in c.plain or w in c.design_attributes for w in name[:-1])):
        return None  # "a neural model", "a joint approach", "a two-stage neural model": a kind, not a name
    return " ".join(name)


#: a sentence that presents the paper's own
_OWN_CUE = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Pp]ropos\w*|[Ii]ntroduc\w*|[Pp]resent\w*|novel|new)\b")
_ARTICLE = re.compile(r"(?:an?|the)\s+", re.IGNORECASE)


@lru_cache(maxsize=64)
def title_parts(title: str, conjuncts: str = "means") -> tuple[str, ...]:
    """The title's phrases that may name its method, an article before them left out: its head (what
    comes before its first cut, "Selective Decoding | for X", unless a means follows it: "Neural Topic
    Modeling | with Adversarial Training" names a task), each phrase a means word introduces ("Parsing
    with | a Stack-Free Transition System"; never what follows "for", "in", "based on", nor a means the
    title opens with: "Using Human Attention to ..."), and "and" conjuncts: none (``conjuncts="none"``),
    those of the means phrases ("means": "... with a Stack-Free Transition System and | a Dynamic
    Oracle"), or every one ("all": "Token-level and | Sequence-level Loss Smoothing"). The words are
    data: ``title_cuts``, ``title_means``, ``title_conjunctions`` in ``kg/data/vocabulary.json``.
    (cached: a paper's title is asked for by several rules)"""
    c = cues()
    pieces = _title_pieces(title)
    out, means = [], False
    for k in range(0, len(pieces), 2):
        cut = pieces[k - 1].strip().lower() if k else ""
        if not k:
            keep = len(pieces) < 2 or pieces[1].strip().lower() not in c.title_means
        elif cut in c.title_conjunctions:
            keep = conjuncts == "all" or conjuncts == "means" and means
        else:
            means = keep = cut in c.title_means and (k > 2 or pieces[0].strip() != "")
        part = pieces[k].strip()
        if keep and part:
            a = _ARTICLE.match(part)
            out.append(part[a.end():] if a else part)
    return tuple(out)


@lru_cache(maxsize=16)
def _title_pieces(title: str) -> tuple[str, ...]:
    """The title cut at its cuts, each cut kept between two phrases (``title_parts``, which the rules
    ask for in each of its three ways: the cutting read once)."""
    return tuple(cues().title_cut.split(title))


def _title_technique_phrases(title: str, c: Cues) -> Iterator[str]:
    """The title's noun phrases that end in a technique's head, its kind noun left out ("Key-value
    Attention Mechanism for ..." -> "Key-value Attention"): two to three words, none a function
    word, a verb's form or an X-based compound; the title's first phrase or one its means
    introduce ("... with Cost-sensitive Regularization"), not its purpose or domain ("for Descriptive
    Clustering")."""
    for part in title_parts(title, "all"):
        words = part.split()
        if words and words[0].lower() in c.determiners:
            words = words[1:]
        if words and words[-1].lower() in c.kind_nouns:
            words = words[:-1]
        if not 2 <= len(words) <= MAX_MODIFIERS or singular(words[-1].lower()) not in c.technique_heads:
            continue
        if any(not re.fullmatch(r"[A-Za-z][\w-]*", w) or w.lower() in c.stops or w.lower() in c.plain
               or _X_WORD.search(w.lower()) for w in words) or words[0].lower().endswith(("ing", "ed")):
            continue
        yield " ".join(words)


def _context_kinds(text: str, a: int, b: int, c: Cues) -> set[str]:
    before, after = text[max(0, a - 60):a].lower(), text[b:b + 40]
    kinds = set()
    ctx = c.contexts
    if ctx["uses_before"].search(before):
        kinds.add("uses")
    if ctx["based_before"].search(before) or ctx["based_after"].search(after):
        kinds.add("based")
    if ctx["variant_before"].search(before):
        kinds.add("variant")
    if ctx["outperforms_after"].search(after) or ctx["outperforms_before"].search(before):
        kinds.add("outperforms")
    return kinds


_CATALOGUE: list = []  # [(lexicon, its names' keys, its tasks' keys)]: the last catalogue read


def _catalogue(lexicon: Lexicon) -> tuple[frozenset[str], frozenset[str]]:
    """The keys of the catalogue's names and of its tasks' names, made once for the many parts of
    a corpus a process reads (0.25 s each on 2,000 concepts)."""
    if not _CATALOGUE or _CATALOGUE[0] is not lexicon:
        by_key = lexicon.by_key()
        _CATALOGUE[:] = [lexicon, frozenset(by_key),
                         frozenset(k for k, iris in by_key.items() if any(lexicon.concepts[i].kind != "method" for i in iris))]
    return _CATALOGUE[1], _CATALOGUE[2]


class _Learner:
    def __init__(self, lexicon: Lexicon):
        self.c = cues()
        self.known, self.tasks = _catalogue(lexicon)
        self.vocabulary = Vocabulary(taken=set(lexicon.concepts))
        words = self.c.technique_heads | self.c.kind_nouns
        self.heads = frozenset(words | {w + "s" for w in self.c.technique_heads})
        self.proposal_heads = frozenset(self.c.technique_heads | self.c.kind_nouns | {"network", "networks"})

    def admissible(self, name: str) -> str | None:
        """The name's key, or None for a name the catalogue knows, a task, a generic phrase."""
        key = norm_key(name)
        words = name.split()
        if not key or key in self.known or key in self.tasks or name.lower() in GENERIC_PHRASES:
            return None
        if len(words) < 2 and not _compound(name.lower(), self.c):
            return None  # one word is a name only as a hyphenated technique: "bi-attention"
        last = words[-1].lower()
        if len(words) == 2 and last in GENERIC_HEADS:
            return None  # "Incremental Algorithm (IA)": read everywhere, it is any incremental algorithm
        if singular(last) in NON_METHOD_HEADS or last in self.c.task_heads or any(len(w) < 2 for w in words):
            return None
        if any(norm_key(" ".join(words[i:])) in self.tasks for i in range(1, len(words))):
            return None  # "aspect-term sentiment analysis": a kind of a task
        return key

    def configured(self, name: str, compounds: bool = False) -> bool:
        """Is the name one of the catalogue's methods with modifiers or a kind noun ("a (many-to-many)
        multi-task learning model", "Transformer Encoder"; with ``compounds``, a hyphenated one too:
        "multimodal self-attention")?"""
        words = name.split()
        return any(norm_key(" ".join(part)) in self.known for i in range(len(words))
                   for part in (words[i:-1], words[i + 1:])
                   if part and (len(part) > 1 or part[0][:1].isupper() or compounds and "-" in part[0]))

    def note(self, paper: str, name: str, kind: str, sentence: str, contexts=(), short: str | None = None) -> None:
        key = self.admissible(name)
        if key is None:
            return
        term = self.vocabulary.terms.get(key)
        if term is None:
            term = self.vocabulary.terms[key] = Term(key, descriptive=name.split()[0].lower() in self.c.data_nouns)
        term.note(paper, kind, name, sentence)
        for ctx in contexts:
            term.contexts[ctx].add(paper)
        if short:
            term.shorts[short] += 1

    def read(self, paper: str, title: str, abstract: str) -> None:
        c = self.c
        for text in (title, abstract):
            if not text:
                continue
            sents = split_sentences(text)
            for ab in find_abbreviations(text, sents):
                long = clean_label(ab.long)
                head = singular(long.split()[-1].lower()) if long else ""
                short = clean_label(ab.short)
                if not valid_short(short):
                    continue
                self.vocabulary.short_uses[short] += 1
                if norm_key(short) in self.known or short.lower() in NOT_METHOD_TOKENS or not _LONG_FORM.fullmatch(long):
                    continue  # the catalogue's acronym ("convolution neural network (CNN)" is its CNN), a venue's
                if head in METHOD_HEADS or head in c.technique_heads or head in c.representation_heads:
                    sentence = next((text[a:b] for a, b in sents if a <= ab.long_start < b), text)
                    self.note(paper, long, "acronym", sentence, short=short)
            if text is title:
                continue  # a title's capitals and missing verbs fool the grammar; pass 2 finds its names
            low = text.lower()
            starts = [a for a, _ in sents]

            def sentence(pos: int) -> tuple[int, int]:
                i = bisect.bisect_right(starts, pos) - 1
                return sents[i] if i >= 0 else (0, len(text))

            for a, b in _coined(text, c, low):
                s_start, s_end = sentence(a)
                self.note(paper, text[a:b], "coinage", text[s_start:s_end])
            for name in _title_technique_phrases(title, c):
                # the title's phrase restated where the abstract presents its own: the paper's
                if self.configured(name):
                    continue
                for m in re.finditer(r"(?<![\w-])%s(?![\w-])" % re.escape(name), text, re.IGNORECASE):
                    s_start, s_end = sentence(m.start())
                    if _OWN_CUE.search(text, s_start, s_end):
                        self.note(paper, text[m.start():m.end()], "proposal", text[s_start:s_end])
                        break
            for a, name in _proposed_phrases(text, title, c, self.proposal_heads):
                if self.configured(name):
                    continue
                s_start, s_end = sentence(a)
                self.note(paper, name, "proposal", text[s_start:s_end])
            for a, b, kind in _candidates(text, sents, c, self.heads):
                words = text[a:b].split()
                if len(words) > 1 and (_X_WORD.search(words[0]) or kind == "head_phrase" and words[-1] not in self.heads
                                       and "-" in words[-1]) and self.configured(text[a:b], True):
                    continue  # "vector-based multi-head attention": the catalogue's method, described
                s_start, s_end = sentence(a)
                proposal = c.contexts["proposal_before"].search(low, s_start, a)
                if kind != "kind_phrase" and proposal and only_modifiers(proposal.group(1).split(), c):
                    kind = "proposal"  # "we propose a novel X", not "we present an algorithm for X"
                self.note(paper, text[a:b], kind, text[s_start:s_end], _context_kinds(text, a, b, c))


def only_modifiers(words: list[str], c: Cues | None = None) -> bool:
    """Words between "we propose" and a name that only qualify it: "a novel", "a provably correct"
    (an adverb and the word it qualifies), not "an algorithm for" (``c``: the cue words, ``cues()``)."""
    c = c or cues()
    return all(w in c.plain or w in c.determiners or c.adverb(w) or (i and c.adverb(words[i - 1]))
               for i, w in enumerate(words))


def learn_vocabulary(texts: Iterable[tuple[str, str | None, str | None]], lexicon: Lexicon) -> Vocabulary:
    """The first pass: the candidate names of ``(paper key, title, abstract)`` texts and their
    evidence; ``Vocabulary.accepted`` are the names it accepts. The vocabularies of consecutive
    parts of a corpus, merged in order (``Vocabulary.merge``), are the vocabulary of the whole."""
    learner = _Learner(lexicon)
    seen = set()
    for paper, title, abstract in texts:
        if paper in seen:
            continue
        seen.add(paper)
        learner.read(paper, title or "", abstract or "")
    return learner.vocabulary
