"""Datasets, pretrained models, code links and arXiv ids (component ``kg_entities``)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from extract_support import pipeline  # noqa: E402
from kg.extract.entities import find_arxiv_ids, find_urls, is_citation_url  # noqa: E402


@pytest.fixture(scope="module")
def nlp():
    return pipeline()


def names(doc, kind):
    return [x[2] for x in getattr(doc._, "kg_datasets" if kind == "dataset" else "kg_models")]


@pytest.mark.parametrize("raw,url", [
    ("Code: https://github.com/acme/widget.", "https://github.com/acme/widget"),
    ("see [github.com/acme/widget](https://github.com/acme/widget)", "https://github.com/acme/widget"),
    ("at \\url{https://github.com/acme/widget/}", "https://github.com/acme/widget/"),
    ("via \\href{https://gitlab.com/acme/tool}{this link}", "https://gitlab.com/acme/tool"),
    ("The project page is https: //acme-lab.github.io/page/.", "https://acme-lab.github.io/page/"),
    ("(code at https://example.org/repo).", "https://example.org/repo"),
    ("available at www.acme.org/tool;", "https://www.acme.org/tool"),
    ("in the repo **https://github.com/acme/x**", "https://github.com/acme/x"),
])
def test_urls_cleaned(raw, url):
    got = [u for _, _, u in find_urls(raw)]
    assert url in got, got


def test_markdown_link_gives_one_url(nlp):
    doc = nlp("Our code is at [https://github.com/acme/w](https://github.com/acme/w).")
    assert {u for _, _, u in doc._.kg_urls} == {"https://github.com/acme/w"}


def test_citation_urls_are_not_code():
    assert is_citation_url("https://arxiv.org/abs/2101.00001")
    assert not is_citation_url("https://github.com/a/b")


@pytest.mark.parametrize("raw,ids", [
    ("as in arXiv:2006.16236 and arXiv: 1901.0002v3", ["2006.16236", "1901.0002"]),
    ("old style arXiv:hep-th/9901001 and arXiv:math.GT/0309136", ["hep-th/9901001", "math.GT/0309136"]),
    ("see https://arxiv.org/abs/2203.01234v2", ["2203.01234"]),
    ("a year 2006.16 or 2006.16236 alone is not a citation", []),
])
def test_arxiv_ids(raw, ids):
    assert [i for _, _, i in find_arxiv_ids(raw)] == ids


def test_arxiv_urls_become_ids_not_code(nlp):
    from extract_support import paper
    from kg.extract import extract_papers

    ex = next(extract_papers([paper("a", "Following https://arxiv.org/abs/2203.01234 we test it.")], nlp))
    assert ex.arxiv_ids == ["2203.01234"] and ex.code_urls == []


def test_catalogue_and_pattern_datasets(nlp):
    doc = nlp("We evaluate on CIFAR-10, SVHN-Hard, and TinyStories datasets, the PCam image dataset "
              "and ImageNet 128x128.")
    got = names(doc, "dataset")
    for n in ["CIFAR-10", "SVHN-Hard", "TinyStories", "PCam", "ImageNet 128x128"]:
        assert n in got, got


@pytest.mark.parametrize("text,expected", [
    ("We release ZedBank, a new treebank of Tagalog news.", ["ZedBank"]),
    ("Our tagger beats the baselines on two popular datasets, Quxboard and ZedTask.", ["Quxboard", "ZedTask"]),
    ("We annotate the Lorem Debate Corpus 2.0 and the Corpus of Imaginary Dutch Letters.",
     ["Lorem Debate Corpus 2.0", "Corpus of Imaginary Dutch Letters"]),
    ("Finally, a new corpus of reviews is collected.", []),
    ("We train FooParser, a model trained on a large corpus of tweets.", []),
    ("We parse the Tagalog ZedBank and the QuxLex 2.0 with a Treebank-style parser.", ["Tagalog ZedBank", "QuxLex 2.0"]),
    ("Scores on the ZEDTEST test suite are low.", ["ZEDTEST"]),
    # a kind word modifying a tool's head names no resource: a system, a toolkit
    ("We present ZEDREX-QM, a main memory database system for relation extraction.", []),
    ("QuxKorp is a corpus management system. ZedCAT is a corpus analysis toolkit.", []),
    ("We release LoremWOZ, a benchmark multi-domain dialogue dataset.", ["LoremWOZ"]),
])
def test_described_datasets(nlp, text, expected):
    assert names(doc := nlp(text), "dataset") == expected, doc._.kg_datasets


@pytest.mark.parametrize("title,expected", [
    ("ZedQA: A Real-life Dataset for Video Question Answering", ["ZedQA"]),
    ("A Fine-grained Sentiment Dataset for Norwegian", []),  # a title capitalises every word
    ("The QuxDaX Corpus of Danish Senses", ["QuxDaX Corpus of Danish Senses"]),
    ("Finding Good Talk: The Lorem Ipsum Comments Corpus", ["Lorem Ipsum Comments Corpus"]),
    ("The Lorem Ipsum Corpus Is Not Enough for Parsing", []),
])
def test_title_datasets(nlp, title, expected):
    from extract_support import paper
    from kg.extract import extract_papers

    ex = next(extract_papers([paper("a", "We collect and annotate reviews.", title)], nlp))
    assert [e.name for e in ex.entities if e.kind == "dataset"] == expected


def test_dataset_written_with_its_head_keeps_that_form(nlp):
    doc = nlp("We count words in the ZedWord dialogue corpus.")
    assert [x[3] for x in doc._.kg_datasets] == [["ZedWord", "ZedWord dialogue corpus"]]


def test_dataset_acronym_and_other_mentions_are_its_labels(nlp):
    doc = nlp("We release the Lorem Debate Corpus (LDC). The LDC is larger than the LOREM DEBATE CORPUS.")
    from extract_support import paper
    from kg.extract import extract_papers

    ex = next(extract_papers([paper("a", doc.text)], nlp))
    [corpus] = [e for e in ex.entities if e.kind == "dataset"]
    assert {"LDC", "Lorem Debate Corpus (LDC)", "LOREM DEBATE CORPUS"} <= corpus.labels
    assert not [m for m in ex.methods if m.method.label == "LDC"]


@pytest.mark.parametrize("text", [
    "We describe our submission to the WMT 2019 news translation shared task.",
    "Team Foo at SemEval-2017 Task 5: Sentiment. We took part in SemEval 2017, Task 5.",
])
def test_shared_task_names_are_not_datasets(nlp, text):
    assert names(nlp(text), "dataset") == []


def test_a_dataset_before_another_task_name_stays_a_dataset(nlp):
    # the words between a name and "Task" are a shared task's name, not a conjunction and another name
    assert names(nlp("We train on CoNLL-2003 and test on SQuAD and the RTE Task."), "dataset") == ["SQuAD"]


@pytest.mark.parametrize("text", ["A.Corpus." * 5555, "Ab.Dataset." * 4545, "Zed, a corpus, " * 3000,
                                  "datasets, Zed and Qux, " * 2000, "Zed Qux: " * 3000 + "A Dataset"])
def test_dataset_shapes_take_linear_time_on_long_text(text):
    # a name starts a word: a dotted run of name heads ("A.Corpus.A.Corpus...") was read again from
    # every one of its starts (15 s of CPU at 50k characters); now well under a second
    from conftest import cpu_budget
    from kg.extract.entities import find_dataset_shapes

    with cpu_budget(1.0):
        find_dataset_shapes(text, title_end=200)


def test_catalogued_series_is_a_dataset_outside_a_shared_task(nlp):
    assert names(nlp("We train on WMT14 En-De and evaluate on the SemEval data."), "dataset") == ["WMT14 En-De", "SemEval"]


def test_generic_dataset_phrases_are_not_datasets(nlp):
    doc = nlp("We use several real-world datasets and synthetic benchmarks, and large image datasets.")
    assert names(doc, "dataset") == []


@pytest.mark.parametrize("raw,name", [
    ("we prune Mistral-Small-24B and", "Mistral-Small-24B"),
    ("a pythia-$160M$ model", "pythia-160M"),
    ("on ViT-B/32 features", "ViT-B/32"),
    ("GPT-2 large and", "GPT-2 large"),
    ("with CLIP/BLIP-2 models", "CLIP"),
    ("Stable Diffusion (SD) v2.1 images", "Stable Diffusion v2.1"),
])
def test_models(nlp, raw, name):
    got = names(nlp(raw), "model")
    assert name in got, got


@pytest.mark.parametrize("raw", ["GPT-2 based detectors", "GPT-2\n\nbased on"])
def test_a_size_word_is_a_whole_word_on_the_same_line(nlp, raw):
    assert names(nlp(raw), "model") == ["GPT-2"]


def test_models_are_not_methods(nlp):
    doc = nlp("We fine-tune Qwen-7B and GPT-2 with LoRA.")
    labels = {m["label"] for m in doc._.kg_methods}
    assert labels == {"LoRA"}


def test_defined_model_acronym_with_a_version(nlp):
    doc = nlp("Unlike Stable Diffusion (SD) v3, the older SD v1.4 and SD-v2 use a U-Net; the SD scores differ.")
    got = {x[2]: x for x in doc._.kg_models}
    assert {"SD v1.4", "SD-v2"} <= set(got)
    assert "Stable Diffusion v1.4" in got["SD v1.4"][3] and "Stable Diffusion v2" in got["SD-v2"][3]
    assert "SD" not in got  # the acronym alone, without a version, is no checkpoint


def test_undefined_acronym_with_a_version_is_not_a_model(nlp):
    doc = nlp("We evaluate on the XY v1.4 split of the data.")
    assert not any(x[4] == "pattern:model_acronym_version" for x in doc._.kg_models)
