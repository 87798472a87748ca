"""Extraction: which methods, datasets, models, code links and arXiv ids a paper's text names.

Entry points:

- ``load_pipeline(lexicons=(), *, methods_json=None) -> Language``: ``spacy.blank("en")`` plus the
  project's components (``kg_sentences``, ``kg_abbreviations``, ``kg_lexicon``, ``kg_entities``,
  ``kg_methods``, ``kg_lineage``; see ``components.py``). Without lexicons, the files of the
  project's ``ontology/`` folder are used.
- ``extract_papers(papers, nlp=None, n_process=1, batch_size=256) -> Iterator[Extraction]``: one
  ``Extraction`` per paper with a title or an abstract, in input order.
- ``canonicalise(extractions) -> None``: one key per method across the whole corpus.
- ``vocabulary.learn_vocabulary(texts, lexicon) -> Vocabulary``: the first pass of a build, the
  method names the corpus teaches (``Vocabulary.merge`` sums the parts of a corpus);
  ``Vocabulary.write_turtle(path)`` makes them a lexicon file (concepts marked ``kg:learned``) for
  ``load_pipeline``; ``corpus.CorpusIndex`` keeps a build folder's evidence and texts for increments.
- ``doc_to_extraction(doc, paper_key, abs_start=0, text=None) -> Extraction`` for a processed
  ``Doc``; ``paper_text(paper) -> (text, title_len, abstract_start)`` is the text it reads.

How a paper is read: the title (one line) and the abstract form one text, ``title + "\n\n" +
abstract``; ``nlp.pipe(..., as_tuples=True)`` passes ``{"key", "title_len", "abs_start", "text"}``
as context, and the ``kg_sentences`` component makes the title a sentence of its own. Evidence
offsets are relative to the abstract, or to the title for a title match (``Evidence.sentence`` is
then the title). ``nlp(text)`` on a bare string treats the whole string as an abstract.

Rules and their names (``Evidence.rule``): ``lexicon``, ``lexicon:ellipsis`` ("beam or greedy search"),
``abbreviation``, ``pattern:we_propose``,
``pattern:we_propose_acronym``, ``pattern:called``, ``pattern:appositive``, ``pattern:title_prefix``,
``pattern:our_x``, ``pattern:name_our_new``, ``pattern:novel_long_form`` ("a novel Long Form (LF)"), ``pattern:name_then_kind`` ("using FooNet, a ... network"), ``pattern:kind_then_name``, ``pattern:title_restated``,
``pattern:title_object`` (the proposing verb's object restating the title's words),
``pattern:variant_name``, ``pattern:such_as``,
``pattern:method_paren``, ``pattern:x_based``, ``pattern:compare``, ``pattern:capitalised_name``,
``pattern:coordinated_names`` ("the BiGRU and HAN models"),
``pattern:repeated_name``, ``pattern:modified_method``, ``vocabulary`` (a name the corpus taught),
... for methods; ``role:uses`` and
``role:compares`` for those roles; ``lineage:<cue>`` (``improves_upon``, ``extends``,
``extension_of``, ``generalizes``, ``variant_of``, ``based_on``, ``modified_from``, ``inspired_by``, ``modifies``,
``uses``, ``integrates``, ``enables``, ``class_of``, ``tackled_by``, ``via``, ``its_extension``,
``appositive_type``, ``new_kind_called``, ``unnamed_new``, ``we_revise``, ``compound``, ``hyphen_compound``) for
lineage, whose subject is the paper's unnamed method (``unnamed_method``) where it names none;
``lexicon`` and ``pattern:dataset_name`` / ``pattern:model_name`` / ``pattern:model_acronym_version``
for datasets and models.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence

from kg.model import EntityMention, Evidence, Extraction, LineageLink, MethodMention, MethodRef, Paper

from .lexicon import default_lexicon_paths
from .lineage import OWN
from .text import KGM, is_acronym_like, norm_key, slugify

if TYPE_CHECKING:
    from spacy.language import Language

__all__ = ["load_pipeline", "extract_papers", "canonicalise", "doc_to_extraction", "paper_text",
           "merge_same_method", "method_refs", "ROLE_ORDER"]

ROLE_ORDER = {"proposes": 3, "uses": 2, "comparesWith": 1, "mentions": 0}

#: How many distinct chunks (the text between two spaces) the tokenizer remembers the tokens of.
#: spaCy keeps 10,000: a corpus passes that within a thousand abstracts, and every chunk met after
#: is split by the prefix, suffix and infix rules again at each occurrence, several times slower.
#: The tokens are the same either way; ~250 bytes a chunk.
TOKENIZER_CACHE_CHUNKS = 200_000


def load_pipeline(lexicons: Sequence[Path] = (), *, methods_json: Path | None = None) -> Language:
    # spaCy and the components (whose import registers their factories) are loaded here, by the
    # one function that needs them: the rest of kg.extract (text helpers, lineage cues, the method
    # keys the site and the resolver read) is imported by commands that never read a text.
    import spacy
    from spacy.attrs import LOWER

    from . import components  # noqa: F401

    paths = [str(p) for p in lexicons] if lexicons else [str(p) for p in default_lexicon_paths()]
    cfg = {"lexicons": paths, "methods_json": str(methods_json) if methods_json else None}
    nlp = spacy.blank("en")
    nlp.tokenizer.max_cache_size = TOKENIZER_CACHE_CHUNKS
    # a full stop after a name ending in a lower-case letter or a digit and a capital is no part of it:
    # spaCy splits "BERT." and "NeRF." but kept "ViT.", "MoE.", "A2C.", "MemN2N." whole, which no name matched
    nlp.tokenizer.suffix_search = spacy.util.compile_suffix_regex(
        [*nlp.Defaults.suffixes, r"(?<=[a-z0-9][A-Z])\."]).search
    # The components read a token's text and its LOWER (the lexicon matcher) only: spaCy's other
    # lexical attributes (shape, stop word, like_num...), computed in Python for each new word a
    # process meets, are not.
    nlp.vocab.lex_attr_getters = {LOWER: nlp.vocab.lex_attr_getters[LOWER]}
    nlp.add_pipe("kg_sentences")
    nlp.add_pipe("kg_abbreviations")
    nlp.add_pipe("kg_lexicon", config=cfg)
    nlp.add_pipe("kg_entities", config=cfg)
    nlp.add_pipe("kg_methods", config=cfg)
    nlp.add_pipe("kg_lineage")
    return nlp


def paper_text(paper: Paper) -> tuple[str, int, int]:
    """The text the pipeline reads for a paper: the title (one line) and the abstract, and where
    each starts. Returns (text, title_len, abstract_start)."""
    title = re.sub(r"\s+", " ", paper.title or "").strip()
    abstract = paper.abstract or ""
    if title:
        return title + "\n\n" + abstract, len(title), len(title) + 2
    return abstract, 0, 0


def extract_papers(papers: Iterable[Paper], nlp: Language | None = None, n_process: int = 1,
                   batch_size: int = 256, taught: dict[str, dict[str, str]] | None = None) -> Iterator[Extraction]:
    """``taught``: a paper's key -> the names the corpus vocabulary says it proposes (a name's key -> the
    kind of evidence; ``Vocabulary.proposals_of``), its proposals before its lineage is decided."""
    nlp = nlp or load_pipeline()
    taught = taught or {}

    def inputs():
        for p in papers:
            text, title_len, abs_start = paper_text(p)
            if not text.strip():
                continue
            yield text, {"key": p.key, "title_len": title_len, "abs_start": abs_start, "text": text,
                         "taught": taught.get(p.key)}

    for doc, ctx in nlp.pipe(inputs(), as_tuples=True, n_process=n_process, batch_size=batch_size):
        yield doc_to_extraction(doc, ctx["key"], ctx["abs_start"], text=ctx["text"])


def doc_to_extraction(doc, paper_key: str, abs_start: int = 0, text: str | None = None) -> Extraction:
    from .components import get_ext

    ex = Extraction(paper_key=paper_key)
    text = doc.text if text is None else text
    title_end = get_ext(doc, "kg_title_end") or 0
    sents = get_ext(doc, "kg_sents") or [[0, len(text)]]

    def evidence(start: int, end: int, rule: str, conf: float) -> Evidence:
        sent = next(((a, b) for a, b in sents if a <= start < b), None)
        if sent is None:
            sent = (start, end)
        if title_end and start < title_end:
            base = 0
        else:
            base = abs_start
        return Evidence(sentence=text[sent[0]:sent[1]], start=start - base, end=end - base, rule=rule,
                        confidence=round(float(conf), 3))

    refs: list[MethodRef] = []
    for d in get_ext(doc, "kg_methods") or []:
        ref = MethodRef(key=d["key"], label=d["label"], labels=set(d["labels"]), broader=list(d["broader"]),
                        from_lexicon=bool(d["from_lexicon"]), descriptions=set(d.get("descriptions", ())))
        refs.append(ref)
        s, e, rule, conf = d["role_span"]
        if d["role"] in ("uses", "comparesWith") or (d["role_rule"] or "").startswith("vocabulary:"):
            rule = d["role_rule"] or rule
        ex.methods.append(MethodMention(method=ref, role=d["role"], evidence=evidence(s, e, rule, conf)))
    own = None
    own_name = get_ext(doc, "kg_own_name")
    for di, bi, s, e, rule, conf in get_ext(doc, "kg_lineage") or []:
        if di == OWN and own is None:
            own = unnamed_method(paper_key, text[:title_end].strip(), own_name)
            if own_name:  # "we propose a hierarchical version of BERT": the paper proposes "hierarchical BERT"
                ex.methods.append(MethodMention(method=own, role="proposes",
                                                evidence=evidence(*own_name[1:3], "lineage:own_variant", 0.6)))
        ex.lineage.append(LineageLink(method=own if di == OWN else refs[di], base=refs[bi],
                                      evidence=evidence(s, e, rule, conf)))
    seen = {}
    for kind, items in (("dataset", get_ext(doc, "kg_datasets") or []), ("model", get_ext(doc, "kg_models") or [])):
        for s, e, written, labels, rule, conf, *catalogued in items:
            # a model the catalogue knows is its node, whatever form the text wrote ("BERT-base")
            iri, name = catalogued if catalogued and catalogued[0] else ("", written)
            k = (kind, iri or norm_key(name))
            if k in seen:
                if kind == "dataset":  # its other mentions add the forms they write ("the Zed Corpus (ZC)")
                    seen[k].labels |= set(labels) | {written}
                continue
            seen[k] = EntityMention(kind=kind, name=name, labels=set(labels) | {written},
                                    evidence=evidence(s, e, rule, conf), written=written, iri=iri)
            ex.entities.append(seen[k])
    from .entities import is_citation_url

    for _, _, url in get_ext(doc, "kg_urls") or []:
        if not is_citation_url(url) and url not in ex.code_urls:
            ex.code_urls.append(url)
    for _, _, ident in get_ext(doc, "kg_arxiv") or []:
        if ident not in ex.arxiv_ids:
            ex.arxiv_ids.append(ident)
    return ex


def unnamed_method(paper_key: str, title: str, own_name: list | None = None) -> MethodRef:
    """The method a paper proposes without naming it ("we propose a novel model based on X"): a
    node of its own, labelled by the paper's title, so that its lineage is not pinned on a method
    the paper merely mentions; or by the words that say how it varies its base (``own_name``:
    "hierarchical BERT" for "we propose a hierarchical version of BERT"; its other forms after its place)."""
    label = own_name[0] if own_name else f'the method of "{title}"' if title else f"the method of paper {paper_key}"
    return MethodRef(key=KGM + slugify(label), label=label, labels={label, *(own_name or [])[3:]})


# --- corpus-level canonical identities --------------------------------------------------------

def method_refs(extraction: Extraction) -> list[MethodRef]:
    """The distinct method objects an extraction refers to, in order."""
    refs: dict[int, MethodRef] = {}
    for mention in extraction.methods:
        refs.setdefault(id(mention.method), mention.method)
    for link in extraction.lineage:
        refs.setdefault(id(link.method), link.method)
        refs.setdefault(id(link.base), link.base)
    return list(refs.values())


def merge_same_method(extraction: Extraction) -> None:
    """One mention per method key (the strongest role, at the first mention's place), lineage
    without self-links or repeats: two methods of a paper may have become one."""
    best: dict[str, MethodMention] = {}
    for m in extraction.methods:
        k = m.method.key
        if k not in best or ROLE_ORDER[m.role] > ROLE_ORDER[best[k].role]:
            best[k] = m
    extraction.methods = [best[k] for k in dict.fromkeys(m.method.key for m in extraction.methods)]
    seen = set()
    lineage = []
    for ln in extraction.lineage:
        pair = (ln.method.key, ln.base.key)
        if pair[0] != pair[1] and pair not in seen:
            seen.add(pair)
            lineage.append(ln)
    extraction.lineage = lineage


def canonicalise(extractions: list[Extraction]) -> None:
    """Give every method ONE key across the corpus: methods of different papers that share a
    normalised label (case, punctuation and plural folded) become one, with every spelling in
    ``labels``. Acronyms alone do not merge methods whose long forms disagree (CT = consistency
    training vs CT = computed tomography), and a text's description of a catalogued method
    (``descriptions``: "multi-passage BERT") joins no other paper's method of that name to it.
    Deterministic: the same input gives the same keys."""
    refs = list({id(r): r for ex in extractions for r in method_refs(ex)}.values())
    n = len(refs)
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a, b):
        a, b = find(a), find(b)
        if a != b:
            parent[max(a, b)] = min(a, b)

    long_keys = []
    acr_keys = []
    by_long: dict[str, list[int]] = defaultdict(list)
    by_acr: dict[str, list[int]] = defaultdict(list)
    by_key: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(refs):
        lk, ak = set(), set()
        for label in r.labels | {r.label}:
            k = norm_key(label)
            if not k:
                continue
            (ak if is_acronym_like(label) else lk).add(k)
        long_keys.append(lk)
        acr_keys.append(ak)
        for k in lk:
            by_long[k].append(i)
        for k in ak - lk:
            by_acr[k].append(i)
        if r.from_lexicon:
            by_key[r.key].append(i)
    for idx in list(by_long.values()) + list(by_key.values()):
        for j in idx[1:]:
            union(idx[0], j)
    for k, idx in by_acr.items():
        # refs known only by the acronym join the first ref that has a long form (or each other)
        with_long = [i for i in idx if long_keys[i]]
        without = [i for i in idx if not long_keys[i]]
        anchor = with_long[0] if with_long else without[0]
        for j in without:
            union(anchor, j)
        # refs with long forms join only when their long forms agree (already done by by_long)
        # or when one long form is the other's acronym expansion (kernel pca ~ kpca)
        for a_i in with_long[1:]:
            if long_keys[a_i] & long_keys[with_long[0]]:
                union(with_long[0], a_i)
    comps: dict[int, list[int]] = defaultdict(list)
    for i in range(n):
        comps[find(i)].append(i)
    used: dict[str, int] = {}
    assigned: dict[int, tuple[str, str, set[str], list[str], bool]] = {}
    for root in sorted(comps, key=lambda r: min(sorted(refs[i].key for i in comps[r]))):
        members = [refs[i] for i in comps[root]]
        labels = set().union(*(m.labels for m in members)) | {m.label for m in members}
        lex = Counter(m.key for m in members if m.from_lexicon)
        label_counts = Counter(m.label for m in members)
        label = sorted(label_counts, key=lambda x: (-label_counts[x], not is_acronym_like(x), len(x), x))[0]
        if lex:
            key = sorted(lex, key=lambda k: (-lex[k], k))[0]
            pref = Counter(m.label for m in members if m.from_lexicon and m.key == key)
            label = sorted(pref, key=lambda x: (-pref[x], x))[0]  # the catalogue's prefLabel
        else:
            key = KGM + slugify(label)
            if key in used and used[key] != root:
                longest = sorted(labels, key=lambda x: (-len(x), x))[0]
                key = KGM + slugify(label) + "-" + slugify(longest)
                if key in used and used[key] != root:
                    import hashlib
                    key += "-" + hashlib.sha256("|".join(sorted(labels)).encode()).hexdigest()[:8]
        used[key] = root
        broader = sorted(set().union(*(set(m.broader) for m in members)))
        descriptions = set().union(*(m.descriptions for m in members)) - labels
        assigned[root] = (key, label, labels, broader, any(m.from_lexicon for m in members), descriptions)
    for i, r in enumerate(refs):
        key, label, labels, broader, fl, descriptions = assigned[find(i)]
        r.key, r.label, r.labels, r.broader, r.from_lexicon = key, label, set(labels), list(broader), fl
        r.descriptions = set(descriptions)
    for ex in extractions:
        merge_same_method(ex)
