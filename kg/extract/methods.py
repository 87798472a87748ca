"""Which spans of a text name methods, which of them are one method, and what role each plays.

``find_methods(view, lexicon)`` is pure Python over a ``DocView`` (the text, its sentences, the
abbreviations, the lexicon matches and the entity spans); it returns ``MethodGroup``s, each with
its spans, labels, key and role.
"""
from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from .abbrev import Abbrev, title_definition, valid_short
from .lexicon import Lexicon
from .entities import LANGUAGES, all_languages
from .naming import (CONNECTORS, DATASET_WORDS, DESCRIBING, NAME_VERB, NOT_ACTING_GERUND, PASSIVE_PROPOSE, STOP_CAPS, USE_WORD, WE_PROPOSE, _strip_word, _words_rx, find_namings, parse_name,
                     opening_naming, title_naming)
from .vocabulary import cues, data_words, only_modifiers, title_parts
from .text import (GENERIC_HEADS, GENERIC_PHRASES, KGM, METHOD_HEADS, NON_METHOD_HEADS,
                   NOT_METHOD_TOKENS, ascii_fold, clean_label, delatex, is_acronym_like, is_name_shaped, is_strong_name,
                   find_word, finditer_from_starts, first_char_lookahead, norm_key, singular, slugify, words_pattern,
                   FromStarts, X_SUFFIXES)

#: The kind nouns of the rules below, data (its "_about" says what each list is).
_KIND_WORDS = data_words("methods")


@dataclass
class DocView:
    text: str
    sents: list[tuple[int, int]]
    title_end: int = 0  # the title is text[:title_end]; 0 when there is none
    abbrevs: list[Abbrev] = field(default_factory=list)
    lex: list[tuple[int, int, str, str]] = field(default_factory=list)  # start, end, iri, kind
    entities: list[tuple[int, int]] = field(default_factory=list)  # datasets, models and links
    links: list[tuple[int, int]] = field(default_factory=list)  # URLs, arXiv ids, e-mail addresses
    no_method_names: dict[tuple[str, bool], bool] = field(default_factory=dict)  # see _names_no_method

    def __post_init__(self):
        self._starts = [s for s, _ in self.sents]
        low = self.text.lower()
        self.lower = low if len(low) == len(self.text) else None  # same offsets, or None

    def ci_finditer(self, rx_lower: re.Pattern, rx_ignorecase: re.Pattern):
        """Case-insensitive matches: a plain pattern over the lowered text is 3x faster."""
        if self.lower is not None:
            return rx_lower.finditer(self.lower)
        return rx_ignorecase.finditer(self.text)

    @cached_property
    def compare_cues(self) -> list[re.Match]:
        """Where the text compares ("outperforms", "unlike", "than"...): the name patterns and the
        roles both read them."""
        return list(self.ci_finditer(COMPARE_CUE_LOW, COMPARE_CUE))

    @cached_property
    def event_names(self) -> frozenset[str]:
        """The names the text gives an event ("the ZORBEX 2021 Shared Task"): none is a method,
        wherever it stands."""
        if not _EVENT_WORD.search(self.text):  # (the name's pattern alone tries every word of the text)
            return frozenset()
        return frozenset(m.group(1) for m in _EVENT_NAME.finditer(self.text))

    def sent_of(self, pos: int) -> tuple[int, int]:
        i = bisect.bisect_right(self._starts, pos) - 1
        if i < 0:
            return (0, len(self.text))
        return self.sents[i]


@dataclass
class Cand:
    start: int
    end: int
    rule: str
    conf: float
    iri: str | None = None
    proposed: bool = False
    link: int = -1  # candidates with the same link id are one method


@dataclass
class MethodGroup:
    key: str
    label: str
    labels: list[str]
    broader: list[str]
    from_lexicon: bool
    spans: list[Cand]
    role: str = "mentions"
    role_span: Cand | None = None
    role_rule: str = ""
    short: str | None = None  # defined acronym
    long: str | None = None
    generic: bool = False  # a broad lexicon concept (kept because the text defines or builds on it)
    descriptions: list[str] = field(default_factory=list)  # the concept with a text's modifiers ("sparse GPs")


# --- cues for roles ---------------------------------------------------------------------------

COMPARE_CUE = re.compile(
    r"\b(?:outperform\w*|surpass\w*|beat(?:s|ing)?|compared?\s+(?:with|to|against)|comparison\s+(?:with|to)|"
    r"in\s+comparison\s+(?:with|to)|unlike|in\s+contrast\s+(?:to|with)|contrary\s+to|than|versus|vs\.?|"
    r"relative\s+to|instead\s+of|rather\s+than|baselines?|competitive\s+with|on\s+par\s+with|"
    r"improvements?\s+over|gains?\s+over|speedups?\s+over|superior\s+to|better\s+than|against)\b",
    re.IGNORECASE,
)
USE_CUE = re.compile(
    r"\b(?:we\s+(?:use|apply|employ|adopt|leverage|utili[sz]e|exploit)|us(?:e|es|ed|ing)|leverag(?:e|es|ed|ing)|"
    r"employ(?:s|ed|ing)?|adopt(?:s|ed|ing)?|utili[sz](?:e|es|ed|ing)|appl(?:y|ies|ied|ying)|"
    r"exploit(?:s|ed|ing)?|rel(?:y|ies|ying)\s+on|based\s+on|built\s+(?:up)?on|builds?\s+(?:up)?on|"
    r"with\s+the\s+use\s+of|by\s+means\s+of|in\s+conjunction\s+with|combined\s+with|integrat(?:e|es|ed|ing))\b",
    re.IGNORECASE,
)
COMPARE_CUE_LOW = first_char_lookahead(re.compile(COMPARE_CUE.pattern))
USE_CUE_LOW = first_char_lookahead(re.compile(USE_CUE.pattern))
CLAUSE_END = first_char_lookahead(re.compile(r"[;:]|\.\s|,\s+(?:while|whereas|but|and\s+(?:we|it|they))\b|\bwhile\b|\bwhereas\b"))

SUCH_AS = re.compile(
    r"\b(?:methods|approaches|algorithms|techniques|models|baselines|estimators|solvers|architectures|"
    r"frameworks|networks|variants|schemes|strategies|procedures|tests|kernels|learners|classifiers|"
    r"method|algorithm|technique)\b[^.;:()]{0,12}?\b(?:such\s+as|like|including|e\.g\.,?|namely)\s+",
    re.IGNORECASE,
)
SUCH_AS_LOW = FromStarts(re.compile(SUCH_AS.pattern))
_CONJUNCT = re.compile(r"(?:^|\s)(?:and|or)\s")
_SET_OFF_CUE = re.compile(r",\s*(?:such\s+as|like|including|e\.g\.,?|namely)\s+$", re.IGNORECASE)
# Broader kinds ("systems such as", "toolkits like") list products and resources as well as
# methods: only a coined, name-shaped item of their lists is taken ("taggers such as cTAKES")
SUCH_AS_NAMES = re.compile(
    r"\b(?:systems|parsers|taggers|encoders|embeddings|extractors|aligners|tools|toolkits)\b"
    r"[^.;:()]{0,12}?\b(?:such\s+as|like|including|e\.g\.,?|namely)\s+",
    re.IGNORECASE,
)
SUCH_AS_NAMES_LOW = FromStarts(re.compile(SUCH_AS_NAMES.pattern))
PAREN_AFTER_GENERIC = re.compile(
    r"\b(?:method|approach|algorithm|technique|model|baseline|framework|estimator|architecture|"
    r"variant|solver)s?\s*\(\s*"
)
_X_ALT = "|".join(X_SUFFIXES)
X_BASED = re.compile(r"(?<![\w-])([A-Za-z][\w.]*(?:-[A-Za-z0-9]+)*?)-(?:" + _X_ALT + r")\b")
IS_A = re.compile(
    r"\s+(?:is|are)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:algorithm|method|technique|approach|model|"
    r"framework|estimator|procedure|architecture|heuristic|test|family)s?\b"
)
LOWER_HEAD = re.compile(
    r"\s+(?:tests?|methods?|algorithms?|estimators?|analysis|parameteri[sz]ations?|decompositions?|"
    r"regressions?|transforms?|normali[sz]ations?|regularizers?|regularization|approximations?|"
    r"networks?|machines?|models?|processes|process|filters?|filtering|kernels?|embeddings?|"
    r"clustering|sampling|samplers?|optimi[sz]ation|attention|encoders?|decoders?|losses|loss|"
    r"layers?|operators?|descent|search|trees?|forests?|inference|learning|training|fine-tuning|integration\s+(?:approximations?|schemes?|rules?|methods?)|"
    r"distillation|quantization|pruning|programming|propagation|quadrature)\b"
)
_WORDS = re.compile(r"[^\s]+")
_CAP_WORDS = re.compile(r"(?<!\S)\S*?(?:[A-Z]\S*[A-Z0-9]|[a-z0-9][A-Z])\S*")  # two capitals, or a capital inside


_ADJ = (r"(?:(?!(?:and|or|of|for|the|a|an|to|in|on|with|new|novel|called|named|dubbed|termed|"
        + "|".join(sorted(GENERIC_HEADS)) + r")\b)[a-z][a-z-]+\s+)")
MOD_CLASS = re.compile(r"\b(?:class|family|type|kind|variants?)\s+of\s+(?P<adj>" + _ADJ + r"{1,2})")
MOD_AFTER_VERB = re.compile(r"\s+(?:the|a|an)\s+(?P<adj>" + _ADJ + r"{1,2})")
EXTEND_TO = re.compile(r"\bextend(?:s|ed|ing)?\s+(the\s+)?")
MOD_TARGET = re.compile(r"\s+to\s+(?:the\s+)?(?P<adj>[a-z][a-z-]+)\s+(?:cases?|settings?|domains?|problems?|"
                        r"scenarios?|regimes?|data|kernels?|graphs?)\b")
_PLAIN_ADJ = {"standard", "classical", "classic", "existing", "popular", "well-known", "simple", "efficient",
              "first", "following", "same", "original", "vanilla", "proposed", "conventional", "traditional",
              "common", "widely-used", "general", "generic", "modern", "recent", "current", "whole", "full",
              "entire", "overall", "resulting", "corresponding", "underlying", "above", "previous", "prior",
              "scalable", "fast", "faster", "lightweight", "flexible", "principled", "practical", "unified",
              "improved", "better", "powerful", "effective", "accurate", "novel", "new", "deep"}
def _names_activity(long: str) -> bool:
    """A plain lower-case long form of a task or an activity: "automated text scoring", "machine translation"."""
    words = long.split()
    return bool(words) and long.islower() and (words[-1] in cues().task_heads or words[-1].endswith("ing"))


def _phrase_key(phrase: str) -> str:
    """A phrase in lower case, its last word singular: "Neural Tensor Networks" and "neural tensor network"."""
    words = phrase.lower().replace("’", "'").split()
    return " ".join(words[:-1] + [singular(words[-1])]) if words else ""


_APPLIED = re.compile(r"\b(?:applications?\s+of|appl(?:y|ies|ying)|explor(?:e|es|ing))\b|" + USE_WORD.pattern, re.IGNORECASE)
_FALLBACK_NAMINGS = {"pattern:the_proposed", "pattern:own_phrase_restated", "pattern:own_phrase"}
# "Our system is built on the model of bidirectional LSTM with a CRF layer (BiLSTM-CRF)": the acronym's method is
# what the paper's is built on or uses, not the paper's own
BUILT_ON_BEFORE = re.compile(r"\b(?:built\s+(?:up)?on|based\s+on|builds\s+(?:up)?on|extends|extending|"
                             r"(?:the|a)\s+(?:\w+\s+)?(?:model|version|variant)\s+of)\b|" + USE_WORD.pattern, re.IGNORECASE)
OUR_SUBJECT = re.compile(r"\s*(?:In\s+)?[Oo]ur\s+(?:new\s+|novel\s+|proposed\s+)?(?:method|approach|framework|model|"
                         r"algorithm|technique|system|estimator)\b")
_PRONOUNS = {"those", "these", "this", "that", "it", "them", "others", "ours", "many", "some", "all",
             "other", "such", "each", "both", "either", "any", "one", "ones", "etc", "etc."}
NAME_ALGO = re.compile(r"(?<![\w-])([A-Z][\w'’\\\"-]*)\s+(?:algorithm|method|estimator|optimizer|sampler|test|"
                       r"filter|procedure|heuristic|transform|decomposition)\b")
LINEAGE_OBJECT = first_char_lookahead(re.compile(r"\b(?:improv(?:es|ed|ing|e)\s+(?:up)?on|enhanc(?:es|ing)|based\s+on|inspired\s+by|builds?\s+on|built\s+on|extends?|generali[sz]es|"
                            r"variant\s+of|extension\s+of|combines|integrates)\s+(?:the\s+|a\s+|an\s+)?"))


_LINEAGE_BEFORE = re.compile(
    r"\b(?:improv(?:es|ed|ing|e)\s+(?:up)?on|extends?|extending|extension\s+of|variant\s+of|generali[sz]es|"
    r"based\s+on|builds?\s+on|built\s+on|inspired\s+by|integrates?|combines?)\s+"
    r"(?:the\s+|a\s+|an\s+|[a-z]+(?:-[a-z]+)*\s+){0,2}$")
_NOUN_AFTER = re.compile(r"\s+(?!(?:and|or|with|to|for|in|of|on|as|by|that|which|is|are|was|were|can|"
                         r"and|but|while|via|through|under|from|at)\b)[a-z][a-z-]+")
# "extends the ensemble learning concept": the concept itself is what is built on
_EXTENDS_BEFORE = re.compile(r"\b(?:extends?|extending|extension\s+of|generali[sz]es|builds?\s+(?:up)?on|built\s+(?:up)?on)\s+"
                             r"(?:the\s+|a\s+|an\s+)?$")
_IDEA_AFTER = re.compile(r"\s+(?:concept|idea|principle|paradigm|framework|formalism)s?\b(?!\s+(?:of|for)\b)")
_METHOD_CONTEXT = re.compile(
    r"\b(?:improv(?:es|ed|ing|e)\s+(?:up)?on|extends?|extension\s+of|variant\s+of|generali[sz]es|outperforms?|"
    r"surpass(?:es)?|match(?:es|ed)|compared\s+(?:to|with)|unlike|based\s+on|builds?\s+on|built\s+on|such\s+as|"
    r"inspired\s+by|than)\s+(?:the\s+|a\s+|an\s+|existing\s+|standard\s+|vanilla\s+|classical\s+)?$")
# up to two lowercase words right before a catalogued method, which may modify it
_MODIFIERS_BEFORE = re.compile(r"(?:(?<![\w'’-])[a-z][a-z0-9]*(?:-[a-z0-9]+)* ){1,2}$")
_WORD_BEFORE_MOD = re.compile(r"[A-Za-z]+(?= $)")
# adjectives that judge a method rather than name a kind of it: "expensive SVD"
_EVALUATIVE = {"expensive", "costly", "cheap", "slow", "inappropriate", "naive", "ordinary", "usual", "typical",
               "famous", "so-called", "plain", "basic", "sophisticated", "complex", "complicated", "naïve",
               "another", "regular", "manual", "large-scale", "small-scale", "valid", "run", "conduct", "train",
               "numerous", "induced", "modified"}


# a word coordinated with the first word of a name, which shares the name's head: "beam or greedy search"
_ELLIPSIS_BEFORE = re.compile(r"(?<![\w-])([A-Za-z][\w-]*)\s*,?\s+(?:and|or)\s+$")
_PAREN_SKIP = re.compile(r"\s*\([^()]{1,20}\)")


# what may stand between a proposal verb and the name it proposes: "a novel efficient"
_DETS_ONLY = re.compile(r"\s+(?:[a-z][\w-]*\s+){0,4}")
_VERSION_TAIL = re.compile(r"[\s-]*v?\d+(?:\.\d+)*$")
# the heads of a long form that name a method's kind ("Token Attention Sparsification Technique")
_METHOD_KIND_HEADS = frozenset(_KIND_WORDS["method_kind_heads"])
# a use cue right before a defined name: "we advocate the use of X (XS)", "uses the X (XS)"
_USED_BEFORE = re.compile(r"(?:" + USE_CUE.pattern + r"|\buse\s+of)\s+(?:the\s+|a\s+|an\s+)?$", re.IGNORECASE)
_GENERIC_TAIL = {"method", "methods", "algorithm", "algorithms", "model", "models", "framework", "frameworks",
                 "approach", "approaches", "technique", "techniques", "scheme", "schemes", "procedure", "procedures",
                 "strategy", "strategies"}
# a method's head behind a prefix: "(synthetic masked language model) pre-training", "co-training"
_PREFIXED = re.compile(r"(?:pre|post|re|co|de|fine)-[a-z]+")
_YEAR_END = re.compile(r"[A-Za-z]-?(?:19|20)\d\d$")


# words without which no sentence names a method of its own (see naming.find_namings): parts of
# words too, looked for in the lowered sentence by one regex of their prefix tree (``words_pattern``;
# half the time of a substring test for each)
_PROPOSE_STEMS = ("propos", "introduc", "present", "develop", "design", "devis", "formul", "forward", "offer",
                  "unveil", "contribut", "build", "construct", "creat", "describ", "advanc", "establish",
                  "formali", "deriv", "releas")
NAMING_TRIGGER_WORDS = (
    "propos", "introduc", "present", "develop", "design", "devis", "formul", "forward", "offer", "unveil",
    "contribut", "build", "construct", "creat", "describ", "advanc", "establish", "formali", "deriv", "releas",
    "called", "named", "dubbed", "termed", "coined", "namely", "i.e.", "known as", "referred", "we refer", "our", "new",
    "novel", "*", "\\text", "\\emph", "we call", "we term", "we dub", "we name", "layer", "loss", "module",
    "block", "operator", "kernel", "estimator", "regularizer", "optimizer", "sampler", "by the name", "under the name")
NAMING_TRIGGER = re.compile(words_pattern(NAMING_TRIGGER_WORDS))
_PROPOSE_STEM = re.compile(words_pattern(_PROPOSE_STEMS))
_ALGO_HEAD_LOW = re.compile(r" (?:algorithm|method|estimator|optimizer|sampler|test|filter|procedure|heuristic|"
                            r"transform|decomposition)\b")
_NAME_BEFORE_HEAD = re.compile(r"(?<![\w-])([A-Z][\w'’\\\"-]*)$")
# the kinds a list of coined names shares: "the BiGRU and HAN models", "the LSTM, GRU and SRU networks"
# (a plural head names every item of the list, each a method of that kind; not "metrics": most
# lists of them are scores a paper reports, "MUC, B3 and CEAF metrics")
COORDINATED_KIND_HEADS = ("algorithms", "methods", "models", "estimators", "architectures",
                          "techniques", "approaches", "networks", "optimizers", "samplers", "encoders")
_COORD_NAME = r"[A-Za-z][\w.-]*[A-Za-z0-9]"
# (found from the head back: a list ends within 200 characters before one; a scan from every word
# of a text to the head is 2.6 times slower)
_COORD_HEAD = re.compile(r"\s(?:" + "|".join(COORDINATED_KIND_HEADS) + r")\b")
_COORD_LIST = re.compile(r"(?=[A-Za-z])(?<![\w-])(" + _COORD_NAME + r"(?:\s*,\s*" + _COORD_NAME + r")*,?\s+(?:and|or)\s+"
                         + _COORD_NAME + r")$")
_COMPOUND_TAIL = re.compile(r"-(?:" + "|".join(sorted({*X_SUFFIXES, *GENERIC_HEADS})) + r")$", re.IGNORECASE)
_COORD_SPLIT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+")
_CAP_START = re.compile(r"[A-Z]\S*")
_X_SUFFIX = re.compile(r"-(?:" + _X_ALT + r")\b")
_X_TAIL = re.compile(r"-(?:" + _X_ALT + r")$", re.IGNORECASE)
# (a capital first, the look-behind after it: a pattern that begins with a character class lets the engine skip to the
# next capital, twice as fast as a look-ahead first)
_CAP_RUN = re.compile(r"([A-Z](?<![\w-][A-Z])[\w'’\\\"-]*(?:\s+[A-Z][\w'’\\\"-]*){0,4})")
_SUBJECT_BEFORE = re.compile(r"(?<![\w-])([A-Za-z][\w-]*[A-Za-z0-9])(?:\s*,\s*which|\s+which|\s+that)?\s+$")
_DET_SKIP = re.compile(r"\s+(?:the\s+|a\s+|an\s+|existing\s+|prior\s+|previous\s+|standard\s+|"
                       r"state-of-the-art\s+|strong\s+|popular\s+|vanilla\s+|classical\s+)*")
_NONSPACE = re.compile(r"\S+")
_SPACES = re.compile(r"\s+")
_SLASH_OR_SPACE = re.compile(r"[/\s]+")
_TAIL_HEAD = re.compile(r"((?:\s+[a-z][\w-]*){0,2}?\s+(\w+))\b")
_AND_OR = re.compile(r"\s*(?:,\s*)?(?:and|or)\s+(?:the\s+)?")
_MARKED_WORD = re.compile(r"(?<![\w*])(\*{1,2}|_)([A-Za-z][\w-]*[A-Za-z0-9])\1(?![\w*])")
_ODD_CHARS = re.compile(r"[/=<>$\\{}]")
_LETTER_NUM = re.compile(r"[A-Z]\d*|[A-Z]{1,2}\d+[A-Za-z]?")
_VERBISH = re.compile(r"\s+(?:[a-z]+s|is|was|can|also|does|has|achieves|consistently|significantly)\b")
_HEADS_ALL = METHOD_HEADS | GENERIC_HEADS
# (made once: a union of these sets in a rule costs 10 us each time it runs)
_BROAD_HEADS = GENERIC_HEADS | {"framework", "mechanism", "architecture"}  # a capitalised name needs more with these
_FIELD_HEADS = NON_METHOD_HEADS | {"system", "community", "field", "research", "literature"}  # "Machine Translation system"
_VARIANT_TAIL = re.compile(r"-[A-Za-z0-9]+(?![\w-])")
_METHOD_FOLLOW = frozenset(_KIND_WORDS["method_follow"])
_TASK_HEADS = frozenset(_KIND_WORDS["task_heads"])
_FIELD_HEADS_CAP = frozenset(_KIND_WORDS["field_heads"])
_FIELD_HEADS_LOW = frozenset(_KIND_WORDS["field_heads_lowercase"])
#: up to three words right before a catalogued method, any case: "Multi-passage", "target-dependent"
_PLAIN_WORD = re.compile(r"[A-Za-z][a-z0-9]*(?:-[A-Za-z][a-z0-9]*)*")  # no acronym: "Multi-Cell", not "MT-DNN"
_BUILT_ON_BEFORE = re.compile(r"(?:(?<![\w'’-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)* ){1,3}$")
_LAST_PART = re.compile(r"[ -]")


def only_describing(words: str) -> bool:
    """Words before a method that only describe it, no name: "deep", "attention-based", "CNN-style",
    "two-stage" (a general design attribute)."""
    design = cues().design_attributes
    return all(w in DESCRIBING or w in design or w.rsplit("-", 1)[-1] in X_SUFFIXES for w in words.lower().split())


def _left_out_kind(text: str, ab: Abbrev) -> str:
    """The kind of method a long form left out before its acronym's parenthesis ("a Keyword Mask model
    (KMM)"), singular; "" when none."""
    left_out = re.fullmatch(r"\s+([a-z][a-z-]+)\s*\(\s*", text[ab.long_end:ab.short_start]) if ab.order == "long_short" else None
    kind = singular(left_out.group(1)) if left_out else ""
    return kind if kind in _METHOD_FOLLOW else ""


# a kind of method after a name and its acronym: "a paraphrase augmented response generation (PARG) framework"
_WORD_AFTER_PAREN = re.compile(r"(?:\s*\([^()]{1,20}\))?\s+(?:" + _words_rx(_METHOD_FOLLOW) + r")s?\b")


def _follow_word(text: str, ab: Abbrev) -> str:
    """The lowercase word after a defined acronym ("XY framework"), singular; "" when none. A kind of
    method the long form left out comes first: "a Keyword Mask model (KMM) for"."""
    if kind := _left_out_kind(text, ab):
        return kind
    follow = re.match(r"\s*\)?\s*([a-z][a-z-]+)", text[ab.short_end:ab.short_end + 30]) if ab.order == "long_short" \
        else re.match(r"\s*([a-z][a-z-]+)", text[ab.long_end + 1:ab.long_end + 30])
    return singular(follow.group(1)) if follow else ""


def _word_alternation(words) -> str:
    """Words as one alternation: a lowercase word in any case ("Accuracy"), a name as written ("EM")."""
    return "|".join(re.escape(w) if any(c.isupper() for c in w) else "(?i:" + re.escape(w) + ")"
                    for w in sorted(words, key=len, reverse=True))


_METRIC = _word_alternation(_KIND_WORDS["metric_words"])
_SOURCE_NOUN_AFTER = re.compile(r"\s+(?:" + _word_alternation(_KIND_WORDS["source_nouns"]) + r")\b")
# a score beside a name: "21.4% EM", "by 2.7 EM score", "MAE 0.545", "EM of 68.4" (not a version: "IAC 2.0")
_SCORE_BEFORE = re.compile(r"(?<![\w.])(?:\d*\.\d+|\d+(?:\.\d+)?\s*(?:%|points?\b|pts?\b))\s*(?:in\s+)?$")
# (one run of spaces, read once: "\s*(?:\s+of)?\s*" splits a long run every way)
_SCORE_AFTER = re.compile(r"\s*(?:(?:[:=]|(?<=\s)of)\s*)?(?:0?\.\d+|\d+(?:\.\d+)?\s*%|\d{2,3}\.\d+)(?![\w.])")
# a metric coordinated with it: "EM and F1", "EM/F1", "EM, BLEU and F1", "F1 and EM"
_METRIC_AFTER = re.compile(r"\s*(?:/|\s(?:and|or)\s+)(?:" + _METRIC + r")(?![\w-])|,\s*(?:" + _METRIC
                           + r")\s*(?:,|/|\s(?:and|or)\s)")
_METRIC_BEFORE = re.compile(r"(?<![\w-])(?:" + _METRIC + r")\s*(?:/|\s(?:and|or)\s+)$")
# a metric word before a metric's noun: "the LAS score", "an EM-score of", "LAS F1"
_METRIC_WORD = re.compile(r"(?:" + _METRIC + r")$")
_METRIC_HEAD = re.compile(r"[\s-]+(?:" + _word_alternation(_KIND_WORDS["metric_heads"]) + r")(?![\w-])")


def _names_score(text: str, a: int, b: int) -> bool:
    """Does the one word at ``a:b`` stand for a score the paper reports? A number beside it, a
    metric (``metric_words`` of ``kg/data/methods.json``) in a list with it, or a metric's noun after
    a metric: "gains 21.4% EM and 21.5% F1" (EM is the EM algorithm elsewhere), "MAE 0.545, PCC 0.892",
    "the LAS score"."""
    return bool(_SCORE_BEFORE.search(text, max(0, a - 20), a) or _SCORE_AFTER.match(text, b)
                or _METRIC_AFTER.match(text, b) or _METRIC_BEFORE.search(text, max(0, a - 24), a)
                or (_METRIC_WORD.fullmatch(text, a, b) and _METRIC_HEAD.match(text, b)))


# what makes a name that recurs a method's: a method's noun or verb after it, "our" before it
_NAME_HEAD = re.compile(r"[\s-]+(?:" + _word_alternation(_KIND_WORDS["name_heads"]) + r")(?:e?s)?\b")
_NAME_IS_A = re.compile(r"(?:\s+(?:is|are)|\s*,)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:"
                        + _word_alternation(_KIND_WORDS["name_heads"] + _KIND_WORDS["name_kinds"]) + r")s?\b(?!\s+of\b)")
#: what presents a phrase as the text's own right before it: "our", "the proposed"
_OWN_BEFORE = re.compile(r"\b(?:[Oo]ur|proposed)\s+$")
_COMPARED_BEFORE = re.compile(r"\bcompar(?:e|es|ed|ing)\s+(?:the\s+)?(?:[\w-]+\s+(?:with|to|against|and)\s+(?:the\s+)?)?$")
_FEW_WORDS = re.compile(r"\s*(?:[\w-]+\s+){0,2}")


# "the Conference on Computational Natural Language Learning": a venue's name
# a kind of method, a comma and one coined name that ends the clause or a list of names
_KIND_COMMA_NAME = re.compile(r"\b(?:" + "|".join(sorted(_KIND_WORDS["comma_kind_nouns"]))
                              + r")s?,\s+(?:namely\s+)?(?P<name>[A-Za-z][\w-]*[A-Za-z0-9])(?=\s*(?:[.;)]|,|\s(?:and|or)\s))")
_OUR_KIND = re.compile(r"\b[Oo]ur\s+(?:(?!(?:the|a|an|that|this|is|are|and|or|with|to|of|in)\s)[\w-]+\s+){0,3}?\w$")
# a work cited by its authors: "(Frank and Goodman, 2012)", "inspired by Choi et al. (2018)"
_CITATION = re.compile(r",\s*(?:19|20)\d\d[a-z]?$")
_CITED_AFTER = re.compile(r"\s+et\s+al\b")
_VENUE_BEFORE = re.compile(r"\b(?:Conference|Workshop|Symposium|Meeting)\s+(?:on|of)\s+(?:the\s+)?$")
# an event named by its series: "the SIGMORPHON 2020 Shared Task", "FEVER2.0 Shared Task", "the X Challenge"
_EVENT_AFTER = re.compile(r"\s+(?:\d{4}\s+)?(?:[Ss]hared [Tt]asks?|Workshop|Challenge|Competition|Evaluation Campaign)\b")
_EVENT_NAME = re.compile(r"(\S+)" + _EVENT_AFTER.pattern)
_EVENT_WORD = FromStarts(re.compile(r"[Ss]hared [Tt]ask|Workshop|Challenge|Competition|Evaluation Campaign"))
# a word in capitals, and how many of them in a row are shouting rather than acronyms
_CAPS_WORD = re.compile(r"[A-Z]{2,}")
_CAPS_RUN = 3


def _names_task(name: str) -> bool:
    """A phrase of capitalised plain words ending in a task's head: "Stock Movement Prediction",
    "Crosslingual Pronoun Prediction" (a coined or hyphenated word makes a name: "BiDAF Answering")."""
    words = name.split()
    return len(words) >= 2 and words[-1].lower() in _TASK_HEADS and all(re.fullmatch(r"[A-Z][a-z]+", w) for w in words)


def _in_capitals_run(text: str, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` is (part of) a run of at least ``_CAPS_RUN`` words in capitals ("the
    INTERNET ARGUMENT CORPUS", a title set in capitals): written loudly, not acronyms."""
    inside = text[a:b].split()
    if not inside or not all(_CAPS_WORD.fullmatch(w) for w in inside):
        return False
    run = len(inside)
    for w in reversed(text[max(0, a - 80):a].split()):
        if not _CAPS_WORD.fullmatch(w):
            break
        run += 1
    for w in text[b:b + 80].split():
        if not _CAPS_WORD.fullmatch(w.rstrip(",.;:")):
            break
        run += 1
        if w[-1] in ",.;:":
            break
    return run >= _CAPS_RUN
# the last word of a task's or shared task's name: "Task1", "SubTask A", "the X Shared Task"
_TASK_WORD = re.compile(r"(?:sub-?)?tasks?[-_]?(?:\d+[a-z]?|[a-z])?", re.IGNORECASE)
# a task named with modifiers: up to three plain words ("cross-lingual", "Aspect-Based"), no coined name
_TASK_MODIFIERS = 3
_MODIFIER = re.compile(r"[A-Za-z][a-z]+(?:-[A-Za-z][a-z]+)*")
# what follows a defined acronym (or its long form) when the text calls it a task
_TASK_AFTER = re.compile(r"\s*\)?\s*(?:(?:shared\s+|sub)?tasks?\b|problems?\b|(?:is|are)\s+(?:a|an|the)\s+"
                         r"(?:[\w-]+\s+){0,3}?(?:task|problem)s?\b)")


# what a coined name is when the text uses it as the modifier of a thing that is no method ("the
# FooBank corpus", "FE dictionaries", "the ONLP Lab", "MEDIQA 2019"), after a resource's noun
# ("a dialog dataset DuRecDial"), or when the title introduces it as a resource ("LEDGAR: A
# Large-Scale Multi-label Corpus ...") or as a team ("IIT-KGP at MEDIQA 2019: ...")
_NO_METHOD_FOLLOW = NON_METHOD_HEADS | frozenset(_KIND_WORDS["no_method_follow"])
_NO_METHOD_FOLLOW_BUT_TOOLS = _NO_METHOD_FOLLOW - frozenset(data_words("proposals")["title_tool_heads"])
# (and a test set's parts: "the PROTEST test suite", "the X test set")
_RESOURCE_FOLLOW = _NO_METHOD_FOLLOW | frozenset(_KIND_WORDS["test_set_parts"])
_WORD_AFTER_NAME = re.compile(r"\s+([A-Za-z]+)(?:\s+([A-Z][a-z]+))?")
_APPOSITIVE = re.compile(r"\s*,\s+(?:a|an|the)\s+((?:[\w-]+\s+){0,4}?[\w-]+)(?=\s*[,.;:()]|\s+(?:of|for|from|with|in|on|"
                         r"that|which|to|and|or|containing|covering|collected|built)\b)")
_SPLIT_AFTER = re.compile(r"\s+(?:test|training|dev|development|validation|evaluation)[\s-]+"
                          r"(?:sets?|data(?:\s?sets?)?|splits?|collections?)\b")
_YEAR_AFTER = re.compile(r"(?:\s+|\s*[-–—]\s*)(?:19|20)\d\d\b")  # "SemEval 2017", "SemEval–2017 Task 3"
_RESOURCE_BEFORE = re.compile(r"\b(?:data\s?sets?|corpus|corpora|treebanks?|benchmarks?|lexicons?)\s+$", re.IGNORECASE)
_TITLE_RESOURCE = re.compile(r"\s*[:,]\s*" + NOT_ACTING_GERUND + r"(?:(?:a|an|the)\s+)?(?:(?!(?:for|of|on|in|with|and|to|from|by)\b)[\w-]+\s+){0,5}"
                             + DATASET_WORDS.pattern, re.IGNORECASE)
_TITLE_TEAM = re.compile(r"\s+at\s+[A-Z]")
_TITLE_THING = re.compile(r":\s*" + NOT_ACTING_GERUND + r"(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,4}?(?:tasks?\b|" + DATASET_WORDS.pattern + ")",
                          re.IGNORECASE)  # "X: A New Task ...", "X: A Corpus of ..."


# one or two words after a name, the second perhaps the head ("RST discourse trees")
_WORDS_AFTER = re.compile(r"\s+([A-Za-z][a-z-]*)(?:\s+([A-Za-z][a-z-]*))?")


def _acts_as_method(view: DocView, spots: list[tuple[int, int]]) -> bool:
    """Does the text treat a coined name as a method at one of its ``spots``: a method's noun or
    verb after it ("the FooNet model", "FooNet outperforms", "FooNet is a tagger", "FooNet, a known
    algorithm"), "our" or a comparison before it
    ("outperforms the strong FooNet", "we compare FooNet with BarNet")? Capitals and recurrence alone are a dataset's, a team's, a
    language pair's as much ("the WikiFoo corpus ... WikiFoo contains")."""
    text = view.text
    cue_ends = [m.end() for m in view.compare_cues]
    for a, b in spots:
        if _NAME_HEAD.match(text, b) or NAME_VERB.match(text, b) or _NAME_IS_A.match(text, b) \
                or _OWN_BEFORE.search(text, max(0, a - 12), a) \
                or _COMPARED_BEFORE.search(text, max(0, a - 50), a):
            return True
        if any(e <= a and _FEW_WORDS.fullmatch(text, e, a) for e in cue_ends):
            return True
    return False


_VERB_BEFORE = re.compile(r"(?<![\w-])(" + _word_alternation(_KIND_WORDS["verb_before"]) + r") $")
_VERB_BEFORE_REACH = max(map(len, _KIND_WORDS["verb_before"])) + 2  # the word, a space, and the char before it
_DETERMINER_AFTER = re.compile(r" (?:" + _word_alternation(sorted(cues().determiners)) + r")\b")


def _catalogued_in(view: DocView, ab: Abbrev) -> Iterator[tuple[int, int]]:
    """The spans of the catalogue's method matches within ``ab``'s long form."""
    return ((a, b) for a, b, _, kind in view.lex if kind == "method" and ab.long_start <= a and b <= ab.long_end)


def _used_as_verb(text: str, a: int, b: int) -> bool:
    """Is the one-word lower-case name at ``a:b`` a verb there: after a subject or an auxiliary ("we
    bootstrap a lexicon"), or after "to" with a determiner next ("to bootstrap the process"; "compared
    to bootstrap" names it)?"""
    word = text[a:b]
    if not word.islower() or " " in word:
        return False
    m = _VERB_BEFORE.search(text, max(0, a - _VERB_BEFORE_REACH), a)
    return m is not None and (m.group(1) != "to" or _DETERMINER_AFTER.match(text, b) is not None)


def _names_formalism(text: str, b: int) -> bool:
    """Is the name ending at ``b`` the modifier of what a theory, formalism or annotation scheme
    names ("RST discourse parsing", "AMR graphs", "UD treebanks")? A name used only so is no
    method, whatever its capitals."""
    m = _WORDS_AFTER.match(text, b)
    if m is None:
        return False
    c = cues()
    first, second = (w.lower() if w else None for w in m.groups())
    return first in c.formalism_objects or (first not in c.stops and second in c.formalism_objects)


def _title_and_abstract(view: DocView, s: int, a: int) -> bool:
    """Are the words from ``s`` to the method's start ``a`` and the method's first word written, in any case, both
    in the title and in the abstract?"""
    m = _NONSPACE.match(view.text, a)
    phrase = (view.text[s:a] + (m.group() if m else "")).lower().rstrip(".,;:")
    low = view.lower if view.lower is not None else view.text.lower()
    t = view.title_end
    return bool(t) and " " in phrase and (low.find(phrase, 0, t) >= 0) and (low.find(phrase, t) >= 0)


def _names_no_method(view: DocView, name: str, team: bool = True) -> bool:
    """Does the text use the coined ``name`` as no method (see ``_NO_METHOD_FOLLOW``)? (``team``:
    a title "X at EVENT" too; a name the text itself proposes is its team's system: "our approach,
    called X")"""
    key = (name, team)
    if key not in view.no_method_names:
        view.no_method_names[key] = _uses_no_method(view, name, team)
    return view.no_method_names[key]


def _uses_no_method(view: DocView, name: str, team: bool) -> bool:
    text = view.text
    for a, b in find_word(text, name, True, plural=False):
        # (a name ending the title is followed by no word of its own: the abstract's first words are not its kind)
        stop = view.title_end if b <= view.title_end else len(text)
        m = _WORD_AFTER_NAME.match(text, b, stop)
        # (a name the text proposes, followed by a tool's kind, is its tool's: "The INCEpTION Platform: ...")
        follow = _NO_METHOD_FOLLOW if team else _NO_METHOD_FOLLOW_BUT_TOOLS
        if m and (singular(m.group(1).lower()) in follow
                  or (m.group(1)[0].isupper() and m.group(2) and singular(m.group(2).lower()) in follow)):
            return True
        if _YEAR_AFTER.match(text, b, stop) or _SPLIT_AFTER.match(text, b, stop) or _RESOURCE_BEFORE.search(text, max(0, a - 20), a):
            return True
        ap = _APPOSITIVE.match(text, b)
        if ap and DATASET_WORDS.fullmatch(ap.group(1).rsplit(None, 1)[-1]):
            return True  # "ZedRED, a new dataset for reading"
        if a == 0 and view.title_end and (_TITLE_RESOURCE.match(text[:view.title_end], b)
                                                   or team and _TITLE_TEAM.match(text, b)):
            return True
    return False


def _variant_matches(text: str, name: str):
    """``LION-D`` for ``LION``: the name, a hyphen and a suffix."""
    i = text.find(name + "-")
    while i >= 0:
        if i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "-_"):
            m = _VARIANT_TAIL.match(text, i + len(name))
            if m:
                yield _Match(i, m.end(), text[i:m.end()])
        i = text.find(name + "-", i + 1)


class _Match:
    __slots__ = ("_s", "_e", "_g")

    def __init__(self, s, e, g):
        self._s, self._e, self._g = s, e, g

    def start(self):
        return self._s

    def end(self):
        return self._e

    def group(self):
        return self._g


_FUNCTION_WORDS = {"of", "for", "the", "and", "with", "via", "to", "in", "on", "a", "an", "by", "from"}


def _content_words(label: str) -> set[str]:
    return {singular(w) for w in re.findall(r"[a-z0-9]+", ascii_fold(delatex(label)).lower())
            if w not in _FUNCTION_WORDS}


def _same_sense(long: str, label: str) -> bool:
    """Whether a long form and a catalogue label name one thing: the words of one are among the
    other's, an acronym standing for the other's words ("deep convolutional GAN" ~ "deep
    convolutional generative adversarial network")."""
    mine, theirs = _spelled_out(long, label), _spelled_out(label, long)
    return bool(mine and theirs) and (mine <= theirs or theirs <= mine)


def _spelled_out(phrase: str, other: str) -> set[str]:
    """The content words of ``phrase``, each run of them whose initials are an acronym of
    ``other`` counted as that acronym."""
    words = [w for w in re.findall(r"[a-z0-9]+", ascii_fold(delatex(phrase)).lower()) if w not in _FUNCTION_WORDS]
    acronyms = {w.lower() for w in re.findall(r"\b([A-Z][A-Za-z]*[A-Z])s?\b", other)}
    out, i = set(), 0
    while i < len(words):
        run = next((n for n in range(len(words) - i, 1, -1)
                    if "".join(w[0] for w in words[i:i + n]) in acronyms), 0)
        out.add("".join(w[0] for w in words[i:i + run]) if run else singular(words[i]))
        i += run or 1
    return out


_ACRONYM_PLURAL = re.compile(r"[A-Z][A-Z0-9-]*s")


def _plural_ok(word: str) -> bool:
    """May the last word of a name be made singular? ``Transformers``, ``GPs``, ``losses`` yes;
    coined names with inner capitals (``CausalLens``, ``LION-S``) no."""
    if _ACRONYM_PLURAL.fullmatch(word):
        return True
    return not any(c.isupper() for c in word[1:])


def _head_noun(phrase: str) -> str:
    words = re.findall(r"[A-Za-z][A-Za-z-]*", phrase)
    if not words:
        return ""
    w = words[-1].lower()
    return singular(w)


def _overlaps(a: int, b: int, spans) -> bool:
    return any(s < b and a < e for s, e in spans)


class _UF:
    def __init__(self, n):
        self.p = list(range(n))

    def find(self, x):
        while self.p[x] != x:
            self.p[x] = self.p[self.p[x]]
            x = self.p[x]
        return x

    def union(self, a, b):
        a, b = self.find(a), self.find(b)
        if a != b:
            self.p[max(a, b)] = min(a, b)


def _occurrences(text: str, form: str, case_sensitive: bool):
    if not form.strip():
        return
    yield from find_word(text, form, case_sensitive, lower=_lower(text))


_LOWER_CACHE: dict[int, tuple[str, str]] = {}


def _lower(text: str) -> str:
    hit = _LOWER_CACHE.get(id(text))
    if hit is not None and hit[0] is text:
        return hit[1]
    _LOWER_CACHE.clear()
    low = text.lower()
    _LOWER_CACHE[id(text)] = (text, low)
    return low


class MethodFinder:
    """Holds the lexicon-derived lookups; ``find(view)`` does the work for one text."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        # the text's own rules look names up in the catalogue only: a name the corpus taught comes
        # in as a match of its own (rule "vocabulary"), below what they find
        self.key_to_iris = dict(lexicon.by_key())
        for k in {norm_key(label) for c in lexicon.concepts.values() if c.learned for label in c.labels}:
            catalogued = [i for i in self.key_to_iris.get(k, ()) if not lexicon.concepts[i].learned]
            if catalogued:
                self.key_to_iris[k] = catalogued
            else:
                self.key_to_iris.pop(k, None)
        self._task_keys: set[str] = set()  # per text: see find()
        self._bases: list[tuple[int, int, str]] = []  # per text: see _built_on_names()
        self._rejected_longs: list[tuple[int, int]] = []  # per text: long forms of acronyms ruled no method
        self.exact: dict[str, list[str]] = {}
        for c in lexicon.concepts.values():
            for label in c.labels if not c.learned else ():
                self.exact.setdefault(label, []).append(c.iri)
        for c in lexicon.concepts.values():  # the field's other casings of a name: "Word2Vec", "FastText"
            for label in c.labels if not c.learned else ():
                for v in lexicon.other_casings(c, label):
                    self.exact.setdefault(v, []).append(c.iri)

    # -- lexicon lookups --
    def _lookup(self, label: str) -> list[str]:
        """Concepts carrying ``label``: case-folded for phrases, case-sensitive (plural aside)
        for one-word names and acronyms (``LION`` is not the ``Lion`` optimizer)."""
        label = clean_label(label)
        if " " in label:
            return self.key_to_iris.get(norm_key(label), [])
        forms = {label, singular(label)}
        return [iri for f in forms for iri in self.exact.get(f, [])]

    def lex_method(self, label: str, allow_generic: bool = False) -> str | None:
        for iri in self._lookup(label):
            c = self.lexicon.concepts[iri]
            if c.kind == "method" and (allow_generic or not c.generic):
                return iri
        return None

    def lex_kind(self, label: str) -> str | None:
        for iri in self._lookup(label):
            c = self.lexicon.concepts[iri]
            return "generic" if (c.kind == "method" and c.generic) else c.kind
        return None

    def name_kind(self, label: str) -> str | None:
        """``lex_kind``, "task" for a form the text defines for a task, and for a name neither
        knows: the kind of a task or generic concept with a generic head ("Relation Extraction
        algorithms", "NMT models", "ATE method"); "task" for a task with modifiers ("aspect-based
        sentiment analysis"), where the longest known tail decides ("Attention-based Neural Machine
        Translation" is no task: its tail NMT is a method family). A task with both is a system's
        name: "Turku Event Extraction System"."""
        kind = self._known_kind(label)
        if kind is not None:
            return kind
        words = label.split()
        if len(words) > 1 and words[-1].lower() in GENERIC_HEADS:
            kind = self._known_kind(" ".join(words[:-1]))
            return kind if kind in ("task", "generic") else None
        for i in range(1, min(len(words), _TASK_MODIFIERS + 1)):
            if not _MODIFIER.fullmatch(words[i - 1]):
                break
            kind = self._known_kind(" ".join(words[i:]))
            if kind is not None:
                return "task" if kind == "task" else None
        return None

    def _known_kind(self, label: str) -> str | None:
        return "task" if norm_key(label) in self._task_keys else self.lex_kind(label)

    def _x_based_families(self) -> dict[str, str]:
        """word -> concept, for the non-generic method concepts labelled both "<word> model(s)" and
        "<word>-based ..." ("diffusion model", "diffusion-based generative model")."""
        if not hasattr(self, "_x_based"):
            out: dict[str, str] = {}
            for iri, c in sorted(self.lexicon.concepts.items()):
                if c.kind != "method" or c.generic:
                    continue
                low = {x.lower() for x in c.labels}
                for x in low:
                    m = re.match(r"([a-z]{4,})[- ]based\s", x)
                    if m and {m.group(1) + " model", m.group(1) + " models"} & low:
                        out.setdefault(m.group(1), iri)
            self._x_based = out
        return self._x_based

    def _lex_pairs_by_last(self) -> dict[str, list[tuple[str, str]]]:
        """The lexicon's (acronym, long form) pairs, by the last word of the long form."""
        if not hasattr(self, "_lex_pairs"):
            lp: dict[str, list[tuple[str, str]]] = {}
            for c in self.lexicon.concepts.values():
                if c.kind != "method":
                    continue
                shorts = [x for x in c.labels if is_acronym_like(x)]
                longs = [x for x in c.labels if not is_acronym_like(x) and " " in x]
                for b in longs:
                    for a in shorts:
                        lp.setdefault(b.lower().rsplit(" ", 1)[-1], []).append((a, b))
            self._lex_pairs = lp
        return self._lex_pairs

    def _short_if_compatible(self, ab: Abbrev, allow_generic: bool) -> str | None:
        """The catalogue concept of a defined acronym, but only when the text's long form agrees
        with the concept's: "Latent Diffusion Planning (LDP)" is not LDP = local differential privacy."""
        iri = self.lex_method(ab.short, allow_generic=allow_generic)
        if not iri:
            return None
        for label in self.lexicon.concepts[iri].labels:
            if not is_acronym_like(label) and _same_sense(ab.long, label):
                return iri
        return None

    def _redefines(self, ab: Abbrev) -> bool:
        """Whether the text defines a catalogue method's acronym, however spelled (P-CNN, PCNN), as
        none of the senses the catalogue gives it: "P-CNN: Pose-Based CNN Features" is no
        piecewise CNN."""
        iris = [i for i in self.key_to_iris.get(norm_key(ab.short), []) if self.lexicon.concepts[i].kind == "method"]
        senses = [label for i in iris for label in self.lexicon.concepts[i].labels if not is_acronym_like(label)]
        # a sense the catalogue writes only as an acronym (MAGSAC) is contradicted by no long form
        return bool(senses) and not any(_same_sense(ab.long, label) for label in senses)

    # -- abbreviation methodness --
    def defines_task(self, view: DocView, ab: Abbrev) -> bool:
        """The text defines the acronym for a task: a catalogued one ("quality estimation (QE)"),
        or one it calls a task ("the XY task", "XY is a retrieval task"), unless a learning paradigm
        the text casts a task as ("consider scoring as a Multiple Instance Learning (MIL) task")."""
        if "task" in (self.lex_kind(ab.long), self.lex_kind(ab.short)):
            return True
        if self.name_kind(ab.long) == "task":
            # "a paraphrase augmented response generation (PARG) framework" is a method for the task
            return _follow_word(view.text, ab) not in _METHOD_FOLLOW
        after = ab.short_end if ab.order == "long_short" else ab.long_end
        return bool(_TASK_AFTER.match(view.text, after)) and _head_noun(ab.long) != "learning"

    def abbrev_is_method(self, view: DocView, ab: Abbrev) -> tuple[bool, str | None, float]:
        text = view.text
        iri = self.lex_method(ab.long) or self._short_if_compatible(ab, allow_generic=False)
        if iri:
            return True, iri, 0.9
        left_out = _left_out_kind(text, ab)
        if left_out and self.lex_method(ab.long + " " + left_out):
            return False, None, 0.0  # "the Nyström method (NM)": the catalogue's match names it whole
        kinds = {self.lex_kind(ab.long), self.lex_kind(ab.short)}
        if kinds & {"dataset", "model"} or self.defines_task(view, ab):
            return False, None, 0.0
        if "generic" in kinds:
            # a broad concept the text names with an acronym of its own (PEFT, LLM): a method here
            iri = self.lex_method(ab.long, allow_generic=True) or self._short_if_compatible(ab, allow_generic=True)
            if ab.short.lower() in NOT_METHOD_TOKENS:
                return False, None, 0.0
            return True, iri, 0.7
        if ab.short.lower() in NOT_METHOD_TOKENS and not self._proposed_here(view, ab):
            return False, None, 0.0  # (the text's own definition wins: "we propose the mixture of ... model (MAE)")
        if all_languages(ab.long) or _head_noun(ab.long).capitalize() in LANGUAGES:
            return False, None, 0.0  # "British English (BE)"
        head = _head_noun(ab.long)
        follow_w = _follow_word(text, ab)
        if follow_w in _METHOD_FOLLOW:
            return True, None, 0.8
        if head in NON_METHOD_HEADS or head in cues().formalism_heads:
            return False, None, 0.0  # (a theory the catalogue does not list as a method is none)
        if head in METHOD_HEADS or _PREFIXED.fullmatch(head) and head.split("-", 1)[1] in METHOD_HEADS:  # "pre-training"
            return True, None, 0.85
        if self._ends_in_method(view, ab):
            return True, None, 0.8  # "convolutional BLSTM (ConBLSTM)": a kind of a catalogued method
        # reused as a name elsewhere (not as the modifier of a non-method noun)
        reuse = 0
        for s, e in _occurrences(text, ab.short, True):
            if s == ab.short_start:
                continue
            if _METHOD_CONTEXT.search(text, max(0, s - 40), s):
                return True, None, 0.75  # "improves upon XY", "outperforms XY", "such as XY"
            nxt = re.match(r"\s+([a-z][a-z-]+)", text[e:e + 25])
            if nxt and singular(nxt.group(1)) in NON_METHOD_HEADS:
                continue
            reuse += 1
        long_words = ab.long.split()
        title_case = len(long_words) >= 2 and all(w[0].isupper() for w in long_words if w[0].isalpha() and len(w) > 3)
        # capitals and reuse say only that a name is defined (a corpus, a task, an institute, a
        # theory are defined so too); what says it names a method: a method it is built from
        # ("Bunsetsu MASS", "Attention CNN") or a method's use ("we advocate the use of X (XS)")
        if (title_case or reuse >= 2) and (head in _METHOD_KIND_HEADS or self._builds_on_method(view, ab)
                                           or self._used_as_method(view, ab)):
            if reuse >= 1:
                return True, None, 0.75
            if title_case and follow_w not in NON_METHOD_HEADS:
                return True, None, 0.7
        return False, None, 0.0

    def _ends_in_method(self, view: DocView, ab: Abbrev) -> bool:
        """The long form is a catalogued method with words before it that make it one of a kind: a
        catalogue match ends it ("agent-aware dropout Deep Q-Network"), or its last word is a
        catalogued acronym the tokens did not set apart ("word-character LSTM(WC-LSTM)"). The match may run on
        past a generic last word the long form left out ("... into Recurrent Encoder-Decoder frameworks (ICRED)")."""
        if any(kind == "method" and ab.long_start < a < ab.long_end <= b for a, b, _, kind in view.lex):
            return True
        last = ab.long.rsplit(" ", 1)[-1]
        return last != ab.long and is_acronym_like(last) and self.lex_method(last, allow_generic=True) is not None

    @staticmethod
    def _builds_on_method(view: DocView, ab: Abbrev) -> bool:
        return any(True for _ in _catalogued_in(view, ab))

    @staticmethod
    def _used_as_method(view: DocView, ab: Abbrev) -> bool:
        text = view.text
        first = min(ab.long_start, ab.short_start)
        s0, _ = view.sent_of(first)
        before = text[max(s0, first - 50):first]
        if _METHOD_CONTEXT.search(before) or _USED_BEFORE.search(before):
            return True
        return MethodFinder._proposed_here(view, ab)

    @staticmethod
    def _proposed_here(view: DocView, ab: Abbrev) -> bool:
        """The proposing verb's object, unless a resource: "we present the Corpus of X (CX)"."""
        first = min(ab.long_start, ab.short_start)
        s0, _ = view.sent_of(first)
        return any(_DETS_ONLY.fullmatch(view.text, m.end(), first) for m in WE_PROPOSE.finditer(view.text, s0, first)) \
            and not DATASET_WORDS.search(ab.long)

    def find(self, view: DocView) -> list[MethodGroup]:
        text = view.text
        cands: list[Cand] = []
        ent_spans = view.entities
        links = 0
        rejected_shorts: set[str] = set()
        rejected_abs: list[Abbrev] = []

        def new_link():
            nonlocal links
            links += 1
            return links

        # 1. lexicon (not a catalogued name inside a longer one the text writes, a dataset's, a model's or
        # a link's: that name's part, "CNN" of "the CNN-DM dataset", "ABC" of "the ABC Treebank")
        for a, b, iri, kind in view.lex:
            if kind != "method" or any(s <= a and b <= e and e - s > b - a for s, e in ent_spans):
                continue
            c = self.lexicon.concepts.get(iri)
            if c is None:
                continue
            if c.generic:
                # a broad concept counts where the text builds on it: "based on variational inference"
                if _LINEAGE_BEFORE.search(text, max(0, a - 40), a) and not _NOUN_AFTER.match(text, b) or (
                        _EXTENDS_BEFORE.search(text, max(0, a - 40), a) and _IDEA_AFTER.match(text, b)):
                    cands.append(Cand(a, b, "lexicon:lineage_base", 0.6, iri))
                continue
            if _used_as_verb(text, a, b):
                continue  # "we bootstrap a lexicon", "to bootstrap the process"
            # a name the corpus taught yields to what this text's own rules find in its place
            cands.append(Cand(a, b, "vocabulary", 0.7, iri) if c.learned else Cand(a, b, "lexicon", 0.9, iri))

        # 1b. a catalogued name whose head a coordinated word shares: "beam or greedy search" names beam search
        for c in [c for c in cands if c.rule == "lexicon"]:
            m = _ELLIPSIS_BEFORE.search(text, max(0, c.start - 40), c.start)
            words = text[c.start:c.end].split(" ", 1)
            if m and len(words) == 2 and (m.group(1).islower() or is_acronym_like(m.group(1))):
                iri = self.lex_method(m.group(1) + " " + words[1])
                if iri and iri != c.iri:
                    cands.append(Cand(m.start(1), m.end(1), "lexicon:ellipsis", 0.8, iri))

        # 2. abbreviations (an acronym the text defines otherwise is not the catalogue's), with the
        # one a title defines after its colon ("BLT: Bidirectional Layout Transformer for ...")
        titled = title_definition(text, view.title_end) if view.title_end else None
        if titled and self._redefines(titled) and not any(ab.short == titled.short for ab in view.abbrevs):
            view.abbrevs = [*view.abbrevs, titled]
        redefined = {ab.short for ab in view.abbrevs
                     if self.lex_method(ab.short, allow_generic=True) and not self.lex_method(ab.long, allow_generic=True)
                     and not self._short_if_compatible(ab, allow_generic=True)}
        self._redefined = {r.rstrip("s") for r in redefined}
        if redefined:
            cands = [c for c in cands if not (c.rule.startswith("lexicon") and text[c.start:c.end].rstrip("s") in
                                              self._redefined)]
        # both forms of an acronym defined for a task, which no later rule may take for a method
        # (emptied first: they are the last text's until then)
        self._task_keys = set()
        self._task_keys = {norm_key(x) for ab in view.abbrevs if self.defines_task(view, ab) for x in (ab.short, ab.long)}
        acronym_longs: dict[int, tuple[int, int]] = {}
        accepted: list[tuple[Abbrev, int, str | None]] = []
        for ab in view.abbrevs:
            entity = _overlaps(ab.short_start, ab.short_end, ent_spans) or _overlaps(ab.long_start, ab.long_end, ent_spans)
            ok, iri, conf = (False, None, 0.0) if entity else self.abbrev_is_method(view, ab)
            if not ok:
                # "IAC 2.0" is IAC wherever its version is left out; "JHU HLTCOE" is HLTCOE as well
                rejected_shorts.update({ab.short, _VERSION_TAIL.sub("", ab.short), *ab.short.split()})
                if entity:
                    continue
                rejected_abs.append(ab)
                continue
            lk = new_link()
            accepted.append((ab, lk, iri))
            cands.append(Cand(ab.long_start, ab.long_end, "abbreviation", conf, iri, link=lk))
            cands.append(Cand(ab.short_start, ab.short_end, "abbreviation", conf, iri, link=lk))
            if ab.order == "long_short":
                se = ab.short_end + 1 if text[ab.short_end:ab.short_end + 1] == ")" else ab.short_end
                acronym_longs[ab.long_start] = (ab.long_end, se)
        # (either form inside a longer catalogued name is that name's: "Active Learning (AL)" and
        # "Bayesian active learning by disagreement", "... Translation (SMT)" and "phrase-based SMT")
        catalogued = [(c.start, c.end, c.iri) for c in cands if c.rule == "lexicon"]
        for ab, lk, iri in accepted:
            words = ab.long.split(" ")
            long_sg = " ".join(words[:-1] + [singular(words[-1])])
            others = [(a, b) for a, b, ci in catalogued if ci != iri]
            for s, e in [*_occurrences(text, ab.short, True),
                         *(o for form in {ab.long, long_sg} for o in _occurrences(text, form, False))]:
                if not any(a <= s and e <= b and b - a > e - s for a, b in others):
                    cands.append(Cand(s, e, "abbreviation", 0.8, iri, link=lk))
            # "Kernel SVD" for KSVD = Kernel Singular Value Decomposition, when SVD = Singular Value Decomposition
            low = ab.long.lower()
            last = low.rsplit(" ", 1)[-1]
            pairs = [(x.short, x.long) for x, _, _ in accepted if x.long.lower().rsplit(" ", 1)[-1] == last]
            for t_short, t_long in pairs + self._lex_pairs_by_last().get(last, []):
                if t_short == ab.short or not low.endswith(" " + t_long.lower()):
                    continue
                prefix = ab.long[: len(ab.long) - len(t_long)].strip()
                for s, e in _occurrences(text, prefix + " " + t_short, False):
                    cands.append(Cand(s, e, "abbreviation:partial", 0.7, iri, link=lk))

        # 3. naming contexts (the paper's own methods)
        proposed_names: list[tuple[int, int, str, float, int]] = []
        namings = []
        if view.title_end:
            t = title_naming(text, 0, view.title_end)
            if t is None and len(view.sents) > 1:
                t = opening_naming(text, view.title_end, *view.sents[1], self.lex_kind)
            if t:
                namings.append(t)
        low = view.lower if view.lower is not None else text.lower()
        for s, e in view.sents:
            if NAMING_TRIGGER.search(low, s, e):
                namings.extend(find_namings(text, s, e, acronym_longs, self.lex_kind))
        if any(nm.rule not in _FALLBACK_NAMINGS for nm in namings):
            # a plain phrase "the proposed ..." restates the paper's named proposal ("AutoStep MCMC ... our proposed step
            # size selection procedure"): it names one only where the paper names none
            namings = [nm for nm in namings if nm.rule not in _FALLBACK_NAMINGS]
        if namings and namings[0].rule == "pattern:title_prefix":
            # a title's name is the paper's: the title's words its proposing verb restates describe it
            namings = [nm for nm in namings if nm.rule != "pattern:title_object"]
        for nm in namings:
            a, b = nm.name.start, nm.name.end
            # a name given as "Long Form (LF)" covers the acronym
            full = text[a:b]
            if _overlaps(a, b, ent_spans) or full.lower() in NOT_METHOD_TOKENS:
                continue
            if full.lower() in GENERIC_PHRASES or full in STOP_CAPS or full.endswith(("'s", "’s", "’")) \
                    or self.lex_kind(full) in ("generic", "task"):  # "a deep learning model", "our KBQA system"
                continue
            if " " in full and self.name_kind(full) == "task" and _WORD_AFTER_PAREN.match(text, b) is None:
                continue  # a task with modifiers: "we introduce Uncertain Natural Language Inference (UNLI), a ..."
            last = full.split()[-1]
            if _YEAR_END.search(full) or DATASET_WORDS.search(last) or _TASK_WORD.fullmatch(last) or all_languages(full):
                continue  # "BUCC2017", "the Dispute Mediation Corpus", "the X Shared Task", "Hindi-English"
            if " " not in full and not self.lex_method(full) and _names_no_method(view, full, team=False):
                continue  # "the MEDIQA 2019 ...", "DiMLex-Bangla: A Lexicon of ..."
            if nm.rule == "pattern:our_x" and any(ab.short == full and _names_activity(ab.long) for ab in view.abbrevs):
                continue  # "our ATS model" for "automated text scoring (ATS)": a model for the task, not one named ATS
            if nm.rule == "pattern:we_propose_component" and (self.lex_kind(full) or any(
                    ab.short == full for ab, _, _ in accepted)):
                continue  # a known block (a GCN layer) is used, not proposed
            lk = new_link()
            for ab, alk, _ in accepted:
                if ab.long_start <= a < ab.long_end or a <= ab.long_start < b or ab.short_start == a:
                    lk = alk
            for ab in rejected_abs:
                # the text names it as its own: the acronym is a method after all
                if ab.long_start <= a < ab.long_end or a <= ab.long_start < b or ab.short_start == a:
                    rejected_shorts.discard(ab.short)
                    for s, e in _occurrences(text, ab.short, True):
                        cands.append(Cand(s, e, "abbreviation", 0.75, link=lk))
            iri = None if full.rstrip("s") in self._redefined else self.lex_method(full)
            cands.append(Cand(a, b, nm.rule, nm.confidence, iri, proposed=True, link=lk))
            proposed_names.append((a, b, full, nm.confidence, lk))
            cs = bool(is_name_shaped(full) or len(full.split()) == 1)
            for s, e in _occurrences(text, full, cs):
                if s != a:
                    cands.append(Cand(s, e, "pattern:name_repeat", 0.8, iri, link=lk))
        # "Our method uses X on the Foo Bar Tree (FBT)": with no other proposal, the acronym our
        # method is defined with
        if not proposed_names:
            for ab, lk, iri in accepted:
                s0, s1 = view.sent_of(ab.short_start)
                if OUR_SUBJECT.match(text[s0:s1]) and not iri and not BUILT_ON_BEFORE.search(text, s0, ab.long_start):
                    cands.append(Cand(ab.long_start, ab.long_end, "pattern:our_method_acronym", 0.6, proposed=True, link=lk))
                    proposed_names.append((ab.long_start, ab.long_end, ab.long, 0.6, lk))
                    break
        # the title's phrase the abstract defines an acronym for: "Deep Recurrent Generative Decoder for ..." + "a deep
        # recurrent generative decoder (DRGN)" (an acronym taken for a method, no catalogued one)
        if view.title_end:
            parts = {_phrase_key(p) for p in title_parts(text[:view.title_end], "none") if len(p.split()) >= 2}
            own_links = {x[4] for x in proposed_names}
            for ab, lk, iri in accepted:
                s0, _ = view.sent_of(ab.long_start)
                # (not one the sentence uses: "we explore the application of a Deep Structured Similarity Model
                # (DSSM)", "a Bayesian approach ... using Gaussian process preference learning (GPPL)")
                if iri is None and lk not in own_links and ab.long_start >= view.title_end \
                        and _phrase_key(ab.long) in parts and self.lex_kind(ab.long) is None \
                        and not _APPLIED.search(text, max(s0, ab.long_start - 40), ab.long_start):
                    cands.append(Cand(ab.long_start, ab.long_end, "pattern:title_acronym", 0.75, proposed=True, link=lk))
                    proposed_names.append((ab.long_start, ab.long_end, ab.long, 0.75, lk))
                    own_links.add(lk)
        # variants of a proposed name: LION -> LION-D, LION-S
        for a, b, full, conf, lk in list(proposed_names):
            if " " in full:
                continue
            for m in _variant_matches(text, full):
                if not _overlaps(m.start(), m.end(), [(x[0], x[1]) for x in proposed_names]):
                    lk2 = new_link()
                    cands.append(Cand(m.start(), m.end(), "pattern:variant_name", 0.75, proposed=True, link=lk2))
                    proposed_names.append((m.start(), m.end(), m.group(), 0.75, lk2))

        # a proposed name followed by an acronym Schwartz-Hearst could not align: "Foo Bar (FB2)"
        for a, b, full, conf, lk in list(proposed_names):
            m = re.match(r"\s*\(\s*([^()\s,;]{2,12})\s*\)", text[b:b + 20])
            if not m or not valid_short(m.group(1)) or lk < 0:
                continue
            short = m.group(1)
            if short[0].lower() != full[0].lower() or any(ab.short == short for ab, _, _ in accepted):
                continue
            for s, e in _occurrences(text, short, True):
                cands.append(Cand(s, e, "abbreviation", 0.75, link=lk))

        # a proposed name whose capitalised words' initials the text writes later as its acronym, with no
        # parenthesis: "we propose Hierarchical Discourse-level Structure for Fake news detection. HDSF learns ..."
        for a, b, full, conf, lk in list(proposed_names):
            words = full.split()
            caps = [w for w in words if w[:1].isupper()]
            short = "".join(w[0] for w in caps)
            # (every word capitalised but the connectors inside; an acronym of its own, not a catalogued one: "a
            # hierarchical Gated Recurrent Unit (HiGRU)" is no "GRU")
            if len(caps) < 3 or lk < 0 or not words[0][:1].isupper() \
                    or any(not w[:1].isupper() and w.lower() not in CONNECTORS for w in words) \
                    or any(ab.short == short for ab in view.abbrevs) or self.lex_kind(short):
                continue
            occ = list(_occurrences(text, short, True))
            if any(s < b for s, _ in occ):
                continue
            for s, e in occ:
                cands.append(Cand(s, e, "abbreviation", 0.75, link=lk))

        # 3a. a name the text builds around a catalogued method and presents as its own: "multi-passage BERT"
        self._built_on_names(view, cands, proposed_names, new_link)

        # 3b. a known method with a modifier that makes a new one: "a class of involutive MCMC methods",
        # "extend the Nystrom method to asymmetric cases" + "the asymmetric Nystrom method"
        self._modified_methods(view, cands, proposed_names)
        self._title_restates_catalogued(view, cands)

        # the whole noun phrase is the text's name of a catalogued method: "sparse Gaussian processes",
        # "bidirectional RNN" (where no rule of the text's own finds a name of its own)
        taken = [(c.start, c.end) for c in cands]
        for c in [c for c in cands if c.rule == "lexicon"]:
            m = self._modified_at(view, c.start)
            if m is not None and not _overlaps(m, c.start, taken):
                cands.append(Cand(m, c.end, "lexicon:modified", 0.85, c.iri))

        # 4. other patterns for unlisted names (not in the long form of an acronym ruled no method:
        # "Spoken Dialogue Systems (SDS)" is no more a method by its capitals)
        self._rejected_longs = [(ab.long_start, ab.long_end) for ab in rejected_abs if ab.short in rejected_shorts]
        self._patterns(view, cands, rejected_shorts)

        # no name is taken from inside a link ("CMM-VR" of "https://github.com/x/CMM-VR": a variant's shape)
        if view.links:
            cands = [c for c in cands if not _overlaps(c.start, c.end, view.links)]
        # a word that stands for a score in the text is a metric there, whatever it names elsewhere,
        # alone or described ("the macro-averaged LAS")
        scores = {text[c.start:c.end] for c in cands if not c.proposed and " " not in text[c.start:c.end]
                  and _names_score(text, c.start, c.end)}
        if scores:
            cands = [c for c in cands if c.proposed or text[c.start:c.end].rsplit(" ", 1)[-1] not in scores]
        heads = [c for c in cands if c.rule == "lexicon" and c.iri]
        groups = self._group(view, cands)
        # the catalogued method a built-on name is built around is named by it, where the text names
        # it nowhere else ("Multi-Cell Compositional LSTM": LSTM); lineage links the two
        named = {g.key for g in groups}
        abbrev_short = {norm_key(ab.short): ab for ab in view.abbrevs}
        for a, b, iri in self._bases:
            if iri not in named and any(c.rule == "pattern:built_on" for g in groups for c in g.spans if c.end == b):
                named.add(iri)
                groups.append(self._make_group(view, [Cand(a, b, "lexicon", 0.9, iri)], abbrev_short))
        # so is the catalogued method a name the paper proposes ends with, its head ("a new model called
        # Sentinel BERT": BERT; "a novel rhyme-aware variational autoencoder"; "we propose QX-LSTM", whose
        # last part no lexicon match finds inside the word): lineage links the two
        inner = [(c.start, c.end, c.iri) for c in heads]
        for g in groups:
            for c in g.spans if not g.from_lexicon else []:
                word = text[c.start:c.end]
                part = _LAST_PART.split(word)[-1]
                # (a phrase's last word only where no catalogue match could see it: "word-character LSTM(WC-LSTM)")
                shape = "-" in word and " " not in word or " " in word and is_acronym_like(part) \
                    and not any(h.end == c.end for h in heads)
                if c.proposed and shape and part[:1].isupper() and (iri := self.lex_method(part)):
                    inner.append((c.end - len(part), c.end, iri))
        for a, b, iri in inner:
            concept = self.lexicon.concepts.get(iri)
            if iri in named or concept is None or concept.generic or concept.kind != "method":
                continue
            written = text[a:b]
            if " " in written and written.rsplit(None, 1)[-1].lower() in cues().kind_nouns \
                    and norm_key(written) != norm_key(concept.pref):
                continue  # "Graph Pattern Entity Ranking Model": "ranking model", a kind's other name, is no line's
            if any(not g.from_lexicon and any(s.proposed and s.start < a - 1 and s.end == b
                                              and text[a - 1] in " -" and not only_describing(text[s.start:a - 1])
                                              for s in g.spans) for g in groups):
                named.add(iri)
                groups.append(self._make_group(view, [Cand(a, b, "lexicon:head", 0.9, iri)], abbrev_short))
        return groups

    def _modified_at(self, view: DocView, a: int) -> int | None:
        """Where the modifiers of a catalogued method that starts at ``a`` start ("sparse" of
        "sparse Gaussian processes"), or None: lowercase content words right before it in its
        sentence, none of them a function word, verb, adverb, plain or evaluative adjective or
        kind noun (the lexical grammar of ``kg/data/vocabulary.json``)."""
        return self._words_before(view, a, _MODIFIERS_BEFORE, lambda word, start: False)

    def _built_on_start(self, view: DocView, a: int) -> int | None:
        """Where the words of a name built around the catalogued method at ``a`` start ("Multi-passage"
        of "Multi-passage BERT", "target dependent" of "target dependent long short-term memory"), or
        None: the words of ``_modified_at`` in any case, none a describing word ("bidirectional",
        "deep": ``describing_modifiers``), a plain participle ("initialized", "fine-tuned" is one;
        "soft-masked" is a word of a name) unless title and abstract both write it before the method,
        a capitalised function word, an acronym, a language, or a name of the catalogue."""
        def ends(word: str, s: int) -> bool:
            # (a participle that title and abstract both write before the method is a word of its name: "Delayed Copy
            # Mechanism" + "our delayed copy mechanism")
            low = word.lower()
            return low in DESCRIBING or word in STOP_CAPS \
                or (low.endswith("ed") and "-" not in low and not _title_and_abstract(view, s, a)) \
                or not _PLAIN_WORD.fullmatch(word) or all_languages(word) \
                or any(x < s + len(word) and s < y for x, y, _, _ in view.lex)
        return self._words_before(view, a, _BUILT_ON_BEFORE, ends)

    @staticmethod
    def _words_before(view: DocView, a: int, words_before: re.Pattern, ends) -> int | None:
        """Where the content words right before ``a`` in its sentence (``words_before``) start, from
        the last one back to one that is no content word (or ``ends(word, start)``), or None."""
        text = view.text
        m = words_before.search(text, max(view.sent_of(a)[0], a - 60), a)
        if m is None:
            return None
        c = cues()
        words = list(_NONSPACE.finditer(m.group()))
        start = None
        for i in range(len(words) - 1, -1, -1):
            word = words[i].group()
            low = word.lower()
            s = m.start() + words[i].start()
            # (a verb's forms: "training LSTMs", "assembles CNNs"; "mixed" or "stacked" may modify)
            if low in c.stops or low in c.plain or low in c.determiners or c.adverb(low) or low in _PLAIN_ADJ \
                    or low in _EVALUATIVE or low in GENERIC_HEADS or singular(low) in NON_METHOD_HEADS \
                    or low.endswith(("ing", "ize")) or (low.endswith("s") and not low.endswith(("ss", "us", "is"))) \
                    or ends(word, s):
                break
            before = words[i - 1].group() if i else (_WORD_BEFORE_MOD.search(text, max(0, m.start() - 12), m.start()) or [""])[0]
            if before.lower() in ("we", "they", "to", "it", "i"):
                break  # "we run PageRank": a verb
            start = s
        return start

    def _built_on_names(self, view: DocView, cands: list[Cand], proposed_names: list, new_link) -> None:
        """A name the text builds around a catalogued method ("Multi-passage BERT", "a target-dependent
        LSTM") is a method of its own, not the catalogued one described, where the text presents it as
        its own, counted over the title and the abstract: at least two of the title naming it, a
        sentence presenting it ("we propose a ...", "our ..."), an acronym defined for it, and a second
        mention (one of the first three among them). It is proposed where a presenting sentence holds
        it or the title's head or means ("... with Soft-Masked BERT"), not a title's object of study
        ("Effects of ... in Recursive LSTMs"); never where it qualifies a thing ("a Minimalist NMT
        Toolkit"). Its spellings count as one: "target dependent long
        short-term memory" and "target-dependent LSTM" (the modifiers' key and the concept)."""
        text = view.text
        self._bases = []  # (start, end, concept) of the catalogued method inside each built-on name
        found: dict[tuple[str, str], list[tuple[int, int]]] = {}
        inner: dict[tuple[int, int], Cand] = {}
        for c in cands:
            if c.rule != "lexicon" or not c.iri:
                continue
            concept = self.lexicon.concepts.get(c.iri)
            if concept is None or concept.generic or concept.kind != "method":
                continue
            a = self._built_on_start(view, c.start)
            after = _WORD_AFTER_NAME.match(text, c.end)
            if after and singular(after.group(1).lower()) in _NO_METHOD_FOLLOW:
                continue  # "a Minimalist NMT Toolkit": what it names is no method
            if a is not None:
                found.setdefault((norm_key(text[a:c.start]), c.iri), []).append((a, c.end))
                inner[a, c.end] = c
        if not found:
            return
        title = text[:view.title_end]
        parts = [p.lower() for p in title_parts(title)] if title else []
        # "Expertise Style Transfer: A New Task ...": a title that says it presents a task or a resource
        thing = bool(_TITLE_THING.match(text, title.find(":"), view.title_end)) if ":" in title else False
        for spans in found.values():
            spans = sorted(set(spans))
            in_title = [sp for sp in spans if sp[0] < view.title_end and not thing]
            presented = []
            for a, b in spans:
                s0, _ = view.sent_of(a)
                wp = WE_PROPOSE.search(text, s0, a)
                if _OWN_BEFORE.search(text, max(s0, a - 25), a) or (
                        wp and only_modifiers(text[wp.end():a].lower().split())):
                    presented.append((a, b))
            acronym = any(ab.long_start <= a and b <= ab.long_end for a, b in spans for ab in view.abbrevs)
            signals = bool(in_title) + bool(presented) + acronym + (len(spans) >= 2)
            if not (in_title or presented or acronym) or signals < 2:
                continue
            titled = [sp for sp in in_title if any(p.endswith(text[sp[0]:sp[1]].lower()) for p in parts)]
            first = (presented or titled or [None])[0]
            lk = new_link()
            for a, b in spans:
                cands.append(Cand(a, b, "pattern:built_on", 0.8, proposed=(a, b) == first, link=lk))
            base = inner[spans[0]]
            self._bases.append((base.start, base.end, base.iri))
            if first:
                proposed_names.append((first[0], first[1], text[first[0]:first[1]], 0.8, lk))

    def _modified_methods(self, view: DocView, cands: list[Cand], proposed_names: list) -> None:
        text = view.text
        low = view.lower if view.lower is not None else text.lower()
        known = sorted({(c.start, c.end) for c in cands if c.rule in ("lexicon", "abbreviation")})
        starts = {a: b for a, b in known}
        lex_starts = {c.start: c.end for c in cands if c.rule == "lexicon"}

        def method_at(pos):
            while pos < len(text) and text[pos] == " ":
                pos += 1
            return (pos, starts[pos]) if pos in starts else None

        def add(a, b, proposed, rule, conf):
            if any(c.start == a and c.end == b for c in cands):
                for c in cands:
                    if c.start == a and c.end == b and proposed:
                        c.proposed = True
                return
            lk = -1
            cands.append(Cand(a, b, rule, conf, proposed=proposed, link=lk))
            if proposed:
                proposed_names.append((a, b, text[a:b], conf, lk))

        for s_start, s_end in view.sents:
            sent = text[s_start:s_end]
            sl = low[s_start:s_end]
            has_class = " of " in sl and any(w in sl for w in ("class of", "family of", "type of", "kind of", "variant"))
            has_verb = _PROPOSE_STEM.search(low, s_start, s_end) is not None
            if not (has_class or has_verb or "extend" in sl):
                continue
            for m in (MOD_CLASS.finditer(sent) if has_class else ()):
                a = s_start + m.start("adj")
                hit = method_at(s_start + m.end("adj"))
                # (words that only describe it name no kind of its own: "variants of transformer-based NMT")
                if hit and not only_describing(m.group("adj")):
                    add(a, hit[1], False, "pattern:modified_method", 0.65)
            wp = WE_PROPOSE.search(sent) if has_verb else None
            if wp:
                m = MOD_AFTER_VERB.match(sent, wp.end())
                # (an adverb says how good it is, not what kind: "a provably correct dynamic oracle")
                if m and m.group("adj").split()[0].lower() not in _PLAIN_ADJ \
                        and not cues().adverb(m.group("adj").split()[0].lower()):
                    # (the longest run of modifiers before a catalogued method: the run may have taken a lower-case
                    # method's own first word, "a restricted self-attention mechanism")
                    a = s_start + m.start("adj")
                    ends = [a + w.end() for w in _NONSPACE.finditer(m.group("adj"))]
                    hit = next((h for h in map(method_at, reversed(ends)) if h and h[0] in lex_starts), None)
                    # (not where it qualifies another thing: "an open-source NMT toolkit", "a hierarchical attention
                    # based mechanism", "an attentional LSTM-CNN"; a variant by a word that makes it new, not by
                    # words that only describe it: "a neural encoder-decoder model", "a neural encoder-decoder
                    # transition-based parser")
                    after = _WORD_AFTER_NAME.match(text, hit[1]) if hit else None
                    if hit and not only_describing(text[a:hit[0]]) and text[hit[1]:hit[1] + 1] != "-" \
                            and not (after and (
                                after.group(1).lower() == "based" or singular(after.group(1).lower()) in _NO_METHOD_FOLLOW)):
                        add(a, hit[1], True, "pattern:we_propose_variant", 0.7)
            for m in (EXTEND_TO.finditer(sent) if "extend" in sl else ()):
                hit = method_at(s_start + m.end(1))
                if not hit:
                    continue
                ma = MOD_TARGET.match(text, hit[1])
                if not ma:
                    continue
                adj = ma.group("adj")
                form = adj + " " + text[hit[0]:hit[1]]
                ours = bool(re.search(r"\b[Ww]e\b", sent[:m.start()]))
                for s, e in _occurrences(text, form, False):
                    add(s, e, ours, "pattern:modified_method", 0.7)

    @staticmethod
    def _title_restates_catalogued(view: DocView, cands: list[Cand]) -> None:
        """A catalogued method the title names and a proposing verb presents with qualifiers only
        ("... with a Dynamic Oracle" + "we introduce a provably correct dynamic oracle"): the
        paper's own new one of that kind, proposed."""
        title = view.text[:view.title_end].lower()
        if not title:
            return
        text = view.text
        for c in cands:
            if c.rule != "lexicon" or c.start < view.title_end or c.proposed:
                continue
            phrase = text[c.start:c.end].lower()
            at = [a for a, _ in find_word(title, phrase, False)]
            if " " not in phrase or not at:
                continue
            if any(_USED_BEFORE.search(title, max(0, a - 30), a) for a in at):
                continue  # the title uses it: "... of Noun Phrases using Poincaré Embeddings"
            s0, _ = view.sent_of(c.start)
            wp = WE_PROPOSE.search(text, s0, c.start)
            # (and the head of the object: "the first membership inference attack (MIA) benchmark" is none)
            after = _PAREN_SKIP.match(text, c.end)
            between = text[wp.end():c.start].split() if wp else []
            if between and between[0] in ("a", "an", "the", "our") and only_modifiers(between) \
                    and not _NOUN_AFTER.match(text, after.end() if after else c.end):
                c.proposed = True

    # ---------------------------------------------------------------------------------------
    def _add_name(self, view, cands, a, b, rule, conf, proposed=False):
        text = view.text
        a, b = _strip_word(text, a, b)
        if a >= b:
            return
        name = text[a:b]
        low = name.lower()
        if low in NOT_METHOD_TOKENS or low in GENERIC_PHRASES or low in GENERIC_HEADS or name in STOP_CAPS:
            return
        parts = [x for x in _SLASH_OR_SPACE.split(low) if x]
        if any(x in NOT_METHOD_TOKENS for x in parts) and "/" in name:
            return
        if low in _PRONOUNS or "et al" in low or name.endswith(("'s", "’s", "’")) or _TASK_WORD.fullmatch(parts[-1]):
            return
        if _CITATION.search(name) or _CITED_AFTER.match(text, b):  # "Frank and Goodman, 2012", "Choi et al."
            return
        if _EVENT_AFTER.match(text, b):  # "the WMT18 Quality Estimation Shared Task": an event's name
            return
        if _overlaps(a, b, view.entities) or _overlaps(a, b, self._rejected_longs) or \
                _VENUE_BEFORE.search(text, max(0, a - 30), a):
            return
        if name in view.event_names or all_languages(name) or _in_capitals_run(text, a, b):
            return
        if self.name_kind(name) in ("dataset", "model", "generic", "task"):
            return
        iri = None if name.rstrip("s") in getattr(self, "_redefined", ()) else self.lex_method(name)
        if iri is None and _names_task(name):
            return
        if iri is None and " " not in name and _names_no_method(view, name):
            return
        cands.append(Cand(a, b, rule, conf, iri, proposed=proposed))

    def _patterns(self, view: DocView, cands: list[Cand], rejected: set[str]):
        text = view.text
        title_end = view.title_end
        # each pattern runs once over the whole text; a match finds its sentence by bisection
        # "the current state-of-the-art method (EAP-IG)"
        low = view.lower if view.lower is not None else text.lower()
        for m in (finditer_from_starts(PAREN_AFTER_GENERIC, text) if "(" in text else ()):
            p = m.end()
            s_start, s_end = view.sent_of(p)
            close = text.find(")", p, s_end)
            if close > p:
                inner = text[p:close].strip()
                if is_name_shaped(inner) and inner not in rejected and not _SCORE_AFTER.match(inner):
                    self._add_name(view, cands, p, close, "pattern:method_paren", 0.75)  # not "(35.1% F1)"
        # "methods such as A, B and C"
        such = any(w in low for w in ("such as", "like ", "including", "e.g.", "namely"))
        for m in (view.ci_finditer(SUCH_AS_LOW, SUCH_AS) if such else ()):
            _, s_end = view.sent_of(m.end())
            self._list_items(view, cands, m.end(), s_end, rejected)
        for m in (view.ci_finditer(SUCH_AS_NAMES_LOW, SUCH_AS_NAMES) if such else ()):
            _, s_end = view.sent_of(m.end())
            self._list_items(view, cands, m.end(), s_end, rejected, coined_only=True)
        # "LoRA-based"
        for m in _X_SUFFIX.finditer(text):
            j = m.start()
            while j > 0 and not (text[j - 1].isspace() or text[j - 1] in "([{\"'"):
                j -= 1
            w = text[j:m.start()]
            if is_name_shaped(w) and w not in rejected:
                self._add_name(view, cands, j, m.start(), "pattern:x_based", 0.7)
            elif w.isalpha() and len(w) >= 4 and not _overlaps(j, m.start(), view.entities) \
                    and not any(a <= j and m.end() <= b for a, b, _, _ in view.lex):
                # "diffusion-based methods": a family the catalogue itself names "<word> model" and
                # "<word>-based ..." (not "consistency-based" for consistency models; a catalogued
                # "transformer-based", even a broad one, decides by itself)
                iri = self._x_based_families().get(w.lower())
                if iri:
                    cands.append(Cand(j, m.start(), "pattern:x_based", 0.7, iri))
        # comparisons with a coined name: "outperforms FooNet"
        for m in view.compare_cues:
            p = m.end()
            _, s_end = view.sent_of(m.start())
            q = _DET_SKIP.match(text, p, s_end)
            if q:
                p = q.end()
            wm = _NONSPACE.match(text, p, s_end)
            if wm:
                a, b = _strip_word(text, p, wm.end())
                w = text[a:b]
                if is_name_shaped(w) and w not in rejected and "/" not in w:
                    self._add_name(view, cands, a, b, "pattern:compare", 0.7)
        # a coined name in apposition to a method's kind: "the previous state-of-the-art method, NTSG."
        for m in (finditer_from_starts(_KIND_COMMA_NAME, text, title_end) if ", " in text else ()):
            a, b = m.span("name")
            if is_name_shaped(m.group("name")) and m.group("name") not in rejected:
                # "Our Open IE system, CALMIE, ...": the paper's own
                own = _OUR_KIND.search(text, max(title_end, m.start() - 40), m.start() + 1) is not None
                self._add_name(view, cands, a, b, "pattern:kind_appositive", 0.7, proposed=own)
        # capitalised names with a method head: "Canonical Correlation Analysis", "Pauli parameterization"
        # (not in a title: Title Case says nothing about names)
        self._capitalised(view, cands, title_end, len(text))
        # "the PC algorithm", "Newton's method"
        for h in _ALGO_HEAD_LOW.finditer(low, title_end):
            m = _NAME_BEFORE_HEAD.search(text, max(title_end, h.start() - 40), h.start())
            if not m:
                continue
            a = m.start(1)
            s_start, _ = view.sent_of(a)
            if text[s_start:a].strip() == "" and not is_name_shaped(m.group(1)):
                continue
            if m.group(1) in STOP_CAPS:
                continue
            nxt = _WORD_AFTER_NAME.match(text, h.end())
            if nxt and singular(nxt.group(1).lower()) in _RESOURCE_FOLLOW \
                    or _SPLIT_AFTER.match(text, h.start()):
                continue  # "the PROTEST test suite", "the X test set", "X test-collections": a resource
            self._add_name(view, cands, a, h.end(), "pattern:name_algorithm", 0.7)
        # "the BiGRU and HAN models": each coined name of a list before a plural method head
        for h in (_COORD_HEAD.finditer(text) if " and " in low or " or " in low else ()):
            # (a list ends "... and NAME" right before the head: only then is the search worth its time)
            word_before_name = text[max(0, h.start() - 200):h.start()].rsplit(None, 2)[-2:-1]
            if word_before_name not in (["and"], ["or"]):
                continue
            m = _COORD_LIST.search(text, max(0, h.start() - 200), h.start())
            if not m:
                continue
            pos = m.start(1)
            for item in _COORD_SPLIT.split(m.group(1)):
                a = text.index(item, pos)
                pos = a + len(item)
                # (a compound of a kind is no name: "MT-based", "End2End-approaches")
                if is_name_shaped(item) and item not in rejected and not _COMPOUND_TAIL.search(item):
                    self._add_name(view, cands, a, pos, "pattern:coordinated_names", 0.7)
        # what a method is based on, inspired by, extends: "based on Total Persistence"
        lin = any(w in low for w in ("improv", "enhanc", "based on", "inspired by", "build", "built on", "extend",
                                      "generali", "variant of", "extension of", "combines", "integrates"))
        for m in (LINEAGE_OBJECT.finditer(text, title_end) if lin else ()):
            s_start, s_end = view.sent_of(m.start())
            if DATASET_WORDS.search(" ".join(w for w in text[s_start:m.start()].split()[-3:] if "-" not in w)):
                continue  # "a new dataset based on X", "this corpus extends X": X is its source (not "zero-resource")
            # the coined name right before the cue is the derived one: "FooNet, which extends ..."
            sm = _SUBJECT_BEFORE.search(text, s_start, m.start())
            if sm and is_strong_name(sm.group(1)) and sm.group(1) not in rejected:
                self._add_name(view, cands, sm.start(1), sm.end(1), "pattern:lineage_subject", 0.6)
            p = m.end()
            for _ in range(3):
                name = parse_name(text, p, s_end, allow_single_cap=True, connectors=False)
                if not name or text[name.start:name.end] in rejected:
                    break
                end = name.end
                tail = _TAIL_HEAD.match(text, end, min(end + 40, s_end))
                if tail and singular(tail.group(2).lower()) in _HEADS_ALL:
                    end = tail.end()
                elif _SOURCE_NOUN_AFTER.match(text, end):
                    break  # "based on Twitter posts", "based on TED talks": a source
                self._add_name(view, cands, name.start, end, "pattern:lineage_object", 0.6)
                nxt = _AND_OR.match(text, end, s_end)
                if not nxt:
                    break
                p = nxt.end()
        # emphasised coined names: "*KSLinear*", "*lip-rcp*"
        if "*" in text or "_" in text:
            for m in _MARKED_WORD.finditer(text, title_end):
                w = m.group(2)
                if is_name_shaped(w) or ("-" in w and len(w) <= 20):
                    self._add_name(view, cands, m.start(2), m.end(2), "pattern:marked_name", 0.65)
        # name-shaped tokens that recur or act as subjects
        counts: Counter[str] = Counter()
        where: dict[str, list[tuple[int, int]]] = {}
        subjects: set[str] = set()
        for m in _CAP_START.finditer(text):
            j = m.start()
            while j > 0 and not text[j - 1].isspace():
                j -= 1
            a, b = _strip_word(text, j, m.end())
            w = text[a:b]
            if w.endswith("'s"):
                w, b = w[:-2], b - 2
            if not is_strong_name(w) or w.lower() in NOT_METHOD_TOKENS or w in rejected:
                continue
            if _ODD_CHARS.search(w) or _LETTER_NUM.fullmatch(w) or _X_TAIL.search(w):
                continue  # ("Word2Vec-based" is no name: its X is, which the x_based rule finds)
            counts[w] += 1
            where.setdefault(w, []).append((a, b))
            s0, _ = view.sent_of(a)
            if text[s0:a].strip() in ("", "Through", "With", "In", "Using", "Empirically,", "Moreover,", "Finally,", "Overall,") \
                    and _VERBISH.match(text, b, b + 20):
                subjects.add(w)
        found = {text[c.start:c.end] for c in cands}
        for w, n in counts.items():
            singular_w = singular(w)
            n_all = n + (counts.get(singular_w, 0) if singular_w != w else 0)
            # (capitals and recurrence alone make a name of anything: a dataset, a team, a language
            # pair; the text must treat it as a method somewhere)
            if (n_all >= 2 or w in subjects) and not all(_names_formalism(text, b) for _, b in where[w]) \
                    and (_acts_as_method(view, where[w]) or self._has_method_part(w, found)):
                for a, b in where[w]:
                    self._add_name(view, cands, a, b, "pattern:repeated_name", 0.6)

    def _has_method_part(self, name: str, found: set[str]) -> bool:
        """A name with a method for a part: hyphenated, a catalogued one or one the text's rules
        found ("Lattice-LSTM", "c-VAE", "Gaussian-BAT" beside "... Topic (BAT) model"), or a glued
        catalogued acronym at either end ("ZooGAN", "BERTSum")."""
        parts = name.split("-")
        if len(parts) > 1:
            return any(p in found or self.lex_method(p) for p in parts if len(p) > 1)
        return any(is_acronym_like(p) and self.lex_method(p) for k in range(1, len(name) - 2)
                   for p in (name[k:], name[:-k]) if len(p) >= 3 and p.isupper())

    def _list_items(self, view, cands, p, limit, rejected, coined_only=False):
        text = view.text
        end = limit
        m = re.search(r"[;:()]|\.\s|\s(?:are|is|was|were|that|which|to|remain|remains|have|has|can|fail|fails|either|in|on|for|with|while)\s", text[p:limit])
        if m:
            end = p + m.start()
        pos = p
        parts = list(re.finditer(r"[^,]+", text[p:end]))
        # the list ends at its last conjunct ("A, B, and C, performed well"); one set off by a comma
        # before its cue and without a conjunct is one item ("kernels, such as X, achieve ...")
        last = next((i for i, part in enumerate(parts) if _CONJUNCT.search(part.group())), None)
        if last is None and _SET_OFF_CUE.search(text, max(0, p - 16), p):
            last = 0
        for part in parts[:None if last is None else last + 1]:
            a, b = p + part.start(), p + part.end()
            seg = text[a:b]
            pieces = re.split(r"\s+(?:and|or)\s+", seg)
            off = a
            for piece in pieces:
                k = text.find(piece, off, b)
                if k < 0:
                    continue
                off = k + len(piece)
                pa, pb = k, k + len(piece)
                stripped = re.match(r"\s*(?:and\s+|or\s+)?(?:the\s+|a\s+|an\s+)?", text[pa:pb])
                pa += stripped.end()
                item = text[pa:pb].strip()
                if not item:
                    continue
                pb = pa + len(item)
                words = item.split()
                if len(words) > 4:
                    return
                name = parse_name(text, pa, pb)
                if name and _X_TAIL.search(text, name.start, name.end):
                    continue  # "models including a CRF-based model": its X is the name (the x_based rule)
                if name:
                    found = text[name.start:name.end]
                    if found not in rejected and (not coined_only or any(map(is_name_shaped, found.split()))):
                        self._add_name(view, cands, name.start, name.end, "pattern:such_as", 0.7)
                    continue
                if coined_only:
                    continue
                if words[0][:1].islower() and all(re.fullmatch(r"[A-Za-z][\w-]*", w) for w in words):
                    if item.lower() not in GENERIC_PHRASES and words[-1] not in GENERIC_HEADS \
                            and words[0].lower() not in _PRONOUNS and (len(words) > 1 or len(item) >= 8 or "-" in item):
                        self._add_name(view, cands, pa, pb, "pattern:such_as", 0.6)
            pos = b

    def _capitalised(self, view, cands, s_start, s_end):
        text = view.text
        for m in _CAP_RUN.finditer(text, s_start, s_end):
            a, b = m.start(1), m.end(1)
            s0, s1 = view.sent_of(a)
            if b > s1:  # a run never crosses a sentence end
                b = s1
                while b > a and not text[b - 1].isalnum():
                    b -= 1
            words = text[a:b].split()
            if not words:
                continue
            initial = text[s0:a].strip() == ""
            if initial:
                # sentence-initial capital says nothing; need a second capitalised word
                if len(words) < 2:
                    continue
            if any(w.lower() in NOT_METHOD_TOKENS for w in words):
                continue
            while words and (words[0] in STOP_CAPS or (initial and re.search(r"(?:ing|ed|ly)$", words[0]))):
                a = text.index(words[1], a + len(words[0])) if len(words) > 1 else b
                words = words[1:]
            if not words:
                continue
            if all(is_name_shaped(w) for w in words):
                continue  # acronyms are handled elsewhere
            head = singular(words[-1].lower())
            after = text[b:b + 40]
            lh = LOWER_HEAD.match(after)
            all_caps = all(w[:1].isupper() for w in words)
            if head in _FIELD_HEADS_CAP and self.lex_method(text[a:b]) is None:
                continue  # "Discourse Analysis", "Semantic Search": a field's or a task's name
            if len(words) >= 2 and head in _HEADS_ALL and (
                    head not in _BROAD_HEADS
                    or (all_caps and (not initial or len(words) >= 3))):
                nxt = re.match(r"\s+([a-z]+)", after)
                if nxt and singular(nxt.group(1)) in _FIELD_HEADS:
                    continue
                rule = "pattern:capitalised_name" if not initial or len(words) >= 3 else "pattern:capitalised_head"
                self._add_name(view, cands, a, b, rule, 0.65)
            elif lh:
                hw = singular(lh.group().strip().lower())
                if hw in _FIELD_HEADS_LOW or _SPLIT_AFTER.match(text, b):
                    continue  # "Computational Linguistic analysis", "the Twitter test sets"
                if _LETTER_NUM.fullmatch(words[0].split("-")[0]) or any(w in LANGUAGES for w in words):
                    continue  # "the N encoder layers", "an M-layer decoder"; "the English embedding space"
                if hw in ("model", "network", "machine", "layer", "kernel", "learning", "training", "inference") and len(words) < 2:
                    continue
                self._add_name(view, cands, a, b + lh.end(), "pattern:capitalised_head", 0.65)
            elif IS_A.match(text, b) and (len(words) >= 2 or not initial):
                self._add_name(view, cands, a, b, "pattern:is_a", 0.7)

    # ---------------------------------------------------------------------------------------
    def _group(self, view: DocView, cands: list[Cand]) -> list[MethodGroup]:
        text = view.text
        if not cands:
            return []
        # identical spans: merge; nested spans: the longer wins
        cands.sort(key=lambda c: (c.start, -(c.end - c.start), -c.conf))
        merged: list[Cand] = []
        for c in cands:
            if merged and merged[-1].start == c.start and merged[-1].end == c.end:
                m = merged[-1]
                m.proposed = m.proposed or c.proposed
                m.iri = m.iri or c.iri
                if m.link < 0 or (c.link >= 0 and c.proposed):
                    m.link = c.link if c.link >= 0 else m.link
                if _rule_rank(c.rule) > _rule_rank(m.rule):
                    m.rule, m.conf = c.rule, max(m.conf, c.conf)
                continue
            merged.append(c)
        kept: list[Cand] = []
        # strong rules first (naming, abbreviations, lexicon), longest first, then keep what does
        # not overlap a kept span
        for c in sorted(merged, key=lambda c: (_tier(c), -(c.end - c.start), c.start)):
            if any(k.start < c.end and c.start < k.end for k in kept):
                continue
            kept.append(c)
        kept.sort(key=lambda c: c.start)
        n = len(kept)
        uf = _UF(n)
        first_by: dict[tuple[str, object], int] = {}
        for i, c in enumerate(kept):
            keys = []
            if c.iri:
                keys.append(("iri", c.iri))
            if c.link >= 0:
                keys.append(("link", c.link))
            keys.append(("norm", norm_key(text[c.start:c.end])))
            for k in keys:
                if k in first_by:
                    uf.union(first_by[k], i)
                else:
                    first_by[k] = i
        groups: dict[int, list[Cand]] = {}
        for i, c in enumerate(kept):
            groups.setdefault(uf.find(i), []).append(c)
        abbrev_short = {}
        for ab in view.abbrevs:
            abbrev_short[norm_key(ab.short)] = ab
        out = []
        for root in sorted(groups):
            spans = groups[root]
            out.append(self._make_group(view, spans, abbrev_short))
        return out

    def _make_group(self, view, spans, abbrev_short) -> MethodGroup:
        text = view.text
        iri = next((c.iri for c in spans if c.iri), None)
        concept = self.lexicon.concepts.get(iri) if iri else None
        # a name the corpus taught is named as the text names it (its acronym, when the text
        # defines one) and keeps every spelling the corpus gave it, by which papers' methods join
        taught = concept.labels if concept is not None and concept.learned else []
        if taught:
            iri = concept = None
        surfaces = [text[c.start:c.end] for c in spans]
        labels: list[str] = []
        descriptions: list[str] = []

        def add(label):
            label = _SPACES.sub(" ", label).strip()
            if label and label not in labels:
                labels.append(label)

        concept_keys = {norm_key(x) for x in concept.labels} if concept else set()
        for c, s in zip(spans, surfaces):
            if c.rule in ("pattern:x_based", "lexicon:ellipsis") and concept and norm_key(s) not in concept_keys:
                continue  # "diffusion" of "diffusion-based" names the family, not a label of it (nor "beam" beam search)
            if c.rule == "lexicon:modified" and concept and norm_key(s) not in concept_keys:
                # "sparse Gaussian processes": how this text describes the concept, no name of it by which
                # another paper's own method ("Multi-passage BERT") would become the concept
                words = clean_label(s).split(" ")
                descriptions.append(" ".join(words))
                if _plural_ok(words[-1]):
                    descriptions.append(" ".join(words[:-1] + [singular(words[-1])]))
                continue
            add(clean_label(s))
        for s in surfaces:
            if delatex(s) != s:
                add(s.strip())
        short = long = None
        for s in surfaces:
            ab = abbrev_short.get(norm_key(s))
            if ab and norm_key(ab.short) == norm_key(s):
                short, long = clean_label(ab.short), clean_label(ab.long)
                break
        # singular forms of plural surfaces
        for lab in list(labels):
            words = lab.split(" ")
            sw = singular(words[-1]) if _plural_ok(words[-1]) else words[-1]
            if sw != words[-1]:
                add(" ".join(words[:-1] + [sw]))
        # only names coined in the text lose a generic tail: a catalogue concept's labels are its own
        # ("recurrent network" must not yield "recurrent")
        for lab in [] if concept else list(labels):
            words = lab.split(" ")
            if len(words) >= 2 and words[-1].lower() in _GENERIC_TAIL and words[-2].lower() not in GENERIC_HEADS:
                add(" ".join(words[:-1]))  # "involutive MCMC methods" -> "involutive MCMC"
        for lab in concept.labels if concept else taught:
            add(lab)
        if long and not concept:
            add(long)  # the text's own sense, by which it stays apart from another's same acronym
        if concept:
            label = concept.pref  # a catalogue concept keeps the catalogue's preferred label
        elif short:
            label = singular(short) if short.endswith("s") and short[:-1].isupper() else short
        else:
            cnt = Counter(clean_label(s) for s in surfaces)
            best = sorted(cnt.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0][0]
            words = best.split(" ")
            sw = singular(words[-1]) if _plural_ok(words[-1]) else words[-1]
            label = " ".join(words[:-1] + [sw])
        add(label)
        key = iri if iri else KGM + slugify(label)
        return MethodGroup(key=key, label=label, labels=labels, broader=list(concept.broader) if concept else [],
                           from_lexicon=bool(concept), spans=spans, short=short, long=long,
                           generic=bool(concept and concept.generic),
                           descriptions=[d for d in dict.fromkeys(descriptions) if d not in labels])


_RANKS = {"pattern:name_repeat": 6, "pattern:built_on": 8, "pattern:we_propose": 9, "pattern:our_method_acronym": 7, "pattern:called": 9, "pattern:title_prefix": 9, "pattern:opening_name": 9, "pattern:appositive": 8,
          "pattern:our_x": 8, "pattern:name_our_new": 8, "pattern:we_propose_acronym": 8,
          "pattern:variant_name": 7, "abbreviation": 6, "abbreviation:partial": 6, "lexicon": 5, "lexicon:modified": 5,
          "lexicon:ellipsis": 5,
          "pattern:capitalised_name": 5, "pattern:modified_method": 6, "lexicon:lineage_base": 5, "pattern:such_as": 5,
          "vocabulary": 3}


def _tier(c: Cand) -> int:
    """0: the text's own definitions (naming, abbreviations); 1: lexicon and strong shapes; 2: the rest."""
    r = _rule_rank(c.rule)
    return 0 if (c.proposed or r >= 6) else (1 if r >= 5 else 2)


def _rule_rank(rule: str) -> int:
    return _RANKS.get(rule, 1)


_OWN_WORD_BEFORE = re.compile(r"\b(?:" + _words_rx(data_words("proposals")["own_words"]) + r")\s+$", re.IGNORECASE)


def propose_taught(view: DocView, groups: list[MethodGroup], taught: dict[str, str] | None) -> None:
    """The names the corpus vocabulary says this paper proposes or coins (``taught``: a name's key ->
    the kind of its evidence, ``kg.extract.vocabulary.Vocabulary.proposals_of``) become its proposals
    before lineage is decided, so that what builds on a base is the paper's name and not its unnamed
    method. Their mentions in a sentence that proposes (else the first) are the proposing ones."""
    if not taught:
        return
    text = view.text
    # a phrase the first pass read after a proposing verb ("we introduce orthogonal regularization on ...") is the
    # paper's only where the text names none of its own ("CAN: Constrained Attention Networks ..."), as with
    # "the proposed ..." (_FALLBACK_NAMINGS), or where the title gives it ("Adaptive Parameterization for ..." +
    # "we propose two adaptive parameterization mechanisms") or the text says it is new ("together with a new
    # locally scored model"); a coined word is the paper's either way
    named = any(g.role == "proposes" for g in groups)
    title = text[:view.title_end]

    def presented(g: MethodGroup) -> bool:
        return any(next(find_word(title, label, False), None) for label in (g.label, *g.labels)) \
            or any(_OWN_WORD_BEFORE.search(text, max(0, c.start - 12), c.start) for c in g.spans)

    for g in groups:
        if g.role == "proposes":
            continue
        kind = next((taught[k] for k in map(norm_key, (*g.labels, g.label)) if k in taught), None)
        if kind is None or kind == "proposal" and named and not presented(g):
            continue
        proposing = [c for c in g.spans
                     if (WE_PROPOSE.search(text, *view.sent_of(c.start)) or PASSIVE_PROPOSE.search(text, *view.sent_of(c.start)))]
        for c in proposing or g.spans[:1]:
            c.proposed = True
        g.role, g.role_span, g.role_rule = "proposes", (proposing or g.spans)[0], "vocabulary:" + kind


def assign_roles(view: DocView, groups: list[MethodGroup]) -> None:
    """proposes > uses > comparesWith > mentions, each with the span and rule that decided it."""
    text = view.text
    cues: list[tuple[int, int, str, str]] = []  # start, end(scope), role, rule
    cue_begin: list[int] = []
    if not groups:
        return
    for matches, role, rule in ((view.ci_finditer(USE_CUE_LOW, USE_CUE), "uses", "role:uses"),
                                (view.compare_cues, "comparesWith", "role:compares")):
        for m in matches:
            a = m.end()
            _, s_end = view.sent_of(m.start())
            ce = CLAUSE_END.search(text, a, min(s_end, a + 120))
            b = min(ce.start() if ce else s_end, a + 120)
            cues.append((a, b, role, rule))
            cue_begin.append(m.start())
    # a cue's scope ends where the next cue starts ("builds on X and outperforms Y")
    cues.sort()
    cue_starts = sorted(cue_begin)
    bounded = []
    for a, b, role, rule in cues:
        k = bisect.bisect_right(cue_starts, a)
        nxt = cue_starts[k] if k < len(cue_starts) else b
        bounded.append((a, min(b, nxt), role, rule))
    cues = bounded
    for g in groups:
        prop = [c for c in g.spans if c.proposed]
        if prop:
            g.role, g.role_span, g.role_rule = "proposes", prop[0], prop[0].rule
            continue
        best = None
        for c in g.spans:
            for a, b, role, rule in cues:
                if a <= c.start < b:
                    rank = 2 if role == "uses" else 1
                    if best is None or rank > best[0]:
                        best = (rank, c, role, rule)
        if best:
            g.role, g.role_span, g.role_rule = best[2], best[1], best[3]
        else:
            g.role, g.role_span, g.role_rule = "mentions", g.spans[0], g.spans[0].rule
