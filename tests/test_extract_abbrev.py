"""Sentences and abbreviation definitions (component ``kg_abbreviations``)."""
import sys
from pathlib import Path

import pytest
import spacy

sys.path.insert(0, str(Path(__file__).parent))

from kg.extract import components  # noqa: F401,E402
from kg.extract.abbrev import best_long_form, find_abbreviations, split_sentences, title_definition  # noqa: E402


def pairs(text):
    return [(a.short, a.long, a.order) for a in find_abbreviations(text, split_sentences(text))]


def test_long_then_short():
    assert pairs("We study Sparse Spectral Sketching (SSS) for graphs.") == [
        ("SSS", "Sparse Spectral Sketching", "long_short")]


def test_short_then_long():
    assert pairs("The GRAFT (GRAdient Flow Tuning) method is cheap.") == [
        ("GRAFT", "GRAdient Flow Tuning", "short_long")]


def test_hyphenated_acronym_and_mixed_case():
    got = pairs("We use Kernel-Ridge Mixture Regression (KR-MR) and Tiny Graph Sampler (TiGS).")
    assert ("KR-MR", "Kernel-Ridge Mixture Regression", "long_short") in got
    assert ("TiGS", "Tiny Graph Sampler", "long_short") in got


def test_acronym_spelled_by_initials_keeps_all_words():
    assert pairs("a method based on paired spectral estimation (PSE) works") == [
        ("PSE", "paired spectral estimation", "long_short")]


def test_a_long_form_holds_no_parenthesis():
    assert pairs("two baselines for the identification (PERSPECTIVE) and the categorization (BERT) of posts") == []


def test_no_definition_for_enumerations_or_numbers():
    assert pairs("Three steps (i) sample, (ii) score, and (iii) rank, in time (12 ms).") == []


def test_generic_tail_is_dropped():
    assert pairs("we build a deep spectral net methodology (DSN) here")[0][:2] == ("DSN", "deep spectral net")


def test_schwartz_hearst_core():
    assert best_long_form("HMM", "a hidden Markov model") == 2
    assert best_long_form("XYZ", "nothing alike") is None


@pytest.mark.parametrize("sentence,long", [
    # the alignment that opens the most words, not the nearest letters ("D" and "N" inside "dependency")
    ("we propose a model called discriminative neural dependency model with valence (D-NDMV) that parses",
     "discriminative neural dependency model with valence"),
    ("a model which incorporates Interlocutor-aware Contexts into Recurrent Encoder-Decoder (ICRED) for chats",
     "Interlocutor-aware Contexts into Recurrent Encoder-Decoder"),
    # but not one that skips words to open more ("text ... medical ... expressions")
    ("we extract text by annotating a corpus of medical reports with time expressions (TIMEXes) here",
     "time expressions"),
    ("an end-to-end model called memory-to-sequence (Mem2Seq) for dialogue", "memory-to-sequence"),
])
def test_long_form_alignment_opens_words(sentence, long):
    assert [p[1] for p in pairs(sentence)] == [long]


def test_sentences_keep_abbreviations_whole():
    text = "We compare w.r.t. the baseline, e.g. the old one. It works.Then more i.e. this."
    sents = [text[a:b] for a, b in split_sentences(text)]
    assert sents == ["We compare w.r.t. the baseline, e.g. the old one.", "It works.", "Then more i.e. this."]


def test_component_stores_plain_lists():
    nlp = spacy.blank("en")
    nlp.add_pipe("kg_sentences")
    nlp.add_pipe("kg_abbreviations")
    text = "Our Robust Token Pruning (RTP) is fast. RTP helps."
    doc = nlp(text)
    s, lg = text.index("RTP"), text.index("Robust")
    assert doc._.kg_abbrevs == [["RTP", "Robust Token Pruning", s, s + 3, lg, lg + 20, "long_short"]]
    assert [s.text for s in doc.sents] == ["Our Robust Token Pruning (RTP) is fast.", "RTP helps."]


@pytest.mark.parametrize("title,short,long", [
    ("BLT: Bidirectional Layout Transformer for Controllable Layout Generation", "BLT", "Bidirectional Layout Transformer"),
    ("P-CNN: Pose-Based CNN Features for Action Recognition", "P-CNN", "Pose-Based CNN Features"),
    ("SRM: A Style-Based Recalibration Module for Convolutional Networks", "SRM", "Style-Based Recalibration Module"),
    ("PVT: An Implicit Surface Reconstruction Framework via Point Voxel Geometric Transformer", "PVT",
     "Point Voxel Geometric Transformer"),  # a later phrase, whose words begin and end with its letters
    ("XYZ: Learning from Partial Labels via Causal Inference and Embeddings", None, None),
    ("BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding", None, None),
    ("Social GAN: Socially Acceptable Trajectories with Generative Adversarial Networks", None, None),
    ("TSAC2022: Tagging Sarcasm Across Corpora", None, None),  # an event's name and year, no acronym's edition
])
def test_a_title_defines_the_name_before_its_colon(title, short, long):
    ab = title_definition(title, len(title))
    assert (ab.short, ab.long, title[ab.long_start:ab.long_end]) == (short, long, long) if short else ab is None


@pytest.mark.parametrize("sentence,short,long", [
    # a digit between capitals repeats the capital before it
    ("we use Tiny Tensor Tree Parsers (T3P) on trees", "T3P", "Tiny Tensor Tree Parsers"),
    ("a Dual Decoder Selector (D2S) network", "D2S", "Dual Decoder Selector"),
    # a leading X is the long form's "cross" or "ex"
    ("we study cross-domain graph retrieval (XGR) here", "XGR", "cross-domain graph retrieval"),
    ("with an exponential ranking objective (XRO) for lists", "XRO", "exponential ranking objective"),
    # a leading digit is the number word the long form begins with
    ("a three-level attention network (3L-AN) for", "3L-AN", "three-level attention network"),
    # a lower-case acronym with a digit that stands for a word
    ("a graph-to-tree (graph2tree) decoder", "graph2tree", "graph-to-tree"),
    # an edition after an acronym's letters
    ("the Workshop on Lexical Graph Mining (LexGM 2021) hosted a task", "LexGM 2021", "Lexical Graph Mining"),
    ("the Third Reading Assessment Task (RAT-2019) asked for", "RAT-2019", "Reading Assessment Task"),
    ("the third Graph Parsing Challenge (GPC-3) asked for", "GPC-3", "Graph Parsing Challenge"),
    # a plural acronym of a singular long form; a plural one keeps its generic plural word
    ("we compare gated recurrent unit (GRUs) encoders", "GRUs", "gated recurrent unit"),
    ("lexical semantic models (LSMs) are", "LSMs", "lexical semantic models"),
])
def test_acronym_readings(sentence, short, long):
    # the letters an acronym writes for something else, read where its plain letters align nowhere
    assert [p[:2] for p in pairs(sentence)] == [(short, long)]


@pytest.mark.parametrize("sentence", [
    "we consider the task of graph retrieval (XGR) here",  # an X opens no "cross"/"ex" word
    "we tune the search depth (sd) by hand",  # lower case without a digit standing for a word
    "a triple-level attention network (3L-AN) for",  # no "three"
    "we use the Smith corpus (Smith 1973) here",  # a citation, not an edition of an acronym
])
def test_acronym_readings_need_their_words(sentence):
    assert pairs(sentence) == []
