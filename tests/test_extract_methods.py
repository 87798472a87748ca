"""Method mentions: lexicon matches, abbreviations, naming contexts, patterns, roles."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from extract_support import methods_of, pipeline, texts  # noqa: E402

KGM = "https://w3id.org/research-kg/method/"


@pytest.fixture(scope="module")
def nlp():
    return pipeline()


def test_lexicon_long_forms_case_insensitive_and_plurals(nlp):
    doc = nlp("We compare Singular Value Decompositions with principal component analysis.")
    ms = methods_of(doc)
    assert ms["SVD"]["key"] == KGM + "svd" and ms["SVD"]["from_lexicon"]
    assert "PCA" in ms


def test_lexicon_acronyms_case_sensitive(nlp):
    doc = nlp("The pca of the lora weights is not LoRA. GPs are fine.")
    ms = methods_of(doc)
    assert "LoRA" in ms and texts(doc, ms["LoRA"]) == ["LoRA"]
    assert "PCA" not in ms
    assert "Gaussian process" in ms  # "GPs", plural of an acronym label


def test_a_name_ending_in_a_lower_case_letter_and_a_capital_before_a_full_stop(nlp):
    # the tokenizer kept "MoE." and "A2C." whole (it splits "BERT." and "LoRA.")
    doc = nlp("We scale the model with MoE. The cost stays low.")
    assert "MoE" in methods_of(doc)
    assert [t.text for t in nlp.make_doc("We train A2C. It learns.")][2:4] == ["A2C", "."]
    assert [t.text for t in nlp.make_doc("U.S. and e.g. stay whole; MoE.")][-2:] == ["MoE", "."]
    assert nlp.make_doc("U.S. and e.g.")[0].text == "U.S."


def test_the_plural_of_an_acronym_ending_in_s_or_u_is_made_singular():
    # "Discourse Representation Structures (DRSs)" redefines a catalogued DRS only if "DRSs" is DRS's plural
    from kg.extract.text import singular

    assert [singular(w) for w in ("DRSs", "GPUs", "CORPUS", "ANALYSIS", "analysis", "class")] == \
        ["DRS", "GPU", "CORPUS", "ANALYSIS", "analysis", "class"]


def test_a_closing_plus_is_part_of_the_key_a_joining_plus_is_not():
    from kg.extract.text import norm_key

    assert norm_key("k-means++") == norm_key("kmeans++") != norm_key("k-means")
    assert norm_key("UNet 3+") != norm_key("UNet 3")
    assert norm_key("BERT+CRF") == norm_key("BERT-CRF") == norm_key("BERT CRF") == norm_key("BERT + CRF")


def test_a_plus_plus_name_is_not_its_base(nlp):
    doc = nlp("We use k-means++ to initialise the centroids, then run k-means.")
    ms = methods_of(doc)
    assert ms["k-means++"]["key"] == KGM + "k-means-plus-plus" and texts(doc, ms["k-means++"]) == ["k-means++"]
    assert ms["k-means"]["key"] == KGM + "k-means" and texts(doc, ms["k-means"]) == ["k-means"]
    doc = nlp("We present ZedTagger++ 2.0, an extension of ZedTagger. ZedTagger++ outperforms ZedTagger.")
    ms = methods_of(doc)
    assert ms["ZedTagger++"]["role"] == "proposes" and texts(doc, ms["ZedTagger++"]) == ["ZedTagger++"] * 2
    assert ms["ZedTagger"]["role"] != "proposes" and texts(doc, ms["ZedTagger"]) == ["ZedTagger"] * 2


def test_latex_accents_match_the_lexicon(nlp):
    doc = nlp('We speed up the Nystr\\"om method with sketches.')
    assert "Nyström method" in methods_of(doc)


def test_a_typographic_apostrophe_matches_the_lexicon(nlp):
    doc = nlp("We score the pairs with the Word Mover’s Distance.")
    assert [m["key"] for m in doc._.kg_methods] == [KGM + "word-movers-distance"]


def test_abbreviation_makes_one_method_with_both_labels(nlp):
    doc = nlp("We introduce Sparse Gradient Routing (SGR), a novel framework for pruning. SGR is fast.")
    ms = methods_of(doc)
    sgr = ms["SGR"]
    assert {"SGR", "Sparse Gradient Routing"} <= set(sgr["labels"])
    assert sgr["role"] == "proposes"
    assert sgr["key"] == KGM + "sgr"
    assert len(sgr["spans"]) == 3


def test_short_long_order(nlp):
    doc = nlp("We present TOAST (Token Attention Sparsification Technique), which prunes tokens.")
    ms = methods_of(doc)
    assert ms["TOAST"]["role"] == "proposes"
    assert "Token Attention Sparsification Technique" in ms["TOAST"]["labels"]


@pytest.mark.parametrize("sentence,name", [
    ("We propose FlexiNorm, a simple normalisation layer for transformers.", "FlexiNorm"),
    ("In this paper we introduce a lightweight approach called Hash-Mixer for retrieval.", "Hash-Mixer"),
    ("We develop a sampler, dubbed QuickWalk, that mixes fast.", "QuickWalk"),
    ("This work presents a new estimator, namely DeltaEst, for counting.", "DeltaEst"),
    ("We design a gradient-free method which we call ZeroStep and study it.", "ZeroStep"),
    ("Our framework, named GraphWeaver, links documents.", "GraphWeaver"),
    ("We further show that ProtoSwap, our new augmentation method, helps.", "ProtoSwap"),
    ("We present a scalable Multi-Head Kernel Attention (MHKA) for long inputs.", "MHKA"),
])
def test_naming_contexts(nlp, sentence, name):
    ms = methods_of(nlp(sentence))
    assert name in ms, ms.keys()
    assert ms[name]["role"] == "proposes"


def test_title_prefix_proposes_and_title_offsets(nlp):
    from extract_support import paper
    from kg.extract import extract_papers

    p = paper("t1", "We evaluate it on graphs. WarpGrad converges quickly.", title="WarpGrad: Fast Meta-Learning")
    ex = next(extract_papers([p], nlp))
    prop = [m for m in ex.methods if m.role == "proposes"]
    assert [m.method.label for m in prop] == ["WarpGrad"]
    ev = prop[0].evidence
    assert ev.sentence == "WarpGrad: Fast Meta-Learning" and (ev.start, ev.end) == (0, 8)
    assert ev.rule == "pattern:title_prefix"


def test_generic_words_are_never_methods(nlp):
    doc = nlp("We propose a new framework. Our method uses a deep learning model and an algorithm. "
              "The approach beats neural networks.")
    assert methods_of(doc) == {}


def test_tasks_metrics_and_units_are_not_methods(nlp):
    doc = nlp("Accuracy and FID improve on GPUs with FP16 while NER and QA tasks get 3x faster.")
    assert methods_of(doc) == {}


@pytest.mark.parametrize("sentence", [
    "Our reader gains 21.4% EM and 21.5% F1 over the baseline.",
    "It outperforms the baseline by 2.1 F1 score and 2.7 EM score.",
    "We report results in terms of EM, BLEU and F1 on both sets.",
    "Both EM and accuracy improve, by 4.3/4.2 points in EM/F1.",
    "The tagger reaches EM of 68.4 on the development set.",
])
def test_a_word_beside_a_score_is_a_metric(nlp, sentence):
    assert "EM algorithm" not in methods_of(nlp(sentence))


def test_a_metric_elsewhere_named_a_method(nlp):
    ms = methods_of(nlp("We fit the mixture with EM on unlabeled data, and MAE 0.545 and PCC 0.892 on the test set."))
    assert "EM algorithm" in ms and "MAE" not in ms and "PCC" not in ms


def test_trims_determiners_and_adjectives(nlp):
    doc = nlp("We propose a novel efficient Token Merging Scheduler (TMS) for vision models.")
    tms = methods_of(doc)["TMS"]
    assert "Token Merging Scheduler" in tms["labels"]
    assert not any(l.lower().startswith(("a ", "novel", "efficient")) for l in tms["labels"])


def test_method_shaped_tokens_repeated_or_listed(nlp):
    doc = nlp("Prior methods such as BiasNet and DropEdge fail. HyperKV is slow. HyperKV also needs memory, "
              "but HyperKV learns fast.")
    ms = methods_of(doc)
    assert {"BiasNet", "DropEdge", "HyperKV"} <= set(ms)


@pytest.mark.parametrize("text,name", [
    ("We outperform the strong GraphZed on two sets. GraphZed is slow.", "GraphZed"),
    ("The ZedNet model is small. ZedNet is fast.", "ZedNet"),
    ("Our ZedPar is small. ZedPar is fast.", "ZedPar"),
    ("Lattice-CRF is small. Lattice-CRF is fast.", "Lattice-CRF"),
])
def test_a_recurring_name_the_text_treats_as_a_method(nlp, text, name):
    assert name in methods_of(nlp(text))


@pytest.mark.parametrize("text,name", [
    ("We release WikiZed, a corpus of news. WikiZed contains 1M sentences.", "WikiZed"),
    ("We translate Zedish-English and English-Zedish. Zedish-English is hard.", "Zedish-English"),
    ("The ZEDLAB team took part. ZEDLAB ranked third.", "ZEDLAB"),
])
def test_a_name_that_only_recurs_is_no_method(nlp, text, name):
    assert name not in methods_of(nlp(text))


def test_defined_acronym_of_a_non_method_is_skipped(nlp):
    doc = nlp("We solve partial differential equations (PDEs) from low-resolution (LR) images.")
    assert methods_of(doc) == {}


def test_roles_uses_and_compares(nlp):
    doc = nlp("We propose FastFold. FastFold uses the Nyström method to scale, "
              "and it outperforms spectral clustering on all graphs.")
    ms = methods_of(doc)
    assert ms["FastFold"]["role"] == "proposes"
    assert ms["Nyström method"]["role"] == "uses"
    assert ms["spectral clustering"]["role"] == "comparesWith"


def test_unlike_is_a_comparison(nlp):
    ms = methods_of(nlp("Unlike LoRA, our adapter needs no rank."))
    assert ms["LoRA"]["role"] == "comparesWith"


def test_evidence_spans_point_at_the_text(nlp):
    text = "Experiments show that TreeRank beats TreeRank-lite and k-means clustering."
    doc = nlp(text)
    for m in doc._.kg_methods:
        for s, e, rule, conf, _ in m["spans"]:
            assert 0 <= s < e <= len(text)
            assert 0 < conf <= 1 and rule


def test_acronym_redefined_by_the_text_is_not_the_catalogue_one(nlp):
    # the fixture lexicon knows SSM = state space model; this text defines its own SSM
    doc = nlp("We propose Sparse Spectral Mixing (SSM), a new token mixer. SSM is fast and SSM is small.")
    ms = methods_of(doc)
    assert ms["SSM"]["key"] == KGM + "ssm" and not ms["SSM"]["from_lexicon"]
    assert "state space model" not in ms


def test_acronym_matching_the_catalogue_long_form_keeps_its_iri(nlp):
    doc = nlp("We revisit state space models (SSMs) for audio. SSMs are fast.")
    ms = methods_of(doc)
    assert ms["state space model"]["key"] == KGM + "state-space-model"


@pytest.mark.parametrize("sentence,name", [
    ("We present a sampler for sparse graphs. We call this procedure QuickHop (Quick Hopping), and it mixes fast.",
     "QuickHop"),
    ("We build a density estimator. We term the resulting estimator DenseFit, which is consistent.", "DenseFit"),
])
def test_we_call_this_noun_name(nlp, sentence, name):
    ms = methods_of(nlp(sentence))
    assert ms[name]["role"] == "proposes" and ms[name]["role_span"][2] == "pattern:called"


def test_we_call_this_phenomenon_is_no_method(nlp):
    ms = methods_of(nlp("Training loss plateaus for long. We call this phenomenon Slow Start. It is common."))
    assert not any(m["role"] == "proposes" for m in ms.values())


def test_our_lower_case_coined_name(nlp):
    # a lower-case hyphenated name with an abbreviation inside ("knn" has no vowel), used twice
    doc = nlp("We study robust retrieval. Our mix-knn method beats strong baselines. Our mix-knn method is cheap.")
    assert methods_of(doc)["mix-knn"]["role"] == "proposes"


@pytest.mark.parametrize("text", [
    "Our two-stage method beats strong baselines. Our two-stage method is cheap.",  # English words
    "Our mix-knn method beats strong baselines.",  # said once: no evidence it is a name
    "Our gnn-based method beats strong baselines. Our gnn-based method is cheap.",  # a family
])
def test_lower_case_words_are_not_names(nlp, text):
    assert not any(m["role"] == "proposes" for m in nlp(text)._.kg_methods)


def test_lower_case_x_based_names_a_catalogued_family(nlp):
    ms = methods_of(nlp("Earlier diffusion-based restorers are slow."))
    assert ms["diffusion model"]["spans"][0][2] == "pattern:x_based"
    assert "diffusion" not in ms["diffusion model"]["labels"]  # the family's word is not its label


def test_lower_case_x_based_needs_the_family_in_the_catalogue(nlp):
    # the catalogue names "diffusion-based" models, not "consistency-based" ones (a consistency-based
    # regularizer is no consistency model); "rule model", "data model" are no labels at all
    doc = nlp("A consistency-based regularizer helps rule-based and data-driven systems.")
    assert doc._.kg_methods == []


def test_named_integration_scheme(nlp):
    ms = methods_of(nlp("We treat each block as the Verlet integration scheme for the flow. A Slack integration is not."))
    assert "Verlet integration scheme" in ms
    assert not any("Slack" in label for label in ms)


def test_broad_concept_as_a_paradigm_something_is_based_on_is_not_counted(nlp):
    # "extends the X concept" builds on X; "methods based on the X paradigm" only classifies them
    ms = methods_of(nlp("Methods based on the deep learning paradigm gain the best scores."))
    assert "deep learning" not in ms


@pytest.mark.parametrize("text,name", [
    ("We design a sampler for graphs. We refer to this sampler as HopWalk. HopWalk mixes fast.", "HopWalk"),
    ("We refer to our method as Tree Align Net (TAN), and it is fast.", "TAN"),
])
def test_we_refer_to_it_as(nlp, text, name):
    assert methods_of(nlp(text))[name]["role"] == "proposes"


def test_we_refer_to_a_non_method_as(nlp):
    doc = nlp("We refer to the appendix as Section A. We refer to this effect as the Drift. It is bad.")
    assert not any(m["role"] == "proposes" for m in doc._.kg_methods)


def test_new_kind_based_on_a_term_coined_there_is_the_proposal(nlp):
    # "a new <kind> based on <long form> (ACR)": the acronym, defined right there, names the proposal
    doc = nlp("Clustering is hard. In this work, we introduce a new clustering framework based on "
              "paired spectral flow (PSF) through graph operators. The solution to PSF is fast.")
    ms = methods_of(doc)
    assert ms["PSF"]["role"] == "proposes"


def test_new_kind_based_on_a_term_used_before_is_no_proposal(nlp):
    doc = nlp("Paired spectral flow (PSF) is popular. In this work, we introduce a new clustering framework "
              "based on paired spectral flow (PSF) through graph operators.")
    ms = methods_of(doc)
    assert "PSF" not in ms or ms["PSF"]["role"] != "proposes"


@pytest.mark.parametrize("text, not_methods, methods", [
    # an event named by its series is no method, whatever rule found the name
    ("Our ZORBEX submission to the ZORBEX 2021 Shared Task uses GloVe. ZORBEX ranks first.", {"ZORBEX"}, set()),
    ("We report on the QUILLCHECK Challenge. QUILLCHECK had ten teams.", {"QUILLCHECK"}, set()),
    # capitals in a row are shouting, not acronyms; a lone acronym beside them still counts
    ("We extend the ARGUMENT MINING CORPUS. The ARGUMENT MINING CORPUS is labelled with FRED, and FRED helps.",
     {"ARGUMENT", "MINING", "CORPUS", "ARGUMENT MINING CORPUS"}, {"FRED"}),
    # a direction between languages is no method
    ("We improve English-to-Japanese translation. English-to-Japanese outputs keep honorifics.",
     {"English-to-Japanese"}, set()),
])
def test_events_shouting_and_language_pairs_are_not_methods(nlp, text, not_methods, methods):
    found = set(methods_of(nlp(text)))
    assert not found & not_methods, found
    assert methods <= found, found


@pytest.mark.parametrize("sentence,names", [
    ("We compare the QuillNet and DRAPE models on three corpora.", {"QuillNet", "DRAPE"}),
    ("The results of the ZorbLSTM, KelpGRU and Trix-2 architectures differ.", {"ZorbLSTM", "KelpGRU", "Trix-2"}),
    ("We ran the FOOSA or BarSearch algorithms before parsing.", {"FOOSA", "BarSearch"}),
])
def test_coordinated_names_before_a_plural_kind(nlp, sentence, names):
    # every coined name of a list takes the kind of the plural head after it
    assert names <= set(methods_of(nlp(sentence)))


@pytest.mark.parametrize("sentence,absent", [
    # scores a paper reports are no methods; a compound of a kind ("MT-based") is no name
    ("Our parser ranks first in the MUCX and BLEXA metrics.", {"MUCX", "BLEXA"}),
    ("We combine dictionary-based and MT-based methods.", {"MT-based", "MT"}),
    # plain words of a list are no coined names
    ("We compare simple and robust models.", {"simple", "robust"}),
])
def test_coordinated_names_need_coined_names_of_a_method_kind(nlp, sentence, absent):
    assert not absent & set(methods_of(nlp(sentence)))


@pytest.mark.parametrize("sentence", [
    # capitals and reuse alone: a task, an institute, a resource defined by an acronym
    "Systems for Zorbic Question Entailment (ZQE) vary. ZQE is hard and ZQE data are rare.",
    "The work was done at the Quillon Language Science Institute (QLSI). QLSI hosts it.",
    "Knowledge is taken from the Plinth Phrase Database (PPHD). PPHD is large and PPHD grows.",
])
def test_defined_acronyms_without_method_evidence_are_not_methods(nlp, sentence):
    assert methods_of(nlp(sentence)) == {}


@pytest.mark.parametrize("sentence,name", [
    ("We advocate the use of Flipped Softmax Scaling (FSS) at inference. FSS helps.", "FSS"),
    ("We present a novel Token Folding Scheduler (TFS) for long inputs.", "TFS"),
    ("Our parser matches the Vantor Event Extraction System (VEES) on two corpora.", "VEES"),
    ("JOSS joins Bunsetsu LSTM (BLSTM) pre-training with reordering. BLSTM is fast.", "BLSTM"),
    # a long form ending in a catalogued method names a kind of it, lower-case and used once
    ("Three systems were tried: a gated sparse MLP (GS-MLP) and two more.", "GS-MLP"),
])
def test_defined_acronyms_with_method_evidence_are_methods(nlp, sentence, name):
    assert name in methods_of(nlp(sentence))


def test_an_acronym_glued_to_its_long_form_builds_on_the_catalogued_last_word(nlp):
    # "...LSTM(PW-LSTM)": no space before the bracket, so no catalogue match sees the LSTM
    doc = nlp("We propose a piece-wise LSTM(PW-LSTM) for tagging. PW-LSTM is fast.")
    ms = methods_of(doc)
    assert ms["PW-LSTM"]["role"] == "proposes" and "LSTM" in ms


@pytest.mark.parametrize("title,abstract,name", [
    ("QORPA: A Large Dialogue Dataset for Tutoring", "QORPA has 2k dialogues. QORPA is open.", "QORPA"),
    ("KLT-NLP at ZemEval 2030: Irony Detection", "KLT-NLP uses an SVM. KLT-NLP ranks third.", "KLT-NLP"),
    ("Tagging Tweets", "We thank the ZORBLab team. ZORBLab built the tagger with ZORBLab dictionaries.", "ZORBLab"),
    ("Tagging Tweets", "Results on ZEVAL 2019 are good. ZEVAL had ten teams.", "ZEVAL"),
    ("Dialog Recommendation", "We create a dialog dataset QuRecDial. QuRecDial has 10k dialogs.", "QuRecDial"),
])
def test_coined_names_used_as_resources_teams_or_events_are_not_methods(nlp, title, abstract, name):
    from extract_support import paper
    from kg.extract import extract_papers

    ex = next(extract_papers([paper("t1", abstract, title=title)], nlp))
    assert name not in {m.method.label for m in ex.methods}


def test_a_coined_tool_in_a_title_stays_a_method(nlp):
    from extract_support import paper
    from kg.extract import extract_papers

    p = paper("t1", "QALEN helps annotators. QALEN is open source.", title="QALEN: Tool for Annotation of Entities")
    assert "QALEN" in {m.method.label for m in next(extract_papers([p], nlp)).methods}


def test_pieces_of_an_acronym_ruled_no_method_stay_no_methods(nlp):
    # "QAC 2.0" is QAC without its version; "JXU QLTC" is QLTC as well
    doc = nlp("We release the QUERY ARGUMENT CORPUS 2.0 (QAC 2.0). QAC 2.0 holds more data than QAC 1.0. "
              "Work at the Jxu Quillon Language Technology Center (JXU QLTC) continued. QLTC used QLTC tools.")
    assert not {"QAC", "QLTC", "JXU"} & set(methods_of(doc))


def test_a_named_test_suite_is_no_test(nlp):
    assert methods_of(nlp("Scores on the ZORBO test suite and the Welch test differ.")).keys() == {"Welch test"}


def test_a_catalogued_method_is_named_by_its_whole_noun_phrase(nlp):
    ms = methods_of(nlp("We fit sparse Gaussian processes and a bidirectional RNN with label smoothing."))
    assert "sparse Gaussian processes" in texts(nlp("We fit sparse Gaussian processes."), ms["Gaussian process"])
    # the text's description of the concept, kept apart from its names: "sparse Gaussian processes" may
    # be another paper's own method, which no label of the concept joins to it
    assert "Gaussian process" in ms["Gaussian process"]["labels"]
    assert "sparse Gaussian process" in ms["Gaussian process"]["descriptions"]
    assert "sparse Gaussian process" not in ms["Gaussian process"]["labels"]
    assert "bidirectional RNN" in ms["RNN"]["descriptions"]


@pytest.mark.parametrize("sentence,surface", [
    ("We train LSTMs on the data.", "LSTMs"),            # a verb before it
    ("We run PCA twice.", "PCA"),
    ("An expensive SVD is avoided.", "SVD"),            # a judgement, not a kind
    ("The standard Transformer is slow.", "Transformer"),
])
def test_verbs_and_judgements_are_no_modifiers(nlp, sentence, surface):
    doc = nlp(sentence)
    (m,) = methods_of(doc).values()
    assert texts(doc, m) == [surface]


def test_a_proposed_name_keeps_its_own_identity_before_a_catalogued_head(nlp):
    ms = methods_of(nlp("We propose a new model called cluster-gated convolutional neural network (CGCNN)."))
    assert ms["CGCNN"]["role"] == "proposes" and not ms["CGCNN"]["from_lexicon"]


def test_query_languages_are_not_methods(nlp):
    doc = nlp("Text-to-SQL parsers map questions to SQL queries. SQL is a query language; "
              "we translate SQL into SPARQL. SQL makes the answers executable.")
    ms = methods_of(doc)
    assert "SQL" not in ms and "SPARQL" not in ms


def test_a_retrieval_long_form_is_a_task_not_a_method(nlp):
    doc = nlp("We propose a novel and challenging task, Cross-Lingual Recipe Retrieval (CLRR). "
              "We show how CLRR highlights the merits of alignment methods such as LSTMs.")
    ms = methods_of(doc)
    assert "CLRR" not in ms and "LSTM" in ms


def test_coined_names_listed_after_a_broad_kind(nlp):
    doc = nlp("We compare clinical taggers such as QuickTagr and MedParseX with toolkits like "
              "Yahoo Answers or manual review.")
    ms = methods_of(doc)
    assert {"QuickTagr", "MedParseX"} <= set(ms)
    assert not {"Yahoo Answers", "manual review"} & set(ms)  # products and plain words of a broad kind's list


def test_a_coordinated_word_that_shares_a_catalogued_names_head(nlp):
    # "spectral or k-means clustering": spectral clustering too, and named so (not "spectral")
    ms = methods_of(nlp("Points are grouped by spectral or k-means clustering before the transport."))
    assert {"spectral clustering", "k-means"} <= set(ms), ms
    assert all(label != "spectral" for m in ms.values() for label in m["labels"])
    # a coordinated word that makes no catalogued name with the head is left alone
    ms = methods_of(nlp("Points are grouped by fast or k-means clustering."))
    assert "spectral clustering" not in ms and not any("fast" in m["labels"] for m in ms.values())


def test_a_repeated_x_based_token_names_its_x(nlp):
    # "Word2Vec-based" recurs, but the name is Word2Vec (the catalogue's word2vec), not the compound
    ms = methods_of(nlp("Our tagger blends rule- and Word2Vec-based scorers. For the Word2Vec-based scorer, "
                        "we train vectors."))
    assert "Word2Vec-based" not in ms and "word2vec" in ms, ms


def test_a_name_only_put_before_what_a_formalism_names_is_no_method(nlp):
    # the repeated-name rule: capitals and repetition say a name is coined, not that it is a method
    doc = nlp("We train LSTM networks to predict QXT discourse trees. The hard part of QXT discourse "
              "parsing is data. We compare MiniNet with HAN. MiniNet is fast and HAN is slow.")
    ms = methods_of(doc)
    assert "QXT" not in ms
    assert {"MiniNet", "HAN"} <= set(ms)
    # used once on its own, the name is a method again
    doc = nlp("QXT parsers are slow. We speed up QXT with caching, and QXT trees come out faster.")
    assert "QXT" in methods_of(doc)


@pytest.mark.parametrize("sentence", [
    "We apply Zonal Discourse Theory (ZDT) to student essays and show that using ZDT helps feedback.",
    "Our parser is based on Zonal Categorial Grammar (ZCG). ZCG derivations are built bottom up.",
])
def test_an_acronym_of_a_theory_or_grammar_is_no_method(nlp, sentence):
    ms = methods_of(nlp(sentence))
    assert not any(label.startswith(("ZDT", "ZCG", "Zonal")) for label in ms), ms


def test_a_coined_name_in_apposition_to_a_kind_of_method(nlp):
    doc = nlp("Our tagging system, ZebraTag, performs extraction. It beats the previous best method, "
              "QuolNet. We also compare with a strong baseline, RapiDet, and with two models, FlaxA and FlaxB.")
    ms = methods_of(doc)
    assert ms["ZebraTag"]["role"] == "proposes"
    assert {"QuolNet", "RapiDet", "FlaxA"} <= set(ms)
    assert ms["QuolNet"]["role"] != "proposes"
    # a kind without a name after it, or a resource in apposition, is no name
    doc = nlp("The model, however, fails on the benchmark, SQuAD. Our dataset, GlubCorpus, is large.")
    assert not {"SQuAD", "GlubCorpus"} & set(methods_of(doc))


def test_a_coined_procedure_is_also_named_without_its_kind(nlp):
    doc = nlp("We evaluate all parsers with the standard Quorvel procedure.")
    assert "Quorvel" in methods_of(doc)["Quorvel procedure"]["labels"]


@pytest.mark.parametrize("sentence,name", [
    ("We study stance in tweets. Our BERT model beats every baseline on both tasks.", "BERT"),
    ("We classify reviews. Our CNN model ranks second among the teams.", "CNN"),
    ("A deep model trained on much text, called BERT, is introduced to score the outputs.", "BERT"),
    ("This paper presents a study of the trees grown by a popular library called XGBoost on tabular data.", "XGBoost"),
    ("We propose to use boosted trees (i.e., XGBoost) within an end-to-end recognizer.", "XGBoost"),
])
def test_a_catalogued_name_after_our_or_called_is_not_proposed(nlp, sentence, name):
    # "our X model", "called X": the paper names a method the field knows, it does not coin it
    ms = methods_of(nlp(sentence))
    assert ms[name]["role"] != "proposes"


def test_our_x_based_system_names_no_system(nlp):
    ms = methods_of(nlp("We tag clinical notes. Our LSTM-based system ranks first in the shared task."))
    assert not any(m["role"] == "proposes" for m in ms.values())


@pytest.mark.parametrize("sentence,name", [
    ("We propose a scalable tree boosting system called XGBoost, which handles sparse data.", "XGBoost"),
    ("We study cheap fine-tuning. Our method (called LoRA) adds low-rank updates to frozen weights.", "LoRA"),
    ("We propose a new graph model, named GCN, for semi-supervised node classification.", "GCN"),
    ("We name a new model FooNet. Our FooNet model beats strong baselines.", "FooNet"),
])
def test_a_name_the_paper_gives_its_own_method_is_proposed(nlp, sentence, name):
    # a name new to the text in the object of "we propose", or after "our framework (called": the
    # paper's own, even where the catalogue has the name
    assert methods_of(nlp(sentence))[name]["role"] == "proposes"


def _extract(abstract, title=None):
    from extract_support import paper

    from kg.extract import extract_papers
    ex = next(extract_papers([paper("p", abstract, title=title)], pipeline()))
    roles = {m.method.label.lower(): m.role for m in ex.methods}
    return roles, {(ln.method.label.lower(), ln.base.label.lower()) for ln in ex.lineage}


@pytest.mark.parametrize("title,abstract,name,base", [
    # the title names it and the abstract proposes it
    ("Twin-passage BERT: Answer Scores Normalized across Passages",
     "We propose a twin-passage BERT model that scores answers across passages. BERT reads each passage alone.",
     "twin-passage BERT", "BERT"),
    # proposed and restated, in two spellings of one catalogued method
    (None, "We develop two target aware long short-term memory (LSTM) models for stance detection. "
           "The target-aware LSTM models beat a plain LSTM.", "target-aware LSTM", "LSTM"),
    # the title's means, restated: the catalogued method is named only inside the name
    ("Spelling Correction with Soft-Gated BERT",
     "We correct spelling errors. Our method of using Soft-Gated BERT is general.", "Soft-Gated BERT", "BERT"),
])
def test_a_name_built_around_a_catalogued_method_is_its_own_and_extends_it(title, abstract, name, base):
    roles, lineage = _extract(abstract, title)
    name, base = name.lower(), base.lower()
    assert roles[name] == "proposes" and roles[base] != "proposes", roles
    assert (name, base) in lineage


@pytest.mark.parametrize("title,abstract", [
    # a modifier that says which kind of the method a text uses names nothing of its own
    (None, "We present a bidirectional LSTM network for tagging tweets. Our bidirectional LSTM ranks second."),
    # named once, in a sentence that presents nothing
    (None, "Prior work used a cross-passage BERT reader for this task. We study its errors."),
    # what qualifies a thing names no method, nor does a number
    ("NetKit: A Compact LSTM Toolkit for Novices",
     "We present a compact LSTM toolkit. Our compact LSTM toolkit trains Seven LSTM taggers. Seven LSTM taggers vote."),
    # a language pair before a catalogued method is no modifier of a name
    ("Honorifics in English-to-Japanese Transformer Translation",
     "We control honorifics in English-to-Japanese Transformer translation with side constraints."),
])
def test_a_catalogued_method_described_stays_that_method(title, abstract):
    roles, _ = _extract(abstract, title)
    assert not any(" " in label and label.split()[-1] in ("lstm", "bert", "transformer") for label in roles), roles


def test_a_description_of_a_catalogued_method_joins_no_other_papers_method_to_it():
    from extract_support import paper

    from kg.extract import canonicalise, extract_papers
    from kg.resolve.methods import MethodRegistry
    papers = [paper("a", "We compare with a twin-passage BERT reader and with BERT."),
              paper("b", "We propose a twin-passage BERT model for reading. The twin-passage BERT reads two passages, "
                         "unlike BERT.", title="Twin-passage BERT: Reading Two Passages at Once")]
    extractions = list(extract_papers(papers, pipeline()))
    canonicalise(extractions)
    registry = MethodRegistry()
    for ex in extractions:
        list(registry.assign_all(ex))
    a, b = ({m.method.label.lower(): m for m in ex.methods} for ex in extractions)
    assert "twin-passage BERT" in a["bert"].method.descriptions  # paper a describes BERT
    assert b["twin-passage bert"].role == "proposes" and b["twin-passage bert"].method.key != a["bert"].method.key


def test_a_plus_plus_name_of_one_paper_joins_no_other_papers_base_name():
    from extract_support import paper

    from kg.extract import canonicalise, extract_papers
    from kg.resolve.methods import MethodRegistry
    papers = [paper("a", "We propose ZedTagger, a fast tagger for noisy text."),
              paper("b", "We propose ZedTagger++, a faster tagger for noisy text.")]
    extractions = list(extract_papers(papers, pipeline()))
    canonicalise(extractions)
    registry = MethodRegistry()
    for ex in extractions:
        list(registry.assign_all(ex))
    (a,), (b,) = ([m.method for m in ex.methods if m.role == "proposes"] for ex in extractions)
    assert (a.label, b.label) == ("ZedTagger", "ZedTagger++") and a.key != b.key


@pytest.mark.parametrize("text,kept,dropped", [
    # the list ends at its last conjunct: what follows the next comma is the sentence going on
    ("We test several classifiers, including boosted stump ensembles, cascade forests, and tree-kernel "
     "learners, performed robustly on small data.", {"cascade forest"}, {"performed robustly"}),
    # a list set off by a comma before its cue holds one item when no conjunct follows
    ("Structured kernels, such as Subpath Kernels, obtain strong accuracy on parsing.",
     {"Subpath Kernel"}, {"obtain strong accuracy"}),
])
def test_a_list_ends_where_its_sentence_goes_on(nlp, text, kept, dropped):
    found = methods_of(nlp(text))
    assert kept <= set(found), found
    assert not dropped & set(found), found


@pytest.mark.parametrize("text,name", [
    ("We model salience with the Bayesian Listener Model (Rossi and Varga, 2014) over zero pronouns.",
     "Rossi and Varga, 2014"),
    ("We present a recursive tagger inspired by Okafor et al. (2019) that reaches high accuracy.", "Okafor"),
])
def test_a_work_cited_by_its_authors_is_no_method(nlp, text, name):
    assert name not in methods_of(nlp(text))


@pytest.mark.parametrize("text,task", [
    ("We describe our entry to the NLPX 2031 Shared Task on Multilingual Recipe Prediction. Our system uses a CRF.",
     "Multilingual Recipe Prediction"),
    ("Stock Movement Prediction from Tweets\n\nWe use Gradient Boosting for Stock Movement Prediction.",
     "Stock Movement Prediction"),
])
def test_capitalised_words_ending_in_a_tasks_head_name_a_task(nlp, text, task):
    found = methods_of(nlp(text))
    assert task not in found and found, found


# each a CRF's text where another phrase is no method: a field or task's name with a method's head,
# a language, a variable or a split before a method's head, a resource's source after "based on"
@pytest.mark.parametrize("text,name", [
    ("The tool serves fields such as Museum Studies, Narrative Analysis and Recipe Search; it uses a CRF.",
     "Narrative Analysis"),
    ("The tool serves fields such as Museum Studies, Narrative Analysis and Recipe Search; it uses a CRF.",
     "Recipe Search"),
    ("We train the policy of a Spoken Tutoring System with a CRF.", "Spoken Tutoring System"),
    ("Our findings agree with Okafor's analysis of Yoruba tone, and a CRF confirms them.", "Okafor's analysis"),
    ("We rank third on the Mastodon test sets with a CRF.", "Mastodon test"),
    ("We map the Welsh embeddings into a shared space and tag with a CRF.", "Welsh embedding"),
    ("Each of the K encoder layers feeds the P-layer decoder, and a CRF tags the output.", "K encoder"),
    ("Each of the K encoder layers feeds the P-layer decoder, and a CRF tags the output.", "P-layer decoder"),
    ("We report results on the Zorbish test collection and the Quux test dataset with a CRF.", "Zorbish test"),
    ("We report results on the Zorbish test collection and the Quux test dataset with a CRF.", "Quux test"),
    ("We release a new dataset based on FooTube, and our tagger uses a CRF.", "FooTube"),
    ("The second set is based on Quuxgram captions; our tagger uses a CRF.", "Quuxgram"),
    ("This corpus extends the Barrow Speech Corpus with labels; our tagger uses a CRF.", "Barrow Speech Corpus"),
])
def test_a_phrase_with_a_methods_head_or_after_based_on_that_names_no_method(nlp, text, name):
    found = methods_of(nlp(text))
    assert name not in found and "CRF" in found, found


def test_a_capitalised_name_with_a_methods_head_is_still_a_method(nlp):
    found = methods_of(nlp("Our tagger feeds a Gated Lattice Encoder and a Type-aware Decoder into one layer "
                           "with Okafor normalization."))
    assert {"Gated Lattice Encoder", "Type-aware Decoder", "Okafor normalization"} <= set(found), found


def test_a_score_in_brackets_after_the_baseline_is_no_method(nlp):
    found = methods_of(nlp("Our tagger is 1.2% above the baseline (35.1% F1), which uses a CRF."))
    assert "CRF" in found and not any("%" in k for k in found), found


def test_what_a_method_is_based_on_is_still_a_method(nlp):
    found = methods_of(nlp("We train a zero-resource variant of the ZorbNet parser, and a tagger based on QuuxNet."))
    assert {"ZorbNet", "QuuxNet"} <= set(found), found


def test_the_name_of_a_shared_task_is_no_method(nlp):
    found = methods_of(nlp("Systems built on this approach perform well in the ZQA31 Claim Filtering shared task, "
                           "where a CRF ranks fourth."))
    assert "ZQA31 Claim Filtering" not in found and "CRF" in found, found


def test_an_x_based_list_item_is_its_x(nlp):
    # "models, including a CRF-based model": the item names CRF, not a method called "CRF-based"
    ms = methods_of(nlp("We compare two taggers, including a CRF-based tagger and an LSTM-based one, on ten treebanks."))
    assert {"CRF", "LSTM"} <= set(ms) and not any(k.endswith("-based") for k in ms)


@pytest.mark.parametrize("text,wrong,urls", [
    # a variant's shape inside the code's address or an e-mail address is the repository's or mailbox's
    ("We propose CMM, a cascaded modulation network. Our code is available at https://github.com/someone/CMM-VR.",
     "CMM-VR", ["https://github.com/someone/CMM-VR"]),
    ("We propose ZedNet, a tagger for tweets. Write to ZedNet-Team@lab.org for the data.", "ZedNet-Team", []),
])
def test_no_method_name_is_taken_from_inside_a_link(nlp, text, wrong, urls):
    doc = nlp(text)
    roles = {k: m["role"] for k, m in methods_of(doc).items()}
    assert wrong not in roles and list(roles.values()) == ["proposes"], roles
    assert [u for _, _, u in doc._.kg_urls] == urls  # the code's address is still its code link


def test_a_catalogued_acronym_heading_a_dataset_name_is_no_method(nlp):
    # "the CNN-DM dataset" names a dataset; its head CNN is that name's part, not the catalogue's network
    doc = nlp("We evaluate on the CNN-DM dataset and report ROUGE.")
    assert "CNN-DM" in [x[2] for x in doc._.kg_datasets] and "CNN" not in methods_of(doc)
    # the head of a kind ("CNN-based") or of a catalogued compound stays the method
    assert "CNN" in methods_of(nlp("We evaluate a CNN-based tagger on the CNN-DM dataset."))


def test_a_defined_long_form_inside_a_longer_catalogued_name_is_that_name(nlp):
    # "Reinforcement Learning (RL)" is defined; "reinforcement learning from human feedback" stays RLHF
    ms = methods_of(nlp("Reinforcement Learning (RL) agents learn from rewards. We show that reinforcement "
                        "learning from human feedback aligns a chat model with its users."))
    assert "RLHF" in ms
    # and so is the acronym: "Generative Adversarial Networks (GANs)" and "a Wasserstein GAN"
    ms = methods_of(nlp("Generative Adversarial Networks (GANs) are hard to train. A Wasserstein GAN trains "
                        "stably on small images."))
    assert "Wasserstein GAN" in ms and ms["GAN"]["labels"]


def test_the_pipeline_takes_linear_time_on_a_long_run_of_spaces_after_a_name(nlp):
    # a score read after a name ("EM of 68.4") split a long run of spaces every way: 3 s of CPU at 10k
    # spaces, 11 s at 20k
    from conftest import cpu_budget

    with cpu_budget(1.0):
        nlp("We use LSTM" + " " * 10000 + "networks for tagging.")


def test_a_one_word_name_used_as_a_verb_is_no_mention(nlp):
    # a subject or "to" with a determiner next make the word a verb; after "compared to" it is the name
    assert "dropout" not in methods_of(nlp("To regularise, we dropout the units. We want to dropout the units."))
    assert "dropout" in methods_of(nlp("Our regulariser is compared to dropout on two tasks."))


def test_a_proposed_name_ending_in_a_name_the_catalogue_sees_adds_not_its_last_word(nlp):
    # "an attention-based Wasserstein GAN": the catalogue sees Wasserstein GAN; its last word GAN is no second base
    ms = methods_of(nlp("We introduce an attention-based Wasserstein GAN for images. It works well."))
    assert "GAN" not in ms


def test_a_long_form_ending_inside_a_catalogued_name_is_a_kind_of_it(nlp):
    # the long form leaves out the generic word the catalogued match "diffusion model" runs on to
    doc = nlp("We present a tagger with Speaker-aware Contexts into Recurrent Consistency model (SCRC) for speech. It wins.")
    assert "SCRC" in methods_of(doc)


def test_a_kind_of_method_the_long_form_left_out_makes_the_acronym_a_method(nlp):
    doc = nlp("We propose a Recursive Topic with Keyword Mask model (RTKM) for question answering.")
    assert "RTKM" in methods_of(doc)
