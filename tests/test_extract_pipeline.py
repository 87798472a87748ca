"""The whole pipeline: extract_papers, evidence, canonicalise, n_process=2, lexicon loading."""
import json
import marshal
import sys
from pathlib import Path

import pytest
import spacy

sys.path.insert(0, str(Path(__file__).parent))

from extract_support import LEXICON, paper, pipeline  # noqa: E402
from kg.extract import canonicalise, extract_papers, keywords, load_pipeline  # noqa: E402
from kg.extract.lexicon import load_lexicon  # noqa: E402
from kg.extract.text import norm_key  # noqa: E402

KGM = "https://w3id.org/research-kg/method/"

A = paper("pa", "We propose Sparse Token Routing (STR), a novel framework for fast inference. "
                "STR builds on LoRA and outperforms PCA. Code: https://github.com/acme/str.",
          title="STR: Routing Tokens Sparsely")
B = paper("pb", "Sparse token routing (STR) has been popular. We extend it to graphs with "
                "HyperRoute, which improves upon STR on CIFAR-10.")
C = paper("pc", "Routing methods such as STRs are studied; see arXiv:2101.01234.")


@pytest.fixture(scope="module")
def nlp():
    return pipeline()


def test_extraction_shape_and_evidence(nlp):
    ex = next(extract_papers([A], nlp))
    assert ex.paper_key == "pa"
    roles = {m.method.label: m.role for m in ex.methods}
    assert roles["STR"] == "proposes"
    assert roles["LoRA"] == "uses" and roles["PCA"] == "comparesWith"
    assert ex.code_urls == ["https://github.com/acme/str"]
    assert [(ln.method.label, ln.base.label) for ln in ex.lineage] == [("STR", "LoRA")]
    for m in ex.methods:
        ev = m.evidence
        src = A.title if ev.sentence == A.title else A.abstract
        assert ev.sentence in src
        assert 0 <= ev.start < ev.end <= len(src) and 0 < ev.confidence <= 1 and ev.rule
        assert src[ev.start:ev.end] in ev.sentence
    str_ = next(m for m in ex.methods if m.method.label == "STR")
    assert {"STR", "Sparse Token Routing"} <= str_.method.labels


def test_abstract_offsets_are_relative_to_the_abstract(nlp):
    ex = next(extract_papers([A], nlp))
    lora = next(m for m in ex.methods if m.method.label == "LoRA")
    assert A.abstract[lora.evidence.start:lora.evidence.end] == "LoRA"


def test_canonicalise_across_papers(nlp):
    exs = list(extract_papers([A, B, C], nlp))
    canonicalise(exs)
    keys = {}
    for ex in exs:
        for m in ex.methods:
            keys.setdefault(ex.paper_key, {})[norm_key(m.method.label)] = m.method
    str_a = keys["pa"]["str"]
    # B wrote the long form in lower case, C a plural acronym: one identity for all three
    str_b = keys["pb"]["str"]
    str_c = keys["pc"]["str"]
    assert str_a.key == str_b.key == str_c.key == KGM + "str"
    assert {"STR", "Sparse Token Routing", "STRs"} <= str_a.labels
    assert str_a.labels == str_c.labels
    hyper = next(ex for ex in exs if ex.paper_key == "pb").lineage
    assert [(ln.method.label, ln.base.key) for ln in hyper] == [("HyperRoute", KGM + "str")]


def test_canonicalise_is_deterministic(nlp):
    def keys():
        exs = list(extract_papers([A, B, C], nlp))
        canonicalise(exs)
        return [(ex.paper_key, m.method.key, m.method.label, sorted(m.method.labels), m.role)
                for ex in exs for m in ex.methods]
    assert keys() == keys()


def test_acronym_alone_does_not_merge_different_long_forms(nlp):
    p1 = paper("x1", "We propose Cheap Trees (CT), a new method for ranking. CT is fast.")
    p2 = paper("x2", "We propose Causal Transport (CT), a new method for matching. CT is exact.")
    exs = list(extract_papers([p1, p2], nlp))
    canonicalise(exs)
    k1 = next(m.method.key for m in exs[0].methods if m.role == "proposes")
    k2 = next(m.method.key for m in exs[1].methods if m.role == "proposes")
    assert k1 != k2


def test_lexicon_methods_keep_their_iri(nlp):
    exs = list(extract_papers([paper("l", "Low-rank adaptation is cheap; LoRA is used widely.")], nlp))
    canonicalise(exs)
    assert [m.method.key for m in exs[0].methods] == [KGM + "lora"]


def _as_json(exs):
    return json.dumps([
        {"key": ex.paper_key,
         "methods": [(m.method.key, m.method.label, sorted(m.method.labels), m.role, m.evidence.__dict__)
                     for m in ex.methods],
         "lineage": [(ln.method.key, ln.base.key, ln.evidence.__dict__) for ln in ex.lineage],
         "entities": [(e.kind, e.name, sorted(e.labels), e.evidence.__dict__) for e in ex.entities],
         "code": ex.code_urls, "arxiv": ex.arxiv_ids} for ex in exs], sort_keys=True)


def test_two_processes_give_identical_output():
    nlp = load_pipeline(LEXICON)
    papers = [A, B, C] * 4 + [paper(f"z{i}", f"We propose Foo{i}Net, based on LoRA, tested on MNIST.") for i in range(6)]
    one = list(extract_papers(papers, nlp, n_process=1, batch_size=4))
    two = list(extract_papers(papers, nlp, n_process=2, batch_size=4))
    canonicalise(one)
    canonicalise(two)
    assert _as_json(one) == _as_json(two)
    assert [e.paper_key for e in two] == [p.key for p in papers]


def test_markup_passes_through_untouched(nlp):
    abstract = ('We propose <script>alert("x")</script> {FooNet} "quoted" & \'single\' <b>bold</b>. '
                'FooNet uses {LoRA}.')
    ex = next(extract_papers([paper("m", abstract)], nlp))
    assert ex.methods
    for m in ex.methods:
        assert m.evidence.sentence in abstract
        assert abstract[m.evidence.start:m.evidence.end] in m.evidence.sentence
    first = next(m for m in ex.methods if m.method.label == "FooNet")
    assert first.evidence.sentence == 'We propose <script>alert("x")</script> {FooNet} "quoted" & \'single\' <b>bold</b>.'


def test_papers_without_text_are_skipped(nlp):
    assert list(extract_papers([paper("e", None)], nlp)) == []


def test_empty_lexicon_still_works():
    nlp = load_pipeline([Path("/nonexistent.ttl")])
    ex = next(extract_papers([paper("n", "We propose QuickSort++ (QSPP), a new algorithm.")], nlp))
    assert [m.method.label for m in ex.methods] == ["QSPP"]


def test_load_skos_and_methods_json(tmp_path):
    ttl = tmp_path / "m.ttl"
    ttl.write_text("""@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix kg: <https://w3id.org/research-kg/ontology#> .
@prefix kgm: <https://w3id.org/research-kg/method/> .
kgm:foo a skos:Concept ; skos:prefLabel "FooNet"@en ; skos:altLabel "Foo Network" ; skos:broader kgm:net .
kgm:net a skos:Concept ; skos:prefLabel "network" ; kg:generic true .
<https://w3id.org/research-kg/resource/dataset/bar> a kg:Dataset ; skos:prefLabel "BarSet" .
""")
    js = tmp_path / "methods.json"
    js.write_text(json.dumps([{"name": "ZapNorm", "full_name": "Zap Normalization", "description": "..."}]))
    lx = load_lexicon([ttl], js)
    foo = lx.concepts[KGM + "foo"]
    assert foo.labels == ["FooNet", "Foo Network"] and foo.broader == [KGM + "net"] and not foo.generic
    assert lx.concepts[KGM + "net"].generic
    assert lx.concepts["https://w3id.org/research-kg/resource/dataset/bar"].kind == "dataset"
    assert lx.concepts[KGM + "zapnorm"].labels == ["ZapNorm", "Zap Normalization"]
    nlp = load_pipeline([ttl], methods_json=js)
    ex = next(extract_papers([paper("j", "We compare Zap Normalization with a Foo Network on BarSet.")], nlp))
    assert {m.method.key for m in ex.methods} == {KGM + "zapnorm", KGM + "foo"}
    assert [e.name for e in ex.entities] == ["BarSet"]


def test_phrase_keywords_are_the_tokenizers_and_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path))
    spellings = {"LOWER": ["self-attention", "Gaussian processes", "k-NN"], "ORTH": ["BERT", "e.g. LoRA", "A*"]}
    tokenizer = spacy.blank("en").tokenizer
    expected = {attr: {text: tuple(tokenizer(text).to_array(attr).tolist()) for text in texts}
                for attr, texts in spellings.items()}
    assert keywords.phrase_keywords("en", spellings) == expected
    assert keywords.keywords_file("en").is_file()

    def no_tokenizer(lang):
        raise AssertionError("the kept keywords were tokenized again")

    monkeypatch.setattr(keywords.spacy, "blank", no_tokenizer)
    assert keywords.phrase_keywords("en", spellings) == expected
    monkeypatch.undo()
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path))
    keywords.keywords_file("en").write_text("{not json", encoding="utf-8")
    assert keywords.phrase_keywords("en", spellings) == expected  # a broken file is made again


def test_the_kept_keywords_stay_bounded(tmp_path, monkeypatch):
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(keywords, "MAX_KEPT_SPELLINGS", 4)
    kept = lambda: marshal.loads(keywords.keywords_file("en").read_bytes()[keywords.DIGEST_SIZE:])  # noqa: E731
    keywords.phrase_keywords("en", {"LOWER": ["beam search", "lora"]})
    keywords.phrase_keywords("en", {"LOWER": ["beam search", "mixup"]})
    assert set(kept()["LOWER"]) == {"beam search", "lora", "mixup"}  # under the bound: all kept
    keywords.phrase_keywords("en", {"LOWER": ["dropout", "adam"]})
    assert set(kept()["LOWER"]) == {"dropout", "adam"}  # past it: this load's alone


def test_a_damaged_keywords_file_is_never_unmarshalled(tmp_path, monkeypatch):
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path))
    spellings = {"LOWER": ["beam search", "lora"]}
    expected = keywords.phrase_keywords("en", spellings)
    path = keywords.keywords_file("en")
    data = bytearray(path.read_bytes())
    data[-3] ^= 0xFF  # one byte of the marshalled data changed
    path.write_bytes(bytes(data))
    monkeypatch.setattr(keywords.marshal, "loads", lambda b: pytest.fail("damaged data unmarshalled"))
    assert keywords.phrase_keywords("en", spellings) == expected  # tokenized again


def test_scanning_from_a_patterns_first_words_finds_what_finditer_finds():
    import re

    from kg.extract.text import finditer_from_starts

    pattern = re.compile(r"\b(?:data[ \t]?sets?|corp(?:us|ora)|(?P<m>model|method)s?\s*\()")
    text = "Our dataset, two data sets and a corpus; the model (M) and methods( X ) -- metadata, datasetdataset"
    for pos, endpos in ((0, None), (5, None), (0, 60), (31, 70)):
        expected = [(m.span(), m.groups()) for m in pattern.finditer(text, pos, len(text) if endpos is None else endpos)]
        assert [(m.span(), m.groups()) for m in finditer_from_starts(pattern, text, pos, endpos)] == expected
    assert len(list(finditer_from_starts(pattern, text))) == 6  # not "metadata"
    # a pattern whose matches begin otherwise is scanned by the regex engine itself
    other = re.compile(r"[A-Z]\w+|(?i:corpus)")
    assert [m.span() for m in finditer_from_starts(other, text)] == [m.span() for m in other.finditer(text)]


def test_a_pattern_searched_from_its_first_words_finds_what_search_finds():
    import re

    from kg.extract.text import FromStarts, first_char_lookahead

    pattern = re.compile(r"\b(?:[Ww]e\s+(?:also\s+)?(?:propos|introduc)e|de(?:sign|velop)(?P<s>s|ed)?\s+an?)\b")
    text = "We propose it. Then we also introduce X; answer: we design a tool, developed an Y, between we\npropose"
    scan = FromStarts(pattern)
    assert set(scan.starts) == {"We", "we", "design", "develop"}  # "[Ww]e" and the tree "de(?:sign|velop)" read through
    for pos, endpos in ((0, None), (3, None), (15, 60), (16, 40), (60, len(text)), (50, 20)):
        end = len(text) if endpos is None else endpos
        for _ in range(2):  # (the second time from the places kept)
            m, expected = scan.search(text, pos, endpos), pattern.search(text, pos, end)
            assert (m and (m.span(), m.groups())) == (expected and (expected.span(), expected.groups()))
            assert [x.span() for x in scan.finditer(text, pos, endpos)] == [x.span() for x in pattern.finditer(text, pos, end)]
    assert scan.search(text[15:60]).span() == pattern.search(text[15:60]).span()  # another text, then the first again
    assert scan.search(text, 3).span() == pattern.search(text, 3).span()
    assert scan.sub("V", text) == pattern.sub("V", text)  # what it does not scan itself is the pattern's
    # the look-ahead at the first characters: the same matches and groups
    ahead = first_char_lookahead(pattern)
    assert ahead.pattern.startswith("(?=[Wdw])") and ahead.groups == pattern.groups
    assert [(x.span(), x.groups()) for x in ahead.finditer(text)] == [(x.span(), x.groups()) for x in pattern.finditer(text)]
    for other in (re.compile(r"(?i)\bwe propose"), re.compile(r"\b\w+ propose"), re.compile(r"[A-Z]\w+")):
        assert first_char_lookahead(other) is other  # matches that may begin otherwise: left as they are


def test_a_prefix_tree_of_words_matches_as_their_alternation_longest_first():
    import re

    from kg.extract.text import words_pattern

    words = ["de", "design", "devis", "develop", "we call", "we", "i.e.", "*", "our", "out"]
    tree = re.compile(words_pattern(words))
    alternation = re.compile("|".join(sorted(map(re.escape, words), key=len, reverse=True)))
    assert tree.pattern.startswith("(?:") and "de(?:" in tree.pattern  # the common prefixes written once
    text = "We designed and devised it, i.e. *our* developed design; we call it devi-se, ourselves out"
    for pos, endpos in ((0, len(text)), (3, 40), (20, 21), (50, len(text))):
        assert [m.span() for m in tree.finditer(text, pos, endpos)] == \
            [m.span() for m in alternation.finditer(text, pos, endpos)]
        for end in range(pos, endpos + 1):  # a sentence [pos, end) holds a word where the search finds one
            assert (tree.search(text, pos, end) is not None) == any(w in text[pos:end] for w in words)
