"""Lineage between methods (component ``kg_lineage``)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from extract_support import LEXICON, paper, pipeline  # noqa: E402
from kg.extract import extract_papers, load_pipeline  # noqa: E402
from kg.extract.lineage import OWN, _names_thing  # noqa: E402
from kg.extract.methods import Cand, MethodGroup  # noqa: E402


@pytest.fixture(scope="module")
def nlp():
    return pipeline()


def links(doc):
    ms = doc._.kg_methods
    return {(ms[d]["label"], ms[b]["label"], rule) for d, b, s, e, rule, c in doc._.kg_lineage}


def pairs(doc):
    return {(d, b) for d, b, _ in links(doc)}


@pytest.mark.parametrize("sentence,pair,rule", [
    ("We show that RankFlow, our new ranking method that improves upon LambdaMART with a margin, helps.",
     ("RankFlow", "LambdaMART"), "lineage:improves_upon"),
    ("We introduce StreamGP, an extension of the Gaussian process to streaming data.",
     ("StreamGP", "Gaussian process"), "lineage:extension_of"),
    ("We present HoloNet, a novel framework based on optimal transport.",
     ("HoloNet", "optimal transport"), "lineage:based_on"),
    ("We propose SpecMix, which builds on spectral clustering.",
     ("SpecMix", "spectral clustering"), "lineage:based_on"),
    ("We propose CausalLens. Its key idea is a prior inspired by variational autoencoders.",
     ("CausalLens", "VAE"), "lineage:inspired_by"),
    ("We propose GraphQuilt, a new GNN architecture for molecules.",
     ("GraphQuilt", "GNN"), "lineage:appositive_type"),
    ("We introduce TinyTune, the first framework to enable LoRA training on phones.",
     ("TinyTune", "LoRA"), "lineage:enables"),
    ("We propose ZedGate, a mechanism which allows an LSTM to focus on sentiment words.",
     ("ZedGate", "LSTM"), "lineage:enables"),
    ("We propose MeshFlow, a framework that integrates flow matching with optimal transport.",
     ("MeshFlow", "flow matching"), "lineage:integrates"),
    ("We propose TagBlend, a tagger that blends a CRF with an LSTM.", ("TagBlend", "LSTM"), "lineage:integrates"),
    ("We propose SelectX, a data selection criterion modified from spectral clustering.",
     ("SelectX", "spectral clustering"), "lineage:modified_from"),
    ("Our main contribution is a parser, TreeZip, adapted from the Transformer.",
     ("TreeZip", "Transformer"), "lineage:modified_from"),
])
def test_cues(nlp, sentence, pair, rule):
    got = links(nlp(sentence))
    assert (pair[0], pair[1], rule) in got, got


def test_coordinated_bases(nlp):
    got = pairs(nlp("We propose MeshFlow, a framework that integrates flow matching with optimal transport."))
    assert {("MeshFlow", "flow matching"), ("MeshFlow", "optimal transport")} <= got


@pytest.mark.parametrize("sentence,pair", [
    # the first thing combined is no method the text names: the method it is combined with is a base still
    ("We propose TagWeave, a tagger that combines hand-written morphology rules with a CRF.", ("TagWeave", "CRF")),
    ("We present GlossNet, which integrates dictionary definitions and word2vec.", ("GlossNet", "word2vec")),
    ("This paper presents a new model that fuses acoustic cues (AC) with the popular family of LSTM networks. "
     "The new model is called BeatNet.", ("BeatNet", "LSTM")),
    # what is integrated are the results (outputs, predictions) of the things it names
    ("We propose ZedChat, a chatbot engine that integrates the joint results of keyword based document retrieval "
     "(KDR) and LSTM based generation models.", ("ZedChat", "LSTM")),
])
def test_a_method_combined_with_something_else_is_a_base(nlp, sentence, pair):
    assert pair in pairs(nlp(sentence))


def test_a_combination_joined_past_another_preposition_is_no_base(nlp):
    # "for" stands between the cue and the method: what the method serves, no thing combined with it
    assert pairs(nlp("We propose TagWeave, which combines rules for languages with rich morphology for a CRF.")) == set()
    assert pairs(nlp("We propose TagWeave, which combines many signals to help a CRF.")) == set()
    # what follows "of" is a base only after a kind; a thing combined far before the method is none
    assert pairs(nlp("We propose TagWeave, a tagger that combines high speed with the accuracy of BERT.")) == set()
    assert pairs(nlp("We propose TagWeave, a tagger that combines extraordinarily comprehensive hand-written "
                     "morphological generalisations with a CRF.")) == set()


def test_unlike_and_outperforms_are_not_lineage(nlp):
    doc = nlp("We propose PathSketch. Unlike LoRA, PathSketch needs no rank, and it outperforms PCA.")
    assert pairs(doc) == set()
    # improving on a baseline is outperforming it
    assert pairs(nlp("We propose PathSketch. PathSketch improves on a strong LoRA baseline by 8 points.")) == set()
    assert pairs(nlp("We propose PathSketch. PathSketch improves on LoRA by sharing its factors.")) == {("PathSketch", "LoRA")}


def test_passive_extension_is_not_reversed(nlp):
    doc = nlp("We propose KernelFold. Many Gaussian process models can be extended using KernelFold.")
    assert ("Gaussian process", "KernelFold") not in pairs(doc)


def test_variant_names_extend_their_base(nlp):
    doc = nlp("We introduce Ribbon, a sequence model. Two variants, Ribbon-S and Ribbon-XL, trade speed for size.")
    assert {("Ribbon-S", "Ribbon"), ("Ribbon-XL", "Ribbon")} <= pairs(doc)


def test_hyphen_compound(nlp):
    doc = nlp("We propose Graph-LoRA, which adapts large graph models. Compared with LoRA, it is smaller.")
    assert ("Graph-LoRA", "LoRA") in pairs(doc)


def test_a_proposed_name_extends_the_catalogued_method_it_ends_with(nlp):
    # the base is named only inside the name: the paper proposes the name, whose head is a catalogued method
    doc = nlp("To read noisy reviews, we propose a new model called Sentinel BERT that reads each review twice.")
    assert ("Sentinel BERT", "BERT") in pairs(doc)
    ex = next(extract_papers([paper("a", "We introduce a novel rhyme-aware variational autoencoder for lyrics. "
                                         "It samples rhymes first.", "Rhyme-aware Variational Autoencoder for Lyrics")],
                             nlp))
    assert ("Rhyme-aware Variational Autoencoder", "VAE") in {(ln.method.label, ln.base.label) for ln in ex.lineage}
    # a hyphenated name: its last part is the catalogued method
    assert ("QX-LSTM", "LSTM") in pairs(nlp("We propose QX-LSTM, a tagger for noisy queries."))


def test_a_name_ending_with_a_method_extends_it_only_where_proposed_and_not_generic(nlp):
    # a broad concept is never the base of a name; a name the paper does not propose says nothing of its lineage
    assert not pairs(nlp("To read noisy reviews, we propose a new model called Sentinel Neural Network."))
    # words that only describe the method ("attention-based", "deep") make no name of its line
    assert not pairs(nlp("We introduce an attention-based LSTM for review rating."))
    assert not pairs(nlp("Earlier systems used Sentinel BERT for reviews, but we study how readers rate them."))
    # nor do general design attributes ("two-stage", "multi-task", "hybrid")
    for described in ("two-stage BERT", "multi-task BERT", "hybrid LSTM"):
        assert not pairs(nlp(f"We propose a {described} for review rating.")), described
    assert ("Sentinel BERT", "BERT") in pairs(nlp("To read noisy reviews, we propose a new model called Sentinel BERT."))


def test_a_name_extends_the_longest_base_it_holds(nlp):
    # "Spectral Wasserstein GAN" holds "Wasserstein GAN", which holds "GAN": its base is the longer name
    got = pairs(nlp("We propose Spectral Wasserstein GAN, which stabilises training. Unlike a plain GAN, a "
                    "Wasserstein GAN uses a critic."))
    assert ("Spectral Wasserstein GAN", "Wasserstein GAN") in got and ("Spectral Wasserstein GAN", "GAN") not in got, got


def test_a_base_holds_another_by_whole_words():
    from kg.extract.lineage import _holds_words

    assert _holds_words("Hierarchical Recurrent Encoder-Decoder", "encoder-decoder")
    assert not _holds_words("ELMo", "LM") and not _holds_words("BERT", "bert")


def test_a_long_form_apart_from_its_acronym_gives_the_proposal_its_lineage(nlp):
    # the long form and the acronym the paper proposes are written apart (no parenthesis): one method
    got = pairs(nlp("We introduce a novel Typed Relational Graph Convolutional Network, called TRGCNet, for "
                    "reasoning. Unlike a plain graph convolutional network, it types each edge."))
    assert ("TRGCNet", "GCN") in got, got


def test_a_name_glued_to_a_name_the_text_gives_apart(nlp):
    # the case shows where the name joins the catalogued one, and the text names that one on its own
    assert ("ParaBERT", "BERT") in pairs(nlp("We propose ParaBERT, which teaches BERT to rank paraphrases."))
    # one or two capitals before it are what the name adds ("TG" for temporal graphs); a longer run of capitals
    # is an acronym of its own that ends with the name's letters by chance
    assert ("TGLoRA", "LoRA") in pairs(nlp("We propose TGLoRA, which adapts LoRA to temporal graphs."))
    # an acronym that merely ends with one is no name built on it; nor is a glued name whose base the text never gives
    assert not pairs(nlp("We propose GRASPGP, which we compare with a GP on ranking."))
    assert not pairs(nlp("We propose ParaBERT, an encoder for paraphrase ranking."))


def test_an_events_year_is_no_extension(nlp):
    # "KinEval-2017" is that year's KinEval, no method built on KinEval; a version number stays of its line
    ex = next(extract_papers([paper("a", "This paper presents the KinEval 2017 shared task on Dimensional Tagging "
                                         "for Chinese Phrases (DTCP). Of the 19 teams registered for KinEval, 13 "
                                         "submitted results.", "KinEval-2017 Task 2: Dimensional Tagging for Chinese Phrases")],
                             nlp))
    # (an event named with its year is no method at all, so nothing can extend it)
    assert not {"KinEval-2017", "KinEval"} & {m.method.label for m in ex.methods}
    assert not ex.lineage
    assert ("KinNet-2", "KinNet") in pairs(nlp("Our KinNet-2 model improves tagging. KinNet is a tagger."))


def test_a_resource_or_task_built_on_a_method_is_no_extension(nlp):
    # what is "based on" X is the task (a resource, a toolkit), not the paper's method
    # (a theory is no method at all: "Discourse Representation Theory (DRT)" is no base either way)
    assert not pairs(nlp("We introduce a novel semantic parsing task based on Discourse Representation Networks (DRN)."))
    assert not pairs(nlp("We propose HotelRank, and release a hotel review corpus, which is built on TripNet. "
                         "TripNet is strong."))
    assert (OWN, "DRN") in {(d if d == OWN else doc._.kg_methods[d]["label"], doc._.kg_methods[b]["label"])
                            for doc in [nlp("We introduce a novel semantic parser based on Discourse Representation "
                                            "Networks (DRN).")] for d, b, *_ in doc._.kg_lineage}
    assert ("HotelRank", "TripNet") in pairs(nlp("We propose HotelRank, a hotel review ranker based on TripNet. "
                                                 "TripNet is strong."))
    # the noun of a preposition is no subject: the model is based on the RNN
    doc = nlp("We further propose a model for this task, which is based on a segmental recurrent neural network.")
    assert [(d, doc._.kg_methods[b]["label"]) for d, b, *_ in doc._.kg_lineage] == [(OWN, "RNN")]


def test_a_long_form_without_a_method_does_not_extend_it(nlp):
    assert not pairs(nlp("We introduce fast tagging without beam search (FTBS). Beam search is slow."))
    assert ("SPKD", "knowledge distillation") in pairs(nlp("We introduce sparse pruning with knowledge distillation "
                                                           "(SPKD). Knowledge distillation is costly."))


def test_compound_long_form(nlp):
    doc = nlp("We study spectral clustering. Then we derive fair spectral clustering (FSC) under constraints.")
    assert ("FSC", "spectral clustering") in pairs(doc)


def test_its_extension(nlp):
    doc = nlp("Principal component analysis and its nonlinear extension kernel PCA are widely used.")
    assert ("KPCA", "PCA") in pairs(doc)


def test_our_work_extends(nlp):
    doc = nlp("We introduce a new tool, Local Margin Complexity (LMC), for analysis. "
              "Our work extends the idea of Rademacher Complexity Estimation (RCE) to graphs.")
    assert ("LMC", "RCE") in pairs(doc)


def test_lineage_only_between_methods(nlp):
    doc = nlp("We propose TextDiet, based on the observation that text is redundant.")
    assert doc._.kg_lineage == []


def test_modifies_is_lineage_of_the_own_method(nlp):
    doc = nlp("We then propose RankFix, a new ranking algorithm that modifies the standard EM algorithm by "
              "reweighting samples.")
    assert ("RankFix", "EM algorithm") in pairs(doc)


def test_modifies_needs_the_own_method(nlp):
    # LoRA is no method of this paper: "modifies" says nothing about lineage here
    doc = nlp("We propose PathSketch for sketching. LoRA modifies the self-attention weights of a Transformer.")
    assert ("LoRA", "self-attention") not in pairs(doc)


@pytest.mark.parametrize("sentence,pair", [
    ("We propose DropMix, a regularizer. Therefore, inspired by dropout, DropMix masks whole layers.",
     ("DropMix", "dropout")),
    ("We propose DropMix, a regularizer. Inspired by dropout, our method masks whole layers.",
     ("DropMix", "dropout")),
])
def test_fronted_inspired_by(nlp, sentence, pair):
    assert pair in pairs(nlp(sentence))


def test_fronted_cue_of_two_joined_proposals(nlp):
    # an appositive of two coined names is two proposals, and the fronted cue is the lineage of each
    doc = nlp("Building upon variational autoencoders, we present two novel models, ZedVAE and ZedVST.")
    assert [m["label"] for m in doc._.kg_methods if m["role"] == "proposes"] == ["ZedVAE", "ZedVST"]
    assert {("ZedVAE", "VAE"), ("ZedVST", "VAE")} <= pairs(doc)


def test_fronted_inspired_by_needs_the_own_method_as_subject(nlp):
    doc = nlp("We propose DropMix, a regularizer. Inspired by dropout, many works mask whole layers.")
    assert ("DropMix", "dropout") not in pairs(doc)


def test_unnamed_proposal_named_later(nlp):
    # the proposal is described first and named afterwards with words that point back to it
    doc = nlp("We study calibrated regression on graphs. We propose a novel distribution-free approach based on "
              "the conformal prediction framework and kernel regression. Our approach, named GraphCal, needs "
              "no labels.")
    assert {("GraphCal", "conformal prediction"), ("GraphCal", "kernel regression")} <= pairs(doc)


def test_unnamed_new_kind_of_method(nlp):
    doc = nlp("We fill this gap by introducing a novel conformal prediction method for graphs. Our approach, "
              "named GraphCal, needs no labels.")
    assert ("GraphCal", "conformal prediction") in pairs(doc)


def test_unnamed_proposal_is_not_a_separately_named_method(nlp):
    # the named proposal (formalised on its own) is not the unnamed paradigm "based on" CCA
    doc = nlp("First, we introduce a new learning paradigm based on CCA for paired views. "
              "Second, we formalize the asymmetric Nyström method for faster training.")
    assert not any(b == "CCA" for _, b in pairs(doc))


def test_broad_concept_built_on_as_a_concept(nlp):
    # a broad concept counts where the text builds on it, also as "the X concept/framework"
    doc = nlp("We propose StepGraph, which extends the gradient descent concept to graphs.")
    assert ("StepGraph", "gradient descent") in pairs(doc)


def test_recipe_steps_are_not_lineage_subjects(nlp):
    doc = nlp("The idea is to first treat each layer as a GAN discriminator for the signal and then integrate "
              "dropout into the network.")
    assert ("GAN", "dropout") not in pairs(doc)


@pytest.mark.parametrize("sentence,pair", [
    ("We propose a new GNN architecture called GraphQuilt for molecules.", ("GraphQuilt", "GNN")),
    ("We introduce a novel diffusion model, namely DiffTone, for audio.", ("DiffTone", "diffusion model")),
    # words that say what kind of a Y it is, before the kind's noun; a long form and its acronym
    ("We present a novel LSTM language model ZetaLM for tagging.", ("ZetaLM", "LSTM")),
    ("We propose a new Transformer (TF) pre-training method FooPre for tagging.", ("FooPre", "Transformer")),
])
def test_new_kind_called(nlp, sentence, pair):
    assert pair in pairs(nlp(sentence))


def test_new_kind_called_needs_a_catalogued_kind(nlp):
    # the long form of the name itself is no kind of it
    doc = nlp("We propose a novel Graph Ranking Enhanced Tree model, called GRET-X, for parsing.")
    assert not any(d == "GRET-X" for d, _ in pairs(doc))


@pytest.mark.parametrize("text,pair", [
    ("We propose TreeAlign for graphs. Our method uses optimal transport on trees.", ("TreeAlign", "optimal transport")),
    ("We propose TreeAlign for graphs. TreeAlign, which also employs dropout, is small.", ("TreeAlign", "dropout")),
    # the name's last mention closes the bracket of its long form
    ("We propose Zed Sentence Tagger (ZST) that uses a CRF to label words.", ("ZST", "CRF")),
])
def test_own_method_uses(nlp, text, pair):
    assert pair in pairs(nlp(text))


@pytest.mark.parametrize("text", [
    "We propose TreeAlign for graphs. Prior work uses optimal transport on trees.",
    "We propose TreeAlign for graphs. We use LoRA to tune it, and TreeAlign uses the outputs.",
    "We propose TreeAlign for graphs. TreeAlign adopts a diffusion model dataset for training.",
    "We propose TreeAlign for graphs. TreeAlign employs a LoRA specific adapter for tuning.",
])
def test_uses_is_lineage_only_for_the_own_method_using_a_method(nlp, text):
    assert not any(d == "TreeAlign" for d, _ in pairs(nlp(text)))


@pytest.mark.parametrize("text,pair", [
    ("We propose TreeAlign for graphs. First, we learn a compact code through a variational autoencoder.",
     ("TreeAlign", "VAE")),
    ("We propose TreeAlign for graphs. Then, we align the trees via optimal transport.",
     ("TreeAlign", "optimal transport")),
])
def test_recipe_step_via_is_the_own_method_using_it(nlp, text, pair):
    assert pair in pairs(nlp(text))


def test_a_proposal_using_a_method_in_its_proposing_sentence_extends_it(nlp):
    assert ("ZedParse", "LSTM") in pairs(nlp("We propose ZedParse, a greedy parser that represents parser states "
                                             "using an LSTM."))
    # "that using X yields": a gerund the sentence speaks of, no means of the proposal
    assert pairs(nlp("We propose ZedParse for tweets, and show that using an LSTM often yields better results.")) == set()


@pytest.mark.parametrize("text", [
    # not a step of the recipe, or another method is the step's subject
    "We propose TreeAlign for graphs. We learn a compact code through a variational autoencoder.",
    "We propose TreeAlign for graphs. First, we train dropout through a variational autoencoder.",
])
def test_recipe_step_via_needs_a_step_marker_and_no_other_method(nlp, text):
    assert not any(d == "TreeAlign" and b == "VAE" for d, b in pairs(nlp(text)))


# --- whose extension it is: the paper's own method, or a subject the sentence states -------------

@pytest.mark.parametrize("sentence,wrong", [
    # a relative clause about the paper's tool, a cue that attaches to "previous methods"
    ("We use a Transformer that sidesteps difficulties of previous methods based on GAN priors.",
     ("Transformer", "GAN")),
    # the catalogue method sits inside the proposal's noun phrase, the relative clause is the proposal's
    ("We propose a hidden Markov model trained with MCMC, which extends the HMM to continuous states.",
     ("MCMC", "HMM")),
    # a participle that modifies the name states nothing about it
    ("Variational autoencoders combined with recurrent neural networks have emerged for dialogue.",
     ("VAE", "RNN")),
    # a name used as a modifier is no subject
    ("A Transformer-like pipeline built on a GAN generator translates images.", ("Transformer", "GAN")),
])
def test_a_mentioned_method_gains_no_extension(nlp, sentence, wrong):
    assert wrong not in pairs(nlp(sentence))


@pytest.mark.parametrize("sentence,wrong", [
    # what is added to a method, where the text names the two joined as a method of their own
    ("We propose ZedGate, an attachment to BERT. ZedGate allows BERT to read images, and ZedGate-BERT wins.",
     ("ZedGate", "BERT")),
    # the subject modifies the cue's noun: it is applied to the base, no variant of it
    ("We introduce ZedFormer, a decomposed encoder. We show ZedFormer versions of BERT and LSTM are fast.",
     ("ZedFormer", "BERT")),
])
def test_what_is_applied_to_a_method_is_no_variant_of_it(nlp, sentence, wrong):
    assert wrong not in pairs(nlp(sentence))


@pytest.mark.parametrize("sentence,pair", [
    ("Kernel PCA is a nonlinear extension of PCA to feature spaces.", ("KPCA", "PCA")),
    ("Recently, the Nyström method (NM), which builds on SVD, became popular.", ("Nyström method", "SVD")),
    ("We extend it to graphs with HyperRoute, which improves upon LoRA on CIFAR-10.", ("HyperRoute", "LoRA")),
])
def test_a_stated_subject_extends(nlp, sentence, pair):
    assert pair in pairs(nlp(sentence))


def test_generic_concepts_are_never_subjects_nor_bases(nlp):
    for sentence in ("Deep learning improves upon MCMC for sampling.",
                     "We propose SNet, a component based on deep learning."):
        got = pairs(nlp(sentence))
        assert not any("deep learning" in (d, b) for d, b in got), got


def own_links(title, abstract):
    from extract_support import paper
    from kg.extract import extract_papers

    ex = next(extract_papers([paper("p1", abstract, title=title)], pipeline()))
    return {(ln.method.label, ln.base.label, ln.evidence.rule) for ln in ex.lineage}


@pytest.mark.parametrize("abstract,base", [
    ("We propose a novel neural model based on the Transformer for parsing.", "Transformer"),
    ("We extend spectral clustering to hypergraphs. It is fast.", "spectral clustering"),
    ("We build on LoRA to adapt large models cheaply.", "LoRA"),
    # the authors revise a method: their own (here unnamed) method is the result
    ("In this paper, we build on the Transformer to parse trees.", "Transformer"),
    ("We improve the Transformer by adding tree positional encodings.", "Transformer"),
    ("To parse trees, we augment the LSTM with a memory module.", "LSTM"),
    ("Then, we further adapt spectral clustering to streaming graphs.", "spectral clustering"),
    # a fronted cue, its subject after the comma
    ("Based on the Transformer, we propose a new parser for trees.", "Transformer"),
    ("Building on LoRA, our method tunes large parsers cheaply.", "LoRA"),
])
def test_an_unnamed_proposal_is_a_method_of_its_paper(abstract, base):
    got = own_links("Parsing Trees Quickly", abstract)
    assert {(d, b) for d, b, _ in got} == {('the method of "Parsing Trees Quickly"', base)}, got


def test_a_new_one_of_a_catalogued_kind_is_the_papers_unnamed_method():
    # "a new EM algorithm" is no proposal of the catalogue's EM algorithm: the paper's own method is one
    got = own_links("Parsing Trees Quickly", "We propose a new EM algorithm that extends spectral clustering to streaming data.")
    assert ('the method of "Parsing Trees Quickly"', "spectral clustering") in {(d, b) for d, b, _ in got}, got
    assert all(d == 'the method of "Parsing Trees Quickly"' for d, _, _ in got), got


def test_a_named_proposal_is_not_replaced_by_the_unnamed_one():
    got = own_links("FooParse: Parsing Trees Quickly",
                    "We propose FooParse, a novel parser based on the Transformer.")
    assert {(d, b) for d, b, _ in got} == {("FooParse", "Transformer")}, got


def test_an_appositive_names_its_subject_anywhere(nlp):
    doc = nlp("We compare BERT and the RoPCA method, a robust version of PCA, on images.")
    assert ("RoPCA method", "PCA") in pairs(doc)


@pytest.mark.parametrize("sentence", [
    "We propose a novel GNN model GraphZip, which compresses graphs.",
    "We propose a new GNN framework (GraphZip) for molecules.",
])
def test_the_kind_before_the_name_is_its_base(nlp, sentence):
    assert ("GraphZip", "GNN") in pairs(nlp(sentence))


def test_no_lineage_between_two_names_of_one_method(nlp):
    doc = nlp("We propose FIM, a Fine-grained Interest Matching method for news.")
    assert ("FIM", "Fine-grained Interest Matching") not in pairs(doc)


def test_our_unnamed_method_combines_two():
    got = own_links("Cheap Tuning", "Our method combines LoRA with knowledge distillation.")
    assert {(d, b) for d, b, _ in got} == {('the method of "Cheap Tuning"', "LoRA"),
                                           ('the method of "Cheap Tuning"', "knowledge distillation")}, got


def test_a_base_is_the_first_noun_phrase_after_the_cue(nlp):
    # "hierarchical word structure (LUW chunking)": the name inside the parenthesis is no object of "based on"
    assert not pairs(nlp("This paper describes parsing methods based on hierarchical word structure (CRF chunking) "
                         "for Japanese."))
    # a comma after the kind of the object: the name that follows is the object
    for sentence in ("We propose RankFlow, which improves upon a strong recurrent model, LSTM, by ranking.",
                     "We propose RankFlow, which improves upon a strong recurrent model, the LSTM, by ranking."):
        assert ("RankFlow", "LSTM") in pairs(nlp(sentence))


def test_a_word_about_a_name_builds_no_name_on_it(nlp):
    # "Ribbon-trained", "Ribbon-specific": words about a name; "tailored-LSTM" is a name of its own
    assert not pairs(nlp("We introduce Ribbon, a tagger. Ribbon-trained taggers are fast."))
    assert not pairs(nlp("We introduce Ribbon, a tagger. We study Ribbon-specific features."))
    assert ("tailored-LSTM", "LSTM") in pairs(nlp("We propose tailored-LSTM for tagging. LSTM is common."))


def test_a_teams_name_is_built_of_its_members_names():
    # "FOO-Oslo at BarEval 2019": a team of FOO and Oslo, no method built on FOO; a catalogued name stays
    assert not own_links("FOO-Oslo at BarEval 2019: Parsing", "We present FOO-Oslo, the system of FOO and Oslo. "
                                                                  "FOO built a parser.")
    got = own_links("Tree-LSTM at BarEval 2019: Parsing", "We present Tree-LSTM, an LSTM over trees.")
    assert ("Tree-LSTM", "LSTM") in {(d, b) for d, b, _ in got}, got


@pytest.mark.parametrize("abstract", [
    "Based on the analysis of LSTM states, we find that parsers forget.",  # the object is the analysis
    "We build on a large treebank and the LSTM to parse.",
])
def test_we_revise_needs_a_method_as_its_object(abstract):
    assert not own_links("Parsing Trees Quickly", abstract)


def test_a_named_proposal_is_the_new_kind_its_paper_proposes():
    # the title restates the proposal's name; the proposing sentence gives its kind (a catalogue name)
    got = own_links("Selective Pruning for Speech Tagging", "We propose a novel CRF model for this problem. It employs "
                                                           "a novel selective pruning mechanism, which drops words.")
    assert {(d.lower(), b) for d, b, _ in got} == {("selective pruning", "CRF")}, got


def test_an_acronym_in_parentheses_names_the_same_method():
    # "... based on Hyperspherical Rank Embeddings (SphereRK)": the title's SphereRK is that method, built on nothing
    got = own_links("SphereRK: Ranking Relations with Hyperspherical Rank Embeddings",
                    "We present a ranking model for relations based on Hyperspherical Rank Embeddings (SphereRK).")
    assert not {(d, b) for d, b, _ in got if {d, b} == {"SphereRK", "Hyperspherical Rank Embeddings"}}, got


def test_the_name_after_the_dash_is_the_variant(nlp):
    # "an advanced variant of LSTM – the Gated Ribbon LSTM (GR-LSTM)": GR-LSTM is the variant, not the paper's model
    doc = nlp("We propose to enhance hybrid models with an advanced variant of LSTM – Gated Ribbon LSTM (GRL), "
              "which helps.")
    assert ("GRL", "LSTM", "lineage:variant_of") in links(doc)
    assert not any(d == OWN for d, *_ in doc._.kg_lineage), doc._.kg_lineage


def test_domain_adaptation_of_a_method_is_no_variant_of_it():
    assert not own_links("Compact Models", "We propose methods for gradient-based domain adaptation of "
                                           "self-attentive Transformer models.")


def test_a_base_heading_a_task_is_no_base():
    # "rule-based MCMC resolution": the object of the cue is the task the name modifies
    assert not own_links("Antecedents", "We present the first version of an operational rule-based MCMC "
                                        "resolution system for patents.")


def test_a_name_built_on_a_name_keeps_its_link_whatever_the_acronym_after_it(nlp):
    # the acronym after the longer name belongs to the shorter one, or names the longer: still built on it
    assert ("low-complexity deep CNN", "CNN") in pairs(nlp(
        "We propose a low-complexity deep CNN (CNN) for tagging. CNN models are common."))
    assert ("Ribbon-GAN", "GAN") in pairs(nlp("We propose Ribbon-GAN. It is a novel ribbon algorithm for GAN "
                                              "(Ribbon-GAN). GAN is common."))


@pytest.mark.parametrize("abstract", [
    "We developed a custom network architecture which combines CRF features and sequence features.",
    "We propose a search in a space based on a new compact GNN graph and an oracle.",
])
def test_what_a_method_produces_is_no_base(abstract):
    # "CRF features", "a GNN graph": the cue's object is what the method yields, not the method
    assert not own_links("Tagging Tweets", abstract)


def test_a_name_before_a_hyphenated_modifier_still_heads_a_method():
    got = own_links("Tagging Tweets", "Our model extends the well-known CRF graph-based tagger by adding features.")
    assert {(d, b) for d, b, _ in got} == {('the method of "Tagging Tweets"', "CRF")}, got


@pytest.mark.parametrize("title,abstract", [
    # a title that says what the name is, however long its subtitle's phrase
    ("ZedReader: a Chinese Machine Reading Comprehension Dataset from Real-world Apps",
     "We propose ZedReader, which is based on the Transformer."),
    ("Tagging Tweets", "Our method is based on a 2-layer CNN.With a distant supervised phase we leverage data."),
    ("Verb Classes", "This paper proposes a new method for verb classification inspired by Levin (1993) and VerbNet."),
    ("Word Senses", "This paper presents a novel algorithm for WSD based on Gaussian Process Theory."),
    ("Fact Checking", "We present a case study based on PolitiFact.com using their judgments."),
    ("ZCU at MADAR 2019: Arabic Dialects", "In S-1, our proposed systems are based on the Transformer."),
    # a resource, its codes or its tasks are no methods: the name heads a thing, or an appositive says so
    ("Tagging Records", "This paper describes a tagger built upon the LSTM data of last year."),
    ("Reading Many Sentences", "We introduce ZedRED, a new dataset for reading. We propose a model based on ZedRED."),
    ("FooLex 2.0: Extended Lexicon of Connectives", "We present an extended version of FooLex, built by hand."),
    ("Parsing Zed Meaning", "This paper presents the first parser built on the Zed AMR bank."),
    # a name built of a resource's word names a resource ("GSL-LEX", "ZedDB 2"), a part or a product of
    # a method ("ZM-block", "QZF-query"); an activity ("Profiling") and a theory are built on by no name
    ("Coding Signs Between GSL Signbank and GSL-LEX", "We compare the lexical databases GSL Signbank and GSL-LEX."),
    ("Introducing ZedDB-2", "We introduce ZedDB 2, an etymological database. ZedDB-2 extends ZedDB with relations."),
    ("ZM-Net: A Memory Network", "We propose ZM-Net, a novel network based on the well-designed block, named ZM-block."),
    ("QZF: Question Frames", "We propose QZF. Our system outputs QZF-query by rules."),
    ("Profiling-ZD: a Tool for Linguistic Profiling", "We introduce Profiling-ZD, a tool for text analysis."),
    ("ZST-Tace: Comparing Trees", "We present ZST-Tace, a tool for the Zed Structure Theory (ZST). ZST is common."),
    ("CNL-ZR: A Controlled Natural Language", "We present CNL-ZR, a controlled natural language for specifying "
                                              "entity relationship (ZR) models."),
    # a study of a method, or work in a field a method names ("for Relation Extraction")
    ("On the Use of Dropout for Transformer", "We propose to study where dropout helps."),
    ("Evaluating Explanation Methods for Transformer", "We propose a protocol for explanations."),
    ("Adaptive Weighting for Relation Extraction", "We propose to weight instances adaptively."),
    # the cue's object is a resource of the methods ("a lexicon of Irish MWEs"), the subject a report
    ("ZedLex: A Lexicon of Welsh Idioms", "We describe the first version of a lexicon of LSTM idioms."),
    ("Inferences in Welsh", "We also present some results based on the Transformer."),
    ("Ending Selection Baselines", "We first build a classifier using features based on word2vec and similarity."),
    ("ZedWhat?!: A Framework for Grounding", "We propose ZedGround. To this end, we extend the original "
                                            "ZedWhat?! dataset by including a semantic layer."),
    # two names of one method: its long form and a name of its initials with the start of its last word
    ("Memory for Answers", "We model the flow via a novel Bidirectional Attentive Memory Network, called BAMnet."),
    # a comparison between the subject and the cue: the cue speaks of what the subject is compared with
    ("Attention for Translation", "We propose ZedAttn. ZedAttn achieves improvements over both the LSTM baseline "
                                  "and some variants of the Transformer."),
    ("Attention for Translation", "Classification results outperform those obtained by an approach based on the "
                                  "Transformer."),
])
def test_what_names_no_method_or_states_no_lineage_is_no_base(title, abstract):
    # a resource, a broken label, an author cited by year, a theory, a web site; a study, a comparison
    assert not own_links(title, abstract)


@pytest.mark.parametrize("title,abstract", [
    # a citation key is an author, no method
    ("Filtering Parallel Data", "Our work is inspired by Kowalczewski:2018, but we need no parallel data."),
    # the mention is part of a longer name ("tree-LSTM"): the mention alone is no base
    ("Tree Encoders", "We adapt the Gumbel tree-LSTM of Choi et al. (2018) to translation. The Gumbel tree is learned."),
])
def test_a_cut_name_or_a_citation_key_is_no_base(title, abstract):
    assert not own_links(title, abstract)


def test_a_modifier_after_a_name_keeps_its_base():
    got = own_links("Gated Units", "We introduce a gated component that incorporates LSTM-styled gating units.")
    assert {(d, b) for d, b, _ in got} == {('the method of "Gated Units"', "LSTM")}, got


@pytest.mark.parametrize("sentence", [
    # words describing a method of a kind make a phrase, no name: it neither extends nor is extended
    "We propose an innovative Transformer decoder named FS-decoder to fuse target information. The Transformer is strong.",
    "In this work, we developed a heavily optimized LSTM inference model targeting CPUs. The LSTM is slow.",
])
def test_a_phrase_is_neither_subject_nor_base(nlp, sentence):
    assert not nlp(sentence)._.kg_lineage


@pytest.mark.parametrize("title,abstract", [
    # the kind of the new method is its own name: coined by the text, or the title's head
    ("Entity Mentions", "We propose a novel Multi-Sense Mention Embedding model, which learns sense embeddings."),
    ("Spectral Clustering Models for Topic Discovery",
     "We propose a novel spectral clustering model that reads documents in two passes."),
    ("Zedcheff Procedure for Multi-task Text Classification",
     "This paper presents a novel Zedcheff procedure to optimize the multi-task classification problems."),
])
def test_the_new_methods_own_name_is_no_base(title, abstract):
    got = own_links(title, abstract)
    assert not [b for d, b, r in got if r == "lineage:unnamed_new"], got


def test_a_new_method_of_a_known_kind_extends_it():
    got = own_links("Neural Machine Translation for English-Tamil",
                    "We propose a novel LSTM model using subword embeddings for translation.")
    assert ('the method of "Neural Machine Translation for English-Tamil"', "LSTM") in {(d, b) for d, b, _ in got}


@pytest.mark.parametrize("title,abstract,pair", [
    # a tool for a method implements it: the title's or an appositive's "toolkit/library for X"
    ("TransKit: A Lightweight and Customizable Toolkit for Neural Transformer Modeling",
     "We evaluate the toolkit on two datasets.", ("TransKit", "Transformer")),
    ("Parsing Fast", "We release ZedCRF, an open-source library for training CRF taggers on large corpora.",
     ("ZedCRF", "CRF")),
    # a digit inside a name is no sign of words run together
    ("Tree Decoding", "We propose Seq2Tree, a novel LSTM model for trees.", ("Seq2Tree", "LSTM")),
])
def test_a_tool_for_a_method_is_of_its_line(title, abstract, pair):
    assert pair in {(d, b) for d, b, _ in own_links(title, abstract)}


def test_a_combined_pair_takes_its_article(nlp):
    assert {("MixNet", "LSTM"), ("MixNet", "CRF")} <= pairs(nlp("We propose MixNet. MixNet combines LSTM with a CRF."))


def test_a_knowledge_base_a_task_is_about_is_no_base():
    # "CKB completion": the name modifies a task, the thing it is done to
    assert not own_links("Commonsense Knowledge Base Completion and Generation",
                         "We propose a joint learning method that incorporates both CKB completion and CKB generation.")


NMT_CONCEPT = """@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<https://w3id.org/research-kg/method/neural-machine-translation> a skos:Concept ;
    skos:prefLabel "neural machine translation" ; skos:altLabel "NMT" .
"""


PARSING_CONCEPT = """@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<https://w3id.org/research-kg/method/transition-based-parsing> a skos:Concept ;
    skos:prefLabel "transition-based parsing" ; skos:altLabel "transition-based model" .
"""


@pytest.mark.parametrize("sentence,pair", [
    # the kind of a name the sentence gives, as a catalogue name of a field's method writes it
    ("We present QuillNet, a fast, transition-based model for tagging tweets.", ("QuillNet", "transition-based parsing")),
    ("We present a novel neural machine translation system for tweets.", None),  # a field, as the text writes it
    ("We present QuillNet, a neural machine translation system for tweets.", None),
])
def test_a_kind_written_as_a_field_is_no_base(tmp_path, sentence, pair):
    (tmp_path / "nmt.ttl").write_text(NMT_CONCEPT)
    (tmp_path / "parsing.ttl").write_text(PARSING_CONCEPT)
    nlp = load_pipeline([*LEXICON, tmp_path / "nmt.ttl", tmp_path / "parsing.ttl"])
    doc = nlp(sentence)
    ms = doc._.kg_methods
    got = {(ms[d]["label"] if d != OWN else OWN, ms[b]["label"]) for d, b, _, _, rule, _ in doc._.kg_lineage
           if rule == "lineage:built_kind"}
    assert got == ({pair} if pair else set()), got


def test_the_name_that_opens_the_clause_is_the_subject_of_a_proposed_kind(tmp_path):
    # the paper proposes the catalogue's kind (NMT); the clause's subject is the system it names
    (tmp_path / "nmt.ttl").write_text(NMT_CONCEPT)
    nlp = load_pipeline([*LEXICON, tmp_path / "nmt.ttl"])
    abstract = ("This paper describes the Neural Machine Translation (NMT) system of FooCorp for news translation "
                "tasks of WMT 2018. Our systems are neural machine translation systems trained with our original "
                "system GraphTrans. GraphTrans is an improved NMT system based on Transformer self-attention mechanism.")
    ex = next(extract_papers([paper("p", abstract, "FooCorp Neural Machine Translation for WMT18")], nlp))
    got = {(ln.method.label, ln.base.label) for ln in ex.lineage}
    assert got == {("GraphTrans", "Transformer")}, got


def test_a_unit_of_text_or_a_knowledge_base_names_no_method():
    # by the long form the text gives the name; a unit of a network is a method
    text = "We fuse elementary discourse units (EDUs) and a commonsense knowledge base (CKB) with a Scalar Gated Unit (SGU)."

    def group(label, long):
        s = text.index(long)
        return MethodGroup(key=label, label=label, labels=[label, long], broader=[], from_lexicon=False,
                           spans=[Cand(s, s + len(long), "test", 1.0)])

    assert _names_thing(text, group("EDU", "elementary discourse units"))
    assert _names_thing(text, group("CKB", "commonsense knowledge base"))
    assert not _names_thing(text, group("SGU", "Scalar Gated Unit"))


@pytest.mark.parametrize("abstract,wrong", [
    # a variant a preposition governs is compared with or used: no lineage of the paper's method
    ("We propose ZedTopic. ZedTopic produces topics comparable to those produced by unsupervised and "
     "semi-supervised variants of PCA.", ("ZedTopic", "PCA")),
    # the noun after "a class of" is the class; what a preposition after it names is no base
    ("Consequently, we contribute ZedScore, a class of metrics over CCAs and their extension to forests.",
     ("ZedScore", "CCA")),
])
def test_an_object_of_a_preposition_is_no_base(nlp, abstract, wrong):
    assert wrong not in pairs(nlp(abstract))


def test_a_name_in_a_web_address_is_no_mention(nlp):
    # "CMM-VR" in the code's address is a repository's name: it builds on no method named in the text
    doc = nlp("We propose CMM, a cascaded modulation network. Our code is available at "
              "https://github.com/someone/CMM-VR.")
    assert ("CMM-VR", "CMM") not in pairs(doc)


def test_an_organised_effort_is_no_method():
    got = own_links("Project ZedAI: Multilingual Assistants", "We present Project ZedAI, built upon ZedAI, a chatbot framework.")
    assert not [d for d, b, _ in got if d.startswith("Project")], got


def test_a_cue_inside_a_parenthesis_speaks_of_a_part_there(nlp):
    doc = nlp("We design ZedPipe, a pipeline of three steps: (1) select words to substitute (with a selection "
              "based on the self-attention of a classifier), and (2) rank the candidates.")
    assert ("ZedPipe", "self-attention") not in pairs(doc)


@pytest.mark.parametrize("sentence", [
    # the object of "enables"/"allows" is a base (test_cues); a word inside what it makes possible is not
    "We propose ZedFactor, a coarse-to-fine factor enabling more aggressive dropout without hurting accuracy.",
    "We propose ZedSparse, a sparsification technique which allows compressing the LSTM hundreds of times.",
    "We propose ZedTopic, a ranking method which enables an optimal beam search stopping criterion.",
])
def test_what_a_method_makes_possible_is_no_base(nlp, sentence):
    assert not pairs(nlp(sentence))


def test_a_task_the_text_names_as_its_own_is_no_subject():
    # "our IE system": a task's name (the catalogue's, or a coined name that ends as a task does) is not
    # the paper's method; the statement is the paper's unnamed method's
    got = own_links("Relation Cues for Open Domains", "We propose a simple IE system. Our method uses a CRF to tag. Our IE system is fast.")
    assert {(d, b) for d, b, _ in got} == {('the method of "Relation Cues for Open Domains"', "CRF")}, got
    got = own_links("Review Summary Writing", "We present a review summary writing system based on an LSTM.")
    assert {(d, b) for d, b, _ in got} == {('the method of "Review Summary Writing"', "LSTM")}, got



def test_a_systems_kind_is_its_papers_instance():
    # "the neural machine translation systems of FooCorp": instances of the kind; the paper's method builds on X
    got = own_links("The FooCorp GAN Systems for WMT 2018",
                    "This paper describes the GAN systems of FooCorp. Our work is based on iterative beam search.")
    assert {(d, b) for d, b, _ in got} == {('the method of "The FooCorp GAN Systems for WMT 2018"', "beam search")}, got


@pytest.mark.parametrize("title,abstract,pair", [
    # the title's head is the paper's method for a catalogue method
    ("Modeling Localness for Self-Attention Networks", "We propose to model localness with a Gaussian bias.",
     ('the method of "Modeling Localness for Self-Attention Networks"', "self-attention")),
    ("ZedNeg: Graph-Based Negative Sampling for word2vec", "We propose ZedNeg, a sampler of negatives.",
     ("ZedNeg", "word2vec")),
])
def test_a_title_for_a_method_is_of_its_line(title, abstract, pair):
    assert pair in {(d, b) for d, b, _ in own_links(title, abstract)}



def test_the_cue_words_are_data():
    """Lineage's word lists and cue patterns live in ``kg/data/lineage.json``, the methods component's
    kind nouns in ``kg/data/methods.json``; the modules compile them once."""
    from kg.extract import lineage, methods
    from kg.extract.vocabulary import data_words

    data = data_words("lineage")
    assert "writing" in data["task_name_ends"] and "writing" in lineage.TASK_NAME_ENDS
    assert [c["rule"] for c in data["cues"]] == [rule for rule, *_ in lineage.CUES]
    assert set(data["data_heads"]) <= set(lineage.RESOURCE_HEADS)  # "a corpus of X" is the object's resource
    kinds = data_words("methods")
    assert methods._KIND_COMMA_NAME.search("the previous method, FooNet.") and "baseline" in kinds["comma_kind_nouns"]


def test_every_cue_is_looked_for_by_its_words():
    """The lineage cues are searched only in sentences holding one of their words (``words`` in
    kg/data/lineage.json): each cue has words, and a sentence that matches it holds one."""
    from kg.extract.lineage import _CUE_WORDS, _CUES

    sentences = ["Our model improves upon BERT.", "It generalizes the EM algorithm.", "X, a variant of Y.",
                 "We build on LDA.", "It combines CRFs with LSTMs.", "This is solved by dynamic programming.",
                 "We learn it via gradient descent.", "A new class of kernels.", "It relies on beam search.",
                 "It improves the recall of LDA.", "It enhances CRFs.", "FooNet extends LDA to graphs.",
                 "An extension of LDA.", "A generalization of PCA.", "It is inspired by LDA.",
                 "It modifies the LSTM cell.", "It enables LDA to scale.", "It is computed with SGD.",
                 "We propose FooNet, which exploits LDA.", "It is grounded on LDA.", "It is a family of kernels.",
                 "We incorporate word order into LDA.", "A criterion modified from LDA.", "It blends CRFs with LSTMs."]
    for rule, rx, _, _ in _CUES:
        assert _CUE_WORDS[rule], rule
        matched = [sentence for sentence in sentences if rx.search(sentence)]
        assert matched, rule  # every cue's words are put to the test
        for sentence in matched:
            assert any(word in sentence for word in _CUE_WORDS[rule]), (rule, sentence)


@pytest.mark.parametrize("abstract,base", [
    # the authors' verb after an intention, or the paper as its subject
    ("We propose to augment LSTMs with structural position representations.", "LSTM"),
    ("While GraphWalk was proposed for parsing, this paper extends GraphWalk to translation.", "GraphWalk"),
    # the paper's own method as a subject, however it is called
    ("Our proposed approach extends the Transformer by a second decoder.", "Transformer"),
    ("Our generation method is based on the Transformer, using page metadata.", "Transformer"),
    ("For all tasks, the final submitted system is based on the Transformer architecture.", "Transformer"),
    # "an extension to", "on top of", and what one puts into a method
    ("In this work, we propose an extension to CRFs by integrating external memory.", "CRF"),
    ("We introduce two neural architectures built on top of BERT for question generation.", "BERT"),
    ("We incorporate prior knowledge into CCA and give a theoretical justification.", "CCA"),
])
def test_own_method_revises(abstract, base):
    assert ('the method of "Ranking Words"', base) in {(d, b) for d, b, _ in own_links("Ranking Words", abstract)}


@pytest.mark.parametrize("abstract", [
    "The baseline model is based on the Transformer.",  # someone else's method
    "The classical method uses an SVM to rank the words.",
    "We train an MLP on top of the sentence embeddings.",
])
def test_other_subjects_extend_nothing(abstract):
    assert not own_links("Ranking Words", abstract)


def test_bases_joined_through_their_parts(nlp):
    doc = nlp("We propose ZedTagger, a model which combines a BERT encoder with an autoregressive Transformer decoder.")
    assert {("ZedTagger", "BERT"), ("ZedTagger", "Transformer")} <= pairs(doc)


def test_named_proposal_is_the_unnamed_one_described_after_it(nlp):
    doc = nlp("We propose ZedTagger, a sequence tagging approach. To predict the edits, we propose a novel model, "
              "which combines a BERT encoder with a Transformer decoder.")
    assert {("ZedTagger", "BERT"), ("ZedTagger", "Transformer")} <= pairs(doc)
    doc = nlp("We propose ZedRank, a ranker that incorporates all positions of a word into a biased GCN.")
    assert ("ZedRank", "GCN") in pairs(doc)


@pytest.mark.parametrize("title,abstract,expected", [
    ("Augmenting an LSTM Tagger with a Morphological Lexicon", "We propose a tagger that uses a lexicon.",
     {('the method of "Augmenting an LSTM Tagger with a Morphological Lexicon"', "LSTM")}),
    ("ZedNet: Combining CCA and CRFs for Tagging", "We propose ZedNet.", {("ZedNet", "CCA"), ("ZedNet", "CRF")}),
    ("Incorporating Dependency Trees into LSTMs for Parsing", "We present a parser.",
     {('the method of "Incorporating Dependency Trees into LSTMs for Parsing"', "LSTM")}),
    # a field or a task is no method of a line; a title that proposes nothing states nothing
    ("Improving Neural Machine Translation with Parse Trees", "We present a parser.", set()),
    ("Augmenting an LSTM Tagger with a Morphological Lexicon", "We study taggers.", set()),
])
def test_title_verb_revises(title, abstract, expected):
    assert {(d, b) for d, b, _ in own_links(title, abstract)} == expected


@pytest.mark.parametrize("title,abstract,expected", [
    ("ZedNet: Emotion Detection with Gated Recurrent Neural Networks", "We propose ZedNet for tweets.",
     {("ZedNet", "RNN")}),
    ("ZedQA: Answer Retrieval using BERT and a CRF", "We propose ZedQA for answers.", {("ZedQA", "BERT"), ("ZedQA", "CRF")}),
    # a resource's title, a team's, and a title with no name of the paper's before its colon
    ("ZedSet: A Dataset for Tagging with LSTM Baselines", "We present ZedSet for tagging.", set()),
    ("ZedTeam at SemEval-2019 Task 3: Emotion Detection with LSTMs", "We present our system.", set()),
    ("Emotion Detection: Experiments with LSTMs", "We study emotions.", set()),
    # the name's own long form, one method
    ("ZEST: Tagging Using Zest-Lattice Transformer", "We propose ZEST for tagging. The Zest-Lattice Transformer is fast.",
     set()),
])
def test_title_names_what_its_named_method_works_with(title, abstract, expected):
    assert {(d, b) for d, b, rule in own_links(title, abstract) if rule == "lineage:title_means"} == expected


def test_a_name_the_text_defines_is_built_on_what_follows_it(nlp):
    doc = nlp("We provide a sparser variational vocabulary dropout (VVD) based on dropout to select words.")
    assert ("VVD", "dropout") in pairs(doc)
    # a catalogue name so followed is an instance of its kind, described
    assert not pairs(nlp("We train a conditional random field (CRF) based on LSTM features."))


def test_what_a_method_combines_ideas_from(nlp):
    doc = nlp("We propose ZedNet, an architecture that combines ideas from GCNs with an attentive LSTM.")
    assert {("ZedNet", "GCN"), ("ZedNet", "LSTM")} <= pairs(doc)


@pytest.mark.parametrize("abstract,name", [
    ("As a side-product, we propose a hierarchical version of BERT, which handles long documents.", "hierarchical BERT"),
    ("We propose a residual variant of the LSTM for parsing.", "residual LSTM"),
    ("We propose a new variant of the Transformer.", None),  # words that describe any method
    ("We propose a more efficient version of BERT.", None),
])
def test_unnamed_variant_is_named_by_how_it_varies_its_base(abstract, name):
    from extract_support import paper

    ex = next(extract_papers([paper("p1", abstract, title="Legal Judgment Prediction")], pipeline()))
    own = [ln.method.label for ln in ex.lineage]
    assert own and own[0] == (name or 'the method of "Legal Judgment Prediction"')
    assert ({m.method.label for m in ex.methods if m.role == "proposes"} == {name}) if name else True


@pytest.mark.parametrize("title,abstract,name", [
    # the title's phrase ends with the base the paper's unnamed method extends: the words before it name the variant
    ("Long Contexts with Memory-augmented Conditional Random Fields",
     "Conditional random fields (CRFs) see only local features. We propose an extension to CRFs with a memory.",
     "Memory-augmented Conditional Random Fields"),
    # the title names the base itself, or the cue only says what the method is built on: no name
    ("Tagging with Conditional Random Fields", "We propose an extension to CRFs with a memory.", None),
    ("Long Contexts with Memory-augmented Conditional Random Fields",
     "Conditional random fields (CRFs) see only local features. We propose a tagger based on CRFs.", None),
])
def test_unnamed_variant_is_named_by_the_titles_phrase_ending_with_its_base(title, abstract, name):
    from extract_support import paper

    ex = next(extract_papers([paper("p1", abstract, title=title)], pipeline()))
    own = {ln.method.label for ln in ex.lineage}
    assert own == {name or f'the method of "{title}"'}, own


@pytest.mark.parametrize("sentence,pair", [
    ("We propose a novel LSTM-based model for tagging tweets.", (OWN, "LSTM")),
    ("We propose QuillNet, a BERT-based architecture for parsing.", ("QuillNet", "BERT")),
    ("We present a new LSTM architecture for tagging tweets.", (OWN, "LSTM")),
    # describing words parted by a comma
    ("We propose QuillNet, a neural, BERT-based model for parsing.", ("QuillNet", "BERT")),
    # "the first" describes the kind as well
    ("We propose QuillTag for tweets. To make it robust, we propose the first GAN-style approach for training it.",
     ("QuillTag", "GAN")),
    # the words before the kind spell out the acronym of the paper's named proposal: its kind
    ("We propose QAG for tweets. We then propose a Quick Adaptive Gate LSTM model for tagging.", ("QAG", "LSTM")),
])
def test_a_proposal_of_a_kind_built_on_a_method_extends_it(nlp, sentence, pair):
    doc = nlp(sentence)
    ms = doc._.kg_methods
    got = {(d if d == OWN else ms[d]["label"], ms[b]["label"]) for d, b, *_ in doc._.kg_lineage}
    assert pair in got, got


@pytest.mark.parametrize("sentence", [
    "We propose the Sparse Routing Fusion method for tagging tweets.",  # the words name the paper's own method
    "We propose LSTM models for tagging tweets.",  # no kind of a new method: no article
    "Most LSTM-based models ignore the context of a tweet.",  # no proposal
    "We propose a rule-based approach for tagging tweets.",  # no method of a line
    # Title-case words that are not the long form of the proposal's name: another model, maybe a baseline
    "We propose QAG for tweets. We then propose a Simple Recurrent LSTM model for tagging.",
])
def test_no_kind_built_on_a_method(nlp, sentence):
    assert not [ln for ln in nlp(sentence)._.kg_lineage if ln[4] == "lineage:built_kind"]


@pytest.mark.parametrize("text,pair", [
    ("We propose FooTag for tweets. As a light-weight LSTM tagger, FooTag runs in real time.", ("FooTag", "LSTM")),
    ("We propose FooTag for tweets. As an LSTM-based model, our system runs in real time.", ("FooTag", "LSTM")),
])
def test_as_a_kind_the_subject_after_the_comma_extends_it(nlp, text, pair):
    assert (*pair, "lineage:as_kind") in links(nlp(text))


@pytest.mark.parametrize("text,pair", [
    ("We tag tweets. Our system is a stacked LSTM, equipped with attention.", (OWN, "LSTM")),
    ("We tag tweets. Our approach is a CRF model with rich features.", (OWN, "CRF")),
    ("We propose FooTag for tweets. FooTag is a BERT-based classifier with attention.", ("FooTag", "BERT")),
])
def test_the_copula_gives_the_papers_method_its_kind(nlp, text, pair):
    doc = nlp(text)
    ms = doc._.kg_methods
    assert pair in {(d if d == OWN else ms[d]["label"], ms[b]["label"]) for d, b, _, _, rule, _ in doc._.kg_lineage
                    if rule == "lineage:is_a_kind"}


@pytest.mark.parametrize("text,pairs_", [
    ("We tag tweets. An LSTM network is employed as the basis of our model, with attention.", {(OWN, "LSTM")}),
    ("We propose FooGen for summaries. We design a hybrid of BERT and a CRF as the backbone architecture for FooGen.",
     {("FooGen", "BERT"), ("FooGen", "CRF")}),
    ("We tag tweets. In addition, LSTM can be used as a basis for linguistic inquiries.", set()),  # no method of ours
    ("We tag tweets. We use BERT as the backbone of the baseline model.", set()),  # someone else's
])
def test_the_backbone_of_the_papers_method(nlp, text, pairs_):
    doc = nlp(text)
    ms = doc._.kg_methods
    assert {(d if d == OWN else ms[d]["label"], ms[b]["label"]) for d, b, _, _, rule, _ in doc._.kg_lineage
            if rule == "lineage:backbone"} == pairs_


@pytest.mark.parametrize("text", [
    "We tag tweets. Our approach is a combination of LSTM and CRF.",  # no kind: a preposition before the method
    "We tag tweets. Our baseline is a LSTM model.",  # someone else's method
    "We tag tweets. It is a LSTM model.",  # no subject of the paper's own
    "We tag tweets. Our approach is a Gated Tagging Network (GTN) with attention.",  # its own name, no kind
])
def test_the_copula_gives_no_kind(nlp, text):
    assert not [ln for ln in nlp(text)._.kg_lineage if ln[4] == "lineage:is_a_kind"]


@pytest.mark.parametrize("text", [
    "We propose FooTag for tweets. As an alternative to LSTM, FooTag runs in real time.",  # no kind of it
    "We propose FooTag for tweets. As a CRF, FooTag runs in real time.",  # no kind's noun
    "We propose FooTag for tweets. As a result of LSTM training, FooTag runs in real time.",
    "We propose FooTag for tweets. As an LSTM-based model, the baseline runs in real time.",  # another subject
])
def test_as_a_kind_needs_a_kind_and_the_papers_method(nlp, text):
    assert not [ln for ln in nlp(text)._.kg_lineage if ln[4] == "lineage:as_kind"]


@pytest.mark.parametrize("abstract,pair", [
    # the words before the kind name the paper's method
    ("We propose a novel hierarchical LSTM model for tagging lines. It reads pages.", ("hierarchical LSTM", "LSTM")),
    # a suffix: the kind is built on the method, which names nothing
    ("We propose a CRF based approach for tagging lines. It reads pages.",
     ('the method of "Line Tagging"', "CRF")),
])
def test_the_kind_of_an_unnamed_proposal_names_it(nlp, abstract, pair):
    ex = next(extract_papers([paper("k", abstract, title="Line Tagging")], nlp))
    assert pair in {(ln.method.label, ln.base.label) for ln in ex.lineage}


@pytest.mark.parametrize("abstract,pairs", [
    # the abstract speaks of its own method without a proposing verb: the title's verb is its
    ("We show that our modified approach halves the cost on streams.",
     {('the method of "Extending Spectral Clustering to Streams"', "spectral clustering")}),
    ("We show that the cost halves on streams.", set()),  # no method of the paper's own
])
def test_a_titles_verb_is_the_papers_own_method_when_it_speaks_of_one(abstract, pairs):
    got = own_links("Extending Spectral Clustering to Streams", abstract)
    assert {(d, b) for d, b, _ in got} == pairs, got


def test_the_base_is_the_method_a_suffixed_one_modifies(nlp):
    # "an RNN based Transformer": the object of the cue is the Transformer, the RNN says of what kind
    got = pairs(nlp("We propose ZedFormer, which is an extension of an RNN based Transformer architecture."))
    assert ("ZedFormer", "Transformer") in got and ("ZedFormer", "RNN") not in got, got


def test_a_fronted_cue_whose_base_is_named_again_later_in_its_sentence(nlp):
    # the fronted phrase ends after its own mentions ("(GANs),"), not after "GANs" at the end of the sentence
    doc = nlp("We introduce KGLearn, a framework for link prediction. Inspired by generative adversarial networks "
              "(GANs), we use one model as a generator of the other, which acts as the discriminator in GANs.")
    assert ("KGLearn", "GAN") in pairs(doc), links(doc)


@pytest.mark.parametrize("title,abstract,name", [
    # Title-case words before the base name the variant where the title holds the whole name ...
    ("Replicated LSTM in Retrieval Systems", "We present a novel Replicated LSTM model to match texts.",
     "Replicated LSTM"),
    # ... or the text writes its initials with the base
    ("Talking to Users", "We propose a Context-Aware LSTM model for replies. CA-LSTM is fast.", "Context-Aware LSTM"),
    # an acronym the proposing clause defines, built of the base's name
    ("Topics of Reviews", "We propose an LSTM-based topic model inducing two layers of categories (CAT-LSTM).", "CAT-LSTM"),
])
def test_the_unnamed_proposal_named_by_its_variant_words_or_acronym(title, abstract, name):
    got = own_links(title, abstract)
    assert (name, name.split()[-1].split("-")[-1]) in {(d, b) for d, b, _ in got}, got
    assert not any(d.startswith("the method of") for d, _, _ in got), got


def test_title_case_words_without_a_second_presentation_name_nothing():
    got = own_links("Talking to Users", "We propose a Context-Aware LSTM model for replies. It is fast.")
    assert {(d, b) for d, b, _ in got} == {('the method of "Talking to Users"', "LSTM")}, got
    got = own_links("Portuguese LSTM for Tagging", "We present a novel Portuguese LSTM model for tagging.")
    assert all(d != "Portuguese LSTM" for d, _, _ in got), got


@pytest.mark.parametrize("sentence,pair", [
    ("We propose ZedGate, a new gating mechanism for LSTM networks.", ("ZedGate", "LSTM")),
    ("We propose ZedStack, a stack attention model for Transformer learning.", ("ZedStack", "Transformer")),
])
def test_a_part_the_paper_proposes_for_a_methods_models(nlp, sentence, pair):
    assert pair in pairs(nlp(sentence)), links(nlp(sentence))


@pytest.mark.parametrize("sentence", [
    "We propose ZedComp, a new model for BERT compression.",  # a task of the method, no part of it
    "We propose ZedComp, a new method for LSTM networks.",  # a method applied to one, no part of it
])
def test_a_proposal_for_a_methods_task_extends_nothing(nlp, sentence):
    assert not pairs(nlp(sentence)), links(nlp(sentence))


def test_we_after_an_opening_phrase_is_the_papers_subject():
    got = own_links("Parsing Trees Quickly", "In this paper, we incorporate tree features into the Transformer.")
    assert {(d, b) for d, b, _ in got} == {('the method of "Parsing Trees Quickly"', "Transformer")}, got


@pytest.mark.parametrize("title,abstract,name,base", [
    # the sentence of the unnamed method's link restates the title's phrase
    ("Tree-aware Memory for Parsing", "In this paper, we incorporate a tree-aware memory into the Transformer.",
     "Tree-aware Memory", "Transformer"),
    # the title's phrase ends with the base of the kind, with words that name the variant before it
    ("Syntax-aware Multi-task Graph Convolutional Networks for Tagging",
     "We propose a novel graph convolutional networks model that reads parses.",
     "Syntax-aware Multi-task Graph Convolutional Networks", "GCN"),
])
def test_the_title_phrase_that_names_the_unnamed_method(title, abstract, name, base):
    got = own_links(title, abstract)
    assert {(d, b) for d, b, _ in got} == {(name, base)}, got


def test_a_title_phrase_of_describing_words_or_a_task_names_nothing():
    got = own_links("Deep Graph Convolutional Networks for Tagging", "We propose a novel graph convolutional networks model.")
    assert {(d, b) for d, b, _ in got} == {('the method of "Deep Graph Convolutional Networks for Tagging"', "GCN")}, got
    got = own_links("Transformer Parsing of Trees", "In this paper, we incorporate a transformer parsing step into the LSTM.")
    assert all(d.startswith("the method of") for d, _, _ in got), got


@pytest.mark.parametrize("title,base", [
    ("ZedGP: Gaussian Process Regression for Streaming Data", "Gaussian process"),
    ("ZedGP: A Sparse Gaussian Process for Streaming Data", "Gaussian process"),
    ("ZedTag: An LSTM-based Tagger for Tweets", "LSTM"),
])
def test_a_title_that_says_what_its_named_method_is(title, base):
    got = own_links(title, "We propose " + title.split(":")[0] + ", which is fast.")
    assert (title.split(":")[0], base) in {(d, b) for d, b, _ in got}, got


@pytest.mark.parametrize("title", [
    "ZedGP: Using Gaussian Processes for Streaming Data",  # a study's verb: what it uses, no kind
    "ZedGP: Deep Learning for Streaming Data",  # a generic concept is no kind
    "ZedGP: Towards Gaussian Processes on Graphs",
])
def test_a_title_whose_colon_opens_no_kind(title):
    got = own_links(title, "We propose " + title.split(":")[0] + ", which is fast.")
    assert not got, got


def test_a_title_phrase_restated_inside_a_longer_noun_phrase_names_nothing():
    # "a two-phase training procedure": the title's "Two-Phase Training" is a part of the method, no name of it
    got = own_links("Style Transfer with Two-Phase Training",
                    "In this paper, we propose a new GAN model with a two-phase training procedure.")
    assert all(d.startswith("the method of") for d, _, _ in got), got


@pytest.mark.parametrize("abstract", [
    "We propose ZedTag, a model for LSTM" + " " * 10000 + "x.",  # a long run of spaces after a method
    "Inspired by the LSTM" + " (" * 3000 + ", we propose ZedTag.",
    "ZedGP: A Gaussian Process" + " " * 10000 + "x. We propose ZedGP.",
])
def test_lineage_takes_linear_time_on_long_text(nlp, abstract):
    # the words after a method were read again from every space of a long run ("X, a toolkit for" and a title's
    # "Name: X for"): 2 s of CPU at 10k spaces, 7 s at 20k; the lineage component alone is timed
    from conftest import cpu_budget

    doc = nlp.make_doc(abstract)
    for name, proc in nlp.pipeline:
        if name == "kg_lineage":
            with cpu_budget(0.5):
                proc(doc)
        else:
            doc = proc(doc)


@pytest.mark.parametrize("title,abstract,pair", [
    # the title builds on a catalogue method: the paper's one named proposal is built on it
    ("A Study of BERT-based Representations for Tagging", "We propose TweetTag, a tagger for tweets.", ("TweetTag", "BERT")),
    ("GCN-style Encoders for Parsing", "We present TreeZap, which parses fast.", ("TreeZap", "GCN")),
])
def test_a_method_the_title_builds_on_is_a_base_of_the_named_proposal(title, abstract, pair):
    assert (*pair, "lineage:title_built") in own_links(title, abstract)


@pytest.mark.parametrize("title,abstract", [
    ("BERT-based Tagging of Tweets", "We propose a tagger for tweets."),  # no named proposal
    ("BERT-based Tagging of Tweets", "We propose TweetTag and TweetZap, two taggers."),  # which one?
    ("KOI at SemEval-2018 Task 5: BERT-based Tagging", "We propose TweetTag, a tagger."),  # a team's title
    ("A BERT-based Corpus of Tweets", "We propose TweetTag, a tagger."),  # a resource's title
])
def test_no_title_built_link_without_one_named_method_of_the_paper(title, abstract):
    assert not {x for x in own_links(title, abstract) if x[2] == "lineage:title_built"}
