"""Research tasks (tests/fixtures/extract/tasks.ttl) are never methods, nor are their acronyms."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from extract_support import LEXICON, methods_of, pipeline  # noqa: E402

from kg.extract.lexicon import load_lexicon  # noqa: E402

KGM = "https://w3id.org/research-kg/method/"


@pytest.fixture(scope="module")
def nlp():
    return pipeline()


def test_a_task_file_types_a_family_another_file_labels():
    lx = load_lexicon(LEXICON)
    assert lx.concepts[KGM + "link-prediction"].kind == "task"
    assert lx.concepts[KGM + "link-prediction"].labels == ["link prediction"]
    assert lx.concepts["https://w3id.org/research-kg/resource/task/quality-estimation"].kind == "task"
    assert lx.concepts[KGM + "pca"].kind == "method"


def test_an_acronym_defined_for_a_task_is_no_method(nlp):
    doc = nlp("We study word-level quality estimation (QE) for post-editing. QE predicts errors; "
              "we reduce features with principal component analysis (PCA) before the QE classifier.")
    ms = methods_of(doc)
    assert "PCA" in ms
    assert not {"QE", "quality estimation", "word-level quality estimation"} & set(ms)


def test_a_generic_family_typed_as_a_task_loses_its_acronym(nlp):
    doc = nlp("Link prediction (LP) on knowledge graphs is hard. We solve LP with PCA.")
    assert set(methods_of(doc)) == {"PCA"}


def test_task_and_method_with_the_same_head(nlp):
    doc = nlp("We apply spectral clustering to node clustering (NC) on citation graphs. For NC, spectral "
              "clustering needs no labels.")
    assert set(methods_of(doc)) == {"spectral clustering"}


def test_capitalised_tasks_and_their_variants_are_no_methods(nlp):
    doc = nlp("This paper describes our system for SemEval-2017 Task 4: Sentiment Analysis in Twitter. "
              "We also train Relation Extraction algorithms and study Aspect-Based Sentiment Analysis (ABSA). "
              "ABSA is hard.")
    assert not methods_of(doc)


def test_a_system_named_after_its_task_stays_a_method(nlp):
    doc = nlp("Our model matches the Turku Event Extraction System (TEES) on the GENIA corpus.")
    assert "TEES" in methods_of(doc)


def test_a_framework_for_a_task_stays_a_method(nlp):
    doc = nlp("We propose a paraphrase augmented sentiment analysis (PASA) framework. PASA is robust.")
    assert methods_of(doc)["PASA"]["role"] == "proposes"


@pytest.mark.parametrize("sentence", [
    "Temporal Relation Analysis (TRA) is a challenging task. TRA orders the events of a document.",
    "We address the Multi-Hop Claim Estimation (MHCE) task. MHCE needs evidence from several documents.",
])
def test_an_acronym_the_text_calls_a_task_is_no_method(nlp, sentence):
    assert not methods_of(nlp(sentence))


def test_a_learning_paradigm_called_a_task_stays_a_method(nlp):
    doc = nlp("We cast essay scoring as a Multiple Instance Learning (MIL) task. MIL needs no span labels.")
    assert "MIL" in methods_of(doc)


def test_dotted_initials_are_no_names(nlp):
    doc = nlp("We analyse U.S.-based news outlets. The U.S. outlets use LoRA-based detectors.")
    assert set(methods_of(doc)) == {"LoRA"}


def test_venues_and_metrics_are_no_methods(nlp):
    doc = nlp("The Conference on Computational Natural Language Learning (CoNLL) features a shared task. "
              "Our parser reaches an F1-score of 80.1 on CoNLL data, and the F1-score of LoRA is lower.")
    assert set(methods_of(doc)) == {"LoRA"}


def test_task_identifiers_and_shared_tasks_are_no_methods(nlp):
    doc = nlp("We present the Social Media Mining for Health Shared Tasks. Our classifier for SubTask A uses an "
              "SVM; it ranks first in Task1 and second in Task2, and Task1 is harder.")
    assert set(methods_of(doc)) == {"SVM"}
