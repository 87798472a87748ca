"""A bare pretrained encoder or encoder-decoder name (BERT, RoBERTa, T5) is a method, its sizes and
releases models of it (the catalogue's contract, ``methods.ttl`` and ``models.ttl``), on sentences
written for the test and the project's own catalogue."""
import pytest

from kg.extract import extract_papers, load_pipeline
from kg.model import Paper

MODEL = "https://w3id.org/research-kg/resource/model/"


@pytest.fixture(scope="module")
def nlp():
    return load_pipeline()


def extract(nlp, abstract: str, title: str | None = None):
    paper = Paper(key="p", title=title, abstract=abstract, year=None, authors=[], authors_truncated=False,
                  categories=[], sources=[])
    return next(extract_papers([paper], nlp=nlp))


def methods(ex) -> set[str]:
    return {m.method.label for m in ex.methods}


def models(ex) -> set[str]:
    return {e.iri[len(MODEL):] for e in ex.entities if e.kind == "model"}


def links(ex) -> set[tuple[str, str]]:
    return {(ln.method.label, ln.base.label) for ln in ex.lineage}


def test_a_bare_family_name_is_a_method(nlp):
    ex = extract(nlp, "We fine-tune BERT and RoBERTa on stance detection and compare them with XLNet and BART.")
    assert {"BERT", "RoBERTa", "XLNet", "BART"} <= methods(ex)
    assert models(ex) == set()


def test_a_size_or_casing_is_a_model_of_it(nlp):
    ex = extract(nlp, "We fine-tune BERT-base, bert-large-uncased and T5-11B on stance detection.")
    assert models(ex) == {"bert-base", "bert-large", "t5-11b"}
    assert not {"BERT", "T5"} & methods(ex)


def test_a_retraining_on_a_domain_or_language_stays_a_model(nlp):
    ex = extract(nlp, "We encode the claims with SciBERT and the tweets with multilingual BERT.")
    assert models(ex) == {"scibert", "mbert"}
    assert "BERT" not in methods(ex)


def test_vision_language_and_chat_models_stay_models(nlp):
    ex = extract(nlp, "Images are captioned with CLIP and BLIP, and the answers written by GPT-4 and Llama-2-7B.")
    assert models(ex) == {"clip", "blip", "gpt-4", "llama-2-7b"}
    assert not {"CLIP", "BLIP", "GPT-4"} & methods(ex)


@pytest.mark.parametrize("abstract,link", [
    ("We propose GlossBERT, a variant of BERT that reads dictionary glosses.", ("GlossBERT", "BERT")),
    ("Based on T5, we propose TableWriter, a generator that verbalises tables.", ("TableWriter", "T5")),
    ("We introduce ParaBART, which extends BART with a paraphrase objective.", ("ParaBART", "BART")),
])
def test_a_method_built_on_a_family_extends_it(nlp, abstract, link):
    assert link in links(extract(nlp, abstract))


def test_a_version_of_a_family_is_the_papers_method_extending_it(nlp):
    title = "Reading Long Contracts with a Hierarchical Encoder"
    ex = extract(nlp, "We propose a hierarchical version of RoBERTa that reads contracts clause by clause.", title)
    # the paper's unnamed method, named by how it varies the family's method
    assert ("hierarchical RoBERTa", "RoBERTa") in links(ex)
