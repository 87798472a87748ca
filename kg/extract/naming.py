"""Names of methods nobody listed: where a text introduces a name, and what a name looks like.

All functions take the whole text and character offsets, and return character offsets, so that
the spaCy components can map them back onto their ``Doc``.
"""
from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from .abbrev import best_long_form, valid_short
from .vocabulary import cues, data_words, only_modifiers, title_parts
from .text import (GENERIC_HEADS, GENERIC_PHRASES, METHOD_HEADS, NON_METHOD_HEADS, NOT_METHOD_TOKENS, X_SUFFIXES,
                   find_word, first_char_lookahead, is_name_shaped, is_strong_name, singular, FromStarts)

_PROPOSAL_CUES = data_words("proposals")
_VOCABULARY = data_words("vocabulary")


def _words_rx(words) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


STOP_CAPS = {
    "The", "A", "An", "We", "Our", "This", "These", "That", "Those", "It", "Its", "In", "On", "For",
    "To", "With", "By", "From", "As", "At", "Of", "And", "Or", "But", "However", "Moreover",
    "Furthermore", "Here", "Finally", "First", "Second", "Third", "Then", "Also", "Specifically",
    "Unlike", "Compared", "Experiments", "Experimental", "Results", "Code", "Empirically",
    "Theoretically", "Notably", "Thus", "Therefore", "Hence", "Such", "Each", "Both", "All", "Any",
    "Some", "Many", "Most", "Existing", "Previous", "Prior", "Recent", "Recently", "Traditional",
    "Classical", "Standard", "Current", "Modern", "New", "Novel", "Extensive", "Overall", "Instead",
    "Similarly", "Additionally", "Lastly", "Yet", "While", "Although", "Though", "When", "Where",
    "Which", "What", "How", "Why", "If", "Since", "Because", "Using", "Based", "Given", "Through",
    "Across", "Among", "Under", "Over", "Unfortunately", "Importantly", "Crucially", "Remarkably",
    "Interestingly", "Consequently", "Accordingly", "Further", "Nevertheless", "Nonetheless",
    "Despite", "Following", "Besides", "Beyond", "Within", "Without", "Towards", "Toward", "Via",
    "I", "II", "III", "IV", "Is", "Are", "Can", "Do", "Does", "Not", "No", "Yes", "One", "Two",
    "Three", "Four", "Five", "Several",
}
CONNECTORS = {"of", "for", "via", "to", "and", "in", "with", "on", "the", "de", "from", "over", "by"}
_OPEN_MARKUP = re.compile(r"(\*\*|\*|__|_|`|\\(?:textit|textbf|texttt|textsc|emph|mathrm)\{)")
_CLOSE = {"**": "**", "*": "*", "__": "__", "_": "_", "`": "`"}
_WORD = re.compile(r"(?:(?!---|--|—|–)[^\s,;:()\[\]{}])+")
_TRAIL = ".,;:!?)]}'\"*_`”"


def _strip_word(text: str, a: int, b: int) -> tuple[int, int]:
    # (a closing ’ ends a quotation only where ‘ opened it: "Labs’ submission" is a possessive)
    trail = _TRAIL + "’" if text[a:a + 1] == "‘" or (a and text[a - 1] == "‘") else _TRAIL
    while b > a and text[b - 1] in trail:
        b -= 1
    while a < b and text[a] in "([{'\"*_`“‘":
        a += 1
    return a, b


def word_ok(word: str, first: bool) -> bool:
    """Could ``word`` be part of a method name?"""
    if not word or word.lower() in NOT_METHOD_TOKENS:
        return False
    if is_name_shaped(word):
        return True
    if word in STOP_CAPS and first:
        return False
    c = word[0]
    return c.isupper() or (c.isdigit() and any(x.isalpha() for x in word))


# a token between capitalised words of a name (a capitalised word after it)
_INNER_TOKEN = re.compile(r"[A-Z][\w-]*\s+[A-Z][a-z]")


@dataclass(frozen=True)
class Name:
    start: int
    end: int
    marked: bool = False  # wrapped in markup (*X*, \textit{X})


def parse_name(text: str, pos: int, limit: int, allow_single_cap: bool = True,
               connectors: bool = True) -> Name | None:
    """The name starting at ``pos`` (after spaces): one name-shaped token, a run of capitalised
    words (with "of/for/via..." inside), or anything short in emphasis markup."""
    while pos < limit and text[pos] == " ":
        pos += 1
    if pos >= limit:
        return None
    m = _OPEN_MARKUP.match(text, pos)
    if m:
        opener = m.group(1)
        closer = _CLOSE.get(opener, "}")
        close = text.find(closer, m.end(), min(limit, m.end() + 80))
        if close > m.end():
            a, b = m.end(), close
            inner = text[a:b].strip()
            if inner and len(inner.split()) <= 6 and not inner.lower().startswith(("e.g", "i.e")):
                # "*Quantization-Aware Training (QAT)*": the name is before the parenthesis
                k = inner.find(" (")
                if k > 0:
                    b = a + text[a:b].find(" (")
                return Name(a, b, True)
    words = []
    p = pos
    while p < limit and len(words) < 10:
        wm = _WORD.match(text, p)
        if not wm:
            break
        a, b = _strip_word(text, wm.start(), min(wm.end(), limit))
        if a >= b:
            break
        w = text[a:b]
        # "HeNCler-a novel approach": a dash glued to the article
        g = re.match(r"^(.*[A-Za-z0-9])-(?:a|an)$", w)
        if g and not words:
            b = a + len(g.group(1))
            w = g.group(1)
            words.append((a, b))
            break
        if connectors and w.lower() in CONNECTORS and words:
            words.append((a, b, "conn"))
        elif word_ok(w, first=not words) or words and _INNER_TOKEN.match(text, a) and w.lower() in NOT_METHOD_TOKENS:
            words.append((a, b))  # (a field's or a format's token inside a name: "Episodic Memory QA Net")
        else:
            break
        # punctuation glued to the word ends the name
        if b < wm.end() or (wm.end() < limit and text[wm.end()] in ",;:()"):
            break
        p = wm.end()
        while p < limit and text[p] == " ":
            p += 1
        if p < limit and text[p] == "(":
            break
    while words and len(words[-1]) == 3:  # trailing connector
        words.pop()
    if not words:
        return None
    a, b = words[0][0], words[-1][1]
    name = text[a:b]
    if len(words) == 1:
        if not is_name_shaped(name) and not (allow_single_cap and name[:1].isupper() and len(name) > 2):
            return None
        if name in STOP_CAPS:
            return None
    return Name(a, b)


# --- naming contexts --------------------------------------------------------------------------

_ADV = r"(?:(?:also|further|then|first|now|here|additionally|thus|therefore|hence|instead|newly|" \
       r"formally|finally|next|subsequently|specifically|explicitly|jointly|carefully|systematically|" \
       r"[a-z]+ly)\s+)*"
PROPOSE_VERBS = (r"(?:propose|introduce|present|develop|design|devise|formulate|put\s+forward|offer|"
                 r"unveil|contribute|build|construct|create|describe|advance|establish|formalize|formalise|"
                 r"derive|release)")
# how a text names itself: "this paper", "our work", "the present study" (kg/data/vocabulary.json)
OWN_TEXT = r"(?:" + "|".join(f"[{w[0].upper()}{w[0]}]" + re.escape(w[1:]).replace("\\ ", r"\s+")
                             for w in sorted(_VOCABULARY["own_text_determiners"], key=len, reverse=True)) \
    + r")\s+(?:" + _words_rx(_VOCABULARY["own_text_nouns"]) + r")\b"
WE_PROPOSE = first_char_lookahead(re.compile(
    r"(?:\b[Ww]e\s+(?:[a-z]+ly\s+)?[a-z]+\s+(?:[\w-]+\s+){0,4}?and|\b[Ww]e|\b" + OWN_TEXT + r")\s+" + _ADV +
    PROPOSE_VERBS + r"(?:s|d|ed|es)?\b"
))
# "Our main contribution is X", "The key contribution of this paper is X": X presented as "we propose X" presents it
OUR_CONTRIBUTION = re.compile(r"\b(?:[Oo]ur|[Tt]he)\s+(?:(?:" + _words_rx(_PROPOSAL_CUES["contribution_qualifiers"])
                              + r")\s+)?contributions?\s+(?:of\s+" + OWN_TEXT + r"\s+)?"
                              r"(?:is|are|includes?)\b")
# "We show that ... and propose an X": the proposing verb far from "we", in the same clause's coordination (its
# base form only: "the parser developed by ..." has a participle)
AND_PROPOSE = re.compile(r"\band\s+(?:[a-z]+ly\s+)?(?:" + _words_rx(_PROPOSAL_CUES["coordinated_verbs"]) + r")\b")
WE_AND_PROPOSE = re.compile(r"\b[Ww]e\s+[^.;]{0,250}?\band\s+(?:[a-z]+ly\s+)?(?:"
                            + _words_rx(_PROPOSAL_CUES["coordinated_verbs"]) + r")\b")
# "In this paper, GraphSum is proposed", "A novel Text-Of-Interest CNN (TOI-CNN) is introduced for ...": the subject
# of a present passive proposing verb, from the sentence's start (not "X is proposed by/in [3]", another's)
OWN_PASSIVE = re.compile(r"(?:(?i:" + _words_rx(_PROPOSAL_CUES["passive_leads"]) + r")\s*,?\s+)?(?:(?P<det>[Aa]n?)\s+)?"
                         r"(?P<np>[^.;,:]{1,100}?)\s+(?:is|are)\s+(?:[a-z]+ly\s+)?(?:"
                         + _words_rx(_PROPOSAL_CUES["passive_verbs"]) + r")\b(?!\s+(?:by|from|in\s+(?!(?:"
                         + _words_rx(_PROPOSAL_CUES["passive_own_places"]) + r")\b)))")
# "X is proposed in recent work", "X is introduced by ...": another's
OTHERS_WORK = re.compile(r"\b(?:" + _words_rx(_PROPOSAL_CUES["others_work_words"]) + r")\b", re.I)
# "We note that prior studies rely on ... and introduce X": a clause of another's work before the far verb
OTHERS_CLAUSE = re.compile(r"\b(?:that|which|whereas|while)\s+(?:[\w-]+\s+){0,2}?(?:"
                           + _words_rx(_PROPOSAL_CUES["others_work_words"]) + r")\b", re.I)
COMPONENT_NAME = re.compile(r"(?<![\w-])([A-Za-z][\w-]*[A-Za-z0-9])\s+(?:layers?|loss|module|block|operator|"
                            r"kernel|estimator|regularizer|optimizer|sampler)\b")
_VERB_STEM = re.compile(r"propos|introduc|present|develop|design|devis|formul|put\s+forward|offer|unveil|"
                        r"contribut|build|construct|creat|describ|advanc|establish|formali[sz]|deriv|releas")
BY_VERBING = first_char_lookahead(re.compile(r"\bby\s+(?:introduc|propos|present|develop|design|devis)ing\b"))
PASSIVE_PROPOSE = re.compile(r"\b(?:is|are|was|were)\s+(?:\w+ly\s+)?(?:proposed|introduced|presented|developed)\b")
# "we refer to this sampler as": the words before "as" say what is named
_WE_REFER = r"[Ww]e\s+refer\s+to\s+(?:this|our|it|the|them)((?:\s+[\w-]+){0,3}?)\s+as"
# (not "so-called user-generated content (UGC)": what others call it)
CALLED = re.compile(
    r"\b(?<!so-)(?:(?:called|named|dubbed|termed)(?:\s+as)?|coined|namely|"
    + _words_rx(_PROPOSAL_CUES["naming_phrases"]).replace("\\ ", r"\s+") + r"|i\.e\.,?|(?:which|what)\s+we\s+(?:call|name|term|dub|refer\s+to\s+as)|"
    r"referred\s+(?:to\s+)?as|known\s+as|[Ww]e\s+(?:call|name|term|dub)\s+(?:this|our|it|the|them)(?:\s+[\w-]+){0,3}?|"
    + _WE_REFER + r")\s+"
)
WE_REFER = re.compile(_WE_REFER + r"\s")
# "We describe and evaluate X", "we design and implement X": a second verb between the proposing verb and its object
PAIRED_VERB = re.compile(r"\s+and\s+(?:[a-z]+ly\s+)?(?:" + _words_rx(_PROPOSAL_CUES["paired_verbs"]) + r")(?:s|d|ed|es)?\b")
# "the Foo Communication Co., Ltd.'s submission": a company's name, its possessive after its suffixes
COMPANY_POSSESSIVE = re.compile(r"(?:[.,\s]*(?:" + _words_rx(_PROPOSAL_CUES["company_suffixes"]) + r")\b\.?)*[.,]?\s*['’]s\b")
# what joins a second name to a proposed one: "A (A1) and B (B1)", "X, Y and Z"
# (one run of spaces, read once: "\s*(?:...)?\s*(?:...|\s+and)" split a long run every way)
_NEXT_CONJUNCT = re.compile(r"\s*(?:\([^()]{1,20}\)\s*)?(?:,\s*(?:and\s+)?|(?<=\s)and\s+)")
_KIND_NOUNS = GENERIC_HEADS | METHOD_HEADS  # what a named thing may be called: "this procedure"
_USE_VERBS = r"(?:used?|using|employ(?:ed|ing)?|adopt(?:ed|ing)?|appl(?:y|ied|ying)|utili[sz](?:e|ed|ing)|" \
             r"leverag(?:e|ed|ing)|rel(?:y|ied)\s+on)"
WE_USE = re.compile(r"\b(?:[Ww]e|I)\s+(?:\w+ly\s+)?" + _USE_VERBS + r"\b")
# between "we propose" and "called X": the name is of something used ("we propose to use ... i.e., fastText")
COMPARED = re.compile(r"\b(?:" + _words_rx(_PROPOSAL_CUES["comparing_words"]) + r")\b", re.IGNORECASE)
USE_WORD = re.compile(r"\b(?:" + _USE_VERBS + r"|" + _words_rx(_PROPOSAL_CUES["known_thing_words"]) + r")\b|"
                      + COMPARED.pattern, re.IGNORECASE)
WE_CALL_THIS = re.compile(r"[Ww]e\s+(?:call|name|term|dub)\s+(?:this|our|it|the|them)\b")
WE_CALL_NOUNS = re.compile(r"(?:[a-z][a-z-]*\s+){1,3}?(?=[^a-z\s])")
_GENERIC_ALT = "|".join(sorted(GENERIC_HEADS, key=len, reverse=True))
APPOSITIVE = re.compile(
    r"\b(?:a|an|the|our|two|three|several)\s+(?:[\w/-]+\s+){0,6}?(?:" + _GENERIC_ALT + r")\s*"
    r"(?:,|---|--|—|–|:)\s*"
)
_DET = {"a", "an", "the", "two", "three", "four", "several", "our", "new", "novel"}
HEAD_AFTER = re.compile(r"\s+(?:losses|loss|layers?|estimators?|algorithms?|kernels?|networks?|metrics?|"
                        r"attacks?|tests?|operators?|mechanisms?|modules?|blocks?|units?)\b")
MARKED = re.compile(r"(?<![\w*])(?:\*\*|\*|__|_(?=[A-Za-z])|\\textit\{|\\emph\{|\\textbf\{)(?P<name>[A-Za-z][^*_{}\n]{0,60}?)"
                    r"(?:\*\*|\*|__|_|\})(?![\w*])")


_NONSPACE_RUN = re.compile(r"\S+")


def _skip_det_adj(text: str, p: int, limit: int) -> int | None:
    """After "we propose": skip "a novel efficient" and return where a name could start."""
    words = list(itertools.islice(_NONSPACE_RUN.finditer(text, p, limit), 6))  # no more are read
    if not words or words[0].group().lower() not in _DET:
        return None
    for i, w in enumerate(words):
        tok = w.group()
        low = tok.lower()
        if i == 0 or low in _DET:
            continue
        if tok[:1].isupper() or tok[:1] in "*_\\" or is_name_shaped(tok):
            return w.start()
        if low.rstrip(",") in GENERIC_HEADS or PREPOSITIONS.fullmatch(low) or not re.fullmatch(r"[a-z][\w-]*", tok) \
                or DATASET_WORDS.fullmatch(low):
            return None
    return None
OUR_X = first_char_lookahead(re.compile(
    r"\b[Oo]ur\s+(?:(?:new|novel|proposed)\s+)?(?:method|approach|framework|model|algorithm|technique|"
    r"system|tool|paradigm|scheme|estimator|architecture|procedure|strategy|metric|loss)\s*,?\s*"
    r"(?:called|named|dubbed|termed)\s+"
))
OUR_NAME_X = FromStarts(re.compile(
    r"\b[Oo]ur\s+(?:(?:new|novel|proposed)\s+)?(?P<name>\S+)\s+(?:method|approach|framework|model|"
    r"algorithm|technique|system|tool|estimator|architecture)\b"
))
OUR_KIND_NAME = re.compile(r"\b[Oo]ur\s+(?:(?:new|novel|proposed|original)\s+)?(?:" + _GENERIC_ALT
                           + r")\s+(?P<name>[A-Za-z][\w.-]*[A-Za-z0-9])")
NAME_COMMA_OUR = re.compile(r"\s*,\s*(?:our|the)\s+(?:new|novel|proposed)\b")
TITLE_PREFIX = re.compile(r"^\s*(?P<name>[^:]{2,40}?)\s*:\s+\S")
TITLE_STOP = frozenset(_PROPOSAL_CUES["title_stop"])
DATA_FOLLOW = re.compile(r"\s*(?:\([^()]{1,20}\)\s*)?(?:data\s?sets?|benchmarks?|corpus|corpora|suite|library|"
                         r"toolkit|challenge|leaderboard|dataset)\b", re.IGNORECASE)
# "(LSTM) based", "(CNN) and Recurrent Neural Network (RNN) based approaches": what follows the acronym
X_BASED_FOLLOW = re.compile(r"(?:\s+and\s+[^.;,()]{1,50}\([^()]{1,12}\))?\s*-?\s*based\b(?!\s+(?:on|upon)\b)")
_PAREN = re.compile(r"\s*\([^()]{1,12}\)")


def _after_paren(text: str, end: int) -> int:
    """Where a name ends with the acronym in parentheses after it, if any."""
    m = _PAREN.match(text, end)
    return m.end() if m else end


TASK_FOLLOW = re.compile(r"\s*(?:\([^()]{1,20}\))?\s+([a-z]+)\b")


def _names_a_task(text: str, end: int) -> bool:
    """"a joint Part-Of-Speech (POS) tagging framework": the name is the task's, not a method's."""
    m = TASK_FOLLOW.match(text, end)
    return bool(m and singular(m.group(1)) in NON_METHOD_HEADS)
_PREPOSITION_WORDS = (r"(?:for|of|on|to|with|by|from|in|into|over|using|via|through|between|under|"
                      r"within|across|at|based|that|which|where|when)")
PREPOSITIONS = re.compile(r"\b" + _PREPOSITION_WORDS + r"\b")
# a preposition, not the first part of a hyphenated word ("on-device"; "user-attention-based" is one)
PREPOSITION_WORD = re.compile(r"\b" + _PREPOSITION_WORDS + r"(?![\w-])")


NEW_KIND_BASED_ON = re.compile(r"\s*(?:a|an)\s+(?:new|novel)\s+(?:[a-z][\w-]*\s+){0,3}?(?:" + _GENERIC_ALT + r")\s+"
                               r"(?:based\s+on|built\s+(?:up)?on|grounded\s+in|founded\s+on)\s+")


# the short form in parentheses that closes a phrase, then the end of the phrase: "... architecture (GMemN2N)."
_CLOSING_SHORT = re.compile(r"\s*\(\s*(?P<short>[^()\s,;]{2,12})\s*\)(?=\s*(?:[,.;:]|$|(?:that|which|to|for|with|in|on|"
                            r"by|and|where|as)\b))")
_OPENS_PARENTHESIS = re.compile(r"\s*\(")
_PHRASE_WORD = re.compile(r"[A-Za-z][\w-]*")
_USE_WORD_RX = re.compile(_USE_VERBS)


def _closing_short(text: str, pos: int, limit: int, known: Callable[[str], object] | None,
                   connectors: bool = False) -> Name | None:
    """The short form in parentheses that closes the phrase at ``pos``, coined for it there, whether or not its
    letters spell the phrase: "we develop a Gated End-to-End trainable Memory Network architecture (GMemN2N)",
    "we propose a novel entailment-enhanced reward (CIDEnt)"; with ``connectors`` (after a naming cue, which says
    where the name starts), the phrase may hold "of", "with"...: "called discriminative neural dependency model with
    valence (D-NDMV)". Not where the phrase is a resource, a task or another kind that is no method of the paper's
    ("a new corpus (FooC)"), nor a catalogued name or one the text wrote before."""
    if text.find("(", pos, limit) < 0 and not _OPENS_PARENTHESIS.match(text, limit):
        return None  # (no parenthesis to close the phrase: most proposing verbs, asked on every one)
    words = []  # (start, end) of the phrase's words
    for w in itertools.islice(_NONSPACE_RUN.finditer(text, pos, limit), 10):
        core = w.group()
        if core.startswith("("):
            break
        if not _PHRASE_WORD.fullmatch(core) or core in ("that", "which", "and", "or") or _USE_WORD_RX.fullmatch(core) \
                or (PREPOSITION_WORD.fullmatch(core) and not (connectors and words and core in CONNECTORS)) \
                or (core.endswith(("ing", "ed")) and any(singular(text[a:b].lower()) in _KIND_NOUNS for a, b in words)):
            return None  # (a participle after the kind: "a method improving Bilingual Word Embeddings (BWE)")
        words.append(w.span())
    if not words or text[words[-1][0]:words[-1][1]] in CONNECTORS:
        return None
    m = _CLOSING_SHORT.match(text, words[-1][1])
    if not m:
        return None
    short = m.group("short")
    head = singular(text[words[-1][0]:words[-1][1]].lower())
    if not (valid_short(short) and is_strong_name(short)) or short.lower() in NOT_METHOD_TOKENS \
            or head in _NOT_OWN_KINDS or head in cues().task_heads \
            or DATASET_WORDS.search(text, words[0][0], words[-1][1]) \
            or (known and known(short)) or next(find_word(text, short, True, plural=False, end=m.start("short")), None):
        return None
    # (the phrase itself where its words after "a novel" spell the short form: "called propagate-selector (PS)")
    a = next((a for a, b in words if text[a:b].lower() not in _DET), words[-1][0])
    phrase = text[a:words[-1][1]]
    if best_long_form(short, phrase) == 0 and not (known and known(phrase)):
        return Name(a, words[-1][1])
    return Name(m.start("short"), m.end("short"))


def _first_use(text: str, ls: int, le: int, se: int, s_start: int) -> bool:
    """Neither the long form nor the acronym occurs before the sentence that defines them."""
    short = text[le:se].strip(" ()")
    return not any(next(find_word(text, w, cs, plural=False, end=s_start), None)
                   for w, cs in ((text[ls:le], False), (short, True)) if w)


@dataclass(frozen=True)
class Naming:
    name: Name
    rule: str
    confidence: float


def names_after_cue(text: str, pos: int, limit: int) -> Name | None:
    return parse_name(text, pos, limit)


def find_namings(text: str, s_start: int, s_end: int, acronym_longs: dict[int, int],
                 known: Callable[[str], object] | None = None) -> list[Naming]:
    """Names a sentence introduces as the paper's own. ``acronym_longs`` maps the start of every
    defined long form to (end of the long form, end of the short form and its parenthesis).
    ``known(name)`` is true of a name the catalogue has: "our BERT model", "a model called fastText"
    name it, they do not coin it (unless the text defines it as an acronym)."""
    out: list[Naming] = []

    def coined(name: Name) -> bool:
        w = text[name.start:name.end]
        return not (known and known(w)) or _defined_here(text, w, acronym_longs)
    sent = text[s_start:s_end]
    low = sent.lower()
    verb = _VERB_STEM.search(sent)
    proposing = (WE_PROPOSE.search(sent) or OUR_CONTRIBUTION.search(sent)) if verb else None
    if not proposing:
        by = BY_VERBING.search(sent)
        if by and re.search(r"\b[Ww]e\b", sent[:by.start()]):
            proposing = by
    if not proposing and verb:
        # (only the name right after the far verb: "We leverage ... and propose FooNet")
        far = WE_AND_PROPOSE.search(sent)
        name = parse_name(text, s_start + far.end(), s_end) if far and not OTHERS_CLAUSE.search(far.group()) else None
        if name and not _is_generic_name(text[name.start:name.end]) and not _adjective_like(text, name) \
                and not DATASET_AFTER.match(text, name.end) and not MODIFIER_OF_GENERIC.match(text, name.end) \
                and not X_BASED_FOLLOW.match(text, _after_paren(text, name.end)) and coined(name):
            out.append(Naming(name, "pattern:we_and_propose", 0.8))
        elif far and not OTHERS_CLAUSE.search(far.group()):
            # (a plain phrase restated as the paper's own, see (h) below: "... and propose a novel X scheme")
            name = _own_phrase_restated(text, s_start + far.end(), s_end, known)
            if name:
                out.append(Naming(name, "pattern:own_phrase_restated", 0.7))
    passive = PASSIVE_PROPOSE.search(sent) if verb else None
    own_passive = OWN_PASSIVE.match(sent) if passive else None
    if own_passive and OTHERS_WORK.search(sent, own_passive.end("np"), own_passive.end() + 40):
        own_passive = None  # "X is introduced in earlier studies", "... is proposed as in prior work"
    if own_passive:
        name = _passive_subject(text, s_start + own_passive.start("np"), s_start + own_passive.end("np"),
                                s_start + own_passive.start("det") if own_passive.group("det") else -1, acronym_longs, known)
        if name and coined(name):
            out.append(Naming(name, "pattern:passive_subject", 0.8))
    if proposing:
        p = s_start + proposing.end()
        # (a) a name right after the verb ("We propose MaD-Mix, ...", "we present the X-former"; "we describe and
        # evaluate X")
        pv = PAIRED_VERB.match(text, p, s_end)
        q = pv.end() if pv else p
        dm = re.match(r"\s+(?:the\s+|a\s+|an\s+)?", text[q:s_end])
        if dm:
            q += dm.end()
        name = parse_name(text, q, s_end)
        if name and text[name.start - 1] in "“‘" and QUOTED_MODIFIER.match(text, name.end):
            name = None  # "we propose “Event Appearance” labels": the quoted words qualify a noun
        short = _closing_short(text, q, s_end, known)
        if short and not (name and _CLOSING_SHORT.match(text, name.end)) \
                and not any(q <= ls and se > short.start for ls, (_, se) in acronym_longs.items()):
            name = short  # (the object runs on past its capitalised words to the name coined for it)
        if name and any(ls <= name.start and name.end < le for ls, (le, _) in acronym_longs.items()):
            # the capitalised words are a piece of a long form the text defines right there ("a Sparse Routed
            # trainable Recall Network (SpRReN2)"): the acronym's rule (e) below names the whole
            name = None

        def named_kind(n: Name) -> bool:
            # "we propose the MMR-BS decoding method ... The MMR-BS method": a coined name before its kind, used
            # again outside the sentence before the same kind, names the proposal (not "a BiLSTM model", "an SVM
            # classifier"; nor "an ICD coding model ... ICD codes": a modifier again; nor a phrase's acronym, "an
            # E2E model" for "End-to-end (E2E)"; nor the team of a title "TMU at ...")
            w = text[n.start:n.end]
            title = _title_of(text).replace("–", "-").replace("—", "-")  # ("UDS–DFKI Submission to ...")
            if not (" " not in w and sum(c.isalnum() for c in w) >= 3 and is_strong_name(w)
                    and w.lower() not in NOT_METHOD_TOKENS and coined(n) and f"({w})" not in text
                    and next(find_word(title, w, True, plural=False), None) is None):
                return False
            kind = _kind_after(text, n.end)
            return any(not s_start <= a < s_end and (_kind_after(text, b) == kind or NAME_VERB.match(text, b) or _IS.match(text, b))
                       for a, b in find_word(text, w, True, plural=False))

        def object_ok(n: Name) -> bool:
            w = text[n.start:n.end]
            return not _is_generic_name(w) and not _adjective_like(text, n) \
                and not DATASET_AFTER.match(text, n.end) \
                and (not MODIFIER_OF_GENERIC.match(text, n.end) or named_kind(n)) \
                and not X_BASED_FOLLOW.match(text, _after_paren(text, n.end)) \
                and not COMPANY_POSSESSIVE.match(text, n.end) and not _x_based(w) \
                and not (known and dm and dm.group().strip() in ("a", "an") and known(w))
        # (two coined names joined by "and" are two proposals: "We propose WordMixer and SpanMixer")
        parts = _coordinated(text, name) if name else []
        if len(parts) == 2 and not object_ok(name):
            parts = [n for n in parts if coined(n) and object_ok(n)][:1] if object_ok(parts[0]) else []
        elif len(parts) == 2:
            parts = [parts[0], *(n for n in parts[1:] if coined(n) and object_ok(n))]
        elif name and not object_ok(name):
            # "We propose WordMixer and Transformer baselines": the first conjunct alone
            k = text.find(" and ", name.start, name.end)
            first = Name(name.start, k) if k > 0 else None
            parts = [first] if first and " " not in text[first.start:first.end] and is_strong_name(
                text[first.start:first.end]) and object_ok(first) else []
        out.extend(Naming(part, "pattern:we_propose", 0.9) for part in parts)
        if not out and name is None:
            # (a') a lower-case coined word, then what kind of thing it is: "We present uroman, a tool for ..."
            lm = LOWER_THEN_KIND.match(text, q, s_end)
            if lm:
                w = lm.group("name")
                uses = sum(1 for _ in find_word(text, w, True, plural=False))
                if w not in NOT_METHOD_TOKENS and (uses >= 3 or uses >= 2 and _title_of(text).find(w) >= 0) \
                        and not (known and known(w)) and singular(lm.group("kind")) not in _NOT_OWN_KINDS:
                    out.append(Naming(Name(q, q + len(w)), "pattern:we_propose", 0.8))
            # (a''') a plain phrase, then what kind of thing it is: "we propose neural graph matching networks, a novel
            # sentence matching framework", "We present syn-margin loss, a novel margin-based loss"
            name = _phrase_then_kind(text, q, s_end, known)
            if name:
                out.append(Naming(name, "pattern:we_propose", 0.8))
        qm = QUOTED_THEN_KIND.match(text, p, s_end) if not out and ("“" in sent or '"' in sent) else None
        if qm and len(qm.group("name").split()) <= 4 and not (known and known(qm.group("name"))) \
                and singular(qm.group("kind").lower()) not in _NOT_OWN_KINDS:
            # (a'') a quoted coinage, then its kind: "This paper introduces a “co-curricular learning” method"
            out.append(Naming(Name(qm.start("name"), qm.end("name")), "pattern:we_propose", 0.8))
        # (e) the first acronym defined after the verb with no preposition in between; or after a second proposing
        # verb "and" joins to the first: "we introduce a fresh perspective to revisit ... and propose a novel cascade
        # binary tagging framework (CasRel)"
        anchors = [p, *(s_start + m.end() for m in itertools.islice(AND_PROPOSE.finditer(sent, proposing.end()), 1))]
        for anchor in anchors if not out else ():
            if out:
                break
            for ls in sorted(acronym_longs):
                if anchor <= ls < s_end:
                    between = text[anchor:ls]
                    le, se = acronym_longs[ls]
                    if DATA_FOLLOW.match(text[se:se + 30]) or X_BASED_FOLLOW.match(text, se):
                        break  # "a Long Short Term Memory (LSTM) based model": the paper's is built on it
                    if DATASET_AFTER.match(text, le):
                        break  # "we introduce Foo Word Similarity (FWS), a large dataset for ...": a resource
                    if _names_a_task(text, se):
                        break
                    if known and (re.search(r"\b(?:a|an)\b", between) or KIND_AFTER.match(text, se)) and known(text[ls:le]):
                        # "we develop a Generative Adversarial Network (GAN)": one of a catalogued kind; "our
                        # convolutional neural network (CNN) system": a catalogued part of the paper's own
                        break
                    if PREPOSITION_WORD.search(between):
                        # "we introduce a new learning paradigm based on coupled covariance eigenproblem
                        # (CCE)": an unnamed new kind founded on a term the text coins right there
                        if not (NEW_KIND_BASED_ON.fullmatch(between) and _first_use(text, ls, le, se, s_start)):
                            break
                    out.append(Naming(Name(ls, le), "pattern:we_propose_acronym", 0.8))
                    break
        if not out:
            # (d) determiner + adjectives + a capitalised name: "a deep Graph Convolutional Kernel Machine"
            k = _skip_det_adj(text, p, s_end)
            if k is not None:
                name = parse_name(text, k, s_end, allow_single_cap=False)
                if name and not _is_generic_name(text[name.start:name.end]) and not _x_based(text[name.start:name.end]):
                    nxt = text[name.end:name.end + 30]
                    seen_before = next(find_word(text, text[name.start:name.end], True, plural=False,
                                                 end=s_start), None)
                    if not DATASET_AFTER.match(text, name.end) and not seen_before \
                            and not COMPANY_POSSESSIVE.match(text, name.end) \
                            and not MODIFIER_OF_GENERIC.match(text, name.end) and not _names_a_task(text, name.end) \
                            and not (known and known(text[name.start:name.end])):  # ("a Generative Adversarial Network")
                        hm = HEAD_AFTER.match(text, name.end)
                        end = hm.end() if hm else name.end
                        out.append(Naming(Name(name.start, end), "pattern:we_propose", 0.8))
        if not out:
            # (f) the kind, then the name: "a novel semi-autoregressive model RecoverSAT", "a framework (TDMS-IE)"
            km = KIND_THEN_NAME.match(text, p, s_end)
            if km:
                a, b = _strip_word(text, km.start("name"), km.end("name"))
                w = text[a:b]
                if is_strong_name(w) and w.lower() not in NOT_METHOD_TOKENS and not DATASET_AFTER.match(text, b) \
                        and not X_BASED_FOLLOW.match(text, b + 1 if text[b:b + 1] == ")" else _after_paren(text, b)) \
                        and _new_to_abstract(text, w, s_start) and not _shortens_known(text, a, b, acronym_longs, known):
                    out.append(Naming(Name(a, b), "pattern:kind_then_name", 0.8))
                elif km.group("paren"):
                    # "a minimal model (Gumbel Attention for Sense Induction)": a capitalised name in parentheses
                    name = parse_name(text, km.start("name"), s_end)
                    if not (name and text[name.end:name.end + 1] == ")"):
                        # (a score's token closes it: "a new evaluation metric (Content F1)")
                        name = _capitalised_in_parentheses(text, km.start("name"), s_end)
                    if name and " " in text[name.start:name.end] and text[name.end:name.end + 1] == ")" \
                            and not (known and known(text[name.start:name.end])):
                        out.append(Naming(name, "pattern:kind_then_name", 0.75))
    if proposing and not out:
        # (g) the kind in plain words, then the name between commas: "We introduce a novel crowdsourcing workflow,
        # Pin-Refine, that ..." (a coined name; a capitalised one of Title-Case parts after "new" or "novel")
        km = KIND_COMMA_NAME.match(text, proposing.end() + s_start, s_end)
        name = parse_name(text, km.end(), s_end, connectors=False) if km else None
        if name:
            w = text[name.start:name.end]
            kind = singular(km.group("kind"))
            if (is_strong_name(w) or km.group("own") and is_name_shaped(w)) and w.lower() not in NOT_METHOD_TOKENS \
                    and kind not in _NOT_OWN_KINDS \
                    and (kind in _TOOL_HEADS or kind not in cues().task_heads and not DATASET_WORDS.search(km.group())) \
                    and NAME_END.match(text, name.end) and coined(name) and _new_to_abstract(text, w, s_start):
                out.append(Naming(name, "pattern:kind_comma_name", 0.8))
    if proposing and not out:
        # (g') a coined name new to the text, then what kind of thing it is, later in the proposing sentence: "We design a
        # model that maps observations to goals using FOONET, a language-conditioned image generation network"
        # (not another's: "Our work builds upon FooIE, a sequence generation model (Cui et al., 2018)")
        based = _BASED_ON.match(text, s_start + proposing.end())
        for nm in itertools.islice(NAME_THEN_KIND.finditer(text, s_start + proposing.end(), s_end) if not based else (), 2):
            a, b = _strip_word(text, nm.start("name"), nm.end("name"))
            w = text[a:b]
            if is_strong_name(w) and w.lower() not in NOT_METHOD_TOKENS and coined(Name(a, b)) \
                    and singular(nm.group("kind").lower()) not in _NOT_OWN_KINDS and not DATASET_AFTER.match(text, b) \
                    and next(find_word(text, w, True, plural=False, end=a), None) is None \
                    and not CITED_AFTER.match(text, nm.end(), s_end):
                out.append(Naming(Name(a, b), "pattern:name_then_kind", 0.75))
                break
    if proposing and not out:
        # (h) a plain phrase the verb presents, restated as the paper's own: "we propose a novel hierarchical attention
        # scheme ... our hierarchical attention scheme" (a specific modifier, not only a kind's qualifiers)
        name = _own_phrase_restated(text, s_start + proposing.end(), s_end, known)
        if name:
            out.append(Naming(name, "pattern:own_phrase_restated", 0.7))
    for m in (_OUR.finditer(sent) if not out and "our " in low else ()):
        # "our relation module" under the title "Relation Module for ...": the title's phrase written as the paper's own
        name = _title_part_as_own(text, s_start + m.end(), s_end, known)
        if name:
            out.append(Naming(name, "pattern:own_phrase_restated", 0.7))
            break
    for m in (THE_PROPOSED.finditer(sent) if not out and "proposed" in low else ()):
        # "the proposed structured-alignment mechanism": a plain phrase the text calls its proposal
        name = _plain_object(text, s_start + m.end(), s_end, known, to_kind=True)
        if name:
            out.append(Naming(name, "pattern:the_proposed", 0.7))
            break
    if proposing and out:
        # the names coordinated with the proposed one: "two strategies: Gated Fusion (GF) and Cross Fusion (CF)"
        last = out[-1]
        if last.rule in ("pattern:we_propose", "pattern:we_propose_acronym"):
            out.extend(Naming(n, last.rule, last.confidence) for n in _conjuncts(text, last.name, s_end, acronym_longs, coined))
    if proposing:
        # a coined name for a building block: "including a PyTorch-compatible FooLinear layer"
        for m in COMPONENT_NAME.finditer(sent):
            w = m.group(1)
            a = s_start + m.start(1)
            if is_strong_name(w) and w.lower() not in NOT_METHOD_TOKENS and a >= s_start + proposing.end() \
                    and next(find_word(text, w, True, plural=False, end=s_start), None) is None:
                out.append(Naming(Name(a, a + len(w)), "pattern:we_propose_component", 0.7))
    # markup marks a contribution: "a new *trust gradient estimator*", "*KSLinear*" in a proposing sentence
    for m in (MARKED.finditer(sent) if ("*" in sent or "_" in sent or "\\" in sent) else ()):
        a, b = s_start + m.start("name"), s_start + m.end("name")
        inner = text[a:b]
        if len(inner.split()) > 5 or inner.lower().startswith(("e.g", "i.e")):
            continue
        novel = bool(re.search(r"\b(?:new|novel|proposed)\s+$", sent[:m.start()]))
        if novel or (proposing and is_name_shaped(inner)):
            out.append(Naming(Name(a, b, True), "pattern:marked_name", 0.75))
    appos = ("," in sent or "-" in sent or "—" in sent or ":" in sent) and (
        proposing or passive or "new" in low or "novel" in low or "proposed" in low)
    for m in (APPOSITIVE.finditer(sent) if appos else ()):
        novel = NEW_WORD.search(m.group()) is not None
        if not (proposing or passive or novel):
            continue
        name = parse_name(text, s_start + m.end(), s_end)
        if name and not _is_generic_name(text[name.start:name.end]):
            # a plural kind names each coined name of the list: "two novel models, ZX-VAE and ZX-VST",
            # "three new metrics, A, B and C"
            parts = _coordinated(text, name)
            kind = m.group().rstrip(",:-—– ").rsplit(None, 1)[-1].lower()
            if len(parts) == 1 and singular(kind) != kind:  # (not "a novel loss, X")
                parts += _conjuncts(text, name, s_end, acronym_longs, coined)
            # (a catalogued method only where the kind is said to be new: "two models – Support Vector Machines (SVM)
            # and ..." spells out known ones, "a new type of language model, EntityNLM," names the paper's)
            out.extend(Naming(part, "pattern:appositive", 0.85) for part in parts
                       if novel or not (known and known(text[part.start:part.end])))
    called = any(w in low for w in ("called", "named", "dubbed", "termed", "coined", "namely", "i.e.", "known as",
                                     "referred", "we call", "we name", "we term", "we dub", "we refer",
                                     *_PROPOSAL_CUES["naming_phrases"]))
    for m in (CALLED.finditer(sent) if called else ()):
        if m.group().lower().startswith(("namely", "i.e", "known")) and not (proposing or passive):
            continue
        if not (proposing or passive) and WE_USE.search(sent, 0, m.start()):
            continue  # "we used a model called GloVe": a known thing by its name, not the paper's own
        before = sent[:m.start()].rstrip(" -–—,(").split()
        if before and DATASET_WORDS.fullmatch(before[-1]):
            continue  # "a new corpus -named DIRHA-L2F RealCorpus-": a resource's name
        rm = WE_REFER.match(m.group())
        if rm and rm.group(1) and singular(rm.group(1).split()[-1].lower()) not in _KIND_NOUNS:
            continue  # "we refer to this effect as ...": no method
        name = parse_name(text, s_start + m.end(), s_end)
        if name is None and WE_CALL_THIS.match(m.group()):
            # the lazy "(\s+[\w-]+){0,3}?" stopped too soon: "We call this procedure AKORN",
            # "we term the resulting estimator FooEst": skip the lower-case words before the name
            k = WE_CALL_NOUNS.match(text, s_start + m.end(), s_end)
            if k and singular(k.group().split()[-1]) in _KIND_NOUNS:
                name = parse_name(text, k.end(), s_end)
        if name is None and (proposing or passive or "new" in low or "novel" in low or "we " in m.group().lower()):
            # "which we refer to as attention bridge": a lower-case name, when the text uses it again
            name = _lower_name(text, s_start + m.end(), s_end)
        if name is None and s_start + m.end() in acronym_longs:
            # "which we term domain-adaptive pre-training (DAP)": a lower-case name the text defines an acronym for
            name = Name(s_start + m.end(), acronym_longs[s_start + m.end()][0])
        if name is None and (proposing or passive or "new" in low or "novel" in low or "we " in m.group().lower()):
            # "called discriminative neural dependency model with valence (D-NDMV)": the name coined for the phrase
            name = _closing_short(text, s_start + m.end(), s_end, known, connectors=True)
        if name and proposing and COMPARED.search(sent, proposing.end(), m.start()):
            continue  # "we propose X and compare it with an approach called Y"
        if name and text[name.start - 1] in "“‘'\"" and not _kind_before(sent[:m.start()]):
            continue  # a quoted name of no method's kind: "a popular game called ‘Minecraft’", "our team named “X”"
        if name and not _is_generic_name(text[name.start:name.end]) and (
                coined(name) or _called_ours(text, s_start, m.start(), name, proposing)):
            kind = before[-1].lower() if before else ""
            out.extend(Naming(part, "pattern:called", 0.9)
                       for part in _coordinated(text, name, singular(kind) != kind and singular(kind) in _KIND_NOUNS))
    # "It employs a novel selective decoding mechanism" under the title "Selective Decoding for ...":
    # a phrase of the title restated as the paper's new thing
    for m in (NOVEL_BEFORE.finditer(sent) if ("new" in low or "novel" in low or "propos" in low or "our" in low)
              else ()):
        name = _title_phrase_at(text, s_start + m.end(), s_end)
        if name:
            out.append(Naming(name, "pattern:title_restated", 0.8))
    if proposing:
        # "we introduce a provably correct dynamic oracle" under the title "... with a Dynamic Oracle": the
        # title's phrase as the object of the proposing verb, after its article and adjectives
        # (with no article, the whole object, said to be no task or resource: "we introduce deep co-learning, a ...",
        # not "we present recurrent neural network DAG grammars", "we introduce variable typing, the task of ...")
        dm = PROPOSED_OBJECT_BARE.match(text, s_start + proposing.end(), s_end)
        bare = dm is not None and not dm.group().strip()
        words = []  # the object's plain words before its first preposition or punctuation
        for w in (_NONSPACE_RUN.finditer(text, dm.end(), s_end) if dm else ()):
            if words and singular(words[-1]) in _KIND_NOUNS and w.group().endswith(("ing", "ed")):
                break  # (past the object's kind, a participle's clause: "a new method combining hyperbolic embeddings")
            name = _title_phrase_at(text, w.start(), s_end, conjuncts="means") if w.group()[:1].islower() else None
            if name and bare and not (_BARE_END.match(text, name.end) and _said_to_be(text, name.end) not in _NOT_OWN_KINDS):
                name = None
            if name and text[name.start:name.end].islower():  # a capitalised one is a known name restated
                out.append(Naming(name, "pattern:title_restated", 0.8))
                words = []
                break
            core = w.group().rstrip(".,;:")
            if w.start() - dm.end() > 40 or not _LOWER_WORD.fullmatch(core) or PREPOSITIONS.fullmatch(core) \
                    or core in ("that", "which", "and", "or"):
                break
            words.append(core)
            if core != w.group() and not (w.group() == core + "," and len(words) == 1 and only_modifiers(words)):
                break  # (a comma after a first plain qualifier goes on: "a novel, fully non-monotonic transition system")
        name = _title_phrase_by_head(text, words) if not bare else None
        if name:
            out.append(Naming(name, "pattern:title_restated", 0.75))
        elif dm and not bare and not out:
            name = _object_restating_title(text, dm.end(), s_end, known)
            if name:
                out.append(Naming(name, "pattern:title_object", 0.7))
    our = "our" in low
    for m in (OWN_KIND_PAREN.finditer(sent) if (our or "proposed" in low) and "(" in sent else ()):
        a, b = s_start + m.start("name"), s_start + m.end("name")
        if is_name_shaped(text[a:b]) and text[a:b].lower() not in NOT_METHOD_TOKENS and coined(Name(a, b)) \
                and not _shortens_known(text, a, b, acronym_longs, known):
            out.append(Naming(Name(a, b), "pattern:our_x", 0.8))
    for ls, (le, se) in (acronym_longs.items() if our or "proposed" in low else ()):
        # (not a catalogued one: "our convolutional neural network (CNN) system" is built on it)
        if s_start <= ls < s_end and OWN_BEFORE_LONG.search(text, max(s_start, ls - 30), ls) and KIND_AFTER.match(text, se) \
                and not (known and known(text[ls:le])):
            out.append(Naming(Name(ls, le), "pattern:our_x", 0.8))
    for m in (NOVEL_LONG_FORM.finditer(sent) if proposing and "(" in sent else ()):
        # "we present a framework of X that comprises a novel Explicit Memory Tracker (EMT)": a long form the text
        # gives an acronym of its initial, right after "a novel", wherever it stands in a proposing sentence
        name = parse_name(text, s_start + m.end(), s_end, allow_single_cap=False)
        pm = _PAREN.match(text, name.end) if name else None
        short = pm.group().strip(" ()") if pm else ""
        if pm and valid_short(short) and short[0].lower() == text[name.start].lower() \
                and not any(n.name.start == name.start for n in out) and not _names_a_task(text, pm.end()) \
                and not DATASET_AFTER.match(text, name.end) and not X_BASED_FOLLOW.match(text, pm.end()) \
                and not (known and known(text[name.start:name.end])):
            out.append(Naming(name, "pattern:novel_long_form", 0.8))
    for m in (OUR_X.finditer(sent) if our else ()):
        name = parse_name(text, s_start + m.end(), s_end)
        if name:
            out.append(Naming(name, "pattern:our_x", 0.85))
    for m in (OUR_NAME_X.finditer(sent) if our else ()):
        a, b = _strip_word(text, s_start + m.start("name"), s_start + m.end("name"))
        w = text[a:b]
        raw = text[s_start + m.start("name"): s_start + m.end("name")]
        lower_coined = _lower_coined(w) and sum(1 for _ in find_word(text, w, True, plural=False)) >= 2
        if (is_name_shaped(w) or raw[:1] in "*_`" or lower_coined) and w.lower() not in NOT_METHOD_TOKENS \
                and w.rsplit("-", 1)[-1].lower() not in X_SUFFIXES and coined(Name(a, b)):
            # ("our LSTM-based system" names what it is built on, not the system)
            out.append(Naming(Name(a, b, raw[:1] in "*_`"), "pattern:our_x", 0.8))
    for m in (OUR_KIND_NAME.finditer(sent) if our else ()):
        # "trained with our original system GraphTrans": the kind, then a coined name
        a, b = _strip_word(text, s_start + m.start("name"), s_start + m.end("name"))
        w = text[a:b]
        if is_strong_name(w) and w.lower() not in NOT_METHOD_TOKENS and coined(Name(a, b)) \
                and not MODIFIER_OF_GENERIC.match(text, b) and not DATASET_AFTER.match(text, b):
            out.append(Naming(Name(a, b), "pattern:our_x", 0.8))
    # "CEAP, our new circuit discovery method": a name followed by ", our new ..."
    for m in (NAME_COMMA_OUR.finditer(sent) if (", our" in low or ", the" in low) else ()):
        k = s_start + m.start()
        word = _last_word(text, s_start, k)
        if word:
            a, b = _strip_word(text, k - len(word), k)
            if is_name_shaped(text[a:b]) and text[a:b].lower() not in NOT_METHOD_TOKENS:
                out.append(Naming(Name(a, b), "pattern:name_our_new", 0.85))
    if proposing and not out:
        # (h') where no rule above names it, the verb's plain object written once, by the head of a part or a procedure
        name = _own_phrase_restated(text, s_start + proposing.end(), s_end, known, once=True)
        if name:
            out.append(Naming(name, "pattern:own_phrase", 0.65))
    return out


_LONGEST_NAME = 100


def _last_word(text: str, start: int, end: int) -> str:
    """The word that ends at ``end`` (no space before ``end``), read back at most ``_LONGEST_NAME``
    characters (a longer run is no name): linear, where ``re.search(r"(\\S+)$", ...)`` backtracks over
    every start of a long run without spaces."""
    window = text[max(start, end - _LONGEST_NAME):end]
    if not window or window[-1].isspace():
        return ""
    word = window.rsplit(None, 1)[-1]
    if len(word) == len(window) and end - start > _LONGEST_NAME:
        return ""  # the run goes on before the window
    return word


def _passive_subject(text: str, a: int, b: int, det: int, acronym_longs: dict,
                     known: Callable[[str], object] | None) -> Name | None:
    """The name the subject ``text[a:b]`` of "is proposed" is: the whole subject when it is one coined name
    ("GraphSum"), else, after "a"/"an" (at ``det``, -1 if none) and adjectives, the long form of the acronym that ends it ("a novel
    Text-Of-Interest CNN (TOI-CNN)") or a capitalised name that ends it ("a new Graph Reduction Algorithm")."""
    if det < 0:
        name = parse_name(text, a, b)
        w = text[name.start:name.end] if name else ""
        return name if name and name.end == b and is_strong_name(w) and w.lower() not in NOT_METHOD_TOKENS else None
    for ls, (le, se) in acronym_longs.items():
        if a <= ls < b and se >= b and not _names_a_task(text, se) and not (known and known(text[ls:le])) \
                and not PREPOSITION_WORD.search(text, a, ls):
            return Name(ls, le)
    k = _skip_det_adj(text, det, b)
    name = parse_name(text, k, b, allow_single_cap=False) if k is not None else None
    if name and name.end == b and not _is_generic_name(text[name.start:name.end]) \
            and not (known and known(text[name.start:name.end])):
        return name
    return None


DATASET_WORDS = re.compile(r"\b(?:data\s?sets?|corpus|corpora|treebanks?|benchmarks?|resources?|collection|"
                           r"database|lexicons?|challenge|shared\s+task|annotations?|annotated|wordnet|"
                           r"test\s+suite|leaderboard)\b", re.IGNORECASE)


# a resource's word that is no part of a hyphenated modifier ("A Low-Resource Cross-Lingual ... System" is no resource)
DATASET_WHOLE_WORD = re.compile(r"(?<![\w-])(?:" + DATASET_WORDS.pattern + r")(?![\w-])", re.IGNORECASE)


# "cEnTam: Creation and Validation of a New English-Tamil Bilingual Corpus", "B2SG: a TOEFL-like Task for
# Portuguese": the subtitle's head (after a noun of making, its object) says the name is a resource or a task
TITLE_RESOURCE_HEAD = re.compile(
    r"\s*(?:(?:" + _words_rx(_PROPOSAL_CUES["making_nouns"]) + r")\b[^:]{0,40}?\bof\s+)?(?:(?:a|an|the)\s+)?"
    r"(?:(?!(?:for|of|on|in|with|to|from|by|via|and)\b)[\w'-]+\s+){0,5}?(?:"
    + _words_rx(_PROPOSAL_CUES["title_resource_heads"]) + r")(?=\s*(?:$|[,.;:(]|(?:for|of|on|in|with|to|from|by|via|"
    r"and|that)\b))", re.IGNORECASE)
# a name of letters and digits, whatever its case: "pair2vec", "2kenize", "seq2seq"
_CODED_NAME = re.compile(r"(?=[\w-]*[a-z])(?=[\w-]*\d)[A-Za-z0-9][\w-]*[A-Za-z0-9]")
# what presents a phrase as the text's own right before it: "a novel morph-fitting procedure", "which we
# call extrofitting", "Our method, Delta-training,"; right after it: "Honkling, a novel, ... system"
_OWN_BEFORE = re.compile(r"(?:\b(?:" + _words_rx(_PROPOSAL_CUES["own_words"]) + r")\s+(?:[\w-]+\s+){0,2}|"
                         r"\b(?:" + _words_rx(_PROPOSAL_CUES["naming_verbs"]) + r")\s+(?:as\s+)?|"
                         r"\b[Oo]ur\s+[a-z]+\s*,\s*)$", re.IGNORECASE)
_ARCHITECTURE_HEADS = frozenset(_PROPOSAL_CUES["architecture_heads"])
_MAKING_GERUNDS = frozenset(_PROPOSAL_CUES["making_gerunds"])
# (in a pattern) not at a verb of another doing than making: "CCNet: Extracting ... Datasets" (its object is no head)
ACTING_GERUND = r"(?!(?:" + _words_rx(_PROPOSAL_CUES["making_gerunds"]) + r")\b)[A-Za-z]{2,}ing\b"
NOT_ACTING_GERUND = r"(?!" + ACTING_GERUND + ")"
# "Social Web Observatory: A Platform and Method for ...": a subtitle that says what tool the phrase names
TITLE_TOOL_SUBTITLE = re.compile(r"\s*:?\s*(?:a|an|the)\s+(?:(?!(?:for|of|on|in|with|to|from|by|via)\b)[\w,-]+\s+){0,4}?(?:"
                                 + _words_rx(_PROPOSAL_CUES["title_tool_heads"]) + r")\b", re.IGNORECASE)
_OWN_AFTER = re.compile(r"[\"”’']?\s*,\s*(?:a|an|our)\s+(?:new|novel)\b")
# right after a proposing verb: "we introduce attentive mimicking", "we present an adaptive ensembling"
_VERB_BEFORE = re.compile(WE_PROPOSE.pattern + r"\s+(?:(?:a|an|the|our)\s+)?[\"“‘']?$")
# what the phrase is said to be: "variable typing, the task of ...", "..., a novel application domain
# combining ...", "the conflict event modelling experiment"
_APPOSITIVE = re.compile(r"[\"”’']?\s*,\s+(?:a|an|the)\s+((?:[\w-]+\s+){0,5}[\w-]+)")
_NEXT_WORD = re.compile(r"[\"”’']?\s+([a-z][\w-]*)")
# (a tool is the paper's own like a method: "a new annotation platform, Glossa", "TextPipe, a library for ...")
_TOOL_HEADS = frozenset(singular(w) for w in _PROPOSAL_CUES["title_tool_heads"])
_NOT_OWN_KINDS = (NON_METHOD_HEADS - _TOOL_HEADS) | {singular(w) for w in _PROPOSAL_CUES["title_resource_heads"]} \
    | set(_PROPOSAL_CUES["not_own_kinds"])
# "We present a simple regularization method, subword regularization, which ...": the kind, then its name
_KIND_COMMA = re.compile(r"\b(?:" + _GENERIC_ALT + r")\s*,\s*$")


def _said_to_be(text: str, b: int) -> str | None:
    """The head of what the appositive after ``b`` says the phrase is: "variable typing, the task of"
    -> "task" (the words up to a preposition, a participle or punctuation)."""
    m = _APPOSITIVE.match(text, b)
    if not m:
        return None
    head = None
    for w in m.group(1).split():
        if PREPOSITIONS.fullmatch(w.lower()) or w.endswith(("ing", "ed")):
            break
        head = w
    return singular(head.lower()) if head else None


def _restated_as_own(text: str, phrase: str, start: int) -> bool:
    """Does the text after ``start`` present ``phrase`` (any case) as its own method: right after a
    proposing verb, after "a novel", "we call", "our method," or "we present a ... method,", or before
    ", a novel ..."; never where it is said to be a task, a problem or a resource ("we introduce variable
    typing, the task of ...", "the conflict event modelling experiment")?"""
    own = False
    for a, b in find_word(text, phrase, False, plural=False, start=start):
        nxt = _NEXT_WORD.match(text, b)
        if _said_to_be(text, b) in _NOT_OWN_KINDS or (nxt and singular(nxt.group(1)) in _NOT_OWN_KINDS):
            return False
        k = max(text.rfind(". ", start, a) + 2, a - 80, start)
        before = text[k:a]
        own = own or bool(_OWN_BEFORE.search(before) or _VERB_BEFORE.search(before) or _OWN_AFTER.match(text, b)
                          or (_KIND_COMMA.search(before) and WE_PROPOSE.search(before)))
    return own


def title_naming(text: str, t_start: int, t_end: int) -> Naming | None:
    """``MaD-Mix: Multi-Modal Data Mixtures ...`` -> MaD-Mix, ``pair2vec: ...`` -> pair2vec. Not when the
    subtitle says the name is a dataset, a corpus or a task; a phrase ("Closing the Gap: ...", "Adaptive
    Ensembling: ...", "Morph-fitting: ...") only where the abstract presents it as the paper's own ("we
    present adaptive ensembling, an ... framework", "a novel morph-fitting procedure")."""
    m = TITLE_PREFIX.match(text[t_start:t_end])
    if not m:
        return None
    a, b = t_start + m.start("name"), t_start + m.end("name")
    prefix = text[a:b]
    words = prefix.split()
    if prefix.lower() in TITLE_STOP or len(words) > 3:
        return None
    subtitle = text[b:t_end]
    first = subtitle.lstrip(" :").split(" ", 1)[0].lower()
    # (a resource a subtitle's verb does something else to is its object: "CCNet: Extracting ... Datasets from ...";
    # not one after a preposition: "X@TRAC-2: Retrofitting Word Embeddings on an Abusive Lexicon")
    head = " ".join(subtitle.split()[:8])
    dm = DATASET_WORDS.search(head)
    acting = first.endswith("ing") and len(first) > 5 and first not in _MAKING_GERUNDS \
        and not (dm and PREPOSITION_WORD.search(head, 0, dm.start()))
    if not acting and (DATASET_WHOLE_WORD.search(" ".join(subtitle.split()[:8])) or TITLE_RESOURCE_HEAD.match(subtitle.lstrip(" :"))):
        return None
    if words[0] in STOP_CAPS or prefix.endswith(("'s", "’s", "’", "?")):
        return None
    if len(words) == 2 and singular(words[-1].lower()) in _TEAM_HEADS and is_strong_name(words[0]):
        # "FOO-BAR Participation: An Unsupervised Approach ...": the team's name, not its participation
        b = a + len(prefix.rsplit(None, 1)[0])
        words, prefix = words[:-1], text[a:b]
    if len(words) == 1 and _CODED_NAME.fullmatch(prefix) and not is_name_shaped(prefix):
        return Naming(Name(a, b), "pattern:title_prefix", 0.9)
    name = parse_name(text, a, b)
    if not name or name.end != b:
        return None
    if (len(words) > 1 and not any(is_strong_name(w) for w in words)) or re.search(r"(?:ing|ed)$", words[0]):
        # "Judge the Judge", "Humor Detection": phrases, not names, unless the abstract makes them its own
        # (never a task's: "Stylized Text Generation: Approaches and Applications")
        last = words[-1].rsplit("-", 1)[-1].lower()
        if last in cues().task_heads and last not in GENERIC_HEADS:
            return None
        if _restated_as_own(text, prefix, t_end) or (
                len(words) > 1 and last in _ARCHITECTURE_HEADS and words[0].istitle() and not re.search(r"(?:ing|ed)$", words[0])):
            # (a capitalised phrase with an architecture's head is a coined name: "Highway Transformer: ...")
            return Naming(name, "pattern:title_prefix", 0.8)
        if len(words) > 1 and all(w[:1].isupper() for w in words) and not re.search(r"(?:ing|ed)$", words[0]) \
                and TITLE_TOOL_SUBTITLE.match(subtitle):
            # (a capitalised phrase the subtitle says is a tool: "Social Web Observatory: A Platform for ...")
            return Naming(name, "pattern:title_prefix", 0.8)
        return None
    return Naming(name, "pattern:title_prefix", 0.9)


# "ChaKi.NET is a corpus management system for ...": a name said to be a method's or a tool's kind
NAME_IS_KIND = re.compile(r"(?P<name>[A-Za-z][\w.-]*[A-Za-z0-9])\s+is\s+(?:a|an)\s+(?:[\w-]+\s+){0,4}?(?P<kind>"
                          + _GENERIC_ALT + r"|" + _words_rx(_PROPOSAL_CUES["title_tool_heads"]) + r")\b")


_TITLE_ACTING = re.compile(r"\s*" + ACTING_GERUND)


def opening_naming(text: str, t_end: int, s_start: int, s_end: int,
                   known: Callable[[str], object] | None) -> Naming | None:
    """The abstract's first sentence says what a coined name of the title is: "Demonstration of ChaKi.NET ..." +
    "ChaKi.NET is a corpus management system for ..." (not a catalogued name, "BERT is a pre-trained model", nor
    a resource, "FooBank is a treebank of ...", nor what the title's verb acts on, "Adapting the TANL tool suite to
    ...")."""
    m = NAME_IS_KIND.match(text, s_start, s_end)
    if not m or _TITLE_ACTING.match(text[:t_end].lower()):
        return None
    w = m.group("name")
    if not is_strong_name(w) or w.lower() in NOT_METHOD_TOKENS or singular(m.group("kind").lower()) in _NOT_OWN_KINDS \
            or (known and known(w)) or next(find_word(text[:t_end], w, True, plural=False), None) is None:
        return None
    return Naming(Name(m.start("name"), m.end("name")), "pattern:opening_name", 0.8)


# "X, a new corpus of ...", "the Rune Matrix 2.1, a lexical resource": what follows says the name is a resource's;
# never across a clause ("We propose X and evaluate it on three corpora": the corpora are not X)
DATASET_AFTER = re.compile(r"(?:\s+v?\d+(?:\.\d+)*)?(?:\s*\([^()]{1,20}\))?(?:\s*,)?\s*(?:(?:a|an|the)\s+)?"
                           r"(?:(?!(?:" + _words_rx(_PROPOSAL_CUES["dataset_after_stops"]) + r")\b)[\w-]+\s+){0,7}?"
                           r"(?:data\s?sets?|corpus|corpora|treebanks?|benchmarks?|collection|lexicons?|resources?)(?![\w-])")


_HEAD_OK = {"loss", "losses", "layer", "layers", "estimator", "estimators", "algorithm", "algorithms", "kernel",
            "kernels", "network", "networks", "metric", "metrics", "attack", "attacks", "test", "tests",
            "operator", "operators", "mechanism", "mechanisms", "module", "modules", "block", "blocks"}
MODIFIER_OF_GENERIC = re.compile(
    r"(?:\s*\([^()]{1,20}\))?\s+(?:[a-z][\w-]*\s+){0,2}(?:"
    + "|".join(sorted(GENERIC_HEADS - _HEAD_OK, key=len, reverse=True)) + r")\b")


# what a method does as a name's verb: "FooNet outperforms", "FooNet learns" (methods.json: name_verbs)
NAME_VERB = re.compile(r"\s+(?:[a-z]+ly\s+)?(?:" + _words_rx(data_words("methods")["name_verbs"]) + r")\b")
_IS = re.compile(r"\s+(?:is|was)\b")


def _kind_after(text: str, end: int) -> str:
    """The generic kind a name ending at ``end`` modifies ("FooNet decoding method": "method"), "" when none."""
    m = MODIFIER_OF_GENERIC.match(text, end)
    return singular(m.group().rsplit(None, 1)[-1].lower()) if m else ""


def _adjective_like(text: str, name: Name) -> bool:
    """"We propose Bayesian inference for ...": a lone capitalised word followed by a lower-case one."""
    w = text[name.start:name.end]
    if " " in w or is_strong_name(w) or name.marked:
        return False
    return bool(re.match(r" [a-z]", text[name.end:name.end + 2]))


_LOWER_COINED = re.compile(r"[a-z]+(?:-[a-z0-9]+)+")
_COINED_NOT_LAST = {*X_SUFFIXES, "aware", "free", "wise"}  # "lip-based" is no name


def _lower_coined(word: str) -> bool:
    """A lower-case hyphenated name with an abbreviation inside: ``lip-rcp``, ``mix-gnn``. A part of
    two or more letters without a vowel is no English word ("two-stage", "end-to-end" are)."""
    if not _LOWER_COINED.fullmatch(word):
        return False
    parts = word.split("-")
    if parts[-1] in _COINED_NOT_LAST:
        return False
    return any(len(p) >= 2 and p.isalpha() and not re.search(r"[aeiouy]", p) for p in parts)


def _kind_before(before: str) -> bool:
    """Does the text before a naming cue end with a method's kind ("a framework named", "a system called")?"""
    words = before.rstrip(" ,(").split()
    return bool(words) and singular(words[-1].lower()) in _KIND_NOUNS


def _capitalised_in_parentheses(text: str, a: int, limit: int) -> Name | None:
    """Two to four capitalised words from ``a`` to the closing parenthesis, a coined word first ("Content F1";
    not "BLEU Score", "Section 4")."""
    b = text.find(")", a, limit)
    words = text[a:b].split() if b > a else []
    if 2 <= len(words) <= 4 and words[0].lower() not in NOT_METHOD_TOKENS \
            and all(w[:1].isupper() and any(c.isalpha() for c in w) for w in words):
        return Name(a, b)
    return None


def _coordinated(text: str, name: Name, plural: bool = False) -> list[Name]:
    """"called gFCONV and c-VAE": two names, where each side of the "and" is a coined token; after a plural
    kind ("two novel metrics, dubbed Lexical Drift and Semantic Drift"), a capitalised phrase too."""
    parts = text[name.start:name.end].split(" and ")
    if len(parts) != 2 or not all(" " not in p and is_name_shaped(p) or plural and p[:1].isupper() and " " in p
                                  and all(w[:1].isupper() or w in CONNECTORS for w in p.split()) for p in parts):
        return [name]
    k = name.start + len(parts[0]) + len(" and ")
    return [Name(name.start, name.start + len(parts[0])), Name(k, name.end)]


def _x_based(name: str) -> bool:
    """"LSTM-based", "GRU-style": a modifier that says what a thing is built on, no name."""
    return " " not in name and "-" in name and name.rsplit("-", 1)[-1].lower() in X_SUFFIXES


def _conjuncts(text: str, name: Name, limit: int, acronym_longs: dict, coined: Callable[[Name], bool]) -> list[Name]:
    """The names coordinated after a proposed ``name`` (at most three): "Gated Fusion (GF) and Cross Fusion (CF)",
    "FooNet, BarNet and BazNet". Each is a coined name: a long form the text defines as an acronym, or one
    name-shaped word new to the text (not "... and Transformer baselines", "... and evaluate it")."""
    out = []
    end = name.end
    for _ in range(3):
        m = _NEXT_CONJUNCT.match(text, end, limit)
        if not m:
            break
        nxt = parse_name(text, m.end(), limit, connectors=False)
        if nxt is None:
            break
        w = text[nxt.start:nxt.end]
        # (the acronym's long form may begin inside the name: "Intra-segment Inter-modal Attention (Ia-Attention)")
        defined = any(nxt.start <= ls < nxt.end and le == nxt.end for ls, (le, _) in acronym_longs.items())
        if not (defined or is_strong_name(w)) or w.lower() in NOT_METHOD_TOKENS or not coined(nxt) \
                or DATASET_AFTER.match(text, nxt.end) or MODIFIER_OF_GENERIC.match(text, _after_paren(text, nxt.end)) \
                or X_BASED_FOLLOW.match(text, _after_paren(text, nxt.end)) or _x_based(w) \
                or next(find_word(text, w, True, plural=False, end=name.start), None) is not None:
            break
        out.append(nxt)
        end = nxt.end
    return out


def _called_ours(text: str, s_start: int, cue: int, name: Name, proposing: re.Match | None) -> bool:
    """"called X" names the paper's own X though the catalogue has the name: "our framework (called X)",
    or "we propose a framework called X" where X is new to the text and nothing between the verb and
    "called" says it is used ("we propose to use ... i.e., fastText", "a popular framework called LIME")."""
    before = text[s_start:s_start + cue].rstrip(" (,").split()
    if len(before) >= 2 and singular(before[-1].lower()) in _KIND_NOUNS and "our" in (w.lower() for w in before[-4:-1]):
        return True
    if proposing is None or proposing.end() > cue or USE_WORD.search(text, s_start + proposing.end(), s_start + cue):
        return False
    return next(find_word(text, text[name.start:name.end], True, plural=False, end=s_start), None) is None


def _defined_here(text: str, name: str, acronym_longs: dict[int, tuple[int, int]]) -> bool:
    """``name`` is the long or the short form of an acronym the text defines."""
    return any(name in (text[ls:le], text[le:se].strip(" ()")) for ls, (le, se) in acronym_longs.items())


def _shortens_known(text: str, a: int, b: int, acronym_longs: dict[int, tuple[int, int]],
                    known: Callable[[str], object] | None) -> bool:
    """The acronym at ``a:b`` is defined for a catalogued long form: "our convolutional neural network (CNN)"."""
    return bool(known) and any(le <= a and b < se and known(text[ls:le]) for ls, (le, se) in acronym_longs.items())


def _is_generic_name(name: str) -> bool:
    low = name.lower().strip()
    return low in GENERIC_HEADS or low.split()[0] in {"this", "these", "that", "our", "its", "their"}


# --- names of the kind "a X Y called Z", lower-case names, the title restated --------------------

_GENERIC_SG = "|".join(sorted(GENERIC_HEADS, key=len, reverse=True))
# "a novel semi-autoregressive model RecoverSAT", "a framework (TDMS-IE)": the kind, then a coined name
# ("a new sequence-to-sequence (seq2seq) pre-training method PoDA": an acronym in parentheses among the words)
KIND_THEN_NAME = re.compile(r"\s+(?:a|an|the)\s+(?:(?!(?:for|of|to|in|on|with|by|that|which)\b)(?:[A-Za-z][\w-]*|"
                            r"\([^()\s]{1,15}\))\s+){0,6}?"
                            r"(?:" + _GENERIC_SG + r")\s*(?P<paren>\(\s*)?(?P<name>[A-Za-z][^\s,;:()]*)")
KIND_COMMA_NAME = re.compile(r"\s+(?:a|an|the|our)\s+(?P<own>(?:new|novel)\s+)?(?:(?!" + _PREPOSITION_WORDS
                             + r"\b)[a-z][\w-]*\s+){0,5}?(?P<kind>(?!" + _PREPOSITION_WORDS + r"\b)(?!(?:"
                             + _words_rx(_PROPOSAL_CUES["own_words"]) + r")\b)[a-z][\w-]*)\s*,\s+(?=[A-Z])")
# what may follow a name given between commas: its end
NAME_END = re.compile(r"\s*(?:[,;.(]|$|(?:that|which|to|for)\b)")
QUOTED_MODIFIER = re.compile(r"[”’]\s+(?!(?:that|which|to|for|is|are|and|or|as|in|on|with|by|of)\b)[a-z]")
NAME_THEN_KIND = re.compile(r"(?<![\w-])(?P<name>[A-Za-z][\w.-]{1,30}[A-Za-z0-9]),\s(?:a|an)\s(?:[\w-]+\s){0,5}?"
                            r"(?P<kind>" + _GENERIC_SG + r"|" + _words_rx(_PROPOSAL_CUES["tool_kinds"]) + r")\b")
CITED_AFTER = re.compile(r"[^()]{0,60}\([^()]{0,40}?(?:et\s+al|\d{4})")  # "..., a model (Cui et al., 2018)"
QUOTED_THEN_KIND = re.compile(r"\s+(?:a|an|the|our)\s+(?:(?:new|novel)\s+)?[“\"](?P<name>[A-Za-z][^”\"\n]{2,40}?)[”\"]\s+"
                              r"(?P<kind>" + _GENERIC_SG + r")\b")
# ", a <up to four words> <kind>" after a name: "uroman, a tool for ...", "gated span tagging networks, a novel framework"
_THEN_KIND = (r"\s*,\s+(?:a|an)\s+(?:[\w-]+\s+){0,4}?(?P<kind>" + _GENERIC_SG + r"|"
              + _words_rx(_PROPOSAL_CUES["tool_kinds"]) + r")\b")
LOWER_THEN_KIND = re.compile(r"(?P<name>[a-z][a-z0-9-]{2,})" + _THEN_KIND)
PHRASE_THEN_KIND = re.compile(r"(?P<name>[a-z][\w-]*(?: [a-z][\w-]*){1,3})" + _THEN_KIND)


def _phrase_then_kind(text: str, pos: int, limit: int, known: Callable[[str], object] | None) -> Name | None:
    """The proposing verb's plain object of two to four words that an appositive says is a method, a model or a tool
    ("we propose neural graph matching networks, a novel sentence matching framework"): a name, where a word of it
    is more than a kind's qualifier; not a task, a resource ("we present opinion recommendation, a novel task"), nor
    a number of things ("two model variants, a neural and ...") or a catalogued name."""
    m = PHRASE_THEN_KIND.match(text, pos, limit)
    if not m:
        return None
    words = m.group("name").split()
    last, kind = singular(words[-1]), singular(m.group("kind"))
    if any(w in _DET or w in ("and", "or", "that", "which") or PREPOSITIONS.fullmatch(w) or w in NOT_METHOD_TOKENS
           for w in words) or last in NON_METHOD_HEADS or (last in cues().task_heads and last not in _KIND_NOUNS) \
            or DATASET_WORDS.search(m.group("name")) or kind in _NOT_OWN_KINDS \
            or all(only_modifiers([w]) or w in DESCRIBING or w in GENERIC_HEADS for w in words) \
            or (known and known(m.group("name"))):
        return None
    return Name(m.start("name"), m.end("name"))


# "The proposed method (OP-D)", "our new model (XPAD)": the paper's own kind, then its name in parentheses
OWN_KIND_PAREN = re.compile(r"\b(?:[Oo]ur|[Tt]he\s+proposed)\s+(?:(?:new|novel|proposed)\s+)?(?:[a-z][\w-]*\s+){0,4}?"
                            r"(?:" + _GENERIC_SG + r")\s*\(\s*(?P<name>[A-Za-z][^\s,;:()]*)\s*\)")
# "our valence-sensitive embedding (VSE) method": the acronym the paper's own kind is named by
OWN_BEFORE_LONG = re.compile(r"\b(?:[Oo]ur|[Tt]he\s+proposed)\s+(?:(?:new|novel|proposed)\s+)?$")
KIND_AFTER = re.compile(r"\s+(?:" + _GENERIC_SG + r")\b")
# where a text presents its own new thing: "a novel", "the proposed", "our new"
NEW_WORD = re.compile(r"\b(?:new|novel|proposed)\b")  # what says a thing is the text's own
NOVEL_BEFORE = first_char_lookahead(re.compile(r"\b(?:a|an|the|our)\s+(?:new|novel|proposed)\s+(?:[a-z]+ly\s+)?"))
NOVEL_LONG_FORM = first_char_lookahead(re.compile(r"\b(?:[Aa]n?)\s+(?:new|novel)\s+(?=[A-Z])"))
_LOWER_WORD = re.compile(r"[a-z][a-z-]*[a-z]")
PROPOSED_OBJECT = re.compile(r"\s+(?:a|an|the|our)\s+")
PROPOSED_OBJECT_BARE = re.compile(r"\s+(?:(?:a|an|the|our)\s+)?")  # (a plural or a mass noun: "we introduce data noising")
_BARE_END = re.compile(r"\s*[,.;:(]")


def _title_of(text: str) -> str:
    """The title of a paper's text (``title + "\\n\\n" + abstract``, see ``kg.extract.paper_text``)."""
    k = text.find("\n\n", 0, 400)
    return text[:k] if k > 0 and "\n" not in text[:k] else ""


def _new_to_abstract(text: str, name: str, s_start: int) -> bool:
    """The abstract does not write ``name`` before the sentence at ``s_start`` (a title that writes it names the
    paper's own: "LanguageARC: Developing ..." + "This paper introduces the citizen science platform, LanguageARC,")."""
    return next(find_word(text, name, True, plural=False, start=len(_title_of(text)), end=s_start), None) is None


def _phrase_ok(words: list[str]) -> bool:
    """A phrase that can name a method: not generic, not a task or a dataset ("parsing", "corpus")."""
    phrase = " ".join(words)
    last = singular(words[-1])
    return (phrase not in GENERIC_PHRASES and last not in NON_METHOD_HEADS and last not in GENERIC_HEADS
            and not DATASET_WORDS.search(phrase) and not any(w in NOT_METHOD_TOKENS for w in words))


_BROAD_HEADS = frozenset(_PROPOSAL_CUES["broad_heads"])  # "a new adversarial training method": an instance of a known kind


def _method_head(word: str) -> bool:
    """The head says it is a method ("decoding", "attention"), not a task or a thing ("discovery",
    "skeleton"), nor the field's broad kinds ("adversarial training")."""
    return word not in _BROAD_HEADS and (word in METHOD_HEADS or word.endswith("ing") and word not in NON_METHOD_HEADS)


def _title_phrase_at(text: str, pos: int, limit: int, conjuncts: str = "none") -> Name | None:
    """The phrase of the title's parts (``title_parts``: its head, its means) that the text restates
    at ``pos``, in lower case: "Selective Decoding for X" + "a novel selective decoding mechanism" ->
    "selective decoding"."""
    title = _title_of(text)
    if not title or pos < len(title):
        return None
    for phrase in _title_phrases(title, conjuncts):
        if text[pos:pos + len(phrase)].lower() == phrase and not text[pos + len(phrase):pos + len(phrase) + 1].isalnum():
            return Name(pos, pos + len(phrase))
    return None


_NAMED_ARCHITECTURE_HEADS = frozenset(singular(w) for w in _PROPOSAL_CUES["architecture_heads"]) - {"model"}


@functools.lru_cache(maxsize=64)
def _title_phrases(title: str, conjuncts: str) -> tuple[str, ...]:
    """The parts of a title, in lower case, that can name a method by themselves."""
    out = []
    for part in title_parts(title, conjuncts):
        words = part.lower().split()
        # (an architecture's head after two words that name it is no generic one: "Convolutional Self-Attention
        # Networks"; not after qualifiers alone, "A Hierarchical Neural Network for ...", nor a catalogued one's word,
        # "Capsule Network")
        named_architecture = len(words) >= 3 and singular(words[-1]) in _NAMED_ARCHITECTURE_HEADS \
            and _phrase_ok(words[:-1]) and not all(only_modifiers([w]) or w in DESCRIBING or (
                "-" not in w and _ADJECTIVE_END.search(w)) for w in words[:-1])
        if 2 <= len(words) <= 4 and _method_head(singular(words[-1])) and all(_LOWER_WORD.fullmatch(w) for w in words) \
                and (_phrase_ok(words) or named_architecture):
            out.append(" ".join(words))
    return tuple(out)


# what a shared task's title presents that is no method: "NJU Submissions for the WMT19 ... Task"
_TEAM_HEADS = frozenset(_PROPOSAL_CUES["team_heads"])


def _title_phrase_by_head(text: str, words: list[str]) -> Name | None:
    """The title's phrase whose head the proposing verb's object restates without its modifiers:
    "A Span-based Linearization for ..." + "we propose a novel linearization of ...", "... with a
    Stack-Free Transition System" + "we introduce a novel transition system for ..." (the phrase, in
    the title; a head of one generic word, "a new system", restates nothing)."""
    title = _title_of(text)
    if not title or not words:
        return None
    for part in title_parts(title):
        # (the title's own qualifiers are no part of a name: "A General Optimization Framework")
        words_t = part.split()
        while words_t and only_modifiers([words_t[0].lower()]):
            words_t.pop(0)
        part = " ".join(words_t)
        low = part.lower().split()
        for k in (2, 1):
            head = low[-k:]
            if not (k < len(low) <= 4 and words[-k:] == head) or not only_modifiers(words[:-k]):
                continue
            last = singular(low[-1])
            if last in NON_METHOD_HEADS or last in _TEAM_HEADS or (last in GENERIC_HEADS and (k == 1 or len(low) < 3 or low[-2] in GENERIC_HEADS)) \
                    or DATASET_WORDS.search(part) or any(w in NOT_METHOD_TOKENS or w in _DET for w in low) \
                    or not all(re.fullmatch(r"[A-Za-z][\w-]*", w) for w in part.split()):
                continue
            a = title.find(part)
            return Name(a, a + len(part))
    return None


_NAMING_VERBS = frozenset(_PROPOSAL_CUES["naming_verbs"])
_OBJECT_WORD = re.compile(r"[a-z][a-z-]*[a-z]")
_ADJECTIVE_END = re.compile(r"(?:" + _words_rx(_PROPOSAL_CUES["adjective_endings"]) + r")$")
_BASED_ON = re.compile(r"\s+(?:on|upon)\b")


def _object_restating_title(text: str, pos: int, limit: int, known: Callable[[str], object] | None = None) -> Name | None:
    """The proposing verb's object, a lower-case noun phrase with a method's or a kind's head, whose
    words from the first one the title holds name the paper's method: "Towards ...: A Statistical
    Re-weighting Method" + "we introduce a statistical re-weighting method that ...", "Connecting Phrase
    based ... Adaptation" + "we propose a straightforward and efficient connecting phrase based adaptation
    method" (the qualifiers before it are no part of the name; a phrase of qualifiers alone, "a neural
    model", or one the title does not restate, "a many-to-many multi-task learning model", names none)."""
    title = _title_of(text)
    if not title:
        return None
    spans = []
    for w in _NONSPACE_RUN.finditer(text, pos, limit):
        core = w.group().rstrip(".,;:")
        if w.start() - pos > 120 or not _OBJECT_WORD.fullmatch(core) or core in ("that", "which") or (
                PREPOSITIONS.fullmatch(core) and not (core == "based" and not _BASED_ON.match(text, w.end()))):
            break
        if spans and core.endswith("ed") and core != "based" and core not in _NAMING_VERBS \
                and singular(text[spans[-1][0]:spans[-1][1]]) in _KIND_NOUNS:
            break  # (a participle after the kind ends the phrase: "a ... delta criterion modified from X")
        spans.append((w.start(), w.start() + len(core)))
        if core != w.group():
            break
    words = [text[a:b] for a, b in spans]
    if len(words) < 2 or singular(words[-1]) not in _KIND_NOUNS or singular(words[-1]) in _NOT_OWN_KINDS:
        return None
    title_words = {t.lower() for t in re.findall(r"[\w-]+", title)}
    k = 0
    while k < len(words) - 1 and words[k] not in title_words and (
            only_modifiers([words[k]]) or words[k] in ("and", "or") or ("-" not in words[k] and _ADJECTIVE_END.search(words[k]))):
        k += 1
    kept = words[k:-1]
    if not kept or kept[0] not in title_words or only_modifiers(kept) or "and" in kept or "or" in kept:
        return None
    # two of the title's own qualifiers in a row ("Statistical Re-weighting Method"), not one it shares by
    # chance ("Multi-Task Video Captioning" + "a multi-task approach"); not a model of a task ("a sarcasm
    # detection model") nor a kind of a catalogued method ("a multi-task learning framework")
    low_title = " " + " ".join(re.findall(r"[\w-]+", title.lower())) + " "
    phrase = words[k:]
    if len(kept) < 2 or not any(f" {kept[i]} {kept[i + 1]} " in low_title for i in range(len(kept) - 1)):
        return None
    if kept[-1] in cues().task_heads or singular(kept[-1]) in NON_METHOD_HEADS or kept[-1] in _BROAD_HEADS or known and (
            any(known(" ".join(kept[:j])) for j in range(1, len(kept) + 1))
            or any(known(" ".join(kept[j:])) for j in range(1, len(kept) - 1))):
        return None  # (a kind of a catalogued method or of the field's broad kinds: "a new adversarial learning framework")
    return Name(spans[k][0], spans[-1][1])


DESCRIBING = frozenset(data_words("methods")["describing_modifiers"])
_COMPONENT_HEADS = frozenset(_PROPOSAL_CUES["component_heads"])
_UNRESTATED_HEADS = frozenset(_PROPOSAL_CUES["unrestated_heads"])
THE_PROPOSED = re.compile(r"\b(?:[Tt]he|[Oo]ur)\s+(?:newly\s+)?proposed\s+(?:(?:new|novel)\s+)?")
_RESTATED_OWN = re.compile(r"\b(?:[Oo]ur|[Tt]he\s+proposed|[Tt]his|[Tt]he\s+new)\s+(?:(?:new|novel|proposed)\s+)?$")


def _own_phrase_restated(text: str, pos: int, limit: int, known: Callable[[str], object] | None = None,
                         once: bool = False) -> Name | None:
    """The proposing verb's object, a lower-case phrase of two to four words with a kind's or a method's head, that
    the text writes again after "our", "the proposed" or "this": "we propose a novel hierarchical attention scheme.
    The layers of our hierarchical attention scheme ..." -> "hierarchical attention scheme"; with ``once``, also one
    written once that ends with the head of a part or a procedure (``unrestated_heads``: "we propose a knowledge
    attention module, which ..." -> "knowledge attention module") after words that are no catalogued method's name.
    Not a phrase whose
    modifiers only qualify its kind (plain or describing words, a task, a broad kind: "a novel neural model",
    "a multi-task framework", "a new evaluation metric"), nor a catalogued method's name."""
    dm = PROPOSED_OBJECT.match(text, pos, limit)
    name = _plain_object(text, dm.end(), limit, known) if dm else None
    if name is None:
        return None
    again = any(_RESTATED_OWN.search(text, max(0, x - 20), x) for x, _ in
                find_word(text, text[name.start:name.end], False, plural=False) if x != name.start)
    if again:
        return name
    # (written once, not a catalogued method with its part's word: "a neural self-attention unit")
    mods, head = text[name.start:name.end].rsplit(None, 1)
    return name if once and singular(head) in _UNRESTATED_HEADS and not (known and known(mods)) else None


_OUR = first_char_lookahead(re.compile(r"\b[Oo]ur\s+"))


def _title_part_as_own(text: str, pos: int, limit: int, known: Callable[[str], object] | None = None) -> Name | None:
    """A phrase of the title's (``title_parts``) at ``pos``, in lower case, that can name the paper's own method by
    the checks of ``_plain_object``: "Relation Module for ..." + "our relation module" -> "relation module"."""
    title = _title_of(text)
    if not title or pos < len(title):
        return None
    for part in title_parts(title, "none"):
        low = part.lower()
        if not 2 <= len(low.split()) <= 4 or text[pos:pos + len(low)].lower() != low \
                or text[pos + len(low):pos + len(low) + 1].isalnum() or not _LOWER_WORDS.fullmatch(text, pos, pos + len(low)):
            continue
        name = _plain_object(text, pos, pos + len(low), known, title_part=True)
        if name and name.start == pos and name.end == pos + len(low):
            return name
    return None


_LOWER_WORDS = re.compile(r"[a-z][a-z-]*(?: [a-z][a-z-]*)*")
_DASH = re.compile(r"---|—|–")


def _plain_object(text: str, pos: int, limit: int, known: Callable[[str], object] | None = None,
                  to_kind: bool = False, title_part: bool = False) -> Name | None:
    """The plain phrase at ``pos`` that can name the paper's own method (see ``_own_phrase_restated``); ``to_kind``:
    the phrase ends at its first kind noun and its modifiers are no plain adjectives or participles ("the proposed
    structured-alignment mechanism is", not "the proposed model outperforms the baseline", "the proposed systematic
    approach")."""
    spans = []
    for w in itertools.islice(_NONSPACE_RUN.finditer(text, pos, limit), 8):
        core = _DASH.split(w.group(), 1)[0].rstrip(".,;:")  # (a dash ends the phrase: "a dual encoder approach—a ...")
        if not _OBJECT_WORD.fullmatch(core) or PREPOSITIONS.fullmatch(core) \
                or core in ("a", "an", "the", "and", "or", "that", "which", "this", "these", "its", "their"):
            break
        if to_kind and spans and singular(text[spans[-1][0]:spans[-1][1]]) in _KIND_NOUNS and singular(core) not in _KIND_NOUNS:
            break  # (the phrase ends at its last kind noun in a row: "step size selection procedure")
        spans.append((w.start(), w.start() + len(core)))
        if core != w.group():
            break
    if to_kind and (not spans or any(("-" not in text[a:b] and _ADJECTIVE_END.search(text[a:b])) or text[a:b].endswith("ed")
                                     for a, b in spans[:-1])):
        return None
    words = [text[a:b] for a, b in spans]
    k = 0
    while k < len(words) and (only_modifiers([words[k]]) or words[k] in DESCRIBING):
        k += 1
    words, spans = words[k:], spans[k:]
    if not 2 <= len(words) <= 4:
        return None
    head = singular(words[-1])
    # (a kind that may be a resource's is a method's after a method's head: "attention scheme", not "annotation scheme")
    of_method = singular(words[-2]) in METHOD_HEADS and singular(words[-2]) not in _BROAD_HEADS
    if head not in _KIND_NOUNS and head not in METHOD_HEADS or head in _BROAD_HEADS \
            or head in _NOT_OWN_KINDS and not (of_method and head in _KIND_NOUNS):
        return None
    # (a method's head is a kind too: "the proposed attention model" is no name)
    distinct = [w for w in words[:-1] if not (only_modifiers([w]) or w in DESCRIBING or w in cues().task_heads
                                                or singular(w) in METHOD_HEADS
                                                or (singular(w) in NON_METHOD_HEADS and not title_part) or w in _BROAD_HEADS
                                                or w.rsplit("-", 1)[-1] in _COINED_NOT_LAST or DATASET_WORDS.fullmatch(w))]
    # (a kind's head is no part of what makes the phrase a name: "structured-alignment mechanism"; a title's part
    # may have a thing's word before the part's kind: "Relation Module for ...")
    mods = words[:-1] if of_method or words[-1] in _COMPONENT_HEADS else words
    if not distinct or not (_phrase_ok(mods) or title_part and words[-1] in _COMPONENT_HEADS
                            and not any(DATASET_WORDS.search(w) or w in NOT_METHOD_TOKENS for w in words)) \
            or (known and any(known(" ".join(words[j:])) for j in range(len(words) - 1))):
        return None
    return Name(spans[0][0], spans[-1][1])


def _lower_name(text: str, pos: int, limit: int) -> Name | None:
    """A lower-case name of one to three words after "called" / "we refer to as", taken when the text
    uses it again elsewhere ("the proposed attention bridge")."""
    words = []
    for m in re.finditer(r"\S+", text[pos:limit]):
        w = m.group()
        core = w.rstrip(".,;:)")
        if not _LOWER_WORD.fullmatch(core) or PREPOSITIONS.fullmatch(core) or core in _DET or core in ("and", "or"):
            break
        words.append((pos + m.start(), pos + m.start() + len(core)))
        if core != w or len(words) == 3:
            break
    if not words:
        return None
    a, b = words[0][0], words[-1][1]
    phrase = text[a:b]
    if not _phrase_ok(phrase.split()) or phrase.split()[-1] not in METHOD_HEADS:
        return None
    again = sum(1 for _ in find_word(text, phrase, False, plural=False))
    return Name(a, b) if again >= 2 else None
