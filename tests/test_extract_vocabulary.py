"""The corpus vocabulary (first pass): candidate names with counted evidence, the names accepted,
and the second pass that finds them in every paper; sentences written for these tests."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from extract_support import LEXICON, methods_of, paper  # noqa: E402

from kg.extract import canonicalise, extract_papers, load_pipeline  # noqa: E402
from kg.extract.lexicon import load_lexicon  # noqa: E402
from kg.extract.vocabulary import MIN_CONTEXT_PAPERS, MIN_PAPERS, learn_vocabulary  # noqa: E402


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon(LEXICON)


def learn(lexicon, *abstracts, titles=None):
    titles = titles or [None] * len(abstracts)
    return learn_vocabulary(((f"p{i}", t, a) for i, (t, a) in enumerate(zip(titles, abstracts))), lexicon)


def accepted(vocabulary) -> dict[str, list[str]]:
    return {vocabulary.labels(t)[0]: vocabulary.labels(t) for t in vocabulary.accepted}


def kinds(vocabulary, name) -> set[str]:
    term = next(t for t in vocabulary.terms.values() if t.label == name)
    return {k for k, papers in term.kinds.items() if papers}


# --- the families of evidence ------------------------------------------------------------------

def test_an_acronym_definition_with_a_method_head_teaches_both_forms(lexicon):
    v = learn(lexicon, "We introduce Gated Span Attention (GSA), which prunes spans early.")
    assert accepted(v) == {"Gated Span Attention": ["Gated Span Attention", "GSA"]}
    assert kinds(v, "Gated Span Attention") == {"acronym"}


def test_an_acronym_defined_for_a_learned_representation_is_a_name(lexicon):
    v = learn(lexicon, "We present Layered Gloss Vectors (LGV), a sparse representation of senses.",
              "Each token gets two feature vectors from the encoder, and we use feature vectors again.")
    assert accepted(v) == {"Layered Gloss Vectors": ["Layered Gloss Vectors", "LGV"]}


def test_an_acronym_defined_for_two_names_is_kept_by_neither(lexicon):
    v = learn(lexicon, "We train Gated Span Attention (GSA) models.", "We use Global Skip Attention (GSA) again.")
    assert all("GSA" not in labels for labels in accepted(v).values())


def test_a_name_before_a_kind_noun_is_taken_whole(lexicon):
    v = learn(lexicon, "Our results favour a lattice dropout technique over plain training.",
              "The team adds a cyclic prefix hallucination mechanism to each system.")
    assert {"lattice dropout", "cyclic prefix hallucination"} <= set(accepted(v))


def test_a_proposed_name_with_a_technique_head(lexicon):
    v = learn(lexicon, "We propose bilateral gate attention for long documents.")
    assert "bilateral gate attention" in accepted(v)
    assert kinds(v, "bilateral gate attention") == {"proposal"}


def test_one_hyphenated_word_with_a_technique_head_is_a_name(lexicon):
    v = learn(lexicon, "Our reader adds a twin-attention mechanism to each layer.",
              "We propose quad-pooling for long documents.",
              "We use a zig-attention LSTM and a new-attention layer.")
    assert {"twin-attention", "quad-pooling"} <= set(accepted(v))
    assert kinds(v, "quad-pooling") == {"proposal"}
    # a compound before a name qualifies it; a plain word is no part of a name
    assert not {"zig-attention", "new-attention"} & {t.label for t in v.terms.values()}
    # the catalogue's hyphenated method with modifiers is that method, described
    v = learn(lexicon, "We propose a tri-modal self-attention for video.")
    assert "tri-modal self-attention" not in {t.label for t in v.terms.values()}


def test_a_name_may_begin_with_an_x_based_compound_where_a_paper_proposes_it(lexicon):
    v = learn(lexicon, "We propose a ridge-guided span attention model for parsing.",
              "The reader uses a graph-based pruning mechanism.",
              "We propose a stack-based variational autoencoder for parsing.")
    assert "ridge-guided span attention" in accepted(v)
    assert "proposal" in kinds(v, "ridge-guided span attention")
    assert "graph-based pruning" not in accepted(v)  # a kind described, not defined
    # the catalogue's method with modifiers is that method, described
    assert "stack-based variational autoencoder" not in {t.label for t in v.terms.values()}


def test_a_coined_name(lexicon):
    v = learn(lexicon, "It adds a shared buffer layer, which we refer to as memory funnel, to each encoder.",
              "It adds new variables, called deep hidden factors, to the model.")
    assert "memory funnel" in accepted(v)
    assert "deep hidden factors" not in accepted(v)  # what is called is no method's kind


# --- noun-phrase boundaries --------------------------------------------------------------------

@pytest.mark.parametrize("sentence, name", [
    ("Finally we apply mixed effects modeling to the ratings.", "mixed effects modeling"),
    ("The results of selective span decoding show large gains.", "selective span decoding"),
    ("We propose a novel sparse ladder normalization for deep encoders.", "sparse ladder normalization"),
    ("It is computationally intensive tree sampling that we avoid.", "tree sampling"),
    ("We discuss cluster pruning techniques in detail.", "cluster pruning"),
])
def test_phrase_boundaries_stop_at_verbs_determiners_prepositions_and_adverbs(lexicon, sentence, name):
    v = learn(lexicon, *[sentence] * MIN_PAPERS)
    assert name in {t.label for t in v.terms.values()}


def test_names_of_plain_words_tasks_and_known_methods_are_never_candidates(lexicon):
    v = learn(lexicon, "We propose a novel effective approach.",
              "We use aspect-level sentiment analysis (ALSA) on reviews.",
              "We propose a novel principal component analysis technique.")
    assert accepted(v) == {}


# --- the counted criterion ---------------------------------------------------------------------

def test_a_name_no_paper_defines_needs_enough_papers_that_use_it(lexicon):
    used = "We use coarse span attention for the encoder."
    named = "On short inputs, coarse span attention is slow."
    few = learn(lexicon, *[used] * (MIN_CONTEXT_PAPERS - 1), *[named] * (MIN_PAPERS - MIN_CONTEXT_PAPERS + 1))
    assert "coarse span attention" not in accepted(few)
    enough = learn(lexicon, *[used] * MIN_CONTEXT_PAPERS, *[named] * (MIN_PAPERS - MIN_CONTEXT_PAPERS))
    assert "coarse span attention" in accepted(enough)
    term = next(t for t in enough.terms.values() if t.label == "coarse span attention")
    assert len(term.papers) == MIN_PAPERS and term.context_papers == MIN_CONTEXT_PAPERS
    assert kinds(enough, "coarse span attention") == {"head_phrase"}


# --- the second pass -----------------------------------------------------------------------------

def test_a_method_one_paper_defines_is_found_in_every_paper_that_names_it(lexicon, tmp_path):
    papers = [paper("a", "We introduce Gated Span Attention (GSA), which prunes spans early."),
              paper("b", "GSA is compared with beam pruning on three treebanks."),
              paper("c", "Unlike gated span attention, our parser keeps every span.")]
    v = learn_vocabulary(((p.key, p.title, p.abstract) for p in papers), lexicon)
    nlp = load_pipeline([*LEXICON, v.write_turtle(tmp_path / "vocabulary.ttl")])
    extractions = list(extract_papers(papers, nlp))
    canonicalise(extractions)
    found = {ex.paper_key: {m.method.key for m in ex.methods} for ex in extractions}
    assert found["a"] == found["b"] == found["c"] and len(found["a"]) == 1
    labels = next(m.method.labels for m in extractions[2].methods)
    assert {"GSA", "Gated Span Attention"} <= {x for x in labels} | {"GSA"} and "gated span attention" in {
        x.lower() for x in labels}


def test_a_taught_name_yields_to_what_the_text_itself_names(lexicon, tmp_path):
    v = learn(lexicon, "We use a span dropout technique.")
    nlp = load_pipeline([*LEXICON, v.write_turtle(tmp_path / "vocabulary.ttl")])
    ms = methods_of(nlp("We propose Span DropoutNet (SDN), a span dropout technique for parsers."))
    assert "SDN" in ms and ms["SDN"]["role"] == "proposes"


def taught(tmp_path, *labels) -> Path:
    """A vocabulary file with one learned concept per label, as a build writes it."""
    path = tmp_path / "taught.ttl"
    path.write_text("@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n"
                    "@prefix kg: <https://w3id.org/research-kg/ontology#> .\n"
                    + "".join(f'<https://w3id.org/research-kg/method/t{i}> a skos:Concept ; kg:learned true ; '
                              f'skos:prefLabel "{label}" .\n' for i, label in enumerate(labels)), encoding="utf-8")
    return path


def test_a_taught_name_yields_to_the_catalogues_specific_names_but_not_to_its_broad_ones(tmp_path):
    nlp = load_pipeline([*LEXICON, taught(tmp_path, "long short-term memory recurrent neural network",
                                          "stacked machine learning")])
    ms = methods_of(nlp("We use a long short-term memory recurrent neural network as decoder."))
    assert {"LSTM", "RNN"} <= set(ms) and "long short-term memory recurrent neural network" not in ms
    ms = methods_of(nlp("We use stacked machine learning as a baseline."))
    assert "stacked machine learning" in ms


def test_a_paper_proposes_the_name_it_coins(lexicon, tmp_path):
    papers = [paper("a", "It adds a shared buffer layer, which we refer to as memory funnel, to each encoder. "
                         "The memory funnel halves the cost. Our approach builds on LSTM."),
              paper("b", "We compare our parser with the memory funnel of earlier work.")]
    v = learn_vocabulary(((p.key, p.title, p.abstract) for p in papers), lexicon)
    nlp = load_pipeline([*LEXICON, v.write_turtle(tmp_path / "vocabulary.ttl")])
    roles, lineage = {}, {}
    for ex in extract_papers(papers, nlp, taught=v.proposals_of(p.key for p in papers)):
        canonicalise([ex])
        roles[ex.paper_key] = {m.method.label: (m.role, m.evidence.rule) for m in ex.methods}
        lineage[ex.paper_key] = {(ln.method.label, ln.base.label) for ln in ex.lineage}
    assert roles["a"]["memory funnel"][0] == "proposes"
    assert roles["b"]["memory funnel"][0] != "proposes"
    # a proposal before its lineage is decided: what builds on LSTM is the coined name, not an unnamed method
    assert lineage["a"] == {("memory funnel", "LSTM")}


def test_the_cues_are_data(lexicon):
    from kg.extract.vocabulary import CUES_FILE, cues

    data = json.loads(CUES_FILE.read_text(encoding="utf-8"))
    assert "attention" in data["technique_heads"] and "attention" in cues().technique_heads


# --- a build ---------------------------------------------------------------------------------------

def test_a_build_learns_the_vocabulary_and_explain_shows_where(tmp_path):
    from kg.build import build
    from kg.query.explain import explain
    from kg.rdf.store import open_store

    records = [{"title": "Attending to spans", "abstract": "We introduce Tiered Span Attention (TiSA), which prunes spans early."},
               {"title": "Pruning parsers", "abstract": "TiSA is compared with beam pruning on three treebanks."}]
    source = tmp_path / "papers.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    build([source], tmp_path / "out", views=False, workers=1)
    assert "Tiered Span Attention" in (tmp_path / "out" / "vocabulary.ttl").read_text(encoding="utf-8")
    with open_store(tmp_path / "out") as store:
        rows = explain(store, "TiSA")
        mentions = store.select("SELECT ?t WHERE { ?p kg:mentions ?m ; dcterms:title ?t . ?m skos:prefLabel 'TiSA' }")
    assert {r["t"] for r in mentions} == {"Attending to spans", "Pruning parsers"}
    taught = [r for r in rows if r["link"] == "taught"]
    assert [(r["subject"], r["rule"]) for r in taught] == [("Attending to spans", "vocabulary:acronym")]
    assert taught[0]["sentence"].startswith("We introduce Tiered Span Attention")


def test_an_increment_finds_the_names_its_first_build_learned(tmp_path):
    from kg.build import build
    from kg.rdf.store import open_store

    first, later = tmp_path / "first.jsonl", tmp_path / "later.jsonl"
    first.write_text(json.dumps({"title": "Attending to spans", "abstract":
                                 "We introduce Tiered Span Attention (TiSA), which prunes spans early."}) + "\n",
                     encoding="utf-8")
    later.write_text(json.dumps({"title": "Pruning parsers", "abstract":
                                 "TiSA is compared with beam pruning on three treebanks."}) + "\n", encoding="utf-8")
    build([first], tmp_path / "out", views=False, workers=1)
    build([first, later], store=tmp_path / "out", views=False, workers=1)
    with open_store(tmp_path / "out") as store:
        mentions = store.select("SELECT ?t WHERE { ?p kg:mentions ?m ; dcterms:title ?t . ?m skos:prefLabel 'TiSA' }")
    assert {r["t"] for r in mentions} == {"Attending to spans", "Pruning parsers"}


# --- parts of a corpus, and an increment's evidence ----------------------------------------------

def test_every_head_is_one_lowercase_word():
    """The grammar finds heads as whole lowercase words (``_LOWER_TOKEN``): a cue of two words or
    with capitals would never be found."""
    from kg.extract.vocabulary import _LOWER_TOKEN, cues

    c = cues()
    assert [w for w in c.technique_heads | c.kind_nouns if not _LOWER_TOKEN.fullmatch(w)] == []


@pytest.fixture(scope="module")
def seed_texts():
    from kg.ingest import iter_documents
    from tests.conftest import SEEDS

    return [(f"p{i}", r.title, r.abstract) for i, r in
            enumerate(r for d in iter_documents([SEEDS]) for r in getattr(d, "records", ()))]


@pytest.mark.parametrize("part", [1, 5, 17])
def test_the_vocabularies_of_parts_merged_in_order_are_the_whole_corpus(lexicon, seed_texts, monkeypatch, part):
    monkeypatch.setattr("kg.extract.vocabulary.EVIDENCE_KEPT", 2)  # so that parts compete for the evidence kept
    whole = learn_vocabulary(seed_texts, lexicon)
    merged = learn_vocabulary(seed_texts[:part], lexicon)
    for start in range(part, len(seed_texts), part):
        merged.merge(learn_vocabulary(seed_texts[start:start + part], lexicon))
    assert len(whole.accepted) > 10 and any(len(t.evidence) == 2 for t in whole.accepted)
    assert merged.state() == whole.state()
    assert merged.names() == whole.names()


def test_a_vocabulary_read_back_from_its_state_is_the_same(lexicon, seed_texts):
    from kg.extract.vocabulary import Vocabulary

    v = learn_vocabulary(seed_texts, lexicon)
    back = Vocabulary.from_state(json.loads(json.dumps(v.state())), v.taken)
    assert back.state() == v.state() and back.names() == v.names() and back.proposed == v.proposed


def test_a_training_oracle_is_a_technique(lexicon):
    # a transition parser learns from an oracle: "dynamic oracle", "static oracle", "global oracle"
    v = learn(lexicon, "We propose a lookahead oracle for training arc-eager parsers.")
    assert "lookahead oracle" in accepted(v)


def test_a_proposal_may_qualify_its_name_with_an_adverb_and_adjective(lexicon):
    v = learn(lexicon, "We introduce a provably sound lattice dropout for the new parser.",
              "We present an algorithm for span hallucination attention.")
    assert kinds(v, "lattice dropout") == {"proposal"}
    assert "span hallucination attention" not in accepted(v)


def test_a_proposed_noun_phrase_is_taken_whole(lexicon):
    v = learn(lexicon, "We propose a novel smoothing of spans, together with a new locally scored model.",
              "We introduce a gated relay network for tagging.",
              titles=["A Span-ordered Smoothing for Parse Trees", None])
    assert kinds(v, "locally scored model") == {"proposal"}  # an adverb before a participle is the name's
    assert kinds(v, "gated relay network") == {"proposal"}
    assert kinds(v, "Span-ordered Smoothing") == {"proposal"}  # one word proposed: the title's phrase of it


@pytest.mark.parametrize("sentence", [
    "We propose a neural model for tagging.",  # a kind, not a name
    "We propose a provably correct model for tagging.",  # an adverb before an adjective qualifies
    "We present a morpheme segmentation method for Finnish.",  # a method for a process
    "We present a relay learning based model for tagging.",  # a kind described by what it is based on
    "We introduce a hierarchical kernel regression model.",  # the catalogue's method, configured
    "We propose a two-stage neural model to tackle tagging.",  # a kind and its general design attribute
    "We present a hybrid neural framework for tagging.",
])
def test_a_proposed_kind_of_method_is_no_name(lexicon, sentence):
    assert not any("proposal" in t.kinds for t in learn(lexicon, sentence).terms.values())


def test_a_new_name_proposed_beside_another_is_no_base_of_it(lexicon, tmp_path):
    texts = [paper("a", "We propose a novel smoothing of spans, together with a new locally scored model.",
                   title="A Span-ordered Smoothing for Parse Trees")]
    v = learn_vocabulary(((p.key, p.title, p.abstract) for p in texts), lexicon)
    nlp = load_pipeline([*LEXICON, v.write_turtle(tmp_path / "vocabulary.ttl")])
    ex = next(extract_papers(texts, nlp, taught=v.proposals_of(["a"])))
    canonicalise([ex])
    assert {m.method.label for m in ex.methods if m.role == "proposes"} >= {"locally scored model"}
    assert not [ln for ln in ex.lineage if ln.base.label == "locally scored model"]


def test_the_titles_phrase_restated_where_the_abstract_presents_its_own_is_proposed(lexicon):
    v = learn(lexicon, "We propose a translation model with a pivot relay attention mechanism. The pivot relay "
                       "attention mechanism splits each vector.",
              "Our tagger reads whole lines. Results improve with lattice smoothing.",
              "We study parsers. Tree smoothing is what they share.",
              titles=["Pivot Relay Attention Mechanism for Machine Translation",
                      "Line Tagging with Lattice Smoothing",
                      "Parser Analysis for Tree Smoothing"])
    assert kinds(v, "pivot relay attention") >= {"proposal"}  # the kind noun left out
    assert "proposal" not in kinds(v, "lattice smoothing")  # restated, but not where the paper presents its own
    assert not any("proposal" in t.kinds for t in v.terms.values() if t.label.lower() == "tree smoothing")  # a purpose


@pytest.mark.parametrize("title, conjuncts, parts", [
    ("Selective Decoding for Neural Machine Translation", "none", ("Selective Decoding",)),
    ("Span-based Linearization: a Plug-in Estimator for Tagging", "none", ("Span-based Linearization",)),
    ("Tagging with a Stack-Free Transition System and a Lattice Oracle", "none", ("Stack-Free Transition System",)),
    ("Tagging with a Stack-Free Transition System and a Lattice Oracle", "means",
     ("Stack-Free Transition System", "Lattice Oracle")),
    ("Joint Modeling of Cats and Dogs", "none", ("Joint Modeling of Cats",)),  # "of" ends no phrase
    ("Using Word Lattices for Tagging", "means", ()),  # what the title opens with it uses
    ("Fast and Sparse Lattice Smoothing for Tagging", "means", ("Fast",)),
    ("Fast and Sparse Lattice Smoothing for Tagging and Lattice Parsing", "all",
     ("Fast", "Sparse Lattice Smoothing", "Lattice Parsing")),
])
def test_a_titles_parts_are_its_head_and_its_means(title, conjuncts, parts):
    from kg.extract.vocabulary import title_parts

    assert title_parts(title, conjuncts) == parts


def test_a_titles_phrase_that_configures_a_catalogued_method_is_no_new_name(lexicon):
    v = learn(lexicon, "We present our LSTM Encoder and show the LSTM encoder helps.",
              titles=["LSTM Encoder for Tagging"])
    assert not any("proposal" in t.kinds for t in v.terms.values())


def test_a_vocabularys_state_is_written_in_one_order_whatever_order_its_evidence_came_in(lexicon):
    # a paper's contexts are noted from a set, whose order differs between runs: vocabulary.sqlite
    # must not (a build's outputs are reproducible byte for byte)
    from collections import defaultdict

    from kg.extract.vocabulary import Vocabulary

    v = learn(lexicon, "We propose gated sigmoid attention. We use gated sigmoid attention in a parser.",
              "In our tests, gated sigmoid attention outperforms softmax attention.")
    reordered = Vocabulary.from_state(json.loads(json.dumps(v.state())), v.taken)
    for term in reordered.terms.values():
        term.kinds = defaultdict(set, reversed(term.kinds.items()))
        term.contexts = defaultdict(set, reversed(term.contexts.items()))
    term = v.terms["gatedsigmoidattention"]
    assert len(term.kinds) == 2 and len(term.contexts) == 2
    assert json.dumps(reordered.state()) == json.dumps(v.state())


def test_the_coinage_scan_passes_over_only_texts_it_would_find_nothing_in(monkeypatch):
    from kg.extract import vocabulary
    from kg.extract.vocabulary import _coined, cues

    texts = ["We present a technique Called span attention mixing.", "which we refer to as attention bridge.",
             "We call it latent span routing, a method.", "a technique co\u0131ned span attention mixing here",
             "a technique DUBBED span attention mixing here", "We train a span model on two corpora."]
    found = [list(_coined(t, cues(), t.lower())) for t in texts]
    monkeypatch.setattr(vocabulary, "_COINED_WORDS", ("",))  # every text scanned
    assert found == [list(_coined(t, cues(), t.lower())) for t in texts]
    assert all(found[:5]) and not found[5]


@pytest.mark.parametrize("title,proposed", [
    ("SpanNet: Regularized Attention Networks for Aspect Tagging", {"spannet"}),
    # no name of the text's own: the phrase is the paper's; nor where the title gives the phrase
    ("Regularized Attention Networks for Aspect Tagging", {"orthogonal span regularization"}),
    ("SpanNet: Orthogonal Span Regularization for Aspect Tagging", {"spannet", "orthogonal span regularization"}),
])
def test_a_taught_phrase_yields_to_the_texts_own_name(lexicon, tmp_path, title, proposed):
    texts = [paper("a", "Specifically, we introduce orthogonal span regularization on multiple aspects. Tagging "
                        "improves on two corpora.", title=title)]
    v = learn_vocabulary(((p.key, p.title, p.abstract) for p in texts), lexicon)
    nlp = load_pipeline([*LEXICON, v.write_turtle(tmp_path / "vocabulary.ttl")])
    ex = next(extract_papers(texts, nlp, taught=v.proposals_of(["a"])))
    canonicalise([ex])
    assert {m.method.label.lower() for m in ex.methods if m.role == "proposes"} == proposed
