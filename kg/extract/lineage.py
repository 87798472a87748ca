"""Which method extends which, as the text states it.

``find_lineage(view, groups)`` returns ``Link(derived, base, start, end, rule, confidence)`` with
group indexes (``derived`` may be ``OWN``); the cue regexes run over the sentence text. "unlike X"
and "compared with X" are comparisons, never lineage.

Whose extension it is (one rule for every cue): the method the paper proposes, by its name, or
``OWN`` when the paper names none or proposes only an instance of a catalogue kind ("we derive an
EM algorithm for ..."). Any other method is a subject only where the sentence makes it one: it
opens its clause and the verb follows it ("WGAN improves upon GAN", "MPPA is an extension of PA",
"Tree-LSTM, a variant of LSTM"). A generic concept (deep learning, neural networks) and a modifier
("GAN-like priors") are never subjects, and a catalogue concept never derives from the shape of a
name alone (its family is the catalogue's ``skos:broader``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .entities import all_languages
from .methods import COMPARE_CUE, DocView, MethodGroup, only_describing
from .naming import BY_VERBING, DATASET_WORDS, PREPOSITIONS, WE_PROPOSE, PASSIVE_PROPOSE
from .vocabulary import data_words, only_modifiers, title_parts
from .text import (GENERIC_HEADS, GENERIC_PHRASES, NON_METHOD_HEADS, X_SUFFIXES, FromStarts, first_char_lookahead,
                   is_strong_name, singular)

#: ``Link.derived`` of the paper's own method when the paper gives it no name ("we propose a novel
#: model based on X"): the extraction makes it a method node "the method of <title>".
OWN = -1


@dataclass(frozen=True)
class Link:
    derived: int
    base: int
    start: int  # the cue (or the compound name) in the text
    end: int
    rule: str
    confidence: float


#: The cue words and patterns of lineage, data (its "_about" says what each list is).
_WORDS = data_words("lineage")
# (rule, regex, max characters between the cue and the base, only in sentences that propose)
CUES = [(c["rule"], c["pattern"], c["gap"], c["proposing"]) for c in _WORDS["cues"]]
_CUES = [(rule, re.compile(rx), gap, prop) for rule, rx, gap, prop in CUES]
# a cue is searched only in sentences holding one of its words (every cue tried on every cue sentence
# was about a quarter of the lineage component's time)
_CUE_WORDS = {c["rule"]: tuple(c["words"]) for c in _WORDS["cues"]}
# what a cue right after one of these speaks of is a resource or a task, no method: "a hotel review
# dataset, based on X", "a novel semantic parsing task based on X", "the ASR toolkit, which combines X"
# (not "a model for this task, based on X": the noun of a preposition is no subject)
RESOURCE_HEADS = (*_WORDS["data_heads"], *_WORDS["resource_heads"])
# what a paper reports is no method either: "we also present some results based on X"
REPORT_HEADS = tuple(_WORDS["report_heads"])
RESOURCE_BEFORE = re.compile(r"(?:" + "|".join(re.escape(h) for h in RESOURCE_HEADS + REPORT_HEADS) + r")s?\s*(?:\([^()]{1,40}\)\s*)?,?\s*"
                             r"(?:(?:that|which)\s+(?:(?:is|are|was|were)\s+)?)?$", re.IGNORECASE)
# a sentence without one of these stems has no lineage cue (plain substring tests are cheap)
CUE_STEMS = tuple(_WORDS["cue_stems"])
FRONTED = re.compile(r"(?:^\s*|,\s*|\b(?:Therefore|Thus|Hence|Specifically|Similarly|Moreover)\s+)"
                     r"(?:(?:[Ii]nspired|[Mm]otivated)\s+by|(?:[Bb]ased|[Bb]uilt|[Gg]rounded|[Ff]ounded)\s+(?:up)?on|"
                     r"[Bb]uilding\s+(?:up)?on|[Ee]xtending)(?:\s+top\s+of)?\s+")
FRONTED_STEMS = tuple(_WORDS["fronted_stems"])
# what joins the bases of a fronted phrase: a parenthesis, "and", "or", a comma before them
FRONTED_JOIN = re.compile(r"[\s()]*(?:(?:,\s*)?(?:and|or)\s+(?:the\s+)?[\s(]*)?")


def _verb_forms(verb: str) -> str:
    """"modify" -> "modif(?:y|ies)", "build on" -> "builds?\\s+on": the base form and the third person."""
    first, *rest = verb.split()
    ending = ("(?:y|ies)" if first.endswith("y") else "(?:es)?" if first.endswith(("ch", "sh", "ss", "x")) else "s?")
    return r"\s+".join([re.escape(first[:-1] if first.endswith("y") else first) + ending, *map(re.escape, rest)])


# "In this paper, we improve X by ...", "we extend X with ...", "we build on X", "we propose to augment X", "this
# paper extends X": the authors change a method (their own is the result); the object is the noun phrase right after the verb
WE_REVISE = re.compile(r"(?:\b[Ww]e|\b[Tt]his\s+(?:paper|work|article|study))\s+"
                       r"(?:(?:also|further|then|first|here|now|therefore|thus|significantly|substantially)\s+)?"
                       r"(?:(?:" + "|".join(_WORDS["intent_verbs"]) + r")\s+to\s+)?(?:" + "|".join(map(_verb_forms, _WORDS["revise_verbs"])) + r")\s+")
# what may stand between a verb (or a fronted cue) and its object: determiners and a few adjectives
OBJECT_LEAD = re.compile(r"\s*(?:(?:" + "|".join(map(re.escape, _WORDS["object_lead"])) + r")\s+){0,3}")
ITS_EXTENSION = FromStarts(re.compile(r"\bits\s+(?:[\w-]+\s+)?(?:extension|variant|generali[sz]ation)s?\b"))
SCOPE_END = first_char_lookahead(re.compile(r"[;:]|\.\s|,\s+(?:while|whereas|but|which|and\s+(?:we|it|they))\b|\b(?:while|whereas|that|which|where)\b"))
# the paper's own method as the subject of a clause: "Our proposed approach", "Our generation method", "In the second
# step, the final system", "It" (not "the baseline model" or "our previous system": another one, or an earlier one)
SUBJECT_SELF = re.compile(r"^\s*(?:(?:[A-Z][^,;:()]{0,60},\s*)?(?:[Oo]ur|[Tt]his|[Tt]he)\s+"
                          r"(?:(?!(?:" + "|".join(_WORDS["not_self_words"]) + r")\b)[a-z][\w-]*\s+){0,2}?"
                          r"(?:" + "|".join(_WORDS["self_nouns"]) + r")s?|It|Its|We|[A-Z][^,;:()]{0,60},\s*we)\b")
_NOT_ADJ = "|".join(sorted(GENERIC_HEADS | {"for", "of", "to", "in", "on", "with", "by", "from", "that", "which",
                                             "via", "and", "or", "as", "at"}, key=len, reverse=True))
UNNAMED_NEW = re.compile(r"\s+(?:" + "|".join(map(re.escape, _WORDS["new_kind_nouns"])) + r")s?\b")
# "a new GNN architecture called X", "a novel GNN model FooNet", "a new GNN framework (FooNet)", with words that
# say what kind of a Y before the kind's noun: "a novel LSTM language model FooLM", "a new seq2seq pre-training method X"
NEW_KIND_CALLED = re.compile(r"\)?(?:(?:\s+(?!(?:" + _NOT_ADJ + r")\b)[a-z][\w-]*){0,2}\s+(?:"
                             + "|".join(sorted(GENERIC_HEADS, key=len, reverse=True)) + r"))?\s*,?\s*"
                             r"(?:(?:i\.e\.,?|namely|called|named|dubbed|termed|coined)\s+|\(\s*)?[*_`]*")
NEW_BEFORE = re.compile(r"\b(?:a|an)\s+(?:new|novel)\s+(?:[\w-]+\s+){0,2}$")
APPOS_TYPE = re.compile(r"\s*(?:\([^()]{1,40}\))?\s*(?:,|---|--|—|–)\s*(?:a|an|the)\s+"
                        r"(?:(?!(?:" + _NOT_ADJ + r")\b)[\w-]+\s+){0,5}?$")
_NOUNS = "|".join(sorted(GENERIC_HEADS, key=len, reverse=True))
GENERIC_AFTER = re.compile(r"\s+(?:" + _NOUNS + r")\b")


def find_lineage(view: DocView, groups: list[MethodGroup]) -> list[Link]:
    text = view.text
    spans = []  # (start, end, group, proposed)
    for gi, g in enumerate(groups):
        for c in g.spans:
            if not _in_web_address(text, c.start, c.end):
                spans.append((c.start, c.end, gi, c.proposed))
    spans.sort()
    proposed = [gi for gi, g in enumerate(groups) if g.role == "proposes"]
    # a catalogue kind the paper builds an instance of, or a task the text names as its own ("our KBQA
    # system", the title "Paper Abstract Writing through ..."): the paper's method has no name
    kinds = {gi for gi in proposed if _kind_instance(text, groups[gi]) or _task_name(groups[gi])}
    named = [gi for gi in proposed if gi not in kinds]
    # the paper's own methods as subjects: its named proposals, else its unnamed one
    proposed_groups = named or [OWN]
    # the paper's one proposal, named by words that point back to an unnamed description ("Our
    # approach, named CoRel", "We call this procedure AKORN"): sentences that propose "a novel
    # approach based on X" without a name speak of it; with no name at all, they speak of OWN. A proposal named
    # otherwise is the one the sentences after its name describe ("We propose ZedTagger. ... we propose a novel
    # model, which combines X with Y"), not those before it ("we introduce a new paradigm based on X. Second, we
    # formalize Y")
    own = named[0] if len(named) == 1 else (None if named else OWN)
    own_from = -1 if len(named) != 1 or groups[named[0]].role_rule in BACK_NAMING or any(
        c.start < view.title_end for c in groups[named[0]].spans) else min(c.start for c in groups[named[0]].spans)
    links: dict[tuple[int, int], Link] = {}

    def add(d, b, s, e, rule, conf, built=False):
        if d in kinds:
            d = None if named else OWN  # "we derive an EM algorithm based on X": the paper's method
        if d == b or d is None or b is None or not _may_link(text, groups, d, b, built):
            return
        if (d, b) not in links and (b, d) not in links:
            links[(d, b)] = Link(d, b, s, e, rule, conf)

    low = view.lower if view.lower is not None else text.lower()
    for s_start, s_end in view.sents:
        in_sent = [x for x in spans if s_start <= x[0] < s_end]
        if not in_sent:
            continue
        sl = low[s_start:s_end]
        sent = text[s_start:s_end]
        prop_in_sent = [x for x in in_sent if x[3]]
        own_here = own if s_end > own_from else None
        if own_here is not None and not prop_in_sent and ("new" in sl or "novel" in sl):
            # "by introducing a novel conformal prediction method": the paper's one named proposal is one
            for x in in_sent:
                if x[2] != own_here and _unnamed_new_at(text, x, s_start) and \
                        list(_PROPOSE_VERB.finditer(text, s_start, x[0])) and \
                        not _names_own_method(text, view.title_end, x, groups[x[2]]):
                    add(own_here, x[2], x[0], x[1], "lineage:unnamed_new", 0.6)
        for d, x in _built_kinds(text, groups, in_sent, prop_in_sent, s_start, s_end, own_here, view.title_end):
            # (a field, as the text writes it: "a neural machine translation approach", not "a transition-based parser")
            if not groups[x[2]].generic and not (_field(groups[x[2]]) and
                                                 text[x[0]:x[1]].rsplit(None, 1)[-1].lower() in FIELD_ENDS):
                add(d, x[2], x[0], x[1], "lineage:built_kind", 0.6, built=True)
        # "As a light-weight LSTM tagger, FooTag runs in real time": the kind the sentence gives the subject after the comma
        if sent.lstrip().startswith("As "):
            _as_kind(text, in_sent, s_start, s_end, proposed_groups, add)
        # "A BiLSTM is employed as the basis of our model", "a hybrid of X and Y as the backbone for FooNet"
        if " as " in sl and any(w in sl for w in BACKBONE_STEMS):
            _backbone(text, groups, in_sent, s_start, s_end, proposed_groups, add)
        # "Our system is a stacked BiLSTM, ...", "FooNet is a BERT-based classifier": the kind of the paper's method
        if " is a" in sl or " was a" in sl:
            _is_a_kind(text, groups, in_sent, s_start, s_end, proposed_groups, add)
        if not any(w in sl for w in CUE_STEMS):
            continue
        by = BY_VERBING.search(sent)
        proposing = bool(WE_PROPOSE.search(sent) or PASSIVE_PROPOSE.search(sent)
                         or (by and re.search(r"\b[Ww]e\b", sent[:by.start()])))
        # "First, we learn a latent space through a VAE": a step of the recipe of the paper's one proposal
        step = (not proposing and not prop_in_sent and len(named) == 1 and STEP_WE.match(sent) is not None)
        for rule, rx, gap, only_proposing in _CUES:
            if only_proposing and not (proposing and prop_in_sent):
                if step and rule == "lineage:via":
                    _step_via(text, sent, s_start, s_end, in_sent, rx, gap, named[0], add)
                continue
            if not any(w in sent for w in _CUE_WORDS[rule]):
                continue
            for m in rx.finditer(sent):
                cs, ce = s_start + m.start(), s_start + m.end()
                if not only_proposing and _resource_subject(text, s_start, cs):
                    continue
                bases = _bases(text, in_sent, ce, s_end, gap, rule)
                if not bases:
                    continue
                named_after = _named_after(text, in_sent, bases) if rule in OF_CUES else None
                if rule in OF_CUES and named_after is None and \
                        OF_AFTER_PREPOSITION.search(text, max(s_start, cs - 60), cs):
                    continue  # "topics comparable to those produced by semi-supervised variants of LDA"
                derived = named_after if named_after is not None else _derived(
                    text, groups, in_sent, prop_in_sent, proposing, cs, s_start, proposed, proposed_groups, bases)
                if derived is None and proposing and not prop_in_sent and own_here is not None:
                    derived = _unnamed_own(text, in_sent, s_start, cs, bases, own_here)
                if derived in kinds:
                    derived = None if named else OWN
                if derived is None or _outside_parenthesis(text, s_start, cs, in_sent, derived) \
                        or _compared_between(text, s_start, in_sent, derived, cs):
                    continue
                if rule in OF_CUES and any(x[2] == derived and x[1] <= cs and not text[x[1]:cs].strip() for x in in_sent):
                    continue  # "DeFormer versions of BERT": DeFormer applied to BERT, no variant of it
                if rule in ("lineage:improves", "lineage:enhances", "lineage:modifies"):
                    # weak cues: only the paper's own method improving a specific one
                    if derived not in proposed_groups:
                        continue
                    bases = [b for b in bases if not groups[b].generic]
                    if not bases:
                        continue
                if rule == "lineage:into":
                    # "we integrate gender information into NMT systems": a field's systems, no method of a line
                    bases = [b for b in bases if not _field(groups[b])]
                    if not bases:
                        continue
                if rule == "lineage:uses":
                    if not _own_subject(text, in_sent, s_start, cs, derived, proposed_groups):
                        continue  # only the paper's own method, as the verb's subject: "Our method uses X"
                    # "adopts an instruction tuning dataset": the method names the kind of a thing used
                    bases = [b for b in bases if not _modifies_non_method(text, in_sent, b, ce)]
                    if not bases:
                        continue
                if rule == "lineage:enables":
                    # "allows a recurrent neural network to focus", "enable LoRA training": the method is the
                    # verb's object; not a word inside what the subject makes possible ("enabling more
                    # aggressive pruning", "allows compressing the RNN", "enable fine-grained testing of X")
                    if not _enabled_object(text, in_sent, bases[0], ce):
                        continue  # (the bases after the first are coordinated with it)
                if rule == "lineage:enables" and derived not in proposed_groups:
                    # only a subject right before the verb: "the FooNet framework allows ..."
                    near = [x for x in in_sent if x[2] == derived and 0 <= cs - x[1] <= 12]
                    if not near:
                        continue
                for b in bases:
                    add(derived, b, cs, ce, rule, 0.75 if not only_proposing else 0.65)
        # "Inspired by Dropout, FooLoss enables ...": a fronted participle, its subject after the comma
        for m in (FRONTED.finditer(sent) if any(w in sl for w in FRONTED_STEMS) else ()):
            ce = s_start + m.end()
            bases = _bases(text, in_sent, ce, s_end, 40, "lineage:inspired_by")
            if not bases:
                continue
            inspired = m.group().strip(", ").lower().startswith(("inspired", "motivated"))
            if not inspired and not [x for x in in_sent if x[2] == bases[0] and OBJECT_LEAD.fullmatch(text, ce, x[0])]:
                continue  # "Based on the analysis of X, ...": the fronted cue's object is no method
            fronted_rule = "lineage:inspired_by" if inspired else (
                "lineage:extends" if m.group().strip(", ").lower().startswith("extending") else "lineage:based_on")
            # the end of the fronted phrase's bases ("Inspired by GANs (GANs) and VAEs,"), not a later mention of them
            last = ce
            for x in sorted(x for x in in_sent if x[2] in bases and x[0] >= ce):
                if last != ce and not FRONTED_JOIN.fullmatch(text, last, x[0]):
                    break
                last = x[1]
            comma = re.match(r"[^,;.]{0,40}?,\s*", text[last:s_end])
            if not comma:
                continue
            p = last + comma.end()
            subj = [x for x in in_sent if 0 <= x[0] - p <= 2 and x[2] in proposed_groups]
            ds = [subj[0][2]] if subj else []
            if not ds and (SUBJECT_SELF.match(text[p:s_end]) or re.match(r"(?:we|our)\b", text[p:s_end])):
                # "Building upon X, we present two models, A and B": each proposal the clause names
                later = list(dict.fromkeys(x[2] for x in in_sent if x[0] >= p and x[3]))
                ds = later or ([proposed_groups[0]] if len(proposed_groups) == 1 else [])
            for d in ds:
                for b in bases:
                    if b != d:
                        add(d, b, s_start + m.start(), ce, fronted_rule, 0.7)
        # "we improve X by ...": the paper's own method (its one named proposal, else OWN) revises X
        for m in (WE_REVISE.finditer(sent) if len(proposed_groups) == 1 and ("we " in sl or "this " in sl) else ()):
            ce = s_start + m.end()
            first = [x for x in in_sent if x[0] >= ce]
            if first and OBJECT_LEAD.fullmatch(text, ce, first[0][0]) and not _resource_subject(text, s_start, ce) \
                    and not NAME_GOES_ON.match(text, first[0][1]) \
                    and not _head_is_thing(text, first[0][0], first[0][1]) \
                    and not _modifies_non_method(text, in_sent, first[0][2], ce):
                add(proposed_groups[0], first[0][2], s_start + m.start(), ce, "lineage:we_revise", 0.7)
        # "PCA and its nonlinear extension Kernel PCA": the later one extends the earlier one
        for m in ITS_EXTENSION.finditer(sent):
            cs, ce = s_start + m.start(), s_start + m.end()
            before = [x for x in in_sent if x[1] <= cs]
            after = [x for x in in_sent if x[0] >= ce and x[0] - ce <= 25]
            if before and after:
                add(after[0][2], before[-1][2], cs, ce, "lineage:its_extension", 0.8)
    # "a new GNN architecture called X", "a novel diffusion model, namely X": X is a Y
    for s, e, gi, prop in spans:
        if not prop:
            continue
        s0, _ = view.sent_of(s)
        prev = [x for x in spans if s0 <= x[0] and x[1] <= s and x[2] != gi]
        if not prev:
            continue
        y = prev[-1]
        y_start = next((x[0] for x in prev if x[2] == y[2] and re.fullmatch(r"\s*\(\s*", text[x[1]:y[0]])), y[0])
        if groups[y[2]].from_lexicon and NEW_KIND_CALLED.fullmatch(text, y[1], s) \
                and NEW_BEFORE.search(text, max(s0, y_start - 30), y_start):  # (before "seq2seq (S2S)": its long form)
            add(gi, y[2], y_start, e, "lineage:new_kind_called", 0.7)
    # "X, a novel Y framework" / "X, a new Y architecture": X extends Y
    for s, e, gi, prop in spans:
        if not prop:
            continue
        for s2, e2, gj, _ in spans:
            if gj == gi or s2 <= e:
                continue
            between = text[e:s2]
            if len(between) > 80:
                break
            if APPOS_TYPE.match(between) and GENERIC_AFTER.match(text, e2):
                add(gi, gj, s, e2, "lineage:appositive_type", 0.7)
                break
    # "Seq2SeqPy: A Lightweight Toolkit for Neural Sequence-to-Sequence Modeling", "FooMT, an open-source
    # library for NMT": a tool for a method implements it, of its line
    for s, e, gi, _ in spans:
        m = TOOL_FOR.match(text, e)
        if not m:
            continue
        nxt = [x for x in spans if x[0] >= m.end() and x[2] != gi]
        if nxt and nxt[0][0] == m.end() and view.sent_of(s) == view.sent_of(nxt[0][0]) \
                and not _np_head_is_task(text, nxt[0][1]):
            add(gi, nxt[0][2], s, nxt[0][1], "lineage:tool_for", 0.7)
    # "we propose a stack-based multi-layer attention model for seq2seq learning", "FooGate, a gating mechanism for LSTM
    # networks": a part the paper proposes for a method's models extends that method (not for a task or a field)
    for s, e, gi, _ in spans:
        m = PART_FOR.match(text, e) if gi in named and "for" in text[e:e + 60] else None
        if not m:
            continue
        nxt = [x for x in spans if x[0] >= m.end() and x[2] != gi][:1]
        if nxt and nxt[0][0] == m.end() and view.sent_of(s) == view.sent_of(nxt[0][0]) \
                and METHOD_TAIL.match(text, nxt[0][1]) and not _field(groups[nxt[0][2]]) \
                and not groups[nxt[0][2]].generic:
            add(gi, nxt[0][2], s, nxt[0][1], "lineage:part_for", 0.65)
    _title_for(view, groups, spans, named, add)
    _title_built(view, groups, spans, named, add)
    _title_appositive(view, groups, spans, named, add)
    _title_revises(view, groups, spans, named, add)
    _title_means(view, groups, spans, named, add)
    _compounds(view, groups, spans, links)
    return list(links.values())


# "As a lightweight rule-based tagger, FooTag ...", "As an LSTM-based model, our system ...": a kind (its noun, or a
# suffix of a kind built on the method) and its subject after the comma; not "As an alternative to X, Y"
AS_KIND_LEAD = re.compile(r"\s*As\s+(?:a|an)\s+(?:(?!(?:" + _NOT_ADJ + r")\b)[\w-]+,?\s+){0,3}")
# the rest of a kind's noun phrase after the method: a suffix ("-based"), describing words, the kind's noun
KIND_TAIL = (r"(?:[- ](?:" + "|".join(map(re.escape, _WORDS["built_suffixes"])) + r"))?"
             r"(?:\s+(?!(?:" + _NOT_ADJ + r")\b)[a-z][\w-]*){0,2}?(?:\s+(?:" + _NOUNS + r")s?)?")
AS_KIND_HEAD = re.compile(KIND_TAIL + r"\s*,\s*")


def _as_kind(text, in_sent, s_start, s_end, proposed_groups, add) -> None:
    first = in_sent[0]
    if not AS_KIND_LEAD.fullmatch(text, s_start, first[0]):
        return
    m = AS_KIND_HEAD.match(text, first[1])
    if not m or not (m.group().strip(" ,") or HEAD_IN_NAME.search(text, first[0], first[1])):
        return  # "As a CRF, ...": no kind
    subj = [x for x in in_sent if x[0] == m.end() and x[2] in proposed_groups]
    if subj:
        add(subj[0][2], first[2], s_start, first[1], "lineage:as_kind", 0.7, built=True)
    elif len(proposed_groups) == 1 and SUBJECT_SELF.match(text[m.end():s_end]):
        add(proposed_groups[0], first[2], s_start, first[1], "lineage:as_kind", 0.7, built=True)


# "A BiLSTM network is employed as the basis of our model", "we design a hybrid of X and Y as the backbone architecture
# for FooNet": the methods of the clause before the cue are bases of the paper's method (named right after it, or "our
# <self noun>", "the proposed ..."); not "used as a basis for linguistic inquiries"
BACKBONE_STEMS = tuple(n.split()[0] for n in _WORDS["backbone_nouns"])
BACKBONE = re.compile(r"\bas\s+(?:the|a|an|our|its)\s+(?:[\w-]+\s+)?(?:" + "|".join(map(re.escape, _WORDS["backbone_nouns"])) + r")"
                      r"(?:\s+(?:" + _NOUNS + r"))?\s+(?:of|for)\s+")


def _backbone(text, groups, in_sent, s_start, s_end, proposed_groups, add) -> None:
    for m in BACKBONE.finditer(text, s_start, s_end):
        named = [x for x in in_sent if x[0] == m.end() and x[2] in proposed_groups]
        if named:
            d = named[0][2]
        elif len(proposed_groups) == 1 and re.match(r"(?:[Oo]ur|the\s+proposed)\s", text[m.end():s_end]) \
                and SUBJECT_SELF.match(text[m.end():s_end]):
            d = proposed_groups[0]
        else:
            continue
        clause = max(s_start, text.rfind(";", s_start, m.start()) + 1)
        for x in in_sent:
            g = groups[x[2]]
            if clause <= x[0] and x[1] <= m.start() and g.from_lexicon and not g.generic and not _field(g):
                add(d, x[2], m.start(), m.end(), "lineage:backbone", 0.7)


# "Our system is a stacked BiLSTM, equipped with ...", "FooNet is a BERT-based classifier", "Our approach is a GRU model
# with ...": the copula gives the paper's method its kind (a noun phrase with no preposition before the method: not
# "a combination of X and Y"; "a version of X" is lineage:variant_of)
IS_A_LEAD = re.compile(r"\s+(?:is|was)\s+(?:(?:" + "|".join(map(re.escape, _WORDS["copula_adverbs"])) + r")\s+)?(?:a|an)\s+"
                       r"(?:(?!(?:" + _NOT_ADJ + r")\b)[\w-]+,?\s+){0,3}")
IS_A_END = re.compile(KIND_TAIL + r"(?=\s*(?:[,.;:(]|$)|\s+(?:with|that|which|for|trained|to|on|in|using)\b)")


def _is_a_kind(text, groups, in_sent, s_start, s_end, proposed_groups, add) -> None:
    own = SUBJECT_SELF.match(text[s_start:s_end])
    if own and own.group().strip() not in ("It", "Its", "We") and len(proposed_groups) == 1:
        d, subject_end = proposed_groups[0], s_start + own.end()
    else:
        first = [x for x in in_sent if x[2] in proposed_groups and x[2] != OWN]
        if not first or not CLAUSE_OPENING.fullmatch(text, s_start, first[0][0]):
            return
        d, subject_end = first[0][2], first[0][1]
    x = [y for y in in_sent if y[0] >= subject_end][:1]
    # (a name the text coins there is the paper's method's own: "Our approach is a character CNN (CLSTM)")
    if not x or not groups[x[0][2]].from_lexicon or not IS_A_LEAD.fullmatch(text, subject_end, x[0][0]) or groups[x[0][2]].generic or not IS_A_END.match(text, x[0][1]) or NAME_GOES_ON.match(text, x[0][1]):
        return
    if _field(groups[x[0][2]]) and text[x[0][0]:x[0][1]].rsplit(None, 1)[-1].lower() in FIELD_ENDS:
        return  # "Our system is a neural machine translation system": a field, as the text writes it
    add(d, x[0][2], subject_end, x[0][1], "lineage:is_a_kind", 0.7, built=True)


# "we propose a BERT-based model", "This paper describes a novel GAN-style generator", "we present a new LSTM tagger":
# the kind of the proposal is built on the method that opens it (determiners and describing words before it)
# (a comma may part two describing words: "FooNet, a neural, BERT-based model")
# (a Title-case word may name the variant: "we propose a Context-Aware LSTM model", "a novel Replicated Siamese LSTM")
TITLE_WORD = r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*"
BUILT_LEAD = re.compile(r"\s*(?:(?:" + "|".join(map(re.escape, _WORDS["built_lead"])) + "|" + TITLE_WORD + r"),?\s+){0,4}")
# "we propose a novel hierarchical recurrent neural network": the mention ends with the kind's noun itself
HEAD_IN_NAME = re.compile(r"\b(?:" + _NOUNS + r")$", re.IGNORECASE)
BUILT_APPOSITIVE = re.compile(r"\s*(?:\([^()]{1,40}\)\s*)?(?:,|:|--|—|–)" + BUILT_LEAD.pattern)
BUILT_AFTER = re.compile(r"(?:\s*\([^()]{1,20}\))?(?P<suffix>[- ](?:" + "|".join(map(re.escape, _WORDS["built_suffixes"])) + r"))?\s+(?:[\w-]+\s+){0,3}?(?:" + _NOUNS + r")\b")


def _built_kinds(text, groups, in_sent, prop_in_sent, s_start, s_end, own, title_end):
    """(the proposal, the mention of the method its kind is built on) for each proposing verb of the sentence
    whose object opens with a method ("we propose a BERT-based model"); the proposal is the one the sentence
    names, else the paper's own (``own``); "we propose FooNet, a BERT-based model": the name before the appositive.
    Without a suffix the kind is built on the method only after "a"/"an" ("we present a CRF tagger"), of a proposal
    the sentence names or of the paper's unnamed one (a name proposed elsewhere may be another method), and not when
    the words name the paper's own method ("the Low-rank Fusion method", "a novel Multi-Prototype Embedding model")."""
    for m in WE_PROPOSE.finditer(text, s_start, s_end):
        first = [x for x in in_sent if x[0] >= m.end()]
        if len(first) > 1 and first[0][3] and BUILT_APPOSITIVE.match(text, first[0][1]) \
                and BUILT_APPOSITIVE.match(text, first[0][1]).end() == first[1][0]:
            subject, x, lead, appositive = first[0][2], first[1], text[first[0][1]:first[1][0]], True
        elif first and BUILT_LEAD.fullmatch(text, m.end(), first[0][0]):
            others = [y[2] for y in prop_in_sent if y[2] != first[0][2]]
            subject, x, lead, appositive = (others[0] if others else own), first[0], text[m.end():first[0][0]], False
        else:
            continue
        after = BUILT_AFTER.match(text, x[1])
        spelled = subject not in (None, OWN) and _lead_spells(lead, groups[subject])
        # (no suffix) "a hierarchical RNN", not "a new EM algorithm"; the kind of a name the sentence gives: "we present
        # FooParser, a neural, transition-based parser"
        if not after and HEAD_IN_NAME.search(text, x[0], x[1]) and not NAME_GOES_ON.match(text, x[1]) \
                and (appositive or spelled or _variant_words(lead, text[x[0]:x[1]], groups[x[2]])):
            after = HEAD_IN_NAME.search(text, x[0], x[1])
        else:
            appositive = False  # ("QuillNet, a new GNN architecture": lineage:appositive_type)
        if after and (after.groupdict().get("suffix") or (re.search(r"\b(?:a|an)\b", lead) and (
                appositive or subject == OWN or subject != own or spelled)
                                                and not _names_own_method(text, title_end, x, groups[x[2]]))):
            yield subject, x


def _lead_spells(lead: str, g: MethodGroup) -> bool:
    """The Title-case words that end ``lead`` are the long form of a name of ``g``: "a Type Auxiliary Guiding
    encoder-decoder framework" in a paper that proposes TAG is TAG's kind."""
    words = []
    for w in reversed(lead.split()):
        if not re.fullmatch(TITLE_WORD, w):
            break
        words.insert(0, w)
    return len(words) >= 2 and any(_abbreviates(label, " ".join(words)) for label in g.labels if " " not in label)


# "Modeling Localness for Self-Attention Networks", "Riemannian Optimization for Skip-Gram Negative Sampling":
# a title whose head is the paper's method for a catalogue method (the title ends with it, or a colon or
# "with/using ..." follows); not a study of it ("On the use of BERT for ...", "Evaluating ... for NMT")
TITLE_FOR_BEFORE = re.compile(r"\S\s+for\s+(?:the\s+)?$", re.IGNORECASE)
TITLE_FOR_AFTER = re.compile(r"(?:s|\s+(?:networks?|models?|architectures?))?\s*(?:$|:|\s+(?:with|using|via|through)\b)",
                             re.IGNORECASE)
# a method named as a field is (with TASK_NOUNS): what a paper does "for" it is work in the field
TITLE_FOR_FIELDS = frozenset(_WORDS["title_for_fields"])
TITLE_STUDY = re.compile(r"\s*(?:On|To|Empirical|Quantitative|Towards?|An?\s+(?:Empirical|Comparative|Systematic|Analysis|Study|Evaluation|Survey)|"
                         r"Evaluat\w*|Analy[sz]\w*|Measuring|Explor\w*|Investigat\w*|Understanding|Revisit\w*|Probing|"
                         r"Assessing|Comparing|What|How|Why|When|Which|Does|Do|Is|Are|Can|Should|Using|Exploiting|"
                         r"Leveraging|Learning|Improving|Data|Training|Pre-?training|Fine-?tuning)\b")


# "Our modified approach", "our proposed model": the abstract speaks of the paper's own method (not its "work" or
# "submission": work_nouns, nor "our baseline model")
OUR_METHOD = FromStarts(re.compile(r"\b[Oo]ur\s+(?:(?!(?:" + "|".join(_WORDS["not_self_words"]) + r")\b)[a-z][\w-]*\s+){0,2}?(?:"
                        + "|".join(n for n in _WORDS["self_nouns"] if n not in _WORDS["work_nouns"]) + r")s?\b"))


def _has_own_method(text: str, title_end: int, named) -> bool:
    """The paper has a method of its own: it names one, proposes one, or speaks of "our (modified) approach"."""
    return bool(named or WE_PROPOSE.search(text, title_end) or OUR_METHOD.search(text, title_end))


def _field(g: MethodGroup) -> bool:
    """A method named as a field is ("neural machine translation", "collaborative filtering")."""
    return g.label.rsplit(None, 1)[-1].lower() in FIELD_ENDS


# "SeqVAT: Virtual Adversarial Training for Sequence Labeling", "FooTag: A Transformer-based Tagger for ...": the title
# says what its named method is, the method after the colon (an article and up to two words before it, no verb), the
# head of the phrase (a suffix or a kind's noun after it, then the title's end or a preposition)
TITLE_APPOS_LEAD = re.compile(r":\s*(?:(?:a|an|the)\s+)?((?:[\w-]+\s+){0,2}?)", re.IGNORECASE)
TITLE_APPOS_AFTER = re.compile(r"(?:s|[- ](?:" + "|".join(map(re.escape, _WORDS["built_suffixes"])) + r"))?"
                               r"(?:\s(?!(?:for|with|using|via|through|in|on|from|and|or|of|to)\b)[\w-]+){0,2}?"
                               r"(?:\s*(?:$|[:,])|\s(?:for|with|using|via|through|in|on|from)\b)",
                               re.IGNORECASE)


def _title_appositive(view: DocView, groups: list[MethodGroup], spans, named, add) -> None:
    """The title "Name: <method> for ...": the paper's named method is one of the method's kind (a field, a task, a
    generic concept or a thing is no kind; nor a study's verb: "Name: Using BERT for ...")."""
    text, title_end = view.text, view.title_end
    colon = text.find(":", 0, title_end)
    if colon < 0 or TEAM_TITLE.match(text, 0, title_end):
        return
    subject = [x[2] for x in spans if x[1] <= colon and x[2] in named and not text[x[1]:colon].strip()]
    after = [x for x in spans if colon < x[0] < title_end]
    lead = TITLE_APPOS_LEAD.fullmatch(text, colon, after[0][0]) if after else None
    if not subject or not lead:
        return
    words = lead.group(1).split()
    if any(w.lower().endswith("ing") or w.lower() in ("to", "and", "or", "of", "on", "for") or TITLE_STUDY.fullmatch(w)
           for w in words):
        return  # "Name: Learning to Parse with BERT", "Name: Towards BERT for ..."
    x = after[0]
    g = groups[x[2]]
    if not g.from_lexicon or g.generic or _field(g) or not TITLE_APPOS_AFTER.match(text[:title_end], x[1]) \
            or NAME_GOES_ON.match(text, x[1]) or _np_head_is_task(text[:title_end], x[1]):
        return
    add(subject[0], x[2], colon, x[1], "lineage:title_appositive", 0.6, built=True)


# "A Study of Inner-Attention-Based Sentence Representations", "GCN-style Encoders for ...": a method the title builds on
TITLE_BUILT = re.compile(r"[- ](?:" + "|".join(map(re.escape, _WORDS["built_suffixes"])) + r")\b", re.IGNORECASE)


def _title_built(view: DocView, groups: list[MethodGroup], spans, named, add) -> None:
    """The title builds what it names on a catalogue method ("<method>-based ..."): the paper's one named
    proposal (a name of its own, no catalogue kind) is built on it; not a team's title, a field or a
    generic concept, nor a title that names a resource."""
    text, title_end = view.text, view.title_end
    own = [gi for gi in named if not groups[gi].from_lexicon]
    if len(own) != 1 or not title_end or TEAM_TITLE.match(text, 0, title_end) or DATASET_WORDS.search(text, 0, title_end):
        return
    for s, e, gi, _ in spans:
        if s >= title_end:
            break
        g = groups[gi]
        if gi != own[0] and g.from_lexicon and not g.generic and not _field(g) and (built := TITLE_BUILT.match(text, e)) \
                and not _np_head_is_task(text[:title_end], built.end()):
            add(own[0], gi, s, e, "lineage:title_built", 0.6, built=True)


def _title_for(view: DocView, groups: list[MethodGroup], spans, named, add) -> None:
    text, title_end = view.text, view.title_end
    if not title_end or TITLE_STUDY.match(text) or not _has_own_method(text, title_end, named):
        return
    for s, e, gi, _ in spans:
        if s >= title_end:
            break
        g = groups[gi]
        if _field(g):
            return  # "... for Neural Machine Translation", "for Collaborative Filtering": a field's methods, no line
        if not g.from_lexicon or g.generic or gi in named or not TITLE_FOR_BEFORE.search(text, 0, s) \
                or not TITLE_FOR_AFTER.match(text[:title_end], e):
            continue
        head = text[:TITLE_FOR_BEFORE.search(text, 0, s).start() + 1]
        if DATASET_WORDS.search(head) or TEAM_TITLE.match(text, 0, title_end):
            return  # "Monolingual Data for NMT", "KOI at SemEval-2018 Task 5: ... for"
        subject = [x[2] for x in spans if x[1] <= len(head) and x[2] in named and not groups[x[2]].from_lexicon]
        d = subject[0] if subject else (OWN if not named else None)
        add(d, gi, s, e, "lineage:title_for", 0.6)
        return


# "we propose a hierarchical version of BERT": the words before the cue say how the paper's unnamed method varies
# its base ("hierarchical BERT", "residual vector-quantized VAE"); not words that describe any method ("a new/simple
# version of X")
OWN_VARIANT = re.compile(r"\b(?:a|an)\s+((?:[a-z][\w-]*\s+){1,2}?)(?:versions?|variants?|extensions?|generali[sz]ations?)\s+"
                         r"(?:of|to)\s*$")
VARIANT_RULES = ("lineage:variant_of", "lineage:extension_of", "lineage:generalization_of")
VARIANT_STOPS = frozenset(_WORDS["variant_stops"])
QUALITY_WORDS = frozenset(_WORDS["quality_words"])
KIND_RULES = ("lineage:built_kind", "lineage:unnamed_new")  # the link's base is the kind of the paper's method
# the paper's method changes its base (not "based on X", "uses X": the title may name the base itself, "Multi-armed Bandits")
REVISING_RULES = (*VARIANT_RULES, "lineage:extends", "lineage:generalizes", "lineage:we_revise", "lineage:improves_upon",
                  "lineage:improves", "lineage:enhances", "lineage:modifies", "lineage:into")


def _vary(words: list[str]) -> bool:
    """Can ``words`` say how a variant differs from its base (no comparative, no adverb, no stop word)?"""
    return not any(w.endswith(("ly", "er", "est")) or w in VARIANT_STOPS or not re.fullmatch(r"[a-z][\w-]*", w)
                   for w in words)


def _variant_words(lead: str, written: str, g: MethodGroup) -> list[str]:
    """The words of ``lead`` (before a method's mention, written ``written``) that name a variant of it, or the
    mention itself where it holds such words ("hierarchical LSTM" of LSTM); no words that describe any method."""
    words = [w for w in lead.replace(",", " ").split()[-3:] if w not in DESCRIBING_WORDS and w not in QUALITY_WORDS]
    if not _vary(words):
        return []
    modifiers = written.rsplit(None, 1)[0] if " " in written else ""
    if not words and written.lower() not in {label.lower() for label in g.labels} \
            and not (modifiers and only_describing(modifiers)):
        return [written]  # (not where its words only describe it: "a bidirectional LSTM network")
    return words


def _suffixed(text: str, end: int) -> bool:
    """A suffix of a kind built on the method follows it ("LSTM-based", "RNN style")."""
    m = BUILT_AFTER.match(text, end)
    return bool(m and m.group("suffix"))


# "an LDA-based generative topic model inducing ... (CAT-LDA)": an acronym in the clause of the kind, built of its base
OWN_ACRONYM = re.compile(r"[^.;:,()]{0,80}?\(\s*([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+)\s*\)")


def _title_case_variant(text: str, title_end: int, lead: str, written: str) -> list | None:
    """"a novel Replicated Siamese LSTM model" where the title names "Replicated Siamese LSTM", "a Context-Aware LSTM
    model" where the text writes "CA-LSTM": Title-case words before the base name the variant, where the title
    holds the whole name or the text its initials with the base ([name, other forms...]); else None."""
    words = []
    for w in reversed(lead.split()):
        if not re.fullmatch(TITLE_WORD, w) or w.lower() in DESCRIBING_WORDS or w.lower() in QUALITY_WORDS:
            break
        words.insert(0, w)
    if not words or len(words) > 3 or all_languages(" ".join(words)):
        return None  # ("a Portuguese BERT model": a language says which data, no variant)
    name = " ".join(words) + " " + written
    if title_end and name.lower() in text[:title_end].lower():
        return [name]
    initials = "".join(p[0] for w in words for p in w.split("-")).upper()
    short = re.search(r"(?<![\w-])" + initials + "-?" + re.escape(written) + r"(?![\w-])", text)
    return [name, short.group()] if short else None


PHRASE_END = r"(?=\s*(?:[,.;:()]|$)|\s+(?:for|to|into|in|with|that|which|and|or|of|on|by|as|is|are)\b)"


def _title_part_name(text: str, title_end: int, groups: list[MethodGroup], own: list[Link]) -> list | None:
    """The title's phrase (its head or means, ``title_parts``) that names the paper's unnamed method: the sentence of
    one of its links restates it whole ("Language-aware Interlingua for ..." + "we incorporate a language-aware
    interlingua into the Encoder-Decoder"), or it is the base of a kind link with words that name the variant before
    it ("Syntax-aware Multi-task Graph Convolutional Networks for ..." + "we propose a novel graph convolutional
    networks model"); the phrase is a name: 2-5 words, not only describing ones, no task, field or thing."""
    if not title_end or not own:
        return None
    for part in title_parts(text[:title_end].strip()):
        words = part.split()
        low = part.lower()
        if not 2 <= len(words) <= 5 or PHRASE_JOIN.search(f" {low} ") or DATASET_WORDS.search(part) \
                or _task_name_words(low) or not all(re.fullmatch(r"[A-Za-z][\w-]*", w) for w in words):
            continue
        for ln in own:
            written = text[ln.start:ln.end].lower()
            s0, s1 = max(title_end, text.rfind(". ", 0, ln.start) + 2), text.find(". ", ln.end)
            sent = text[s0:s1 if s1 >= 0 else len(text)].lower()
            # (the whole noun phrase: not "a two-phase training procedure" for the title's "Two-Phase Training")
            restated = low != written and re.search(r"\b(?:a|an|the|our)\s+" + re.escape(low) + PHRASE_END, sent)
            lead = _title_lead(low, written, groups[ln.base]) if ln.rule in KIND_RULES else \
                _title_lead(low, None, groups[ln.base]) if ln.rule in REVISING_RULES else []
            varied = lead and len(lead) <= 3 and not only_modifiers(lead) \
                and not any(w in DESCRIBING_WORDS or w in QUALITY_WORDS for w in lead) \
                and not all_languages(" ".join(words[:len(lead)]))
            if restated or varied:
                return [part, ln.start, ln.end]
    return None


def _title_lead(low: str, written: str | None, base: MethodGroup) -> list[str]:
    """The words before the base at the end of the title's phrase ``low``: before the kind link's mention
    (``written``), or, for a link of a revising cue, before a name of the base, in either number ("Memory-enhanced
    Conditional Random Fields" + "we propose an extension to CRFs": "memory-enhanced")."""
    if written is not None:
        return low[:-len(written)].split() if low.endswith(" " + written) else []
    def singular_phrase(phrase):
        head, _, last = phrase.lower().rpartition(" ")
        return f"{head} {singular(last)}".strip()
    phrase = singular_phrase(low)
    labels = {singular_phrase(label) for label in base.labels}
    if phrase in labels:
        return []  # the title names the base itself ("Multi-armed Bandits")
    lead = next((phrase[:-len(label)].split() for label in labels if len(label) >= 3 and phrase.endswith(" " + label)), [])
    return [] if any(w.endswith("ing") for w in lead) else lead  # ("Extending Spectral Clustering": a verb's phrase)


def _task_name_words(low: str) -> bool:
    """A phrase that ends as a task's or a field's name does ("... relation extraction", "machine translation")."""
    last = low.rsplit(None, 1)[-1]
    return singular(last) in TASK_NOUNS or last in TASK_NAME_ENDS or last in TITLE_FOR_FIELDS or singular(last) in THING_HEADS


def own_variant_name(text: str, groups: list[MethodGroup], links: list[Link], title_end: int = 0) -> list | None:
    """[name, start, end] of the paper's unnamed method that one of its links calls "a <modifier> version of X":
    the modifier and X as the text writes them (start, end: the phrase)."""
    for ln in links:
        if ln.derived != OWN or ln.rule not in VARIANT_RULES:
            continue
        m = OWN_VARIANT.search(text, max(0, ln.start - 50), ln.end)
        base = [c for c in groups[ln.base].spans if c.start >= ln.end]
        if not m or not base or not OBJECT_LEAD.fullmatch(text, ln.end, base[0].start):
            continue
        words = m.group(1).split()
        if any(w in DESCRIBING_WORDS for w in words) or not _vary(words):
            continue
        return [" ".join(words) + " " + text[base[0].start:base[0].end], m.start(), base[0].end]
    own = [ln for ln in links if ln.derived == OWN]
    titled = _title_part_name(text, title_end, groups, own)
    if titled:
        return titled
    for ln in own:  # "we propose an LDA-based topic model ... (CAT-LDA)": the name the text gives it
        acronym = OWN_ACRONYM.match(text, ln.end) if ln.rule in KIND_RULES else None
        written = text[ln.start:ln.end]
        if acronym and written in acronym.group(1).split("-")[1:] + acronym.group(1).split("-")[:-1]:
            return [acronym.group(1), ln.start, ln.end]
    for ln in own:  # "we propose a novel hierarchical RNN model": its name is "hierarchical RNN"
        if ln.rule not in KIND_RULES or not text[ln.end:ln.end + 1].isspace() or _suffixed(text, ln.end) \
                or any(re.search(r"[.;]\s", text[min(o.start, ln.start):max(o.start, ln.start)]) for o in own):
            continue  # "a bidirectional RNN based approach" is not named by its base; nor one built on others elsewhere
        lead = re.search(r"\b(?:a|an)\s+((?:[\w-]+\s+){1,4})$", text[max(0, ln.start - 60):ln.start])
        written = text[ln.start:ln.end]
        words = _variant_words(lead.group(1) if lead else "", written, groups[ln.base])
        titled = _title_case_variant(text, title_end, lead.group(1) if lead else "", written)
        if titled:
            return [titled[0], ln.start - len(titled[0]) + len(written), ln.end, *titled[1:]]
        if words == [written]:
            return [written, ln.start, ln.end]  # the mention holds the modifiers: "hierarchical LSTM" of LSTM
        if words and lead.group(1).endswith(" ".join(words) + " "):
            name = " ".join(words) + " "
            short = re.match(r"\s*\(\s*([^()\s]{2,12})\s*\)", text[ln.end:ln.end + 16])  # "(RNN)": the name's other form
            return [name + written, ln.start - len(name), ln.end,
                    *([name + short.group(1)] if short and short.group(1) in groups[ln.base].labels else [])]
    return None


# "Augmenting a BiLSTM Tagger with a Morphological Lexicon", "ZedNet: Combining LDA and CRFs for ...", "Incorporating
# Dependency Trees into LSTMs": what the verb opening the title (or its part after a name and a colon) changes or joins
TITLE_REVISES = re.compile(r"(?:[^:]{1,60}:\s*)?(?:" + "|".join(_WORDS["title_revise_verbs"]) + r")\s+")


def _title_revises(view: DocView, groups: list[MethodGroup], spans, named, add) -> None:
    """The title's verb is the paper's: its method (the name before the title's colon, its one named proposal, or
    its unnamed one) is built on the method the verb takes as its object ("... into X": on X). A field or a task
    ("Improving Neural Machine Translation with ...") is no object."""
    text, title_end = view.text, view.title_end
    m = TITLE_REVISES.match(text, 0, title_end)
    if not m or TEAM_TITLE.match(text, 0, title_end) or not _has_own_method(text, title_end, named):
        return
    in_title = [x for x in spans if x[1] <= title_end]
    ce = m.end()
    into = re.search(r"\binto\s+", text[ce:title_end]) if m.group().rstrip().endswith("ing") else None
    if into and m.group().lower().rstrip().endswith(("incorporating", "integrating", "injecting")):
        ce += into.end()
    bases = _bases(text, in_title, ce, title_end, 40, "lineage:title_revises")
    if not bases or not OBJECT_LEAD.fullmatch(text, ce, min(x[0] for x in in_title if x[2] == bases[0])):
        return
    if not m.group().rstrip().lower().endswith(("combining", "integrating")):
        bases = bases[:1]  # "Enhancing X with Y": Y is what changes X
    bases = [b for b in bases if not groups[b].generic and not _field(groups[b])]
    subject = [x[2] for x in in_title if x[1] <= m.start() + len(m.group()) and x[2] in named and x[0] < ce]
    d = subject[0] if subject else (named[0] if len(named) == 1 else None if named else OWN)
    for b in bases:
        add(d, b, m.start(), ce, "lineage:title_revises", 0.6)


# "EmoNet: Emotion Detection with Gated RNNs", "FooQA: Answer Retrieval using BERT and Attention": what the title's named
# method works with, after the colon
TITLE_MEANS = re.compile(r"\b(?:" + "|".join(w.replace(" ", r"\s+") for w in _WORDS["title_means"]) + r")\s+", re.IGNORECASE)


def _title_means(view: DocView, groups: list[MethodGroup], spans, named, add) -> None:
    """The title "Name: ... with X (and Y)": the named proposal before the colon is built with X (and Y); not a team's
    title ("KOI at SemEval-2018 Task 5: ..."), a resource's ("Name: A Dataset for NER with ..."), a field or a
    generic concept."""
    text, title_end = view.text, view.title_end
    colon = text.find(":", 0, title_end)
    if colon < 0 or TEAM_TITLE.match(text, 0, title_end) or DATASET_WORDS.search(text, colon, title_end):
        return
    subject = [x[2] for x in spans if x[1] <= colon and x[2] in named and not text[x[1]:colon].strip()
               and not groups[x[2]].from_lexicon]
    if not subject:
        return
    in_title = [x for x in spans if colon < x[0] and x[1] <= title_end]
    for m in TITLE_MEANS.finditer(text, colon, title_end):
        if not text[colon + 1:m.start()].strip():
            continue  # "Name: Using X for Y": the words of a study (TITLE_STUDY), not of what the method does
        bases = _bases(text, in_title, m.end(), title_end, 40, "lineage:title_means")
        own = groups[subject[0]].label.lower()
        for b in bases:
            # ("FLAT: Chinese NER Using Flat-Lattice Transformer": the long form of the name, one method)
            if not groups[b].generic and not _field(groups[b]) and not groups[b].label.lower().startswith(own):
                add(subject[0], b, m.start(), m.end(), "lineage:title_means", 0.6)
        if bases:
            return


# what makes a name a tool for a method: "X, an open-source toolkit for", "X: A Lightweight and Customizable
# Toolkit for Neural", "X a library for training" (up to three words between the tool and the method)
TOOL_NOUNS = tuple(_WORDS["tool_nouns"])
TOOL_FOR = re.compile(r"\s*(?:\([^()]{1,40}\)\s*)?(?:(?:,|:|--|—|–)\s*)?(?:a|an|the)\s+(?:[\w-]+\s+){0,4}?"
                      r"(?:" + "|".join(TOOL_NOUNS) + r")\s+for\s+(?:(?:neural|deep|fast|efficient|training|"
                      r"building|learning|the|large-scale|scalable|statistical)\s+){0,3}", re.IGNORECASE)


# "<proposal> model for ", "<proposal>, a new gating mechanism for the ": a part for the method named next
PART_FOR = re.compile(r"(?:\s*\([^()]{1,40}\))?(?:\s*,\s*(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?|\s+)(?:"
                      + "|".join(map(re.escape, _WORDS["part_for_nouns"])) + r")s?\s+for\s+(?:the\s+|an?\s+)?")
# what follows the method: its models are meant ("seq2seq learning", "LSTM networks"), or the clause ends
METHOD_TAIL = re.compile(r"(?:\s*\([^()]{1,20}\))?(?:\s+(?:" + "|".join(map(re.escape, _WORDS["method_tails"])) + r")\b|\s*(?:[,.;:]|$))")


def _in_web_address(text: str, start: int, end: int) -> bool:
    """The mention is part of a web address ("github.com/someone/CMM-VR"): a repository's name, no mention."""
    a = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start)) + 1
    b = len(text) if (z := text.find(" ", end)) < 0 else z
    return "/" in text[a:b] and ("://" in text[a:b] or "www." in text[a:b] or ".com/" in text[a:b] or ".org/" in text[a:b])


def _outside_parenthesis(text, s_start, cs, in_sent, derived) -> bool:
    """The cue is inside a parenthesis that the subject is not ("a pipeline of three steps: ... (based on BERT
    sentence embeddings)"): it speaks of a part named there, not of the subject."""
    opened = text.rfind("(", s_start, cs)
    if derived == OWN or opened < 0 or text.find(")", opened, cs) >= 0:
        return False
    return not any(x[2] == derived and opened < x[0] < cs for x in in_sent)


STEP_WE = re.compile(r"\s*(?:First|Firstly|Second|Secondly|Then|Next|Subsequently)\s*,\s*we\s+[a-z]+")


def _step_via(text, sent, s_start, s_end, in_sent, rx, gap, own, add):
    """The cue's base is used by the one proposal when nothing before the cue names a method."""
    for m in rx.finditer(sent):
        cs, ce = s_start + m.start(), s_start + m.end()
        if any(x[0] < cs for x in in_sent):
            return
        for b in _bases(text, in_sent, ce, s_end, gap, "lineage:via"):
            add(own, b, cs, ce, "lineage:via", 0.6)
        return


# "inspired by Levin (1993)", "Smith et al.", "inspired by Junczysdowmunt:2018" (a citation key)
CITED_AUTHOR = re.compile(r"\s*(?:\(\s*(?:19|20)\d\d[a-z]?\s*\)|et\s+al\.)|:(?:19|20)\d\d\b")
# the name goes on past the mention: "the Gumbel tree-LSTM" holds "Gumbel tree" ("a BERT-based encoder" builds on BERT)
NAME_GOES_ON = re.compile(r"-(?!(?:" + "|".join((*X_SUFFIXES, "styled")) + r")\b)[^\W_]")
# "a variant of X" that a preposition governs is compared with or used, no predicate of a subject
OF_AFTER_PREPOSITION = re.compile(r"\b(?:by|than|from|over|against|to|among|unlike|like)\s+"
                                  r"(?:(?:the|a|an|other|several|many|its|their|and|[a-z][a-z-]*(?:ed|al|ic|ive|ous))\s+){0,4}$")
OF_CUES = ("lineage:variant_of", "lineage:extension_of", "lineage:generalization_of", "lineage:class_of")
# "a variant of RNNs – Ordered Neurons LSTM (ON-LSTM)": the name after the dash is the variant
NAMED_AFTER = re.compile(r"\s*(?:–|—|--|:|,\s*(?:namely|i\.e\.,?|called|named))\s*")


def _named_after(text, in_sent, bases):
    last = max(x[1] for x in in_sent if x[2] in bases)
    m = NAMED_AFTER.match(text, last)
    nxt = [x for x in in_sent if m and x[0] == m.end() and x[2] not in bases]
    return nxt[0][2] if nxt else None


_OTHER_WORDS = r"to|with|for|in|into|by|from|using|via|through|and|or|over|across|among|between|under|against|than"
OTHER_OBJECT = re.compile(r"\b(?:" + _OTHER_WORDS + r")\b|[(,;]")
# "combines permutation-based order encoding with the more recent method of skip-gram": the first thing a joining
# cue puts together is no method the text names; the method after the joining word (its "joins") is an object still.
# A few plain words each side (an acronym in brackets after the first), none of them another preposition
_PLAIN_WORD = r"(?:(?!(?:" + _OTHER_WORDS + r")\b)[\w-]+\s+)"
# the method may follow "of" only after a kind ("the family of LSTM networks", not "the accuracy of BERT");
# the whole stays within twice the cue's gap
JOINED_FIRST = {c["rule"]: re.compile(r"\s*" + _PLAIN_WORD + r"{1,5}?(?:\([^()]{1,20}\)\s+)?(?:" + "|".join(c["joins"]) + r")\s+(?:(?:the|a|an)\s+)?"
                                      + r"(?:" + _PLAIN_WORD + r"{0,2}?(?:" + _NOUNS + r")\s+of\s+)?")
                for c in _WORDS["cues"] if c.get("joins")}
# "improve upon a state-of-the-art parsing model, X": a comma after the kind names the cue's object
_PART_NOUNS = "|".join(_WORDS["part_nouns"])
KIND_COMMA = re.compile(r"\s*(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,4}?(?:" + _NOUNS + "|" + _PART_NOUNS + r")"
                        r"\s*,\s*(?:(?:named|called|namely|i\.e\.,?)\s+)?(?:the\s+)?")


# a name that heads a baseline is what the paper compares with ("improves on a naive Bayes baseline")
BASELINE_AFTER = re.compile(r"(?:[\s-]+[\w-]+){0,2}?[\s-]+baselines?\b", re.IGNORECASE)


_THING_BEFORE = re.compile(r"\b(?:" + "|".join(map(re.escape, _WORDS["data_heads"])) + r")s?\s+(?:of|for|on|from)\b", re.IGNORECASE)


# "RNN-based" before another method: the first one modifies the second, the head of the cue's object
MODIFIER_OF_HEAD = re.compile(r"(?:\s*\([^()]{1,20}\))?[- ](?:" + "|".join(map(re.escape, _WORDS["built_suffixes"])) + r")\s+")
# what joins a further base to the one before: "X and Y", "X (XX) with Y", "a BERT encoder with an autoregressive
# Transformer decoder" (the kind or the part the first one names may stand between)
COORDINATED = re.compile(r"\s*(?:\([^()]*\)\s*)?(?:(?:framework|method|model|approach|algorithm|technique|" + _PART_NOUNS +
                         r")s?\s+)?(?:\([^()]*\)\s*)?(?:and|with|or|,\s*and)\s+(?:(?:the|a|an)\s+(?:(?!(?:for|to|in|on|by|as|such|that|which|"
                         r"other|is|are|its|their)\b)[a-z][\w-]*\s+){0,2})?")


def _bases(text, in_sent, ce, s_end, gap, rule):
    se = SCOPE_END.search(text, ce, s_end)
    limit = se.start() if se else s_end
    if rule == "lineage:enables":
        k = re.search(r"\bto\b", text[ce:limit])
        if k:
            limit = ce + k.start()
    after = [x for x in in_sent if ce <= x[0] < limit]
    if after and _THING_BEFORE.search(text, ce, after[0][0]):
        return []  # "the first version of a lexicon of Irish MWEs": the cue's object is the resource
    if not after or after[0][0] - ce > gap or (OTHER_OBJECT.search(text, ce, after[0][0])
                                               and not KIND_COMMA.fullmatch(text, ce, after[0][0])):
        if not (after and after[0][0] - ce <= 2 * gap and rule in JOINED_FIRST
                and JOINED_FIRST[rule].fullmatch(text, ce, after[0][0])):
            return []  # "we extend it to graphs with X": X is no object of the cue
    if _np_head_is_task(text, after[0][1]):
        return []  # "based on rule-based MAC resolution": the object is the task the name modifies
    if CITED_AUTHOR.match(text, after[0][1]):
        return []  # "inspired by Levin (1993)": an author, no method
    if rule.startswith("lineage:improves") and BASELINE_AFTER.match(text, after[0][1]):
        return []  # "improves on a naive Bayes baseline": it outperforms one, and builds on none
    if NAME_GOES_ON.match(text, after[0][1]):
        return []  # "we adapt the Gumbel tree-LSTM": the object is a longer name than the mention
    head = MODIFIER_OF_HEAD.match(text, after[0][1])
    if head and len(after) > 1 and after[1][0] == head.end() and after[1][2] != after[0][2]:
        # "an extension of an RNN based Encoder-Decoder architecture": the object is the method the first one modifies
        after = after[1:]
        if _np_head_is_task(text, after[0][1]) or NAME_GOES_ON.match(text, after[0][1]):
            return []
    out = [after[0][2]]
    prev_end = after[0][1]
    for x in after[1:]:
        between = text[prev_end:x[0]]
        if x[2] in out and re.fullmatch(r"\s*\(\s*", between):
            prev_end = x[1] + (1 if text[x[1]:x[1] + 1] == ")" else 0)
            continue
        if COORDINATED.fullmatch(between):
            out.append(x[2])
            prev_end = x[1]
        else:
            break
    return out


# "we propose a novel distribution-free approach based on X": the paper's one named proposal,
# when nothing between the proposing verb and the cue names another method
_STEPS = re.compile(r"\b(?:and|,)\s+then\b|\b[Tt]hen\s*,")
# names that point back to an unnamed description ("Our approach, named CoRel"); a proposal the title
# names is the paper's one method too ("Selective Decoding for X": "a novel encoder-decoder model" is it)
BACK_NAMING = {"pattern:called", "pattern:our_x", "pattern:our_method_acronym"}
_PROPOSE_VERB = re.compile(WE_PROPOSE.pattern + "|" + BY_VERBING.pattern)


def _unnamed_own(text, in_sent, s_start, cs, bases, own):
    verbs = list(_PROPOSE_VERB.finditer(text, s_start, cs))
    if not verbs:
        return None
    v = verbs[-1].end()
    if DATASET_WORDS.search(text, v, cs):
        return None  # "we present a corpus based on Switchboard": no method of the paper
    between = [x for x in in_sent if v <= x[0] and x[1] <= cs and x[2] not in bases]
    if any(not _unnamed_new_at(text, x, s_start) for x in between):
        return None
    named = _NAME_AFTER_VERB.match(text, v, cs)
    if named and is_strong_name(named.group(1)):
        return None  # "we propose ZedReader, which is based on": a name the text ruled no method
    return own


_NAME_AFTER_VERB = re.compile(r"\s+([^\s,;:()]+?)[.,;:]?(?=\s|$)")


# the title's head names its method: "Coarse-to-Fine Attention Models for Document Summarization",
# "Tchebycheff Procedure for ..." (not "Neural Machine Translation for English-Tamil": a field applied)
TITLE_HEAD_END = re.compile(r"\s+(?:" + _NOUNS + r")\s*(?::|\bfor\b|$)|\s*(?::|$)", re.IGNORECASE)


def _names_own_method(text, title_end, x, g) -> bool:
    """"We propose a novel Multi-Prototype Mention Embedding model", "a novel coarse-to-fine attention model"
    under the title "Coarse-to-Fine Attention Models for ...": the kind of the new method (the mention at
    ``x``) is its name, no method it builds on: a name the text coins (its words capitalised, or a
    name-shaped word), or the title's head."""
    words = text[x[0]:x[1]].split()
    if not g.from_lexicon and (any(is_strong_name(w) for w in words)
                               or (len(words) > 1 and all(w[:1].isupper() for w in words))):
        return True
    if not g.from_lexicon and any(text[:len(label)].lower() == label.lower()
                                  and re.match(r"\s+for\b", text[len(label):title_end]) for label in g.labels):
        return True  # "Tchebycheff Procedure for Multi-task Text Classification": the coined name heads the title
    return bool(title_end) and any(c.start == 0 and TITLE_HEAD_END.match(text[:title_end], c.end) for c in g.spans)


def _unnamed_new_at(text, x, s_start):
    """The span is the kind of an unnamed new method: "a novel conformal prediction method", "a novel
    encoder-decoder model" (the catalogue's name may end with the kind's noun)."""
    return bool((UNNAMED_NEW.match(text, x[1]) or UNNAMED_NEW.fullmatch(" " + text[x[0]:x[1]].rsplit(None, 1)[-1]))
                and re.search(r"\b(?:new|novel)\s+(?:(?!(?:of|for|to|in|on|with|from|by)\b)[\w-]+\s+){0,2}$",
                                                             text[max(s_start, x[0] - 30):x[0]]))


_MODIFIER_WORDS = frozenset((*X_SUFFIXES, *_WORDS["modifier_words"]))  # "a SQL specific decoder", "we improve TL performance"


_WITHOUT_END = re.compile(r"\b(?:without|w/o|free\s+of|instead\s+of|rather\s+than)\s+$")


# "allows multiple levels of KPCA to be combined": a quantity of the object before it
QUANTITY_OF = re.compile(r"\s*(?:multiple|several|many|two|three)\s+[a-z]+\s+of")


def _enabled_object(text, in_sent, b, ce) -> bool:
    """The method is the object of "enables"/"allows", after at most a determiner and a few plain adjectives."""
    first = [x for x in in_sent if x[2] == b and x[0] >= ce]
    if not first:
        return False
    q = QUANTITY_OF.match(text, ce, first[0][0])
    return bool(OBJECT_LEAD.fullmatch(text, q.end() if q else ce, first[0][0]))


def _resource_subject(text, s_start, cs) -> bool:
    """The cue at ``cs`` follows a resource or a task as its subject ("a new corpus based on")."""
    m = RESOURCE_BEFORE.search(text, max(s_start, cs - 60), cs)
    return bool(m and not _PREPOSITION_BEFORE.search(text, max(s_start, m.start() - 40), m.start()))


_PREPOSITION_BEFORE = re.compile(r"\b(?:for|of|on|in|to|with|from)\s+(?:(?:this|the|that|these|each|our|a|an|such)\s+)?"
                                 r"(?:[\w-]+\s+){0,2}$")


def _modifies_non_method(text, in_sent, b, ce):
    ends = [x[1] for x in in_sent if x[2] == b and x[0] >= ce]
    nxt = re.match(r"\s+([a-z]+)", text[ends[0]:ends[0] + 30]) if ends else None
    return bool(nxt and (singular(nxt.group(1)) in NON_METHOD_HEADS or nxt.group(1) in _MODIFIER_WORDS))


def _own_subject(text, in_sent, s_start, cs, derived, proposed_groups):
    """The paper's own method is the subject right before the verb: "WILT also uses", "FooNet, which
    employs", or the sentence opens with "Our method"/"It" and names no other method before it."""
    if derived not in proposed_groups:
        return False
    near = [x for x in in_sent if x[2] == derived and x[1] <= cs]
    # (the name's last mention may close a bracket: "Deep Sentence Encoder Clustering (DSEC) that uses")
    if near and re.fullmatch(r"\s*(?:\)\s*)?(?:\([^()]{1,40}\)\s*)?(?:,\s*which\s+|which\s+|that\s+)?(?:also\s+|further\s+|then\s+)?",
                             text[near[-1][1]:cs]):
        return True
    return bool(len(proposed_groups) == 1 and SUBJECT_SELF.match(text[s_start:cs])
                and not re.match(r"^\s*We\b", text[s_start:cs])
                and not [x for x in in_sent if x[1] <= cs and x[2] != derived]
                and re.fullmatch(r"\s*\S+(?:\s+\S+){0,3}\s*", text[s_start:cs]))


def _named_opener(text, groups, in_sent, x, cs, s_start, bases) -> int:
    """The subject of the cue at ``cs`` for the method at ``x``: a catalogue kind the paper proposes
    describes the name that opens the clause ("TenTrans is an improved NMT system based on X": TenTrans)."""
    if groups[x[2]].from_lexicon:
        opener = [y for y in in_sent if y[1] <= x[0] and y[2] not in bases and not groups[y[2]].from_lexicon]
        if opener and _states_subject(text, groups, in_sent, opener[0], cs, s_start):
            return opener[0][2]
    return x[2]


def _derived(text, groups, in_sent, prop_in_sent, proposing, cs, s_start, proposed, proposed_groups, bases):
    before_prop = [x for x in prop_in_sent if x[1] <= cs and x[2] not in bases]
    if before_prop:
        return _named_opener(text, groups, in_sent, before_prop[-1], cs, s_start, bases)
    if proposing:
        after_prop = [x for x in prop_in_sent if x[0] >= cs and x[2] not in bases]
        if after_prop:
            return after_prop[0][2]
    before = [x for x in in_sent if x[1] <= cs and x[2] not in bases]
    if before and _STEPS.search(text, before[-1][1], cs):
        # "treat each block as the Euler integration approximation ... and then incorporate BDIA":
        # a step of the authors' recipe, whose subject is not the method named before
        before = []
    if before:
        if UNNAMED_NEW.match(text, before[-1][1]) and re.search(r"\b(?:new|novel)\s+(?:[\w-]+\s+){0,2}$",
                                                               text[max(s_start, before[-1][0] - 30):before[-1][0]]):
            return None  # "a novel conformal prediction method based on X": the unnamed new one builds on X
        x = before[-1]
        # a method the paper does not propose extends only as the subject the sentence states
        opener = _named_opener(text, groups, in_sent, x, cs, s_start, bases)
        if x[2] in proposed or opener in proposed:
            # (a catalogue kind that describes the paper's name: "GraphTrans is an improved NMT system based on X")
            return opener
        return x[2] if _states_subject(text, groups, in_sent, x, cs, s_start) else None
    after_prop = [x for x in prop_in_sent if x[0] >= cs and x[2] not in bases]
    if after_prop:
        return after_prop[0][2]
    self_subject = SUBJECT_SELF.match(text[s_start:cs])
    if self_subject and (SUBJECT_GAP.fullmatch(text, s_start + self_subject.end(), cs) or (
            self_subject.group().strip() == "Its" and ITS_GAP.fullmatch(text, s_start + self_subject.end(), cs))):
        return proposed_groups[0]  # "Our model is based on X", not "Our approach avoids methods based on X"
    return None


def _holds_words(outer: str, inner: str) -> bool:
    """Whether label ``outer`` holds label ``inner`` as whole words, and more ("Recurrent Encoder-Decoder"
    holds "encoder-decoder"; "ELMo" does not hold "LM")."""
    def words(label):
        return " " + " ".join(label.lower().replace("-", " ").split()) + " "
    return outer.lower() != inner.lower() and words(inner) in words(outer)


def _compounds(view: DocView, groups: list[MethodGroup], spans, links: dict):
    """Names built from other names the same text mentions: ``fair spectral clustering`` extends
    ``spectral clustering``, ``LION-D`` extends ``LION``, ``Quantum-PEFT`` extends ``PEFT``."""
    text = view.text
    by_group: dict[int, list[tuple[int, int]]] = {}
    for s, e, gi, _ in spans:
        by_group.setdefault(gi, []).append((s, e))
    found: dict[tuple[int, int], tuple[int, int, str]] = {}
    inside: dict[tuple[int, int], str] = {}  # the base's label the name holds
    lowered = [[(label, label.lower()) for label in g.labels] for g in groups]
    theories = [any(lal.endswith(" theory") for _, lal in labels) for labels in lowered]
    products = [not g.from_lexicon and all(_np_head_is_task(text, e) for _, e in by_group.get(gi, [(0, 0)]))
                for gi, g in enumerate(groups)]
    built_on = [any(c.rule == "pattern:built_on" for c in g.spans) for g in groups]
    head_of = [any(c.rule == "lexicon:head" for c in g.spans) for g in groups]  # the head of a proposed name
    tm = TEAM_TITLE.match(text, 0, view.title_end)
    team = {tm.group(1).lower()} if tm else set()
    for gi, g in enumerate(groups):
        if gi not in by_group:
            continue  # named only in a web address
        for gj, h in enumerate(groups):
            if gi == gj or gj not in by_group or theories[gj] or products[gj]:
                # a name built on a theory's, or on a name the text gives only to what things yield ("RST
                # trees"), names a tool or a corpus of it ("RST-Tace", "RST-DT")
                continue
            hit = None
            for la, lal in lowered[gi]:
                for lb, lbl in lowered[gj]:
                    # (both forms below hold the one label inside the other)
                    if len(lbl) < 2 or lal == lbl or lbl not in lal or lbl in GENERIC_HEADS:
                        continue
                    if " " in lal and lal.endswith(" " + lbl) and len(lbl) >= 3:
                        # "word embeddings without word alignment": a name can say what it does without
                        if not _WITHOUT_END.search(lal, 0, len(lal) - len(lbl)):
                            hit = ("lineage:compound", la, lbl)
                    elif "-" in la and " " not in la and "-to-" not in lal:  # "AMR-to-text" converts
                        parts = la.split("-")
                        if lb in parts and all(_ADJECTIVE_PART.fullmatch(p) for p in parts[parts.index(lb) + 1:]) \
                                and parts[-1] != lb:
                            continue  # "DS-trained", "QF-specific", "RNN-variant": a word about the name, no name
                        # "SemEval-2017", "IJCNLP-2017": a year names an edition of an event,
                        # no method built on it ("KinNet-2" is a version of KinNet: of its line)
                        if lb in parts and len(lb) >= 2 and not all(re.fullmatch(r"(?:19|20)\d\d", p) for p in parts if p != lb):
                            hit = ("lineage:hyphen_compound", la, lbl)
                    elif la.isalnum() and la.endswith(lb) and len(lb) >= 3 and lb[0].isupper() \
                            and _glued_seam(la[:-len(lb)]) and g.role == "proposes" and not head_of[gj]:
                        # a name glued to a name the text gives apart: "ParaBERT", "KBGAN"
                        hit = ("lineage:compound", la, lbl)
                    if hit:
                        break
                if hit:
                    break
            if hit and not h.from_lexicon and team & {g.label.lower(), h.label.lower()}:
                hit = None  # "ÚFAL-Oslo at MRP 2019": a team's name is built of its members', no method's
            if hit and g.from_lexicon and g.role != "proposes":
                hit = None  # a catalogue concept's family is the catalogue's skos:broader, not its name's shape
            # h must be mentioned on its own, not only inside g's spans (unless g is a name the text
            # built around h: "Multi-Cell Compositional LSTM", see MethodFinder._built_on_names; or a
            # name the paper proposes whose head h is: "Sentinel BERT")
            if hit and (built_on[gi] or (head_of[gj] and g.role == "proposes")
                        or any(not any(a <= sp[0] and sp[1] <= b for a, b in by_group.get(gi, []))
                               for sp in by_group.get(gj, []))):
                # evidence: a span of g whose text carries the label
                ev = next(((s, e) for s, e in by_group.get(gi, []) if text[s:e].lower().startswith(hit[1].lower()[:3])),
                          by_group[gi][0])
                found[(gi, gj)] = (ev[0], ev[1], hit[0])
                inside[(gi, gj)] = hit[2]
    # a hyphenated name explains itself: KEP-SVGP extends SVGP, not (through its long form) GP
    hyphenated = {gi for (gi, gj), (_, _, rule) in found.items() if rule == "lineage:hyphen_compound"}
    found = {k: v for k, v in found.items() if not (v[2] == "lineage:compound" and k[0] in hyphenated)}
    # and by its longest base: "... Latent Variable Hierarchical Recurrent Encoder-Decoder" extends VHRED, whose
    # name holds "encoder-decoder", not (past it) the encoder-decoder
    found = {(gi, gj): v for (gi, gj), v in found.items()
             if not any(k[0] == gi and k[1] != gj and _holds_words(inside[k], inside[(gi, gj)]) for k in found)}
    # a long form the text writes apart from the acronym the paper proposes is that proposal's other name
    # ("a novel Typed Relational Graph Convolutional Network, called TRGCNet"): its lineage is the proposal's
    proposals = [p for p, g in enumerate(groups) if g.role == "proposes"]
    short = {gi: next((p for p in proposals if p != gi and _abbreviates(groups[p].label, g.label)), gi)
             for gi, g in enumerate(groups) if not g.from_lexicon}
    moved = {}
    for (gi, gj), v in found.items():
        if short.get(gi, gi) != gj:
            moved.setdefault((short.get(gi, gi), gj), v)
    found = moved
    # transitive reduction: skip A->B when A->C and C->B are both known
    known = set(links) | set(found)
    for (gi, gj), (s, e, rule) in sorted(found.items()):
        if (gi, gj) in links or (gj, gi) in links:
            continue
        if any((gi, c) in known and (c, gj) in known for c in range(len(groups)) if c not in (gi, gj)):
            continue
        if _may_link(text, groups, gi, gj, built=True):  # the name says so, however else the text uses gj
            links[(gi, gj)] = Link(gi, gj, s, e, rule, 0.6)


def _glued_seam(prefix: str) -> bool:
    """The ``prefix`` glued before a name shows where the name starts: by its case ("ParaBERT"), or as one or two
    capitals, an initial or two of what the name adds ("KBGAN", "GMemN2N"); a longer run of capitals is an acronym
    that ends with the name's letters by chance ("ASGARD" and ARD, "GRASPGP" and GP)."""
    return prefix[-1:].islower() or (len(prefix) <= 2 and prefix.isalpha() and prefix.isupper())


# the words after a name in a hyphenated label that say something about it: "DS-trained", "QF-specific",
# "RNN-variant" (before it they make a name: "tailored-NMT", "biased-MTL")
_ADJECTIVE_PART = re.compile(r"[a-z]+ed|(?:" + "|".join((*X_SUFFIXES, *_WORDS["adjective_parts"])) + r")")
# "ÚFAL-Oslo at MRP 2019: ...", "KOI at SemEval-2018 Task 5": the title names a team's system
TEAM_TITLE = re.compile(r"\s*(\S+(?:\s\S+)?)\s+at\s+[A-Z]")


# --- whose extension it is -----------------------------------------------------------------------

# "MCMC extends", "Tree-LSTM, a variant of", "MPPA is a natural extension of", "the X (Y) framework allows":
# what may stand between a subject and its lineage cue
SUBJECT_GAP = re.compile(
    r"\s*(?:\([^()]{0,60}\)\s*)?(?:(?:" + _NOUNS + r")\s+)?(?P<rel>,\s*(?:which|that)\s+|(?:which|that)\s+|,\s*)?"
    r"(?:(?:also|further|then|thus|therefore|directly|naturally|essentially|simply|itself|significantly|"
    r"substantially|largely|mainly)\s+)*"
    r"(?P<aux>(?:is|are|was|were|can\s+be|may\s+be|has\s+been|have\s+been)\s+"
    r"(?:(?:viewed|seen|regarded|considered|interpreted)\s+as\s+)?)?"
    r"(?:(?:a|an|the)\s+(?:[\w-]+\s+){0,3})?")
# where a clause opens: the sentence start, or an opening phrase ("Recently,", "In 2019,") and a determiner
CLAUSE_OPENING = re.compile(r"\s*(?:[^,;:()]{0,80},\s*)?(?:(?:[Tt]he|[Aa]n?)\s+(?:[a-z][\w-]*\s+){0,2})?")
APPOSITIVE_CUE = re.compile(r"(?:variants?|versions?|extensions?|generali[sz]ations?|modifications?|adaptations?|"
                            r"refinements?|speciali[sz]ations?)\s+of\b")
_PARTICIPLE = re.compile(r"[a-z]+(?:ed|ing)\b")
ITS_GAP = re.compile(r"(?:\s+[\w-]+){1,3}\s+(?:is|are)\s+(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,5}")  # "Its key idea is a prior"
_X_SUFFIX_AFTER = re.compile(r"-(?:" + "|".join(X_SUFFIXES) + r")\b")
# "RL-trained14B-parameter": words run together (not "Seq2SeqPy", "word2vec", "attr2vec": a digit inside a name)
_GLUED = re.compile(r"[a-z]{3,}\d{2,}[A-Za-z]|\d{2,}[a-z]{4,}")


def _states_subject(text, groups, in_sent, x, cs, s_start) -> bool:
    """The sentence makes the method at ``x`` the subject of the cue at ``cs``: it opens its clause
    and a verb (or an appositive) joins it to the cue. "We use a Transformer that sidesteps methods
    based on GAN priors" and "VAEs combined with RNNs have emerged" state nothing about them."""
    start, end = x[0], x[1]
    for y in reversed(in_sent):  # "the deep Restricted Kernel Machine (DRKM)": the subject is both
        if y[2] == x[2] and y[1] <= start and re.fullmatch(r"\s*\(\s*", text[y[1]:start]):
            start = y[0]
            end = x[1] + (1 if text[x[1]:x[1] + 1] == ")" else 0)
    if start != x[0] and not groups[x[2]].from_lexicon and _PARTICIPLE.match(text, cs) and not text[end:cs].strip():
        return True  # "a sparser variational vocabulary dropout (VVD) based on X": the name the text defines is built on X
    gap = SUBJECT_GAP.fullmatch(text, end, cs)
    if not gap:
        return False
    appositive = bool(gap.group("rel") and gap.group("rel").strip() == "," and APPOSITIVE_CUE.match(text, cs))
    if not CLAUSE_OPENING.fullmatch(text, s_start, start) and not appositive and not (
            gap.group("rel") and "which" in gap.group("rel") and not groups[x[2]].from_lexicon):
        # "... graphs with HyperRoute, which improves upon STR": a coined name is its relative
        # clause's subject; "a model trained with MCMC, which extends": a catalogue one is not;
        # "..., ELMo and BioELMo, a biomedical version of ELMo": an appositive is its name's
        return False
    # a bare participle right after the name modifies it ("LSTM based on"): no statement
    return bool(gap.group("rel") or gap.group("aux") or not _PARTICIPLE.match(text, cs))


def _kind_instance(text: str, g: MethodGroup) -> bool:
    """A catalogue concept the paper "proposes" only as an instance of the kind: "we derive an EM
    algorithm for ...", "we propose a new Transformer model", "... Neural Machine Translation Systems
    for WMT 2018". Its own method has no name."""
    if not g.from_lexicon or g.role_span is None:
        return False
    return bool(re.search(r"\b(?:a|an|new|novel)\s+(?:[\w-]+\s+){0,2}$",
                          text[max(0, g.role_span.start - 40):g.role_span.start], re.IGNORECASE)
                or INSTANCE_AFTER.match(text, g.role_span.end))


# "... Translation Systems for WMT", "our NMT submissions": the paper's own instances of a kind
INSTANCE_AFTER = re.compile(r"(?:\s*\([^()]{1,20}\))?\)?\s+(?:systems?|submissions?)\b", re.IGNORECASE)
# what ends the name of a task: "Paper Abstract Writing", "Privacy-Aware Text Rewriting"
TASK_NAME_ENDS = frozenset(_WORDS["task_name_ends"])


def _task_name(g: MethodGroup) -> bool:
    """A name the text coined that ends as a task does, no method ("Paper Abstract Writing")."""
    last = g.label.split()[-1].lower() if " " in g.label else ""
    return not g.from_lexicon and (last in TASK_NOUNS or last in TASK_NAME_ENDS)


def _compared_between(text, s_start, in_sent, derived, cs) -> bool:
    """A comparison stands between the subject and the cue: "X achieves improvements over the baseline
    and some variants of Y", "FooNet outperforms models based on BERT" state no lineage of X; nor does
    a clause comparing with what the cue speaks of ("results outperform ... an approach based on RL")."""
    before = [x for x in in_sent if x[2] == derived and x[1] <= cs]
    start = before[-1][1] if before else max(s_start, text.rfind(",", s_start, cs) + 1)
    # a baseline the paper proposes is its method ("we propose a baseline model based on BiDAF")
    return any(not m.group().lower().startswith("baseline") for m in COMPARE_CUE.finditer(text, start, cs))


def _generic_label(g: MethodGroup) -> bool:
    """Deep learning, neural networks, transformer-based: words of the field, no method of a line."""
    label = g.label.lower()
    return label in GENERIC_PHRASES or label.endswith(tuple("-" + x for x in X_SUFFIXES))


def _modifier(text: str, g: MethodGroup) -> bool:
    """Every mention modifies what follows: "GAN-like priors", "BERT-based encoders"."""
    return all(_X_SUFFIX_AFTER.match(text, c.end) for c in g.spans)


# what a name stands for when it heads no method: "ICD codes", "the OSIAN corpus", "probing tasks"
THING_HEADS = frozenset(_WORDS["thing_heads"])
_HEAD_AFTER = re.compile(r"[?!]*(?:\s*\d+(?:\.\d+)*)?(?:[ -]+(?!(?:for|of|on|in|to|with|by|from|and|or|that|which|is|are|was|"
                         r"were|as|at|based)\b)([A-Za-z][a-z]*)\b(?!-)){1,3}")
# "DocRED, a new dataset", "PolEmo – a corpus of", "PolEmo 2.0: Extended Corpus": an appositive says what it is
_THING_APPOSITIVE = re.compile(r"(?:\s*\d+(?:\.\d+)*)?\s*(?:,|:|--|—|–)\s*(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,5}?"
                               r"(?:" + "|".join(sorted(THING_HEADS, key=len, reverse=True)) + r")s?"
                               r"(?=\s*(?:$|[,.;:()]|(?:for|of|on|in|to|with|from|that|which|and|built|based|"
                               r"constructed|collected|containing|covering|annotated)\b))", re.IGNORECASE)


# "CNL-ER, a controlled natural language for ...": a language (not "a language model for ...")
_LANGUAGE_APPOSITIVE = re.compile(r"\s*(?:,|:|--|—|–)\s*(?:a|an|the)\s+(?:[A-Za-z-]+\s+){0,3}?language"
                                  r"(?=\s*(?:$|[,.;:()]|(?:for|that|which)\b))", re.IGNORECASE)


def _head_is_thing(text: str, start: int, end: int) -> bool:
    """The name at ``start:end`` heads, or modifies, a thing: its own last word, or the last of the words
    after it ("ICD codes", "the OSIAN corpus")."""
    own = text[start:end].lower().rsplit(None, 1)[-1]
    if singular(own) in THING_HEADS:
        return True
    m = _HEAD_AFTER.match(text, end)
    return bool(m and singular(m.group(1).lower()) in THING_HEADS)


# what a method produces or is made of, no method to build on: "the CBT test set", "AMR graphs", "BoW features"
PART_HEADS = frozenset(_WORDS["part_heads"])
TASK_NOUNS = frozenset(_WORDS["task_nouns"])
FIELD_ENDS = TITLE_FOR_FIELDS | TASK_NOUNS  # the last word of a field's or a task's name


def _np_head_is_task(text: str, end: int) -> bool:
    """The words after a name end its noun phrase with a task or a thing ("CRF tagging", "ICD codes"), or
    the name is a task's argument ("MAC resolution strategy")."""
    m = _HEAD_AFTER.match(text, end)
    if not m or not m.group(1).islower():
        return False
    first = re.match(r"[ -]+([a-z]+)", text[end:end + 40])
    head = singular(m.group(1))
    return head in THING_HEADS or head in PART_HEADS or head in TASK_NOUNS or bool(first and first.group(1) in TASK_NOUNS)


# what a long form that ends so names: a unit of text or a store of knowledge, no method
# ("elementary discourse units (EDUs)", "lexical units (LUs)", "a commonsense knowledge base (CKB)";
# not "Scalar Gated Unit (SGU)": a unit of a network is one)
UNIT_ENDS = tuple(_WORDS["unit_ends"])
# ("a parser based on Discourse Representation Theory (DRT)" builds on the theory; a long form that ends
# with what a method makes is often the method's own name: "Textual and Social Factor Graph (TSFG)")
LONG_FORM_THINGS = THING_HEADS - {"theory"}
# what opens the name of an organised effort, no method: "Project MAIA", "Team Lovegood"
EFFORT_FIRST = frozenset(_WORDS["effort_first"])


# a name built of a resource's word: "ASL-LEX", "EtymDB-2", "the ASL Signbank", "PropBank" (a lexicon, a
# database, a bank of annotations); and a name of a part or a product of a method: "CM-block", "QAF-query"
RESOURCE_NAME = re.compile(r"(?:^|[\s-])(?:LEX|Lex|DB|KB)(?:$|[\s-])|[\s-]Corpus$|[A-Za-z](?:DB|[Bb]ank)(?:$|[\s-])")
PART_NAME = re.compile(r"\w-(?:quer(?:y|ies)|blocks?|layers?|modules?|cells?|outputs?|scores?|graphs?|trees?|"
                       r"features?)$")


def _names_thing(text: str, g: MethodGroup) -> bool:
    """The group names a resource, a task or an event, no method: one mention says so ("DocRED, a new
    dataset", the title "PolEmo 2.0: Extended Corpus ..."), or every mention heads such a thing, or the
    text's long form of a name it coined ends with such a thing ("Rhetorical Structure Theory (RST)")."""
    if not g.spans:
        return False
    if not g.from_lexicon and any(RESOURCE_NAME.search(label) or PART_NAME.search(label) for label in g.labels):
        return True
    if not g.from_lexicon and any(" " in label and (label.lower().endswith(UNIT_ENDS)
                                                    or singular(label.lower().rsplit(None, 1)[-1]) in LONG_FORM_THINGS
                                                    or label.split(None, 1)[0].lower() in EFFORT_FIRST)
                                  for label in g.labels):
        return True
    return (any(_THING_APPOSITIVE.match(text, c.end) or _LANGUAGE_APPOSITIVE.match(text, c.end) for c in g.spans)
            or all(_head_is_thing(text, c.start, c.end) for c in g.spans))


# labels that name no method: a sentence break inside ("2-layer CNN.With"), a web site ("PolitiFact.com"),
# a direction between languages ("Arabizi-to-English"), a subtask's number ("In S-1, our systems are ...")
NOT_A_METHOD_LABEL = re.compile(r"\w\.[A-Z][a-z]|\.(?:com|org|net)\b|^[A-Z][a-z]+-to-[A-Z][a-z]+$|^[A-Z]-\d+[a-z]?$")
# a phrase the text wrote, no name (the catalogue's own labels aside): two names joined ("DISAANA and D-SUMM",
# "gFCONV and c-VAE"), a name with its purpose ("Double Path Networks for Sequence to Sequence"), or words
# that describe a method of a kind rather than name one ("a heavily optimized NMT", "an innovative
# Transformer", "a modified LSTM", "an open-source NMT")
PHRASE_JOIN = re.compile(r"\s(?:and|or|between|for)\s")
DESCRIBING_WORDS = frozenset(_WORDS["describing_words"])


def _compound_named(text: str, g: MethodGroup, h: MethodGroup) -> bool:
    """The text names ``g`` joined to ``h`` by a hyphen ("MAG-BERT"): ``g`` is what is added to ``h``,
    and the compound is the method made of the two."""
    return any(re.search(r"(?<![\w-])" + re.escape(a) + "-" + re.escape(b) + r"(?![\w-])", text)
               for a in g.labels if " " not in a for b in h.labels if " " not in b)


def _defines(text: str, g: MethodGroup, h: MethodGroup) -> bool:
    """A mention of ``g`` is followed by ``h``'s name in parentheses: two names of one method. Not where one
    name holds the other ("a deep convolutional neural network (CNN)", "an algorithm for NAT (Reinforce-NAT)"):
    a name built on a name, whose acronym may stand after either."""
    names = {x.lower() for x in h.labels}
    if any(a in b or b in a for a in names for b in (x.lower() for x in g.labels)):
        return False
    for c in g.spans:
        m = re.match(r"\s*\(\s*([^()]{1,40}?)\s*\)", text[c.end:c.end + 45])
        if m and m.group(1).lower() in names:
            return True
    return False


def _activity(g: MethodGroup) -> bool:
    """One word of an activity the text names, no method of it ("Profiling" in "Profiling-UD")."""
    return not g.from_lexicon and bool(re.fullmatch(r"[A-Za-z][a-z]+ing", g.label))


def _abbreviates(short: str, long: str) -> bool:
    """``short`` is ``long``'s initials, or its initials with the start of its last word: "FIM" and
    "Fine-grained Interest Matching", "BAMnet" and "Bidirectional Attentive Memory Network"."""
    s = short.lower()
    if s in _initials(long):
        return True
    words = long.split()
    if len(words) < 3 or " " in short:
        return False
    head = "".join(w[0] for w in words[:-1]).lower()
    return s.startswith(head) and len(s) - len(head) >= 2 and words[-1].lower().startswith(s[len(head):])


def _initials(label: str) -> set[str]:
    """"Fine-grained Interest Matching" -> {"fim", "fgim"}."""
    return {"".join(w[0] for w in re.split(sep, label) if w).lower() for sep in (r"\s+", r"[\s-]+")}


def _phrase_label(g: MethodGroup) -> bool:
    """The text's label of ``g`` is a phrase, no name (see ``PHRASE_JOIN``, ``DESCRIBING_WORDS``)."""
    return not g.from_lexicon and bool(PHRASE_JOIN.search(g.label)
                                       or g.label.split(None, 1)[0] in DESCRIBING_WORDS)


def _may_link(text: str, groups: list[MethodGroup], d: int, b: int, built: bool = False) -> bool:
    """``built``: the link says what the paper's proposal is built of ("a BERT-based model"), where a
    modifier is the base."""
    if _generic_label(groups[b]) or (_modifier(text, groups[b]) and not built) or _names_thing(text, groups[b]) \
            or NOT_A_METHOD_LABEL.search(groups[b].label) or _phrase_label(groups[b]) or _task_name(groups[b]) \
            or _activity(groups[b]):
        return False
    if d == OWN:
        return True
    g = groups[d]
    if _names_thing(text, g) or NOT_A_METHOD_LABEL.search(g.label) or _phrase_label(g) or _task_name(g):
        return False
    if _defines(text, groups[b], g) or _defines(text, g, groups[b]):
        return False  # "relations based on Hyperspherical Relation Embeddings (SphereRE)": one method
    if _abbreviates(g.label, groups[b].label) or _abbreviates(groups[b].label, g.label):
        return False  # "FIM, a Fine-grained Interest Matching method", "BAMnet": one method, two names
    if _compound_named(text, g, groups[b]):
        return False  # "MAG allows BERT to ..." with "MAG-BERT": what builds on BERT is MAG-BERT, not MAG
    if PREPOSITIONS.match(g.label):
        return False  # "via gradient-based saliency maps": a phrase, no name
    # a broad catalogue concept (Bayesian, kernel methods) may be built on, but extends nothing
    if g.generic or _generic_label(g) or _GLUED.search(g.label):
        return False
    return not _modifier(text, g)
