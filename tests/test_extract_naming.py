"""How a text names its own method (``kg/extract/naming.py``): the forms of a proposal."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from extract_support import paper, pipeline  # noqa: E402

from kg.extract import extract_papers  # noqa: E402


def proposals(abstract, title=None):
    ex = next(extract_papers([paper("p", abstract, title=title)], pipeline()))
    return {m.method.label for m in ex.methods if m.role == "proposes"}


@pytest.mark.parametrize("abstract,name", [
    # the kind, then the name
    ("We propose a novel semi-autoregressive model QuickSAT, which generates segments in parallel.", "QuickSAT"),
    ("In this paper we develop a framework (TDX-IE) aimed at extracting scores from papers.", "TDX-IE"),
    # a lower-case name given by "we refer to as", used again
    ("We add a shared layer, which we refer to as routing bridge. We analyse the proposed routing bridge.",
     "routing bridge"),
    # a name given by "what we call"
    ("We parse with a restricted class of graph grammars, i.e. what we call Strictly Local Edge Grammar, and "
     "a new chart parser.", "Strictly Local Edge Grammar"),
    # a named tool is the paper's own
    ("We present a new annotation platform, DiscAnn, for annotating discourse relations.", "DiscAnn"),
    ("We release rephrasekit, a library for paraphrasing sentences. rephrasekit runs on a laptop, and rephrasekit "
     "is free.", "rephrasekit"),
])
def test_proposal_forms(abstract, name):
    assert name in {x.lower() for x in proposals(abstract)} | proposals(abstract)


def test_the_titles_phrase_restated_as_new():
    got = proposals("Open extraction is hard. It employs a novel gated decoding mechanism, which models labels.",
                    title="Gated Decoding for Cross-lingual Open Information Extraction")
    assert {x.lower() for x in got} == {"gated decoding"}, got


@pytest.mark.parametrize("abstract,title", [
    # the title's task, restated before the kind of the method: no name
    ("We demonstrate that our new circuit discovery method helps.", "Variance in Circuit Discovery of LLMs"),
    # what the title builds on is no proposal
    ("We introduce a new adversarial learning framework for responses.",
     "Response Generation Based on Adversarial Learning"),
    # a thing that is called something, with no method head, is no method
    ("The model first generates phrases, called skeleton, and then expands the skeleton.", "Story Generation"),
    # a dataset introduced with its kind first
    ("We release a new corpus CorpX of legal judgments.", "Legal Judgment Prediction"),
    # "novel," before a name is no kind of it
    ("We propose a novel, Frame Event Graph (FEG) based approach to finding events.", "Event Finding using Frame Event Graph"),
])
def test_no_proposal(abstract, title):
    assert proposals(abstract, title=title) == set()


def test_an_acronym_of_a_task_is_no_proposal():
    got = proposals("We further propose a joint Part-Of-Speech (POS) tagging and boundary framework based on CRF.")
    assert "POS" not in got, got


@pytest.mark.parametrize("abstract,title,name", [
    # the title's phrase (after "with", each conjunct) as the object of the proposing verb, after adjectives
    ("We introduce a provably correct lazy beam search for tagging. It is fast.",
     "Fast Tagging with a Stack-Free Tagger and a Lazy Beam Search", "lazy beam search"),
    ("We propose a simple selective pruning scheme for tagging.", "Selective Pruning for Speech Tagging",
     "selective pruning"),
])
def test_the_titles_phrase_as_the_proposing_verbs_object(abstract, title, name):
    assert {x.lower() for x in proposals(abstract, title=title)} == {name}


def test_the_titles_phrase_after_a_preposition_is_no_proposal():
    # "we present results of selective pruning": the phrase is no object of the verb
    assert proposals("We present results of selective pruning on tagging.",
                     title="Selective Pruning for Speech Tagging") == set()


def test_a_known_name_restated_from_the_title_is_no_proposal():
    # the title's conjunct restated capitalised is a known name the paper builds with, not its proposal
    assert proposals("We describe a new Beam Search method for compression using graphs.",
                     title="Compression with Word Graphs and Beam Search") == set()


@pytest.mark.parametrize("abstract,title,proposed", [
    # a catalogued method the title names, presented by the proposing verb with qualifiers only: a new one
    ("We present a provably correct optimal transport for matching. It runs in linear time.",
     "Linear-Time Matching with an Optimal Transport", {"optimal transport"}),
    # ... not when it only modifies the object ("a ... benchmark"), nor when the title does not name it
    ("We introduce the first optimal transport (OT) benchmark for matching.",
     "Optimal Transport against Noisy Matches", set()),
    ("We present a provably correct optimal transport for matching.", "Linear-Time Matching", set()),
    # ... nor when the title uses it ("we release our X" are trained artefacts of a method used)
    ("We match glosses. Further, we publicly release our optimal transport for future work.",
     "Matching Glosses using Optimal Transport", set()),
])
def test_a_catalogued_method_the_title_names_and_the_verb_presents(abstract, title, proposed):
    assert proposals(abstract, title=title) == proposed


@pytest.mark.parametrize("abstract,title,proposed", [
    # the proposing verb's object restates the title's phrase by its head alone
    ("We propose a novel normalization of a parse tree, which is fast.",
     "A Chunk-based Normalization for Parse Trees", {"chunk-based normalization"}),
    ("We introduce a novel reduction system for tagging.",
     "Fast Tagging with a Queue-Free Reduction System", {"queue-free reduction system"}),
    # ... not when the text gives the head modifiers of its own, nor for a team's submission, nor a
    # bare generic head ("a novel approach" under "... a Novel Clustering Approach")
    ("We present a browser-based normalization of parse trees.", "A Chunk-based Normalization for Parse Trees", set()),
    ("We describe our submissions to the shared task.", "XYZ Submissions for the Tagging Shared Task", set()),
    ("We present a novel approach for tagging.", "Tagging with a Novel Clustering Approach", set()),
])
def test_the_titles_phrase_restated_by_its_head(abstract, title, proposed):
    assert {x.lower() for x in proposals(abstract, title=title)} == proposed


def test_a_name_called_after_a_use_verb_is_no_proposal():
    got = proposals("We used a tagger called FooTag on the tweets. FooTag is fast.")
    assert got == set(), got
    assert proposals("We propose a new tagger called FooTag. FooTag is fast.") == {"FooTag"}


@pytest.mark.parametrize("abstract", [
    "In this paper, we propose a Gated Recurrent Unit (GRU) based model for tagging tweets.",
    "We propose Convolutional Neural Network (CNN) and Long Short-Term Memory (LSTM) based approaches for tagging.",
    "We present a conditional random field (CRF)-based approach to find drug names.",
    "Therefore, we propose a convolutional neural network (CNN) based model for tagging. The CNN is fast.",
])
def test_the_acronym_an_x_based_model_is_built_on_is_not_proposed(abstract):
    assert proposals(abstract) == set()


def test_a_name_based_on_something_is_still_proposed():
    assert proposals("We propose a position-aware gated span network (PGSN) based on bidirectional GRU.") == {"PGSN"}


@pytest.mark.parametrize("title,abstract,name", [
    # a name of letters and digits before the title's colon, whatever its case
    ("tok2graph: Linking Tokens for Script Conversion", "We map tokens to graphs. Then tok2graph is used downstream.",
     "tok2graph"),
    # a phrase before the colon, made the paper's own by the abstract
    ("Careful Blending: Domain Adaptation for Legal Texts",
     "Legal texts are scarce. We present careful blending, an unsupervised adaptation framework.", "Careful Blending"),
    ("Stem-fitting: Tuning Word Vectors with Simple Rules",
     "Vectors ignore morphology. We propose a novel stem-fitting procedure which pulls forms together.", "Stem-fitting"),
    ("Wordbinding: Better Vectors for Rare Words",
     "Rare words are hard. Our method, Wordbinding, outperforms the baselines.", "Wordbinding"),
])
def test_title_prefix_forms(title, abstract, name):
    assert name in proposals(abstract, title=title)


@pytest.mark.parametrize("title,abstract", [
    # the subtitle's head says the name is a resource or a task
    ("taMix: Creation and Validation of a New Tamil-English Parallel Corpus", "We describe the corpus we created."),
    ("Q2SG: a Reading-like Task for Galician", "We describe the task and its baselines."),
    # a phrase the abstract says is a task, or no more than a modifier of something else
    ("Variable Binding: Assigning Meaning to Variables in Formulas",
     "We introduce variable binding, the task of assigning a type to each variable."),
    # a phrase whose head names a task
    ("Stylized Caption Generation: Approaches and Applications", "We present stylized caption generation in depth."),
    # a phrase the abstract does not present as its own
    ("Careful Reading: Learning to Read Forward", "We present FooShuttle, which applies careful reading techniques."),
])
def test_title_prefix_not_proposed(title, abstract):
    assert title.split(":")[0] not in proposals(abstract, title=title)


@pytest.mark.parametrize("title,abstract,name", [
    # "named as X"
    ("Reading with Knowledge", "We propose a knowledge-aware reader, named as KAQ, which reads passages. KAQ is fast.",
     "KAQ"),
    # a hyphenated modifier holding a preposition's letters before the defined acronym
    (None, "We propose on-device Self-Pruning Graph Networks (SPGNs), which learn compact vectors.",
     "SPGN"),
    # a capitalised phrase with an architecture's head before the title's colon
    ("Highway Relay Networks: High-Recall Explanations for Posts", "We introduce an adversarial method.",
     "Highway Relay Network"),
    # the kind, then a name the title wrote (not the abstract, before the sentence)
    ("Shared Task X: PLOVR - Ranking Answers with Graph Networks",
     "We describe a system (PLOVR) for ranking answers to open questions.", "PLOVR"),
    ("Answer Ranking with TagRidge and Graph Networks",
     "This paper introduces the ranking workflow, TagRidge, developed for forums.", "TagRidge"),
])
def test_more_proposal_forms(title, abstract, name):
    got = proposals(abstract, title=title)
    assert name in got or name.lower() in {x.lower() for x in got}, got


def test_an_evaluation_campaign_is_no_proposal():
    got = proposals("We describe ZorbEval–2017 Task 3 on Question Answering. This year, we reran the subtasks of "
                    "ZorbEval-2016.", title="ZorbEval-2017 Task 3: Community Question Answering")
    assert not any(x.startswith("ZorbEval") for x in got), got


def test_a_resource_word_inside_the_subtitle_is_not_its_head():
    got = proposals("In this paper, we present the Lexical Relations Ontology Model (lexrom) to represent relations.",
                    title="Lexrom: a lexical relations ontology model")
    assert "Lexrom" in got or "Lexical Relations Ontology Model" in got, got


@pytest.mark.parametrize("title,abstract,name", [
    ("Fewer Dull Replies in Chat Models: A Statistical Re-balancing Method",
     "Chat models give dull replies. We introduce a statistical re-balancing method that weights the replies.",
     "statistical re-balancing method"),
    ("Bridging Phrase based Statistical Machine Translation Adaptation",
     "Phrases are small units, therefore we propose a straightforward and efficient bridging phrase based adaptation "
     "method, which is applied to phrase pairs.", "bridging phrase based adaptation method"),
])
def test_the_titles_words_restated_by_the_proposing_verb(title, abstract, name):
    assert name in {x.lower() for x in proposals(abstract, title=title)}


@pytest.mark.parametrize("title,abstract", [
    # one word shared with the title by chance
    ("Multi-Task Video Tagging with Video and Entailment Generation",
     "For this, we present a many-to-many multi-task tagging model that shares parameters."),
    ("A Multi-task Approach for Entity Tagging in Forums", "We propose a novel multi-task approach for tagging."),
    # a model of the title's task
    ("Sarcasm Detection in Conversation Threads", "We present a transformer-based sarcasm detection model."),
    # a kind of a catalogued method
    ("Inductive Transfer Learning by Cross-Dataset Querying", "We propose an inductive transfer learning method."),
    # the title names the method already
    ("PRADOX: Projection Attention Networks for Document Classification",
     "We propose a novel projection attention neural network that combines projections with attention."),
])
def test_no_title_object(title, abstract):
    got = {x.lower() for x in proposals(abstract, title=title)}
    assert not any(x.endswith(("model", "approach", "method", "network")) and x.islower() for x in got), got


def test_a_catalogued_acronym_after_an_x_based_modifier_is_not_proposed():
    got = proposals("We propose a novel user-attention-based Convolutional Neural Network (CNN) model for reviews.")
    assert not any("convolutional" in x.lower() or x == "CNN" for x in got), got


@pytest.mark.parametrize("abstract,names", [
    # the paper's own kind, then its name in parentheses
    ("This paper proposes a graph framework. The proposed method (GR-X) performs much better. GR-X is fast.", {"GR-X"}),
    ("Our new model (ZPAD) tracks entities. ZPAD outperforms previous work.", {"ZPAD"}),
    # the acronym the paper's own kind is named by
    ("Results show that our valence-tuned embedding (VTE) method outperforms a baseline.", {"VTE"}),
    # a capitalised name in parentheses after the kind
    ("We also describe a minimal model (Gumbel Routing for Sense Induction) for finding senses.",
     {"Gumbel Routing for Sense Induction"}),
    # an acronym in parentheses among the kind's words
    ("This paper presents a new sequence-to-sequence (seq2seq) pre-training method QoDA (Pre-training of Denoising "
     "Aligners), which learns representations. QoDA is fast.", {"QoDA"}),
    # two coined names after "called"
    ("We describe the two systems, called gFCONZ and c-VAZ, which we built. gFCONZ wins over c-VAZ.",
     {"gFCONZ", "c-VAZ"}),
])
def test_own_kind_names(abstract, names):
    got = proposals(abstract)
    assert names <= got | {x.lower() for x in got} or {n.lower() for n in names} <= {x.lower() for x in got}, got


@pytest.mark.parametrize("abstract", [
    # one of a catalogued kind, defined with its acronym
    "We develop a Generative Adversarial Network (GAN) where the generator is a sequence model.",
    # a resource's name
    "In this paper, we describe a new corpus -named ZIRHA-L2F RealCorpus- composed of speech interactions.",
])
def test_no_proposal_of_a_known_kind_or_a_resource(abstract):
    got = proposals(abstract)
    assert not any(x in ("GAN", "generative adversarial networks") or "RealCorpus" in x for x in got), got


@pytest.mark.parametrize("title,abstract,name", [
    # a name in curly quotes after "called"
    (None, "We present a novel type of network called “Multiple Choice Tagger” that we used for both tasks.",
     "Multiple Choice Tagger"),
    # a lower-case coined word after the verb, then its kind
    ("Out-of-the-box Romanization Tool uromap", "We present uromap, a tool for converting text into Latin script. "
     "uromap converts digits as well.", "uromap"),
])
def test_quoted_and_lower_case_names(title, abstract, name):
    assert name in proposals(abstract, title=title)


def test_a_plain_word_before_a_kind_is_no_name():
    assert proposals("We present results, a summary of the systems. The results are good.") == set()


@pytest.mark.parametrize("abstract", [
    "We chose a popular game called ‘Minecart’, and created a corpus for it.",
    "Our team named “Julianne” achieves an F1-score of 60% on both datasets.",
    "In this paper, we propose a white-box attack called “Global Seek” and compare it with a common approach "
    "called “Greedy Search”.",
])
def test_a_quoted_name_of_no_method_kind_is_no_proposal(abstract):
    got = proposals(abstract)
    assert not ({"Minecart", "Julianne", "Greedy Search", "greedy search"} & got), got



@pytest.mark.parametrize("abstract", [
    "We propose a new tagger. (named entity recognition is also covered.)",
    "We study three tasks:\n\n- named entity recognition;\n- parsing.",
])
def test_a_naming_cue_at_a_sentences_start_is_read(abstract):
    # nothing but punctuation before the cue "named": no word to test for a resource's name
    assert proposals(abstract) == set()


@pytest.mark.parametrize("abstract,name", [
    ("We propose a strong baseline called FooNet for parsing.", "FooNet"),
    ("We introduce a simple yet effective baseline, called BarNet, for tagging.", "BarNet"),
])
def test_a_baseline_the_paper_proposes_is_its_proposal(abstract, name):
    assert name in proposals(abstract)


def test_the_name_before_a_long_stretch_of_spaces_is_read_back():
    from kg.extract.naming import _last_word
    assert _last_word(" " * 100 + "FooNet", 0, 106) == "FooNet"
    assert _last_word("x" * 200, 0, 200) == ""  # a run longer than any name


def test_a_long_run_without_spaces_extracts_in_linear_time():
    # ", the new" twice after a 50k-character run: looking back for the name before ", the new" once read
    # the run again from every one of its starts (minutes); now a bounded look back (well under a second)
    from conftest import cpu_budget
    abstract = "x" * 50_000 + ", the new" + "y" * 10 + ", the new"
    proposals("We propose FooNet, a model.")  # (the pipeline loads outside the budget)
    with cpu_budget(2.0):
        got = proposals(abstract, title="T")
    assert got == set()


@pytest.mark.parametrize("abstract,expected", [
    # the proposing verb joined by "and" to an earlier verb of "we", far from it
    ("We show that direct models need far more data than cascaded ones and propose FlowPass, a technique that "
     "reduces errors.", {"FlowPass"}),
    ("We analyse the errors of current parsers on very long sentences and introduce SpanTree, a parser of spans.",
     {"SpanTree"}),
    # a participle is no verb of "we"
    ("We apply the tagger that was developed and presented by the organisers, TagZ, to our data.", set()),
    # the verb of another's work between ("prior studies ... introduce")
    ("We note that prior studies rely on large corpora and introduce ZorbNet for low-resource tagging.", set()),
    ("We leverage recent advances in parallel tagging and propose ZorbNet for low-resource tagging.", {"ZorbNet"}),
])
def test_a_proposing_verb_coordinated_with_an_earlier_one(abstract, expected):
    assert proposals(abstract, title="Tagging Long Sentences") == expected


@pytest.mark.parametrize("abstract,expected", [
    # the subject of a present passive proposing verb, at the sentence's start
    ("Tagging old texts is hard. In this paper, GlossTag is proposed to tag them.", {"GlossTag"}),
    ("Tagging old texts is hard. A novel Old Script Tagging Network (OSTN) is introduced for this.", {"OSTN"}),
    ("Tagging old texts is hard. Here, a new Rune Alignment Algorithm is presented.", {"Rune Alignment Algorithm"}),
    # another's (past tense, or cited), or no name
    ("Tagging old texts is hard. Recently, GlossTag was proposed. RuneNet is introduced in [4].", set()),
    ("Tagging old texts is hard. A network reduction algorithm is proposed to tag them.", set()),
    ("Tagging old texts is hard. Two strategies are proposed.", set()),
    ("Tagging old texts is hard. QuillNet is proposed in recent work to tag them, but it fails.", set()),
    ("Tagging old texts is hard. GlossTag is introduced in earlier studies.", set()),
    ("Tagging old texts is hard. GlossTag is recently proposed for this.", set()),
    ("Tagging old texts is hard. GlossTag is proposed in this paper to tag them.", {"GlossTag"}),
])
def test_the_subject_of_is_proposed(abstract, expected):
    assert proposals(abstract, title="Tagging Old Texts") == expected


@pytest.mark.parametrize("abstract,expected", [
    # names coordinated after a proposing verb: each is proposed
    ("Tagging is hard. We propose two fusion strategies: Gated Layer Fusion (GLF) and Cross Layer Fusion (CLF). "
     "GLF is fast.", {"GLF", "CLF"}),
    ("Tagging is hard. We propose two attention mechanisms, viz. Inter-word Gloss Attention (IG-Att) and Intra-word "
     "Gloss Attention (IWG-Att).", {"IG-Att", "IWG-Att"}),
    ("Tagging is hard. We propose WordMixer and SpanMixer, two augmentation methods for tagging.",
     {"WordMixer", "SpanMixer"}),
    # what follows "and" is no second name of the paper's
    ("Tagging is hard. We propose WordMixer and evaluate it on three corpora.", {"WordMixer"}),
    ("Tagging is hard. We propose WordMixer and Transformer baselines for tagging.", {"WordMixer"}),
])
def test_names_coordinated_after_a_proposing_verb(abstract, expected):
    assert proposals(abstract, title="Tagging Old Texts") == expected


@pytest.mark.parametrize("abstract,expected", [
    # the proposing verb coordinated with another verb right after it: the name follows the second
    ("We describe and evaluate ZetaSim, a variant of cosine similarity for old texts.", {"ZetaSim"}),
    ("We design and implement TagDesk, a tool for annotating old texts.", {"TagDesk"}),
    # not a name after the second verb
    ("We describe and evaluate the tagger on three corpora.", set()),
])
def test_a_name_after_two_coordinated_verbs(abstract, expected):
    assert proposals(abstract, title="Tagging Old Texts") == expected


def test_a_name_given_by_the_name():
    assert proposals("We build a tagger for old texts. We release the toolkit by the name QuillKit.",
                     title="Tagging Old Texts") == {"QuillKit"}


@pytest.mark.parametrize("abstract", [
    # a catalogued kind's modifier built on something is no name ("LSTM-based", "GRU-based")
    "We propose a novel GRU-based deep multi-task learning framework for tagging old texts.",
    # a resource said to be one after its name (a version between)
    "This paper presents the Rune Matrix 2.1, a lexical resource of runes built from three sources.",
    # a company's submission
    "This paper describes the Foo Bar Communication Co., Ltd.’s submission to the WMT18 news task.",
    # the paper's system built on an acronym's method is not that method
    "Our system is built on the model of bidirectional gated units with a tree layer (BiGU-TL) but adds new features.",
])
def test_no_proposal_of_what_a_system_is_built_on_or_a_resource(abstract):
    assert proposals(abstract, title="Tagging Old Texts") == set()


def test_an_acronym_with_a_digit_for_to():
    # "S2S" spells "sequence to sequence": the 2 is the first letter of "to"
    got = proposals("Tagging is hard. We develop a novel sequence to sequence gloss mixture (S2SGM) model for old "
                    "texts. The S2SGM model is fast.", title="Tagging Old Texts")
    assert got == {"S2SGM"}, got


def test_a_proposed_names_initials_written_later_are_its_acronym():
    from kg.extract import extract_papers
    ex = next(extract_papers([paper("p", "Tagging is hard. To address this, we propose Layered Gloss Alignment for "
                                         "Tagging old texts. LGAT learns alignments of glosses.", title="Tagging Old Texts")],
                             pipeline()))
    own = [m for m in ex.methods if m.role == "proposes"]
    assert len(own) == 1 and "LGAT" in {own[0].method.label, *own[0].method.labels}, own


def test_a_catalogued_acronym_is_no_proposed_names_initials():
    # "Gated Recurrent Unit" spells GRU, a catalogued method's acronym, not the proposed name's
    from kg.extract import extract_papers
    ex = next(extract_papers([paper("p", "Tagging is hard. We propose a hierarchical Gated Recurrent Unit (HiGRU) "
                                         "framework with a lower-level GRU to model words.", title="Tagging Old Texts")],
                             pipeline()))
    own = [m.method for m in ex.methods if m.role == "proposes"]
    assert [m.label for m in own] == ["HiGRU"] and "GRU" not in own[0].labels, own


@pytest.mark.parametrize("title,expected", [
    # a capitalised phrase the subtitle says is a tool or a platform
    ("Rune Text Observatory: A Platform and Method for Tagging Old Texts", {"Rune Text Observatory"}),
    ("Open Gloss Workbench: An Extensible Toolkit for Tagging Old Texts", {"Open Gloss Workbench"}),
    # a task's phrase, or a gerund's, is no tool's name
    ("Gloss Tagging: A Framework for Old Texts", set()),
    ("Tagging Old Glosses: A Platform for Old Texts", set()),
])
def test_a_title_phrase_the_subtitle_calls_a_tool(title, expected):
    assert proposals("We describe the platform and its workflows, and evaluate them with users.", title=title) == expected


@pytest.mark.parametrize("abstract,expected", [
    # the kind in plain words, then the coined name between commas
    ("Tagging is hard. We introduce a novel crowdsourcing workflow, Gloss-Refine, that collects good tags.",
     {"Gloss-Refine"}),
    ("Tagging is hard. We present an annotation pipeline, GlossPipe, which tags old texts.", {"GlossPipe"}),
    # a resource, a task, or a name the text used before
    ("Tagging is hard. We introduce a new annotated collection, GlossBank, that covers old texts.", set()),
    ("Tagging is hard. We introduce a new task, Gloss-Linking, which links glosses.", set()),
])
def test_a_name_between_commas_after_its_kind(abstract, expected):
    assert proposals(abstract, title="Tagging Old Texts") == expected


@pytest.mark.parametrize("title,expected", [
    # a subtitle's verb that acts on a resource: the name is the tool's
    ("GlossNet: Extracting High Quality Gloss Datasets from Web Crawl Data", {"GlossNet"}),
    # a verb that makes the resource: the name is the resource's
    ("GlossNet: Building High Quality Gloss Datasets from Web Crawl Data", set()),
    # a resource after a preposition is no object of the verb
    ("GlossNet: Retrofitting Word Embeddings on an Abusive Lexicon for Old Texts", set()),
])
def test_a_title_name_whose_subtitle_acts_on_a_resource(title, expected):
    assert proposals("In this paper, we describe an automatic pipeline to extract glosses from old texts.",
                     title=title) == expected


@pytest.mark.parametrize("abstract,expected", [
    # the verb's plain object, written again after "our" or "the proposed"
    ("Tagging is hard. We study old texts and propose a novel layered gloss attention scheme. The layers of our "
     "layered gloss attention scheme give coarse-to-fine tags.", {"layered gloss attention scheme"}),
    ("Tagging is hard. We propose a rune alignment mechanism for tagging. Experiments show that the proposed rune "
     "alignment mechanism helps.", {"rune alignment mechanism"}),
    # a kind qualified only by describing words, its task or a resource's head; or not written again
    ("Tagging is hard. We propose a novel neural multilingual model for tagging. Our neural multilingual model wins.",
     set()),
    ("Tagging is hard. We propose a new gloss annotation scheme. Our gloss annotation scheme is simple.", set()),
    ("Tagging is hard. We propose a novel layered gloss attention scheme. It gives coarse-to-fine tags.", set()),
])
def test_the_proposing_verbs_plain_object_restated_as_own(abstract, expected):
    assert {x.lower() for x in proposals(abstract, title="Tagging Old Texts")} == expected


@pytest.mark.parametrize("abstract,expected", [
    # "the proposed" + a plain phrase ending at a part's kind, its modifier specific
    ("Tagging is hard. We model glosses as latent variables. We observe that the proposed gloss-alignment mechanism "
     "is highly beneficial.", {"gloss-alignment mechanism"}),
    # a broad kind, plain adjectives, participles, or the phrase running into the verb: no name
    ("Tagging is hard. Results show that the proposed systematic approach helps.", set()),
    ("Tagging is hard. Results show that the proposed model outperforms the baseline scheme.", set()),
    ("Tagging is hard. Results show that the proposed data-oriented method helps.", set()),
    ("Tagging is hard. Results show that the proposed attention model helps.", set()),
    # the paper names its proposal: "the proposed ..." restates it
    ("Tagging is hard. We propose GlossStep, which picks a gloss at each step. Results show that our proposed gloss "
     "step selection procedure helps.", {"glossstep"}),
])
def test_a_plain_phrase_after_the_proposed(abstract, expected):
    assert {x.lower() for x in proposals(abstract, title="Tagging Old Texts")} == expected


@pytest.mark.parametrize("title,abstract,expected", [
    # the title's phrase with a part's kind, written after "our" in the abstract
    ("Gloss Module for Tagging Old Texts", "Tagging is hard. The gloss module scores words. Results show the "
     "strength of our gloss module on three corpora.", {"gloss module"}),
    # not after "our", or a broad kind
    ("Gloss Module for Tagging Old Texts", "Tagging is hard. The gloss module scores words.", set()),
    ("Gloss Model for Tagging Old Texts", "Tagging is hard. Results show the strength of our gloss model.", set()),
])
def test_the_titles_part_written_as_own(title, abstract, expected):
    assert {x.lower() for x in proposals(abstract, title=title)} == expected


def test_our_model_of_a_tasks_acronym_is_no_name():
    # "our AGS model" for "automated gloss scoring (AGS)": a model for the task
    got = proposals("Existing automated gloss scoring (AGS) systems ignore the writer. We pass this knowledge into our "
                    "AGS model on six corpora.", title="Tagging Old Texts")
    assert got == set(), got


@pytest.mark.parametrize("title,abstract,expected", [
    # a tool's name before its kind in the title: the name the text proposes is its tool's
    ("The GLOSSdesk Platform: Interactive Annotation of Old Texts",
     "We introduce GLOSSdesk, a new annotation platform for tasks including semantic annotation.", {"GLOSSdesk"}),
    # a hyphenated "Low-Resource" is no resource's head
    ("RUNEX: A Low-Resource Cross-Lingual Retrieval System for Old Texts",
     "In this paper we present an end-to-end cross-lingual retrieval system for old texts.", {"RUNEX"}),
])
def test_a_title_tool_or_system_name(title, abstract, expected):
    assert proposals(abstract, title=title) == expected


@pytest.mark.parametrize("title,abstract,expected", [
    # the title's phrase, defined as an acronym in the abstract
    ("Deep Recurrent Gloss Decoder for Tagging Old Texts",
     "We propose a new framework for tagging based on an encoder-decoder model equipped with a deep recurrent gloss "
     "decoder (DRGD). Results are good.", {"DRGD"}),
    # one the abstract uses
    ("Tagging Old Texts with the Deep Structured Gloss Model",
     "We explore the application of a Deep Structured Gloss Model (DSGM) to ranking in tagging.", set()),
])
def test_the_titles_phrase_defined_as_an_acronym(title, abstract, expected):
    assert proposals(abstract, title=title) == expected


@pytest.mark.parametrize("abstract,expected", [
    # a lower-case name given by "which we term", with its acronym
    ("Tagging is hard. We propose a simple tagging strategy, which we term gloss-adaptive pre-training (GAPT), to "
     "address the shift. GAPT helps.", {"GAPT"}),
    # the acronym after a second proposing verb "and" joins to the first
    ("Tagging is hard. We introduce a fresh view to revisit the tagging task and propose a novel gloss binary tagging "
     "framework (GBTF) derived from a formulation.", {"GBTF"}),
])
def test_more_acronym_shapes(abstract, expected):
    assert proposals(abstract, title="Tagging Old Texts") == expected


def test_a_comma_after_a_plain_qualifier_of_the_titles_phrase():
    got = proposals("Tagging is hard. We propose a novel, fully non-monotonic gloss system based on the Foo algorithm.",
                    title="A Full Non-Monotonic Gloss System for Tagging Old Texts")
    assert {x.lower() for x in got} == {"non-monotonic gloss system"}, got


def test_names_coordinated_after_a_proposal_are_read_in_linear_time():
    # what joins a second name to a proposed one read a long run of spaces every way: 21 s of CPU at 3k spaces
    from conftest import cpu_budget

    with cpu_budget(1.0):
        assert proposals("We propose ZedNet" + " " * 3000 + "for tagging.", title="Tagging") == {"ZedNet"}


@pytest.mark.parametrize("abstract,expected", [
    # a count and a kind, then two coined names between commas: two proposals, not one "X and Y"
    ("We present two novel models, QX-GAN and QX-RNN, that learn sparse tag codes. QX-GAN is fast.",
     {"QX-GAN", "QX-RNN"}),
    ("We introduce three new metrics, ZetaScore, OmegaRank and PiMatch, for ranking tags.",
     {"ZetaScore", "OmegaRank", "PiMatch"}),
])
def test_coordinated_names_after_their_kind_and_a_comma(abstract, expected):
    assert proposals(abstract, title="Tagging Old Texts") == expected


def test_referred_as_without_to_names_the_proposal():
    got = proposals("We propose a novel gated tagger for old texts, referred as GlossTag. GlossTag runs in linear time.",
                    title="Tagging Old Texts")
    assert got == {"GlossTag"}, got


def test_a_name_ending_the_title_is_not_read_with_the_abstracts_first_words():
    # "... with the QuillTagger" then "Dataset search is ...": the abstract's first word is not the name's kind
    got = proposals("Dataset search is growing. In this work, we introduce the QuillTagger, an ontology-based tagging "
                    "pipeline for metadata.", title="Semantic Tagging of Metadata with the QuillTagger")
    assert got == {"QuillTagger"}, got


@pytest.mark.parametrize("abstract,expected", [
    # a coined name before its kind, the object of the proposing verb, used again by itself
    ("Decoding is greedy. We propose the GLS-BS decoding method, which adds a gloss score to beam search. The GLS-BS "
     "method improves diversity.", {"GLS-BS"}),
    ("Decoding is greedy. We present a QuoraNet attention model for old texts. QuoraNet is fast.", {"QuoraNet"}),
    # used again as a modifier of something else, it is a modifier still
    ("Notes are long. We present an ICD coding model for notes. ICD codes are many.", set()),
    # a name the text does not use again is a modifier, not the proposal's name
    ("Decoding is greedy. We present a GLS-BS decoding method for old texts.", set()),
    # an acronym of a phrase, used again: the phrase's, no name
    ("End-to-end (E2E) decoders need no labels. We propose an E2E attention model based on pointer networks. "
     "The E2E model is fast.", set()),
])
def test_a_coined_name_before_its_kind_used_again(abstract, expected):
    assert proposals(abstract, title="Decoding Old Texts") == expected


def test_a_title_teams_name_before_its_kind_is_no_new_name():
    got = proposals("Decoding is greedy. We present the QTRB attention system for the shared task. QTRB ranks third.",
                    title="QTRB at SemEval-2019 Task 4: Decoding Old Texts")
    assert "QTRB" not in got, got


@pytest.mark.parametrize("abstract,title,expected", [
    # "our (main) contribution is X" presents X as "we propose X" does
    ("Tagging is hard. Our main contribution is GlossNet, a tagger that reads glosses. GlossNet is fast.",
     "Tagging Old Texts", {"GlossNet"}),
    ("Tagging is hard. The key contribution of this paper is a gloss-aware tagging workflow, GlossMix, that mixes "
     "glosses.",
     "Tagging Old Texts", {"GlossMix"}),
    # what the contribution is about is no name: none
    ("Tagging is hard. Our contribution is an investigation of BERT on old texts.", "Tagging Old Texts", set()),
])
def test_our_contribution_is_x(abstract, title, expected):
    assert proposals(abstract, title=title) == expected


@pytest.mark.parametrize("abstract,proposed", [
    # the modifiers' run took a lower-case method's own first word: "windowed" + "self-attention"
    ("We also propose a windowed self-attention unit for reading the neighbours of a word.", "windowed self-attention"),
])
def test_a_variant_of_a_lower_case_catalogued_method(abstract, proposed):
    assert any(x.lower().startswith(proposed) for x in proposals(abstract)), proposals(abstract)


@pytest.mark.parametrize("abstract", [
    # only describing words before it
    "We present a neural self-attention unit for tagging words.",
])
def test_no_variant_of_a_catalogued_method(abstract):
    assert not any("self-attention" in x.lower() for x in proposals(abstract)), proposals(abstract)


def methods_named(abstract):
    ex = next(extract_papers([paper("p", abstract)], pipeline()))
    return {m.method.label for m in ex.methods}, {m.method.label for m in ex.methods if m.role == "proposes"}


@pytest.mark.parametrize("abstract,parts", [
    # the whole run of modifiers only describes: no variant, and the catalogued methods in it are named
    ("We propose a neural convolutional LSTM for tagging words.", {"LSTM"}),
    # a kind "of" words that only describe is no kind of its own
    ("We compare several variants of attention-based LSTM taggers on news.", {"LSTM"}),
])
def test_described_compounds_name_their_catalogued_parts(abstract, parts):
    named, proposed = methods_named(abstract)
    assert named == parts and not proposed, (named, proposed)


@pytest.mark.parametrize("abstract,proposed", [
    # the verb's plain object, written once, with the head of a part or a procedure
    ("To read long documents, we propose a gist routing module, which selects the salient sentences.",
     "gist routing module"),
    ("We introduce a span pairing loss for training taggers on partial labels.", "span pairing loss"),
])
def test_a_plain_object_written_once_with_a_parts_head(abstract, proposed):
    assert proposed in proposals(abstract), proposals(abstract)


@pytest.mark.parametrize("abstract", [
    # another kind's object names nothing written once; a dash ends the object
    "We present a news bias prediction system for the shared task.",
    "We propose a twin encoder approach—a word-level reader and a character-level reader.",
])
def test_a_plain_object_written_once_with_another_head(abstract):
    assert proposals(abstract) == set(), proposals(abstract)


@pytest.mark.parametrize("abstract", [
    # how a text names itself (vocabulary.json own_text_*), as the subject of the verb or the contribution's owner
    "Our study introduces QuillNet for tagging tweets.",
    "The main contribution of this note is QuillNet for tagging tweets.",
])
def test_the_text_naming_itself_proposes(abstract):
    assert "QuillNet" in proposals(abstract), proposals(abstract)


@pytest.mark.parametrize("title,abstract,proposed", [
    # the title's phrase as the proposing verb's object with no article, the whole object
    ("Data Augmentation by Gist Noising for Slot Filling",
     "This paper proposes gist noising, which perturbs the slots, for data augmentation.", {"gist noising"}),
    # said to be a task
    ("Slot Typing for Mathematical Text", "We introduce slot typing, the task of assigning a type to each slot.", set()),
    # the object goes on past the title's phrase
    ("Semantic Parsing with Gist Decoding", "We present gist decoding grammars, which generate graphs.", set()),
])
def test_the_titles_phrase_as_a_bare_object(title, abstract, proposed):
    assert {x.lower() for x in proposals(abstract, title=title)} == proposed, proposals(abstract, title=title)


@pytest.mark.parametrize("title,abstract,proposed", [
    # the title's phrase with a plural method head, the bare object of the proposing verb
    ("Tagging with Span Embeddings", "We introduce span embeddings, dense vectors read from a language model.",
     "span embedding"),
    # a long form with an acronym of its initial after "a novel", deep in a proposing sentence
    ("Dialogue State Reading", "We present a new framework of dialogue reading that holds a novel Latent Slot Reader "
     "(LSR) to follow the slots.", "LSR"),
    # a quoted coinage, then its kind
    ("Data Selection for Translation", "This paper introduces a “twin-pacing selection” method to mix two curricula.",
     "twin-pacing selection"),
])
def test_more_descriptive_proposals(title, abstract, proposed):
    assert proposed in {x.lower() for x in proposals(abstract, title=title)} | proposals(abstract, title=title)


def test_catalogued_methods_spelled_out_in_an_appositive_are_not_proposed():
    got = proposals("We present a classification approach, including two supervised models – Support Vector "
                    "Machines (SVM) and Convolutional Neural Networks (CNN).", title="Answer Ranking Experiments")
    assert not {x.lower() for x in got} & {"svm", "support vector machine", "cnn", "convolutional neural network",
                                           "convolutional neural networks"}, got


def test_a_titles_team_name_is_not_read_with_participation():
    got = proposals("This paper presents our participation in the biotope task.",
                    title="ZEDA-LAB Participation: An Unsupervised Approach for Entity Normalization")
    assert not any("Participation" in x for x in got), got


def test_an_acronym_said_to_be_a_dataset_is_no_proposal():
    got = proposals("In addition, we introduce Crosslingual Phrase Relatedness (CPR), a large and carefully built "
                    "dataset for evaluating sense embeddings.", title="Sense Embeddings for Two Languages")
    assert not {"CPR", "Crosslingual Phrase Relatedness"} & got, got


@pytest.mark.parametrize("title,abstract,proposed", [
    # a participle after the kind ends the proposing verb's object that restates the title
    ("Paired Bilingual Perplexity Margin Filtering of Web Text", "Our main contribution is a paired bilingual perplexity "
     "margin criterion adapted from an earlier selection method.", "paired bilingual perplexity margin criterion"),
])
def test_the_object_restating_the_title_ends_before_a_participle(title, abstract, proposed):
    assert proposed in {x.lower() for x in proposals(abstract, title=title)}


def test_a_based_or_named_after_the_kind_does_not_end_the_object():
    got = proposals("We present a deep reinforcement learning based model named by PathWalker, which walks.",
                    title="Knowledge Graph Reasoning Based on Deep Reinforcement Learning")
    assert {x.lower() for x in got} <= {"pathwalker"}, got


@pytest.mark.parametrize("abstract,expected", [
    # a coined name new to the text, then its kind, later in the proposing sentence
    ("We design a model that maps images to goals using GOALNET, a language-conditioned image generation network, "
     "and then acts.", {"GOALNET"}),
    # not a base the text builds on, nor a cited one
    ("Our work builds upon SeqIE, a sequence generation extraction model.", set()),
    ("We propose to reuse parts of RelFind, a relation extraction model (Smith et al., 2018), for speed.", set()),
])
def test_a_coined_name_then_its_kind_in_a_proposing_sentence(abstract, expected):
    assert proposals(abstract, title="Reading Goals from Pictures") & {"GOALNET", "SeqIE", "RelFind"} == expected


def test_the_titles_phrase_past_the_objects_kind_is_no_proposal():
    got = proposals("For this purpose, we propose a new method combining spherical embeddings and lexical patterns.",
                    title="Inferring Taxonomies via Spherical Embeddings")
    assert "spherical embedding" not in {x.lower() for x in got}, got


@pytest.mark.parametrize("abstract,name", [
    # the object runs on past its capitalised words to the short form coined for it: the short form, not a fragment
    ("Here we develop a Sparse Routed trainable Recall Network architecture (SpRReN2). SpRReN2 beats the baselines.",
     "SpRReN2"),
    # a short form whose letters do not spell the phrase
    ("Next, we propose a novel fluency-weighted reward (FLUReW) that rewards fluent captions over the baseline.",
     "FLUReW"),
    # after a naming cue, the name may hold "with", "of": "called X with Y (XY)"
    ("We propose a new unsupervised model called sparse neural grammar model with valence (S-NGMV). Experiments show "
     "S-NGMV improves over the baselines.", "S-NGMV"),
])
def test_the_short_form_that_closes_the_proposed_phrase(abstract, name):
    assert name in proposals(abstract)


@pytest.mark.parametrize("abstract", [
    # a short form others coined: "so-called"
    "Social media hold so-called user-created posts (UCP), which open new opportunities. We study UCP.",
    # a resource's short form
    "We present a new multilingual question corpus (MQC) of 5,000 questions.",
    # the phrase's short form names what the method improves, past a participle after the kind
    "We propose a method improving sparse lexical vectors (SLV) for retrieval.",
])
def test_no_proposal_of_a_closing_short_form(abstract):
    assert not proposals(abstract), proposals(abstract)


@pytest.mark.parametrize("abstract,name", [
    ("To address this problem, we propose gated span tagging networks, a novel sequence labeling framework for NER.",
     "gated span tagging network"),
    ("We present chunk-margin loss, a simple loss that uses a negative sample at every step.", "chunk-margin loss"),
])
def test_a_plain_phrase_an_appositive_says_is_a_method(abstract, name):
    assert name in {x.lower() for x in proposals(abstract)}


@pytest.mark.parametrize("abstract", [
    "We present review forecasting, a novel task of predicting the rating a user would give.",
    "We propose two model variants, a neural and a phrase-based model.",
])
def test_no_proposal_of_a_task_or_a_number_of_things(abstract):
    assert not proposals(abstract), proposals(abstract)


def test_the_titles_architecture_restated_by_the_proposing_verb():
    got = proposals("In this work, we propose novel dilated recurrent attention networks, which widen the context.",
                    title="Dilated Recurrent Attention Networks")
    assert "dilated recurrent attention network" in {x.lower() for x in got}, got
    # (a head qualified only by the field's broad words is no name)
    got = proposals("This paper describes a hierarchical neural network we propose for sentence classification.",
                    title="A Hierarchical Neural Network for Product Attribute Extraction")
    assert not got, got


def test_a_participle_title_and_abstract_write_before_a_catalogued_method():
    got = proposals("We propose a two-stage decoder with a delayed beam search. Our delayed beam search keeps slots "
                    "open.", title="Point Precisely: Texts Using Delayed Beam Search")
    assert "delayed beam search" in {x.lower() for x in got}, got


def test_a_catalogued_task_with_modifiers_is_no_proposal():
    got = proposals("We introduce Graded Relation Extraction (GRE), a refinement of relation extraction "
                    "that predicts probabilities.")
    assert not got, got


@pytest.mark.parametrize("abstract", [
    "We describe our convolutional neural network (CNN) system for the shared task on stance detection.",
    "In this paper, we describe the convolutional neural network (CNN) model we submitted to the shared task.",
])
def test_a_catalogued_acronym_before_the_papers_kind_is_no_proposal(abstract):
    assert not proposals(abstract)


def test_the_texts_own_definition_of_a_metrics_acronym_wins():
    got = proposals("Heads can be pruned. We propose the mixture of attentive experts model (MAE). MAE is trained "
                    "with a block coordinate descent algorithm, and MAE outperforms strong baselines.")
    assert got == {"MAE"}, got


def test_a_plural_kind_dubbed_two_capitalised_names_proposes_both():
    got = proposals("We score the replies with two novel metrics, dubbed Topic Drift and Reply Echo Rate, and with "
                    "human judges.")
    assert got == {"Topic Drift", "Reply Echo Rate"}, got


@pytest.mark.parametrize("abstract,expected", [
    ("We also propose a new evaluation metric (Recall F1) for caption generation that measures adequacy.",
     {"Recall F1"}),
    ("We propose a new model (Section 4) for caption generation.", set()),
])
def test_a_capitalised_name_in_parentheses_after_the_kind(abstract, expected):
    assert proposals(abstract) == expected


@pytest.mark.parametrize("title,abstract,expected", [
    ("Demonstration of TreeKit-2 beyond tree search", "TreeKit-2 is a corpus management system for annotated "
     "treebanks. This paper describes the functions of the TreeKit-2 system.", {"TreeKit-2"}),
    # what the title's verb acts on is no new tool; a catalogued name is known
    ("Adapting the TreeKit-2 tool suite to new languages", "TreeKit-2 is a suite of tools for text analytics.", set()),
    ("Probing CNN features for syntax", "CNN is a neural network. We probe its filters.", set()),
])
def test_the_opening_sentence_says_what_the_titles_name_is(title, abstract, expected):
    assert proposals(abstract, title=title) == expected


@pytest.mark.parametrize("abstract,expected", [
    ("Our systems are trained with our original system GraphTrans, which scores well.", {"GraphTrans"}),
    ("On four datasets, our model SynoRank consistently outperforms earlier models.", {"SynoRank"}),
    ("On four datasets, our model CNN consistently outperforms earlier models.", set()),  # a catalogued name
])
def test_our_kind_then_a_coined_name(abstract, expected):
    assert proposals(abstract) == expected


def test_a_fields_token_inside_a_capitalised_name():
    got = proposals("We then propose the Spatial Memory QA Net with several module networks.")
    assert got == {"Spatial Memory QA Net"}, got
