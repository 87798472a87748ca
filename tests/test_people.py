"""People, not names: invented papers for each signal that tells the people of one name apart
(coauthors, venue, years, title words, how common the name is), for the anchors, for name
variants, and for the stability of person IRIs across builds."""
from __future__ import annotations

import hashlib
import json

import pytest

from kg.analytics.names import find
from kg.build import build
from kg.cli import main
from kg.model import Document, PaperRecord, SourceDocument
from kg.query.explain import people_named
from kg.rdf.store import open_store
from kg.resolve import resolve
from kg.resolve.commonness import ambiguity
from kg.resolve.people import SHARED_VENUE, WORDS, WORDS_CAP, YEARS_CLOSE, variant_of

#: Title words that no other paper of these corpora uses, four to a topic: their idf caps the words' weight.
TOPICS = {"ice": "Glacier Calving Moraine Crevasse", "bees": "Apiary Pollen Hive Nectar",
          "mines": "Tunnel Ore Shaft Drill"}


def source(name: str, fmt: str = "jsonl") -> SourceDocument:
    return SourceDocument(f"in/{name}", name, hashlib.sha256(name.encode()).hexdigest(), fmt)


def document(name: str, *records: dict, fmt: str = "jsonl") -> Document:
    src = source(name, fmt)
    return Document(src, [PaperRecord(source=src, line=i + 1, **fields) for i, fields in enumerate(records)])


def filler(n: int = 12) -> Document:
    """Papers of other people, so that title words have a document frequency."""
    return document("filler.jsonl", *({"title": f"Study {i} of Things", "authors": [f"Filler Person{i}"]}
                                      for i in range(n)))


def paper(title: str, authors: list[str], venue: str | None = None, year: int | None = None) -> dict:
    return {"title": title, "authors": authors, "venue": venue, "year": year}


def people_of(corpus, name: str) -> list[set[str]]:
    """The titles of each person named ``name``, largest first."""
    titles: dict[str, set[str]] = {}
    for p in corpus.papers:
        for person in p.authors:
            if person.name == name:
                titles.setdefault(person.key, set()).add(p.title)
    return sorted(titles.values(), key=lambda t: (-len(t), sorted(t)))


def two_circles(name: str, venues=("corl", "corl"), years=(2021, 2022), topics=("ice", "ice")) -> list[dict]:
    """Two papers of ``name`` with disjoint coauthors, and what else they share as given."""
    return [paper(f"{TOPICS[topics[0]]} One", [name, "Ann Alder", "Bo Birch"], venues[0], years[0]),
            paper(f"{TOPICS[topics[1]]} Two", [name, "Cy Cedar", "Di Dogwood"], venues[1], years[1])]


def count_people(name: str, papers: list[dict]) -> int:
    return len(people_of(resolve([document("a.jsonl", *papers), filler()]), name))


def test_the_evidence_weights_make_the_signal_tests_meaningful():
    # "lin zhou" needs all three signals to join two circles of coauthors; "wei wang" more than all.
    assert SHARED_VENUE + YEARS_CLOSE + WORDS * WORDS_CAP > ambiguity("lin zhou")
    assert max(SHARED_VENUE + YEARS_CLOSE, SHARED_VENUE + WORDS * WORDS_CAP,
               YEARS_CLOSE + WORDS * WORDS_CAP) < ambiguity("lin zhou")
    assert SHARED_VENUE + YEARS_CLOSE + WORDS * WORDS_CAP < ambiguity("wei wang")
    assert ambiguity("francesca quillfeather") < 0 < ambiguity("wei wang")


def test_a_shared_coauthor_makes_one_person_of_a_common_name():
    papers = [paper("Tunnel Ore", ["Wei Wang", "Ann Alder"], "icra", 2012),
              paper("Apiary Pollen", ["Wei Wang", "Ann Alder", "Cy Cedar"], "acl", 2024)]
    assert count_people("Wei Wang", papers) == 1
    papers[1]["authors"] = ["Wei Wang", "Cy Cedar"]
    assert count_people("Wei Wang", papers) == 2


def test_coauthors_chain_papers_together():
    papers = [paper("A", ["Wei Wang", "Ann Alder"]), paper("B", ["Wei Wang", "Ann Alder", "Bo Birch"]),
              paper("C", ["Wei Wang", "Bo Birch"])]
    assert count_people("Wei Wang", papers) == 1


def test_venue_years_and_title_words_join_a_moderately_common_name_only_together():
    assert count_people("Lin Zhou", two_circles("Lin Zhou")) == 1
    assert count_people("Lin Zhou", two_circles("Lin Zhou", venues=("corl", "acl"))) == 2
    assert count_people("Lin Zhou", two_circles("Lin Zhou", years=(2010, 2024))) == 2
    assert count_people("Lin Zhou", two_circles("Lin Zhou", topics=("ice", "bees"))) == 2


def test_a_very_common_name_is_not_joined_without_a_coauthor():
    assert count_people("Wei Wang", two_circles("Wei Wang")) == 2


def test_a_rare_name_stays_one_person_on_thin_evidence():
    papers = two_circles("Francesca Quillfeather", venues=("corl", "acl"), years=(2005, 2024), topics=("ice", "bees"))
    assert count_people("Francesca Quillfeather", papers) == 1


def test_papers_without_coauthors_are_thin_evidence_and_stay_with_the_name():
    papers = [paper("Glacier", ["Wei Wang"], "icra", 2010), paper("Apiary", ["Wei Wang"], "acl", 2024)]
    assert count_people("Wei Wang", papers) == 1


def test_the_owner_of_a_profile_page_is_one_person_across_its_papers():
    page = document("wei.txt", *({**p, "profile_owner": "Wei Wang"} for p in
                                 two_circles("Wei Wang", venues=("icra", "acl"), years=(2010, 2024),
                                             topics=("ice", "bees"))), fmt="profile")
    other = document("list.jsonl", paper("Tunnel Ore Shaft", ["Wei Wang", "Ed Elm"], "cvpr", 2016))
    corpus = resolve([page, other, filler()])
    people = people_of(corpus, "Wei Wang")
    assert len(people) == 2 and len(people[0]) == 2  # the page's papers together, the other paper apart
    owner = corpus.persons[corpus.profile_owners[page.source.sha256]]
    assert owner.key == "wei-wang" and any("profile page" in note for note in owner.notes)


def test_name_variants_merge_only_with_a_shared_coauthor():
    assert variant_of("william wang", "william yang wang") and variant_of("w wang", "william wang")
    assert not variant_of("william wang", "walter wang") and not variant_of("yang wang", "william yang wang")
    together = [paper("A", ["William Yang Wang", "Ann Alder"]), paper("B", ["William Wang", "Ann Alder"])]
    corpus = resolve([document("a.jsonl", *together)])
    (person,) = {a.key for p in corpus.papers for a in p.authors if "Wang" in a.name}
    assert person == "william-yang-wang"
    assert {"William Wang", "William Yang Wang"} <= corpus.persons[person].written
    apart = [paper("A", ["William Yang Wang", "Ann Alder"]), paper("B", ["William Wang", "Bo Birch"])]
    corpus = resolve([document("a.jsonl", *apart)])
    assert {a.key for p in corpus.papers for a in p.authors if "Wang" in a.name} == {"william-yang-wang", "william-wang"}


def test_person_keys_are_deterministic_and_the_largest_person_keeps_the_plain_key():
    papers = [paper("A", ["Wei Wang", "Ann Alder"]), paper("B", ["Wei Wang", "Ann Alder"]),
              paper("C", ["Wei Wang", "Cy Cedar"])]
    keys = []
    for order in (papers, papers[::-1]):
        corpus = resolve([document("a.jsonl", *order)])
        keys.append({p.title: next(a.key for a in p.authors if a.name == "Wei Wang") for p in corpus.papers})
    assert keys[0] == keys[1]
    assert keys[0]["A"] == keys[0]["B"] == "wei-wang"
    assert keys[0]["C"].startswith("wei-wang-") and len(keys[0]["C"]) == len("wei-wang-") + 8


def jsonl(path, *papers: dict):
    path.write_text("".join(json.dumps(p) + "\n" for p in papers), encoding="utf-8")
    return path


PERSONS = """SELECT ?person WHERE { ?person kg:foldedName "wei wang" }"""


@pytest.fixture(scope="module")
def steps(tmp_path_factory):
    """A store built in three steps: one circle of a common name, a second circle (a new person),
    then a paper that both circles wrote (the two people merged)."""
    tmp = tmp_path_factory.mktemp("people")
    store = tmp / "store"
    first = [paper("Glacier Calving", ["Wei Wang", "Ann Alder"], "icra", 2020),
             paper("Moraine Crevasse", ["Wei Wang", "Ann Alder"], "icra", 2021),
             paper("Unrelated Things", ["Zed Zhou"], "icra", 2021)]
    build([jsonl(tmp / "one.jsonl", *first)], store=store, views=False, workers=1)
    with open_store(store) as s:
        before = {str(r["person"]) for r in s.select(PERSONS)}
    build([jsonl(tmp / "two.jsonl", paper("Apiary Pollen", ["Wei Wang", "Cy Cedar"], "acl", 2024))],
          store=store, views=False, workers=1)
    with open_store(store) as s:
        split = {str(r["person"]) for r in s.select(PERSONS)}
    build([jsonl(tmp / "three.jsonl", paper("Hive Nectar", ["Wei Wang", "Ann Alder", "Cy Cedar"], "acl", 2024))],
          store=store, views=False, workers=1)
    return store, before, split


def test_an_increment_keeps_the_iris_of_the_people_it_does_not_merge(steps):
    store, before, split = steps
    assert [p.rsplit("/", 1)[1] for p in before] == ["wei-wang"]
    assert before < split and len(split) == 2  # the new circle is a new person; the old one keeps its IRI


def test_a_merge_keeps_the_larger_iri_and_records_the_former(steps):
    store, before, split = steps
    with open_store(store) as s:
        after = {str(r["person"]) for r in s.select(PERSONS)}
        assert after == before
        (old,) = split - before
        former = s.select("SELECT ?p ?old WHERE { ?p kg:formerly ?old }")
        assert [(str(r["p"]), str(r["old"])) for r in former] == [(next(iter(before)), old)]
        assert s.select(f"SELECT (COUNT(*) AS ?n) WHERE {{ ?a kg:author <{old}> }}")[0]["n"] == 0
        assert s.select(f"SELECT (COUNT(*) AS ?n) WHERE {{ ?a kg:author <{next(iter(before))}> }}")[0]["n"] == 4


@pytest.fixture(scope="module")
def homonyms(tmp_path_factory):
    """A build with two people named Wei Wang: two papers with Ann Alder, one with Cy Cedar."""
    tmp = tmp_path_factory.mktemp("homonyms")
    papers = [paper("Glacier Calving", ["Wei Wang", "Ann Alder"], "icra", 2020),
              paper("Moraine Crevasse", ["Wei Wang", "Ann Alder"], "icra", 2021),
              paper("Apiary Pollen", ["Wei Wang", "Cy Cedar"], "acl", 2024)]
    build([jsonl(tmp / "a.jsonl", *papers)], tmp / "out", views=False, workers=1)
    return tmp / "out"


def test_explain_says_why_mentions_are_together_or_apart(homonyms, capsys):
    with open_store(homonyms) as store:
        people = people_named(store, "wei WANG")
    assert [p["papers"] for p in people] == [2, 1]
    assert any("shared coauthor ann alder" in note for note in people[0]["notes"])
    assert any("kept apart" in note for note in people[1]["notes"])
    assert main(["explain", "Wei Wang", "--store", str(homonyms)]) == 0
    out = capsys.readouterr().out
    assert "2 people named Wei Wang" in out and "Ann Alder" in out and "kept apart" in out
    assert "Glacier Calving" in out  # papers named by their titles, not their keys


def test_homonyms_are_distinct_nodes_labelled_by_years_and_coauthor_and_profile_lists_them(homonyms, capsys):
    from kg.analytics.projections import coauthor_graph

    with open_store(homonyms) as store:
        labels = sorted(d["label"] for _, d in coauthor_graph(store).nodes(data=True) if "Wei Wang" in d["label"])
    assert labels == ["Wei Wang (2020–2021, with Ann Alder)", "Wei Wang (2024, with Cy Cedar)"]
    assert main(["profile", "wei wang", "--store", str(homonyms)]) == 0
    out = capsys.readouterr().out
    assert "2 people named Wei Wang" in out and "Wei Wang (2024, with Cy Cedar)" in out


def test_the_named_query_lists_every_person_of_a_name(homonyms):
    from kg.query.named import run_named

    with open_store(homonyms) as store:
        rows = run_named(store, "people-named", {"author": "WEI wang"})
    assert [(r["papers"], r["first"], r["last"], r["coauthors"]) for r in rows] == [
        (2, 2020, 2021, "Ann Alder"), (1, 2024, 2024, "Cy Cedar")]
    assert rows[0]["person"].endswith("/person/wei-wang")
    with open_store(homonyms) as store:  # a command that takes one person takes the name's own
        assert [m.iri for m in find(store, "Wei Wang", ("person",))] == [r["person"] for r in rows]


def test_a_merged_person_states_its_reasons_afresh(steps):
    store, before, _ = steps
    with open_store(store) as s:
        notes = [r["n"] for r in s.select(f"SELECT ?n WHERE {{ <{next(iter(before))}> kg:identityNote ?n }}")]
    assert sum(n[0].isdigit() for n in notes) == 1  # one summary: this build's, the older ones dropped
    assert any("4 papers" in n for n in notes)


# --- author identifiers as anchors (issue 14): invented OpenAlex and Semantic Scholar records -----

ORCID_A, ORCID_B = "0000-0002-1825-0097", "0000-0001-5109-3700"


def openalex_work(n: int, title: str, authors: list[tuple[str, str | None]], venue: str, year: int) -> dict:
    """An OpenAlex work; each author a (name, ORCID or None) with an OpenAlex author id of its own."""
    return {"id": f"https://openalex.org/W90000000{n}", "title": title, "publication_year": year,
            "primary_location": {"source": {"display_name": venue}},
            "authorships": [{"author": {"id": f"https://openalex.org/A9{n}0{i}", "display_name": name,
                                        "orcid": f"https://orcid.org/{orcid}" if orcid else None}}
                            for i, (name, orcid) in enumerate(authors)]}


def s2_paper(n: int, title: str, authors: list[tuple[str, str | None]], venue: str, year: int) -> dict:
    """A Semantic Scholar paper; each author a (name, ORCID or None) with an author id of its own."""
    return {"paperId": f"{n:040x}", "title": title, "venue": venue, "year": year,
            "authors": [{"authorId": f"8{n}0{i}", "name": name,
                         **({"externalIds": {"ORCID": orcid}} if orcid else {})} for i, (name, orcid) in enumerate(authors)]}


def people_in_export(tmp_path, name: str, works: list[dict]) -> list[set[str]]:
    from kg.ingest.read import read_document

    path = jsonl(tmp_path / "works.jsonl", *works)
    return people_of(resolve([read_document(path), filler()]), name)


def test_one_orcid_makes_one_person_of_papers_without_a_shared_coauthor(tmp_path):
    works = [openalex_work(1, TOPICS["ice"], [("Wei Wang", ORCID_A), ("Ann Alder", None)], "icra", 2010),
             openalex_work(2, TOPICS["bees"], [("Wei Wang", ORCID_A), ("Cy Cedar", None)], "acl", 2024)]
    assert len(people_in_export(tmp_path, "Wei Wang", works)) == 1  # though OpenAlex gave them two author ids
    for work in works:
        work["authorships"][0]["author"]["orcid"] = None
    assert len(people_in_export(tmp_path, "Wei Wang", works)) == 2  # two author ids alone: two circles apart


def test_two_orcids_keep_a_name_apart_whatever_else_agrees(tmp_path):
    works = [openalex_work(1, f"{TOPICS['ice']} One", [("Francesca Quillfeather", ORCID_A), ("Ann Alder", None)],
                           "corl", 2021),
             openalex_work(2, f"{TOPICS['ice']} Two", [("Francesca Quillfeather", ORCID_B), ("Ann Alder", None)],
                           "corl", 2021),
             # no ORCID (an OpenAlex author id of its own): placed by the evidence with one of them
             openalex_work(3, f"{TOPICS['ice']} Three", [("Francesca Quillfeather", None), ("Ann Alder", None)],
                           "corl", 2022)]
    people = people_in_export(tmp_path, "Francesca Quillfeather", works)
    assert sorted(map(len, people)) == [1, 2]
    for work in works[:2]:
        work["authorships"][0]["author"]["orcid"] = None
    assert len(people_in_export(tmp_path, "Francesca Quillfeather", works)) == 1  # a rare name: one person


def test_a_shared_identifier_merges_name_variants_and_differing_ones_keep_them_apart(tmp_path):
    works = [openalex_work(1, "Tunnel Ore", [("William Yang Wang", ORCID_A), ("Ann Alder", None)], "acl", 2020),
             openalex_work(2, "Apiary Pollen", [("William Wang", ORCID_A), ("Cy Cedar", None)], "acl", 2021),
             openalex_work(3, "Glacier Moraine", [("William Wang", ORCID_B), ("Ann Alder", None)], "acl", 2021)]
    from kg.ingest.read import read_document

    corpus = resolve([read_document(jsonl(tmp_path / "works.jsonl", *works))])
    keys = {p.title: next(a.key for a in p.authors if "Wang" in a.name) for p in corpus.papers}
    assert keys["Tunnel Ore"] == keys["Apiary Pollen"] == "william-yang-wang" != keys["Glacier Moraine"]
    merged = next(p for p in corpus.papers if p.title == "Apiary Pollen")  # its identifiers go with it
    assert f"orcid:{ORCID_A}" in merged.author_ids["william yang wang"]


@pytest.fixture(scope="module")
def orcid_steps(tmp_path_factory):
    """A store of two Wei Wangs told apart by their ORCIDs though they share a coauthor, then an
    increment (a Semantic Scholar export) with a paper of the second ORCID and nothing else in common."""
    tmp = tmp_path_factory.mktemp("orcids")
    first = [openalex_work(1, "Glacier Calving", [("Wei Wang", ORCID_A), ("Ann Alder", None)], "icra", 2020),
             openalex_work(2, "Moraine Crevasse", [("Wei Wang", ORCID_A), ("Ann Alder", None)], "icra", 2021),
             openalex_work(3, "Apiary Pollen", [("Wei Wang", ORCID_B), ("Ann Alder", None)], "icra", 2021)]
    build([jsonl(tmp / "openalex.jsonl", *first)], tmp / "out", views=False, workers=1)
    with open_store(tmp / "out") as store:
        before = {str(r["title"]): str(r["person"]) for r in store.select(AUTHORS_OF_WEI)}
        notes = [note for person in people_named(store, "Wei Wang") for note in person["notes"]]
    build([jsonl(tmp / "s2.jsonl", s2_paper(4, "Tunnel Ore Shaft", [("Ed Elm", None), ("Wei Wang", ORCID_B)],
                                            "acl", 2010))], store=tmp / "out", views=False, workers=1)
    with open_store(tmp / "out") as store:
        after = {str(r["title"]): str(r["person"]) for r in store.select(AUTHORS_OF_WEI)}
    return tmp / "out", before, after, notes


AUTHORS_OF_WEI = """SELECT ?title ?person WHERE { ?p dcterms:title ?title ; kg:authorship ?a .
  ?a kg:author ?person . ?person kg:foldedName "wei wang" }"""


def test_differing_orcids_outweigh_a_shared_coauthor_and_explain_says_so(orcid_steps, capsys):
    out, before, _, notes = orcid_steps
    assert before["Glacier Calving"] == before["Moraine Crevasse"] != before["Apiary Pollen"]
    assert before["Glacier Calving"].endswith("/person/wei-wang")
    said = "\n".join(notes)
    assert f"same author identifier orcid:{ORCID_A}" in said
    assert "by shared coauthor ann alder: different identifiers" in said
    assert f"kept apart by its identifiers from 1 other person(s) of this name: orcid:{ORCID_B} ≠ orcid:{ORCID_A}" in said
    assert main(["explain", "Wei Wang", "--store", str(out)]) == 0  # after the increment
    said = capsys.readouterr().out
    assert f"«Apiary Pollen» with «Tunnel Ore Shaft»: same author identifier orcid:{ORCID_B}" in said


def test_an_increment_with_a_known_orcid_joins_that_person(orcid_steps):
    _, before, after, _ = orcid_steps
    assert {title: after[title] for title in before} == before  # nobody renamed
    assert after["Tunnel Ore Shaft"] == before["Apiary Pollen"]
