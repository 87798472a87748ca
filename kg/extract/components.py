"""The spaCy components of the extraction pipeline.

Each component is registered with ``@Language.factory``, reads what earlier ones stored on the
``Doc`` and stores its own results on a ``Doc`` extension as plain lists and dicts (so that docs
travel between processes with ``n_process=2``); the components themselves read and write them with
``get_ext`` / ``set_ext``:

=====================  =======================================================================
``kg_sentences``       ``doc._.kg_title_end`` (int), ``doc._.kg_sents`` [[start, end]]; sets
                       ``Token.is_sent_start``. The title, when the context gives its length,
                       is a sentence of its own.
``kg_abbreviations``   ``doc._.kg_abbrevs`` [[short, long, s_start, s_end, l_start, l_end, order]]
``kg_lexicon``         ``doc._.kg_lex`` [[start, end, iri, kind]] (methods, datasets, models)
``kg_entities``        ``doc._.kg_datasets`` / ``doc._.kg_models`` [[start, end, name, [labels], rule, conf]]
                       (a model's ends with the catalogue model it is: IRI, label; or "", ""),
                       ``doc._.kg_urls`` [[start, end, url]], ``doc._.kg_arxiv`` [[start, end, id]]
``kg_methods``         ``doc._.kg_methods`` [{key, label, labels, broader, from_lexicon, role,
                       role_span, spans}]
``kg_lineage``         ``doc._.kg_lineage`` [[derived, base, start, end, rule, conf]] (indexes into
                       ``kg_methods``), ``doc._.kg_own_name`` [name, start, end, other forms...] or None (the name of the
                       paper's unnamed method, where the text says how it varies its base)
=====================  =======================================================================
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator

import numpy
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc
from spacy.util import minibatch

from .abbrev import Abbrev, find_abbreviations, split_sentences
from .entities import (extend_model_name, find_arxiv_ids, find_dataset_shapes, find_emails, find_model_shapes,
                       find_urls, names_shared_task, written_with_head)
from .keywords import phrase_keywords
from .lexicon import Lexicon, get_lexicon
from .lineage import find_lineage, own_variant_name
from .methods import Cand, DocView, MethodFinder, MethodGroup, assign_roles, propose_taught
from .text import ascii_fold, clean_label, is_acronym_like, norm_key

EXTENSIONS = {
    "kg_title_end": 0, "kg_sents": None, "kg_abbrevs": None, "kg_lex": None, "kg_datasets": None,
    "kg_models": None, "kg_urls": None, "kg_arxiv": None, "kg_methods": None, "kg_lineage": None,
    "kg_own_name": None,
}
for _name, _default in EXTENSIONS.items():
    if not Doc.has_extension(_name):
        Doc.set_extension(_name, default=_default)


def get_ext(doc: Doc, name: str):
    """``doc._.NAME``, read where spaCy keeps it, ``doc.user_data`` under ``("._.", NAME, None, None)``:
    each ``doc._`` builds an accessor object that reads its attributes through Python code (a few
    per cent of the extraction, at the 40 reads and writes a doc takes)."""
    return doc.user_data.get(("._.", name, None, None), EXTENSIONS[name])


def set_ext(doc: Doc, name: str, value) -> None:
    """``doc._.NAME = value`` (see ``get_ext``)."""
    doc.user_data[("._.", name, None, None)] = value


_TEXT_KEY = "kg_text"


def doc_text(doc: Doc) -> str:
    """``Doc.text`` joins every token on each call: compute it once per doc and keep it (under a
    plain ``user_data`` key, dropped again by the last component)."""
    text = doc.user_data.get(_TEXT_KEY)
    if text is None:
        ctx = getattr(doc, "_context", None)
        given = ctx.get("text") if isinstance(ctx, dict) else None
        if given is not None and len(doc) and len(given) == doc[-1].idx + len(doc[-1].text_with_ws):
            text = given  # the caller's own string (extract_papers passes it along)
        else:
            text = doc.text
        doc.user_data[_TEXT_KEY] = text
    return text


def _sents(doc: Doc) -> list[tuple[int, int]]:
    sents = get_ext(doc, "kg_sents")
    if sents is None:
        sents = [list(x) for x in split_sentences(doc_text(doc))]
        set_ext(doc, "kg_sents", sents)
    return [tuple(x) for x in sents]


def _view(doc: Doc) -> DocView:
    abbrevs = [Abbrev(*a) for a in (get_ext(doc, "kg_abbrevs") or [])]
    lex = [tuple(x) for x in (get_ext(doc, "kg_lex") or [])]
    ents = [(x[0], x[1]) for x in (get_ext(doc, "kg_datasets") or []) + (get_ext(doc, "kg_models") or [])]
    links = [(x[0], x[1]) for x in (get_ext(doc, "kg_urls") or []) + (get_ext(doc, "kg_arxiv") or [])] \
        + find_emails(doc_text(doc))
    return DocView(doc_text(doc), _sents(doc), get_ext(doc, "kg_title_end") or 0, abbrevs, lex, ents + links, links=links)


class _Batched:
    """A component that reads a batch of docs in a row (``Language.pipe`` calls ``pipe``): its rules,
    and the catalogue's tables, stay in the CPU's caches from one doc to the next instead of being
    evicted by the other components' work on each doc; and the first of them has spaCy tokenise the
    whole batch before any component runs. Same results, in the same order; but a doc that raises
    ends its batch without the pipeline's error handler (``extract_batch`` then extracts its papers one by one)."""

    def pipe(self, docs: Iterable[Doc], batch_size: int = 256) -> Iterator[Doc]:
        for batch in minibatch(docs, batch_size):
            yield from [self(doc) for doc in batch]


# --- sentences --------------------------------------------------------------------------------

_NOT_START = numpy.uint64(2**64 - 1)  # -1 as the uint64 Doc.from_array expects


class SentenceSplitter(_Batched):
    def __call__(self, doc: Doc) -> Doc:
        text = doc_text(doc)
        title_end = get_ext(doc, "kg_title_end") or 0
        ctx = getattr(doc, "_context", None)
        if isinstance(ctx, dict) and ctx.get("title_len"):
            title_end = int(ctx["title_len"])
        set_ext(doc, "kg_title_end", title_end)
        sents = []
        if title_end:
            sents.append((0, len(text[:title_end].rstrip())))
            rest = title_end
            while rest < len(text) and text[rest].isspace():
                rest += 1
            sents += split_sentences(text, rest, len(text))
        else:
            sents = split_sentences(text)
        set_ext(doc, "kg_sents", [list(s) for s in sents])
        if len(doc):
            # one array call: setting Token.is_sent_start one by one rescans the doc each time
            idx = doc.to_array("IDX").tolist()
            flags = numpy.full((len(doc), 1), _NOT_START, dtype="uint64")
            flags[0, 0] = 1
            for s, _ in sents:
                k = bisect.bisect_left(idx, s)
                if k < len(idx) and idx[k] == s:
                    flags[k, 0] = 1
            doc.from_array([SENT_START], flags)
        return doc


@Language.factory("kg_sentences")
def make_sentences(nlp: Language, name: str):
    return SentenceSplitter()


# --- abbreviations ----------------------------------------------------------------------------

class AbbreviationFinder(_Batched):
    def __call__(self, doc: Doc) -> Doc:
        found = find_abbreviations(doc_text(doc), _sents(doc))
        set_ext(doc, "kg_abbrevs", [[a.short, a.long, a.short_start, a.short_end, a.long_start, a.long_end, a.order]
                                     for a in found])
        return doc


@Language.factory("kg_abbreviations")
def make_abbreviations(nlp: Language, name: str):
    return AbbreviationFinder()


# --- lexicon ----------------------------------------------------------------------------------

_LATEX_OF = {"ö": ['\\"o', '\\"{o}', '{\\"o}'], "ü": ['\\"u', '\\"{u}'], "ä": ['\\"a', '\\"{a}'],
             "é": ["\\'e", "\\'{e}"], "è": ["\\`e"], "á": ["\\'a"], "í": ["\\'i", "\\'{\\i}"], "ó": ["\\'o"],
             "ç": ["\\c{c}", "\\c c"], "ñ": ["\\~n"], "Ö": ['\\"O'], "Ü": ['\\"U'], "É": ["\\'E"]}


def _separator_variants(label: str) -> set[str]:
    """A lowercase phrase written with hyphens for spaces or the other way round, as papers write
    it: "sequence to sequence learning", "dual-attention", "skipgram" (every word of two letters or
    more, joined without a separator only where each is of three or more: no "k means")."""
    words = re.split(r"[ -]", label)
    if len(words) < 2 or any(len(w) < 2 for w in words) or any(ch.isupper() for ch in label):
        return set()
    out = {label.replace("-", " ")}
    if "-" not in label and len(words) <= 3:
        out.add(label.replace(" ", "-"))
    if " " not in label and all(len(w) >= 3 for w in words):
        out.add(label.replace("-", ""))
    return out - {label}


def label_variants(label: str) -> set[str]:
    """Spellings of a label to match: plurals, ASCII-folded and LaTeX-escaped accents, hyphens and spaces, a
    typographic apostrophe for a straight one ("Word Mover’s Distance", "Cohen’s kappa")."""
    out = {label} | _separator_variants(label)
    if "'" in label:
        out.add(label.replace("'", "’"))
    folded = ascii_fold(label)
    out.add(folded)
    for ch, escapes in _LATEX_OF.items():
        if ch in label:
            for esc in escapes:
                out.add(label.replace(ch, esc))
    more = set()
    for v in out:
        words = v.split(" ")
        last = words[-1]
        if not last or not last[-1].isalpha():
            continue
        if last.endswith(("s", "x", "ch", "sh")) and not is_acronym_like(last):
            plural = last + "es" if not last.endswith("s") or last.endswith(("ss", "sis")) else last
            if last.endswith("sis"):
                plural = last[:-3] + "ses"
            if last.endswith("ss"):
                plural = last + "es"
        elif last.endswith("y") and len(last) > 2 and last[-2] not in "aeiou":
            plural = last[:-1] + "ies"
        else:
            plural = last + "s"
        if plural != last:
            more.add(" ".join(words[:-1] + [plural]))
    return out | more


class LexiconMatcher(_Batched):
    def __init__(self, nlp: Language, lexicon: Lexicon):
        self.lexicon = lexicon
        self.lower = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.orth = PhraseMatcher(nlp.vocab, attr="ORTH")
        lower_pats: dict[str, set[str]] = {}
        orth_pats: dict[str, set[str]] = {}
        for iri, c in sorted(lexicon.concepts.items()):
            for label in c.labels:
                case_sensitive = is_acronym_like(label) or (" " not in label and label[:1].isupper()) or (
                    c.kind != "method" and any(ch.isupper() for ch in label))  # "The Well" (a dataset) only so
                variants = label_variants(label)
                if case_sensitive and re.fullmatch(r"[A-Z][a-z]{7,}", label):
                    variants |= {v.lower() for v in variants}  # "Transformer" and "transformers"
                if case_sensitive:  # "Word2Vec", "FastText": the field's other casings
                    variants |= {cv for v in variants for cv in lexicon.other_casings(c, v)}
                for v in variants:
                    (orth_pats if case_sensitive else lower_pats).setdefault(iri, set()).add(v)
        keywords = phrase_keywords(nlp.lang, {"LOWER": {v for vs in lower_pats.values() for v in vs},
                                              "ORTH": {v for vs in orth_pats.values() for v in vs}})
        for matcher, attr, pats in ((self.lower, "LOWER", lower_pats), (self.orth, "ORTH", orth_pats)):
            for iri, variants in pats.items():
                matcher.add(iri, [keywords[attr][v] for v in sorted(variants)])

    def __call__(self, doc: Doc) -> Doc:
        # the matches as (start, end, IRI) token spans: a spaCy Span for each costs more than the rest
        strings = doc.vocab.strings
        spans = [(s, e, strings[match_id]) for matcher in (self.orth, self.lower) for match_id, s, e in matcher(doc)]
        # the catalogue's specific names first, then the names the corpus taught, then the
        # catalogue's broad ones, each in what the others leave: "long short-term memory recurrent
        # neural network" does not hide LSTM and RNN, "attention" does not hide "structured attention", and
        # a broad name does not hide the specific one it holds ("RNN language models", "multilingual NMT")
        concepts = self.lexicon.concepts
        tiers: list[list] = [[], [], []]
        for sp in spans:
            c = concepts.get(sp[2])
            tiers[1 if c is not None and c.learned else 2 if c is not None and c.generic else 0].append(sp)
        kept: list = []
        taken: set[int] = set()
        for tier in tiers:
            for sp in _longest_first(tier):
                if not taken.intersection(range(sp[0], sp[1])):
                    kept.append(sp)
                    taken.update(range(sp[0], sp[1]))
        out = []
        text = doc_text(doc)
        for s, e, iri in sorted(kept, key=lambda sp: sp[0]):
            # a match inside a hyphenated or glued word is no match ("SVD" in "KSVD-like" is)
            last = doc[e - 1]
            a, b = doc[s].idx, last.idx + len(last)
            if a > 0 and (text[a - 1].isalnum() or text[a - 1] == "-" and a > 1 and text[a - 2].isalnum()):
                continue
            if b < len(text) and text[b].isalnum():
                continue
            c = self.lexicon.concepts.get(iri)
            out.append([a, b, iri, c.kind if c else "method"])
        set_ext(doc, "kg_lex", out)
        return doc


def _longest_first(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``spacy.util.filter_spans`` for (start, end, label) tuples: the longest (then the first) of
    overlapping spans (longest first: they overlap none of each other, so any order serves)."""
    result = []
    seen: set[int] = set()
    for sp in sorted(spans, key=lambda sp: (sp[1] - sp[0], -sp[0]), reverse=True):
        if sp[0] not in seen and sp[1] - 1 not in seen:
            result.append(sp)
            seen.update(range(sp[0], sp[1]))
    return result


@Language.factory("kg_lexicon", default_config={"lexicons": [], "methods_json": None})
def make_lexicon(nlp: Language, name: str, lexicons: list[str], methods_json: str | None):
    return LexiconMatcher(nlp, get_lexicon(lexicons, methods_json))


# --- entities ---------------------------------------------------------------------------------

_FAMILY_SUFFIX = re.compile(r"-(?:type|like|style|based|sized|inspired|family|esque)\b")
_SLASH_MODELS = re.compile(r"(?<![\w/-])((?:[A-Za-z][\w.-]*/)+[A-Za-z][\w.-]*)\s+models?\b")
_VERSION_ONLY = re.compile(r"[- ]?v\d+(?:\.\d+)*\b|[- ]\d+\.\d+\b")
_RES_TAIL = re.compile(r"^(?:\s?\d{2,4}\s?[x×]\s?\d{2,4}|-\d+[kK]\b|-(?:Easy|Challenge|Hard|Small|Large|v\d))")
# a checkpoint's size or casing after a model's name: "BERT-base", "bert-large-uncased", "Llama-2-7B"
_SIZE_TAIL = re.compile(r"(?:[- _]+(?:\$?\d+(?:\.\d+)?[BMK]\$?|small|medium|large|base|tiny|mini|x+l|(?:un)?cased))+$", re.I)


class EntityFinder(_Batched):
    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        self.key_to_iris = lexicon.by_key()

    def _concept(self, label: str, kind: str):
        for iri in self.key_to_iris.get(norm_key(label), []):
            c = self.lexicon.concepts[iri]
            if c.kind == kind:
                return c
        return None

    def _catalogued_model(self, name: str) -> list[str]:
        """The catalogue's model a written name is, whatever its size or casing suffix ("Vicuna-33B" is
        Vicuna, "bert-large-uncased" BERT-large; "GPT-2 medium", a catalogue entry of its own, stays itself):
        [IRI, preferred label], or ["", ""] when the catalogue knows none."""
        for label in (name, _SIZE_TAIL.sub("", name)):
            c = self._concept(label, "model") if label else None
            if c:
                return [c.iri, c.pref]
        return ["", ""]

    def __call__(self, doc: Doc) -> Doc:
        text = doc_text(doc)
        urls = find_urls(text)
        arx = find_arxiv_ids(text)
        link_spans = [(a, b) for a, b, _ in urls] + [(a, b) for a, b, _ in arx] + find_emails(text)
        found = {"dataset": [], "model": []}
        for a, b, iri, kind in get_ext(doc, "kg_lex") or []:
            if kind not in found:
                continue
            c = self.lexicon.concepts[iri]
            if _FAMILY_SUFFIX.match(text, b):
                continue  # "Llama-type architectures", "BERT-style models": a family, not a checkpoint
            if kind == "model":
                b = extend_model_name(text, a, b)
            else:
                m = _RES_TAIL.match(text[b:b + 16])
                if m:
                    b += m.end()
            surface = clean_label(text[a:b])
            surface = re.sub(r"\s*\([^()]*\)\s*", " ", surface).strip()
            labels = sorted({surface, *c.labels})
            found[kind].append([a, b, surface, labels, "lexicon", 0.9])
        for a, b, name in find_model_shapes(text):
            found["model"].append([a, b, name, [name], "pattern:model_name", 0.75])
        # a catalogue model's acronym the text defines, with a version: "Stable Diffusion (SD) v3 ...
        # SD v1.4" is Stable Diffusion v1.4
        for short, long, *_ in get_ext(doc, "kg_abbrevs") or []:
            if not self._concept(long, "model"):
                continue
            for m in re.finditer(r"(?<![\w-])" + re.escape(short) + r"(?=[- ]?v\d|[- ]\d+\.\d)", text):
                v = _VERSION_ONLY.match(text, m.end())
                if v:
                    surface = text[m.start():v.end()]
                    found["model"].append([m.start(), v.end(), surface, sorted({surface, long + " " + text[m.end():v.end()].lstrip("- ")}),
                                           "pattern:model_acronym_version", 0.75])
        for m in (_SLASH_MODELS.finditer(text) if "/" in text and " model" in text else ()):
            parts = m.group(1).split("/")
            if any(self._concept(p, "model") for p in parts):
                off = m.start(1)
                for p in parts:
                    k = text.index(p, off)
                    found["model"].append([k, k + len(p), p, [p], "pattern:model_list", 0.7])
                    off = k + len(p)
        for a, b, name in find_dataset_shapes(text, get_ext(doc, "kg_title_end") or 0):
            if self._concept(name, "model") or self._concept(name, "method"):
                continue
            found["dataset"].append([a, b, clean_label(name), [clean_label(name)], "pattern:dataset_name", 0.7])
        # a name the text once writes as a shared task's ("at SemEval-2017 Task 5") is that task's throughout
        tasks = {norm_key(x[2]) for x in found["dataset"] if names_shared_task(text, x[1])}
        found["dataset"] = [x for x in found["dataset"] if norm_key(x[2]) not in tasks]
        for kind in found:
            items = [x for x in found[kind] if not any(s < x[1] and x[0] < e for s, e in link_spans)]
            items.sort(key=lambda x: (x[0], -(x[1] - x[0])))
            kept = []
            for x in sorted(items, key=lambda x: (-(x[1] - x[0]), x[0])):
                if any(k[0] < x[1] and x[0] < k[1] for k in kept):
                    continue
                kept.append(x)
            found[kind] = sorted(kept)
        defined = {(a[4], a[5]): a for a in get_ext(doc, "kg_abbrevs") or [] if a[6] == "long_short"}
        for x in found["dataset"]:  # "the Zed corpus" is also a label of Zed's, the form the text wrote
            end = written_with_head(text, x[1])
            if end:
                x[3] = sorted({*x[3], clean_label(text[x[0]:end])})
            a = defined.get((x[0], x[1]))
            if a:  # "the Zed Corpus (ZC)": its acronym, and the name as written with it
                x[3] = sorted({*x[3], a[0], clean_label(text[x[0]:a[3] + 1])})
        # a span both a model and a dataset: the catalogue decides, else the model pattern
        ds_spans = [(x[0], x[1]) for x in found["dataset"]]
        found["model"] = [x + self._catalogued_model(x[2]) for x in found["model"]
                          if not (x[4] != "lexicon" and any(s < x[1] and x[0] < e for s, e in ds_spans))]
        set_ext(doc, "kg_datasets", found["dataset"])
        set_ext(doc, "kg_models", found["model"])
        set_ext(doc, "kg_urls", [[a, b, u] for a, b, u in urls])
        ids = list(arx)
        for a, b, u in urls:
            m = re.search(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})", u)
            if m:
                ids.append((a, b, m.group(1)))
        set_ext(doc, "kg_arxiv", [[a, b, i] for a, b, i in ids])
        return doc


@Language.factory("kg_entities", default_config={"lexicons": [], "methods_json": None})
def make_entities(nlp: Language, name: str, lexicons: list[str], methods_json: str | None):
    return EntityFinder(get_lexicon(lexicons, methods_json))


# --- methods ----------------------------------------------------------------------------------

def group_to_dict(g: MethodGroup) -> dict:
    rs = g.role_span
    return {
        "key": g.key, "label": g.label, "labels": list(g.labels), "broader": list(g.broader),
        "from_lexicon": g.from_lexicon, "role": g.role, "role_rule": g.role_rule,
        "role_span": [rs.start, rs.end, rs.rule, rs.conf] if rs else None,
        "spans": [[c.start, c.end, c.rule, c.conf, c.proposed] for c in g.spans],
        "short": g.short, "long": g.long, "generic": g.generic, "descriptions": list(g.descriptions),
    }


def group_from_dict(d: dict) -> MethodGroup:
    spans = [Cand(s, e, r, c, proposed=bool(p)) for s, e, r, c, p in d["spans"]]
    rs = d.get("role_span")
    role_span = Cand(rs[0], rs[1], rs[2], rs[3]) if rs else None
    return MethodGroup(key=d["key"], label=d["label"], labels=list(d["labels"]), broader=list(d["broader"]),
                       from_lexicon=d["from_lexicon"], spans=spans, role=d["role"], role_span=role_span,
                       role_rule=d.get("role_rule", ""), short=d.get("short"), long=d.get("long"),
                       generic=bool(d.get("generic")), descriptions=list(d.get("descriptions", ())))


# The view and groups kg_methods made for the doc it just processed: kg_lineage, which runs
# next on the same doc, reuses them instead of rebuilding them from the doc's extensions.
_LAST: dict[str, object] = {}


class MethodComponent:
    def __init__(self, lexicon: Lexicon):
        self.finder = MethodFinder(lexicon)

    def __call__(self, doc: Doc) -> Doc:
        view = _view(doc)
        groups = self.finder.find(view)
        assign_roles(view, groups)
        ctx = getattr(doc, "_context", None)
        propose_taught(view, groups, ctx.get("taught") if isinstance(ctx, dict) else None)
        dicts = [group_to_dict(g) for g in groups]
        set_ext(doc, "kg_methods", dicts)
        _LAST.clear()
        _LAST.update(doc=doc, methods=dicts, view=view, groups=groups)
        return doc


@Language.factory("kg_methods", default_config={"lexicons": [], "methods_json": None})
def make_methods(nlp: Language, name: str, lexicons: list[str], methods_json: str | None):
    return MethodComponent(get_lexicon(lexicons, methods_json))


class LineageComponent:
    def __call__(self, doc: Doc) -> Doc:
        if _LAST.get("doc") is doc and _LAST.get("methods") is get_ext(doc, "kg_methods"):
            view, groups = _LAST["view"], _LAST["groups"]
        else:
            groups = [group_from_dict(d) for d in (get_ext(doc, "kg_methods") or [])]
            view = _view(doc)
        _LAST.clear()
        links = find_lineage(view, groups)
        set_ext(doc, "kg_lineage", [[ln.derived, ln.base, ln.start, ln.end, ln.rule, ln.confidence] for ln in links])
        set_ext(doc, "kg_own_name", own_variant_name(view.text, groups, links, view.title_end))
        doc.user_data.pop(_TEXT_KEY, None)
        return doc


@Language.factory("kg_lineage")
def make_lineage(nlp: Language, name: str):
    return LineageComponent()
