"""Resolve: name display and matching, persons across documents, paper merging, stable keys."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from kg.ingest import iter_documents
from kg.model import Document, PaperRecord, SourceDocument
from kg.resolve import abstract_key, display_name, name_key, resolve, title_key

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def source(name: str, fmt: str = "jsonl") -> SourceDocument:
    return SourceDocument(path=f"in/{name}", name=name, sha256=hashlib.sha256(name.encode()).hexdigest(), format=fmt)


def document(name: str, *records: dict, fmt: str = "jsonl") -> Document:
    src = source(name, fmt)
    return Document(src, [PaperRecord(source=src, line=i + 1, **fields) for i, fields in enumerate(records)])


@pytest.mark.parametrize(
    "written, shown",
    [
        ("QUANMING YAO", "Quanming Yao"),
        ("Xingchen ZENG", "Xingchen Zeng"),
        ("TUNG LE", "Tung Le"),
        ("Yik-Chung WU", "Yik-Chung Wu"),
        ("LAURENS VAN DER MAATEN", "Laurens van der Maaten"),
        ("ALEXANDRE BOUCHARD-CÔTÉ", "Alexandre Bouchard-Côté"),
        ("PATRICK O'BRIEN", "Patrick O'Brien"),
        ("RYAN MCDONALD", "Ryan McDonald"),
        ("JOHN SMITH III", "John Smith III"),
        ("jane doe", "Jane Doe"),
        # Already in natural case: left alone.
        ("Alberto d'Onofrio", "Alberto d'Onofrio"),
        ("Laurens van der Maaten", "Laurens van der Maaten"),
        ("Ryan McDonald", "Ryan McDonald"),
        ("Boian S Alexandrov", "Boian S Alexandrov"),
        ("W. Bastiaan Kleijn", "W. Bastiaan Kleijn"),
    ],
)
def test_display_name(written, shown):
    assert display_name(written) == shown


def test_name_key_folds_case_accents_and_punctuation():
    assert name_key("Léon ZHENG") == name_key("Leon Zheng") == "leon zheng"
    assert name_key("Jean-Pierre Côté") == name_key("jean pierre cote")
    assert name_key("Boian S. Alexandrov") == name_key("Boian S Alexandrov")
    assert name_key("Ada Quill") != name_key("Ada Quil")


def test_one_person_across_documents_with_every_written_form():
    corpus = resolve([
        document("a.jsonl", {"title": "One", "authors": ["QUANMING YAO", "Ada Quill"]}),
        document("b.jsonl", {"title": "Two", "authors": ["Quanming Yao"]}),
    ])
    yao = corpus.persons["quanming-yao"]
    assert yao.name == "Quanming Yao"
    assert yao.written == {"QUANMING YAO", "Quanming Yao"}
    assert corpus.papers[0].authors[0] is corpus.papers[1].authors[0] is yao
    assert sorted(corpus.persons) == ["ada-quill", "quanming-yao"]


def test_display_prefers_the_accented_natural_form_whatever_the_order():
    forms = ["LEON ZHENG", "Léon Zheng", "Leon Zheng"]
    for order in (forms, forms[::-1]):
        corpus = resolve([document(f"{i}.jsonl", {"title": f"T{i}", "authors": [n]}) for i, n in enumerate(order)])
        (person,) = corpus.persons.values()
        assert (person.key, person.name, person.written) == ("leon-zheng", "Léon Zheng", set(forms))


def test_person_keys_are_collision_safe():
    # Two different names (the Greek letter is kept in the match key) that slug alike.
    corpus = resolve([document("a.jsonl", {"title": "T", "authors": ["Ω Smith", "Smith", "王伟", "李娜"]})])
    keys = [person.key for person in corpus.papers[0].authors]
    assert len(set(keys)) == 4
    assert keys[1] == "smith" and keys[0].startswith("smith-")
    assert all(key.startswith("person-") for key in keys[2:])
    assert all(key.isascii() and key == key.lower() and " " not in key for key in keys)


def test_profile_owner_is_first_author_when_there_is_no_author_line():
    corpus = resolve([
        document("p.txt", {"title": "T", "abstract": "A.", "authors": [], "authors_truncated": True,
                           "profile_owner": "Ada QUILL"}, fmt="profile"),
    ])
    (paper,) = corpus.papers
    assert [a.name for a in paper.authors] == ["Ada Quill"] and paper.authors_truncated


def test_same_paper_from_two_documents_is_merged():
    abstract = "We study widgets and their sparse kernels in great and careful detail."
    profile = document("p.txt", {"title": "Sparse Widgets", "abstract": abstract, "year": 2021,
                                 "authors": ["Ada Quill"], "authors_truncated": True,
                                 "profile_owner": "Ada Quill", "categories": ["cs.LG"]}, fmt="profile")
    listing = document("l.txt", {"abstract": abstract, "authors": ["Bo Li", "ADA QUILL", "Cy Ng"],
                                 "categories": ["Deep Learning · Theory"], "url": "https://x.org/w"}, fmt="listing")
    for documents in ([profile, listing], [listing, profile]):
        corpus = resolve(documents)
        (paper,) = corpus.papers
        assert paper.title == "Sparse Widgets" and paper.year == 2021 and paper.url == "https://x.org/w"
        assert [a.name for a in paper.authors] == ["Bo Li", "Ada Quill", "Cy Ng"]  # the full list wins
        assert paper.authors_truncated is False
        assert {s.name for s in paper.sources} == {"p.txt", "l.txt"}
        assert set(paper.categories) == {"cs.LG", "Deep Learning · Theory"}
        # The paper's first record fixes its key (streaming builds cannot rename a paper later).
        first = title_key("Sparse Widgets") if documents[0] is profile else abstract_key(abstract)
        assert paper.key == hashlib.sha256(first.encode()).hexdigest()[:16]


def test_a_name_only_on_an_author_list_that_a_better_one_replaced_is_nobody():
    short = document("a.jsonl", {"title": "Sparse Widgets", "authors": ["Ada Q. Quill", "Bo Li"]})
    full = document("b.jsonl", {"title": "Sparse Widgets", "authors": ["Ada Quill", "Bo Li", "Cy Ng"]})
    for documents in ([short, full], [full, short]):
        corpus = resolve(documents)
        assert sorted(p.name for p in corpus.persons.values()) == ["Ada Quill", "Bo Li", "Cy Ng"]


def test_titles_match_across_case_and_punctuation_but_different_papers_stay_apart():
    corpus = resolve([
        document("a.jsonl", {"title": "Widgets: A Survey", "authors": ["Ada Quill"]},
                 {"title": "Gadgets: A Survey", "authors": ["Ada Quill"]}),
        document("b.bib", {"title": "WIDGETS -- a survey", "authors": ["Dana Okafor"]}, fmt="bibtex"),
    ])
    assert [p.title for p in corpus.papers] == ["Widgets: A Survey", "Gadgets: A Survey"]
    assert len(corpus.papers[0].sources) == 2


def test_paper_without_title_is_keyed_on_its_abstract():
    text = "An abstract with no title, written in one of the listings."
    corpus = resolve([document("l.txt", {"abstract": text, "authors": ["Ada Quill"]}, fmt="listing")])
    assert title_key(None) == ""
    assert corpus.papers[0].key == hashlib.sha256(abstract_key(text).encode()).hexdigest()[:16]
    assert abstract_key(text) == "an abstract with no title written in one of the listings"


def test_shortened_abstract_still_matches_the_full_one():
    full = " ".join(f"word{i}" for i in range(80))
    corpus = resolve([
        document("a.txt", {"abstract": full, "authors": ["Ada Quill"]}, fmt="listing"),
        document("b.txt", {"abstract": " ".join(full.split()[:45]) + " ...", "authors": ["Ada Quill"]}, fmt="listing"),
    ])
    assert len(corpus.papers) == 1


def test_seed_corpus_keys_are_stable_and_order_independent():
    documents = [d for d in iter_documents([SEEDS])]
    forward = resolve(documents)
    backward = resolve(documents[::-1])
    assert len(forward.papers) == 62
    assert sorted(p.key for p in forward.papers) == sorted(p.key for p in backward.papers)
    assert sorted(forward.persons) == sorted(backward.persons)
    assert len({p.key for p in forward.papers}) == 62
    by_key = {p.key: p for p in forward.papers}
    tonin = forward.persons["francesco-tonin"]
    assert sum(tonin in p.authors for p in forward.papers) == 18
    basile = forward.persons["lorenzo-basile"]
    assert all(basile in p.authors for p in forward.papers if p.sources[0].format == "etal")
    assert forward.persons["quanming-yao"].written == {"QUANMING YAO"}
    assert forward.persons["alexandre-bouchard-cote"].name == "Alexandre Bouchard-Côté"
    quantum = hashlib.sha256(title_key("Quantum-PEFT: Ultra parameter-efficient fine-tuning").encode()).hexdigest()[:16]
    assert by_key[quantum].authors == [tonin]


def test_abstract_key_is_the_first_folded_words_of_the_whole_abstract():
    """The key folds a prefix of the abstract's words: as many words as a whole fold gives, even
    where punctuation between them folds to nothing."""
    words = [f"Wörd{i}" for i in range(100)]
    first = " ".join(f"word{i}" for i in range(40))
    assert abstract_key(" ".join(words)) == first
    assert abstract_key(" – ".join(words)) == first  # every other word is a dash
    assert abstract_key(" ; ".join(words[:30])) == " ".join(f"word{i}" for i in range(30))
