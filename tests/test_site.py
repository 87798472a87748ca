"""The site of a build folder: written by `kg build` (not with --no-site) or `kg site`, and the
same whether the graph was built at once or in steps."""
import hashlib
import json
import re
import subprocess
import sys

import pytest

from kg.build import build
from kg.rdf.store import Snapshot, StoreError, open_store
from kg.views import write_site
from kg.views.networks import DRIFT
from kg.analytics.projections import PaperTables
from kg.views.kept import DATA as KEPT
from kg.views.kept import load
from kg.views.site import STATE, _Forked
from tests.conftest import SEEDS

SEED_FILES = sorted(p for p in SEEDS.iterdir() if p.is_file() and not p.name.startswith("."))
KG = [sys.executable, "-m", "kg.cli"]
DATA = re.compile(r'<script id="kg-data" type="application/json">(.*?)</script>', re.S)


def pages(folder):
    """Every page of a site: its relative path and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*")
            if p.suffix in (".html", ".json") and p.name not in (STATE, KEPT) and "store" not in p.parts}


def drawn(page: bytes):
    """The nodes (id, label) and links (from, to) a page draws; None for a page without a network."""
    found = DATA.search(page.decode("utf-8"))
    if not found:
        return None
    data = json.loads(found.group(1))
    return (sorted((n["id"], n["label"]) for n in data["nodes"]),
            sorted((e["from"], e["to"]) for e in data["edges"]))


def same_site(a: dict, b: dict) -> None:
    """The same pages drawing the same nodes and links, and byte for byte (positions, colours,
    tooltips; a lineage map lists its nodes and links in the same order)."""
    assert sorted(a) == sorted(b)
    assert {name: drawn(page) for name, page in a.items()} == {name: drawn(page) for name, page in b.items()}
    assert a == b


def test_an_increments_site_is_the_fresh_builds(tmp_path):
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build(SEED_FILES[:2], store=steps, workers=1)
    build(SEED_FILES, store=steps, workers=1)
    build(SEED_FILES, fresh, workers=1)
    a, b = pages(steps), pages(fresh)
    assert len(a) > 10 and "coauthors.html" in a and any(name.startswith("lineage/") for name in a)
    same_site(a, b)  # nothing kept from the first step shows
    with open_store(steps) as store:  # the kept tables, rows rewritten for the papers it changed, are the store's
        assert load(steps).tables() == PaperTables.read(store)
        assert load(steps).fingerprint == load(fresh).fingerprint


def test_kg_site_writes_the_pages_alone_and_reuses_what_it_kept(tmp_path):
    out = tmp_path / "out"
    run = subprocess.run([*KG, "build", str(SEEDS), "--out", str(out), "--workers", "1", "--no-site"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert not pages(out)  # --no-site: the store and graph.ttl only
    run = subprocess.run([*KG, "site", "--store", str(out)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    first = pages(out)
    assert "index.html" in first and "coauthors.html" in first and any(n.startswith("lineage/") for n in first)
    with open_store(out) as store:
        write_site(store, tmp_path / "plain")  # the same pages as a site written with nothing kept
    same_site(pages(tmp_path / "plain"), first)  # in another process: nothing depends on a set's order

    # The layouts kept under their inputs' digest are what a second writing draws: moved by hand
    # in the kept file, they come out moved, while the pages' nodes and links stay.
    state = json.loads((out / STATE).read_text())
    layout = state["coauthors"]["layout"]["value"]
    for xy in layout.values():
        xy[0] += 5000.0
    (out / STATE).write_text(json.dumps(state))
    assert subprocess.run([*KG, "site", "--store", str(out)], capture_output=True).returncode == 0
    again = pages(out)
    assert drawn(again["coauthors.html"]) == drawn(first["coauthors.html"])
    xs = [n["vis"]["x"] for n in json.loads(DATA.search(again["coauthors.html"].decode()).group(1))["nodes"]]
    assert min(xs) >= 5000.0 - 1e-6
    assert hashlib.sha256(again["methods.html"]).digest() == hashlib.sha256(first["methods.html"]).digest()


def positions(page: bytes) -> dict:
    data = json.loads(DATA.search(page.decode("utf-8")).group(1))
    return {n["id"]: (n["vis"]["x"], n["vis"]["y"]) for n in data["nodes"]}


def test_a_small_increment_keeps_the_big_views_places(tmp_path):
    """A paper adding one person and one link changes the coauthor view by less than DRIFT: the
    increment draws the nodes and links a fresh build draws, every earlier node where it was."""
    extra = tmp_path / "in" / "extra.jsonl"
    extra.parent.mkdir()
    extra.write_text(json.dumps({"title": "Kernel Views of Widgets", "authors": ["Francesco Tonin", "Ada Quill"],
                                 "year": 2026, "abstract": "We sort widgets with a support vector machine."}) + "\n")
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build([SEEDS], steps, workers=1)
    before = positions(pages(steps)["coauthors.html"])
    build([SEEDS, extra], store=steps, workers=1)
    build([SEEDS, extra], fresh, workers=1)
    a, b = pages(steps), pages(fresh)
    assert sorted(a) == sorted(b)
    assert {name: drawn(page) for name, page in a.items()} == {name: drawn(page) for name, page in b.items()}
    after = positions(a["coauthors.html"])
    new = set(after) - set(before)
    assert len(new) == 1 and next(iter(new)).endswith("ada-quill")
    assert all(after[n] == before[n] for n in before)
    drift = json.loads((steps / STATE).read_text())["coauthors"]["drift"]
    assert 0 < drift < DRIFT


def conformal_paper(folder):
    """A JSON-lines file of one new paper naming conformal prediction (a line of the seeds)."""
    extra = folder / "in" / "extra.jsonl"
    extra.parent.mkdir()
    extra.write_text(json.dumps({"title": "Calibrated Widget Sorting", "authors": ["Ada Quill"], "year": 2026,
                                 "abstract": "We calibrate widget sorters with conformal prediction."}) + "\n")
    return extra


def test_an_increment_redraws_only_the_lines_it_changes(tmp_path):
    """A paper naming conformal prediction redraws that line's map and keeps the others' files as
    they were (the same file: its inode and time), while the site still draws what a fresh build
    of the same inputs draws."""
    extra = conformal_paper(tmp_path)
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build([SEEDS], steps, workers=1)
    changed, kept = "lineage/conformal-prediction.html", "lineage/kernel-svd.html"
    before = {name: (steps / name).stat() for name in (changed, kept)}
    assert "Calibrated Widget Sorting" not in (steps / changed).read_text()
    build([SEEDS, extra], store=steps, workers=1)
    build([SEEDS, extra], fresh, workers=1)
    a, b = pages(steps), pages(fresh)
    assert sorted(a) == sorted(b)
    assert {name: drawn(page) for name, page in a.items()} == {name: drawn(page) for name, page in b.items()}
    assert "Calibrated Widget Sorting" in a[changed].decode()
    # the map drawn again took its other papers' details and their links' evidence from the map it
    # kept: every node and link as the fresh build draws it, authors, years and evidence sentences too
    def contents(page: bytes):
        m = json.loads(page)
        return sorted(json.dumps(x, sort_keys=True) for x in m["nodes"] + m["edges"]), m["notes"]
    line = changed.replace(".html", ".json")
    assert contents(a[line]) == contents(b[line])
    after = {name: (steps / name).stat() for name in (changed, kept)}
    assert after[changed].st_mtime_ns != before[changed].st_mtime_ns
    assert (after[kept].st_ino, after[kept].st_mtime_ns) == (before[kept].st_ino, before[kept].st_mtime_ns)
    assert a["index.html"] == b["index.html"]


def test_a_site_kept_from_another_store_state_is_read_afresh(tmp_path):
    """An increment built without the site leaves the kept tables behind the store: `kg site`
    sees it by the fingerprint and reads the store whole, drawing what a fresh build draws."""
    extra = conformal_paper(tmp_path)
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build([SEEDS], steps, workers=1)
    build([SEEDS, extra], store=steps, workers=1, views=False)
    assert subprocess.run([*KG, "site", "--store", str(steps)], capture_output=True).returncode == 0
    build([SEEDS, extra], fresh, workers=1)
    a, b = pages(steps), pages(fresh)
    assert sorted(a) == sorted(b)
    assert {name: drawn(page) for name, page in a.items()} == {name: drawn(page) for name, page in b.items()}
    assert "Calibrated Widget Sorting" in a["lineage/conformal-prediction.html"].decode()


def test_an_increment_that_renames_a_person_and_reauthors_a_paper_draws_the_fresh_site(tmp_path):
    """A later record with a better display name (accents) and author list: the increment reads
    again that person's name and the papers whose authors changed (not every paper of everyone
    it touched), redraws the maps of the person's other papers, and its site and kept tables are
    those of a fresh build."""
    widget = ("We propose WidgetNet, a graph neural network for widgets. WidgetNet extends the Transformer "
              "and outperforms BERT on the Toy-10 benchmark.")
    gadget = "We calibrate gadget sorters with conformal prediction."  # a line of the seeds
    first, second = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    first.write_text("".join(json.dumps(p) + "\n" for p in [
        {"title": "Widgets at Scale", "abstract": widget, "authors": "Jose Ruiz et al.", "year": 2020},
        {"title": "Gadgets Sorted", "abstract": gadget, "authors": ["Jose Ruiz", "Bo Li"], "year": 2021}]))
    second.write_text(json.dumps({"title": "Widgets at Scale", "authors": ["José Ruiz", "Bo Li", "Cy Ng"]}) + "\n")
    steps, fresh = tmp_path / "steps", tmp_path / "fresh"
    build([SEEDS, first], steps, workers=1)
    assert "Jose Ruiz" in (steps / "lineage/conformal-prediction.html").read_text()
    build([SEEDS, first, second], store=steps, workers=1)
    build([SEEDS, first, second], fresh, workers=1)
    a, b = pages(steps), pages(fresh)
    assert sorted(a) == sorted(b)
    assert {name: drawn(page) for name, page in a.items()} == {name: drawn(page) for name, page in b.items()}
    labels = {label for nodes, _ in [drawn(a["coauthors.html"])] for _, label in nodes}
    assert "José Ruiz" in labels and "Jose Ruiz" not in labels and "Cy Ng" in labels
    # the map of her other paper, whose author list the increment left alone, shows the new name
    conformal = a["lineage/conformal-prediction.html"].decode()
    assert "Gadgets Sorted" in conformal and "José Ruiz" in conformal and "Jose Ruiz" not in conformal
    with open_store(steps) as store:
        assert load(steps).tables() == PaperTables.read(store)


def test_kept_tables_read_again_only_what_a_touched_person_changed(tmp_path):
    """A person an increment touched (identity notes restated, say) with the same name and papers
    costs no paper read; a paper they joined or left, or a new name, is read."""
    out = tmp_path / "out"
    build([SEEDS], out, workers=1, views=False)
    with open_store(out) as store:
        tables = PaperTables.read(store)
        person = max(tables.names, key=lambda a: sum(a in cs for cs in tables.creators.values()))
        theirs = {p for p, cs in tables.creators.items() if person in cs}
        assert len(theirs) >= 3
        assert tables.update(store, {person}) == set() and tables == PaperTables.read(store)
        one = min(theirs)  # as if the kept tables missed one of their papers and had another's
        other = min(p for p, cs in tables.creators.items() if person not in cs)
        tables.creators[one] = [a for a in tables.creators[one] if a != person]
        tables.creators[other] = sorted([*tables.creators[other], person])
        tables.names[person] = "Someone Else"
        assert tables.update(store, {person}) == {one, other}
        assert tables == PaperTables.read(store)
        # a person no paper read again keeps: their name leaves the tables (one still writing stays)
        ghost = person.rsplit("/", 1)[0] + "/ghost"
        tables.creators[other] = sorted([*tables.creators[other], ghost])
        tables.names[ghost] = "Ghost Writer"
        assert tables.update(store, {other}) == {other}
        assert ghost not in tables.names and person in tables.names
        assert tables == PaperTables.read(store)


def test_the_network_views_drawn_in_a_forked_copy_come_back_or_say_what_failed():
    snapshot = Snapshot(None)
    snapshot.once("drawn", lambda: ["a", "b"])
    with _Forked(lambda: (snapshot.once("drawn", list), {"layout": [1.5, 2]}), snapshot) as copy:
        assert copy.result() == (["a", "b"], {"layout": [1.5, 2]})
    with _Forked(lambda: snapshot.select("SELECT ?s WHERE { ?s ?p ?o }"), snapshot) as copy:
        with pytest.raises(StoreError, match="may not read the store"):
            copy.result()
    with _Forked(lambda: 1 / 0, snapshot) as copy:
        with pytest.raises(ZeroDivisionError):
            copy.result()
    with _Forked(lambda: None, snapshot):  # left without its result: stopped, nothing left running
        pass


def test_a_map_drawn_again_the_same_keeps_its_files(tmp_path):
    """A map whose inputs may have changed is drawn again, and where it comes out as it was (what
    changed does not show on it), its files are kept as they were (the same inode and time), not
    written again; the site is still the one written afresh. Here the kept lineage facts are
    made to say that kernel SVD's names changed: its map is drawn again, the same."""
    import sqlite3
    from contextlib import closing

    out = tmp_path / "out"
    build([SEEDS], out, workers=1)
    page = "lineage/kernel-svd.html"
    subject = json.loads((out / page.replace(".html", ".json")).read_text())["subject"]
    with closing(sqlite3.connect(out / KEPT)) as db, db:
        index = json.loads(db.execute("SELECT value FROM facts WHERE name = 'index'").fetchone()[0])
        index["labels"][subject] = ["a name it never had"]
        db.execute("UPDATE facts SET value = ? WHERE name = 'index'", (json.dumps(index),))
    before = {f: (out / f).stat() for f in (page, page.replace(".html", ".json"))}
    first = pages(out)
    assert subprocess.run([*KG, "site", "--store", str(out)], capture_output=True).returncode == 0
    after = {f: (out / f).stat() for f in before}
    assert all((after[f].st_ino, after[f].st_mtime_ns) == (before[f].st_ino, before[f].st_mtime_ns) for f in before)
    assert pages(out) == first
    assert "a name it never had" not in load(out).index["labels"][subject]  # the facts kept are the store's again


def test_a_fresh_builds_gathered_rows_make_the_tables_its_store_gives(tmp_path):
    """The rows ``Gathered`` makes of the statements given to a store answer the paper tables'
    queries as the store does: papers with and without facts, a title of something not a paper,
    a category with labels and notations, a long abstract's first 300 characters, a statement
    given twice, one in a named graph (not the default graph's)."""
    import pyoxigraph as ox

    from kg.analytics.projections import Gathered
    from kg.rdf.store import LocalStore
    from kg.rdf.triples import A, dcterms, fabio, foaf, kg, schema, skos, xsd

    r = "https://example.org/"
    p1, p2, p3, a1, a2, c1, c2, m1 = (ox.NamedNode(r + x) for x in ("p1", "p2", "p3", "a1", "a2", "c1", "c2", "m1"))
    quads = [ox.Quad(p1, A, kg.Paper), ox.Quad(p2, A, kg.Paper), ox.Quad(p3, A, kg.Paper), ox.Quad(m1, A, kg.Method),
             ox.Quad(p1, dcterms.title, ox.Literal("Zeta")), ox.Quad(p1, dcterms.title, ox.Literal("Alpha")),
             ox.Quad(m1, dcterms.title, ox.Literal("Not a paper")),
             ox.Quad(p2, dcterms.abstract, ox.Literal("Ünïcode " * 60)),
             ox.Quad(p1, fabio.hasPublicationYear, ox.Literal("2019", datatype=xsd.gYear)),
             ox.Quad(p1, schema.url, ox.NamedNode("https://example.org/paper")),
             ox.Quad(p2, schema.url, ox.Literal("not a link")),
             ox.Quad(p1, dcterms.creator, a1), ox.Quad(p1, dcterms.creator, a2), ox.Quad(p2, dcterms.creator, a1),
             ox.Quad(a1, foaf.name, ox.Literal("Ann Alder")), ox.Quad(a1, foaf.name, ox.Literal("A. Alder")),
             ox.Quad(p1, dcterms.subject, c1), ox.Quad(p2, dcterms.subject, c2), ox.Quad(m1, dcterms.subject, c1),
             ox.Quad(c1, skos.prefLabel, ox.Literal("Parsing")), ox.Quad(c1, skos.notation, ox.Literal("cs.CL")),
             ox.Quad(c1, skos.notation, ox.Literal("I.2.7")), ox.Quad(c2, skos.notation, ox.Literal("cs.LG")),
             ox.Quad(p1, kg.proposes, m1), ox.Quad(p1, kg.mentions, m1), ox.Quad(p2, kg.usesModel, m1),
             ox.Quad(m1, kg.uses, m1),
             ox.Quad(p3, dcterms.title, ox.Literal("Elsewhere"), ox.NamedNode(r + "graph"))]
    gathered = Gathered()
    gathered.watch(quads[:10])
    gathered.watch(quads[5:])
    with LocalStore(tmp_path / "store", read_only=False) as store:
        store.add(quads)
        snapshot = Snapshot(store)
        for sparql, rows in gathered.answers().items():
            snapshot.answer(sparql, rows)
        tables = PaperTables.read(snapshot)
        assert tables == PaperTables.read(store)
        assert tables.papers[r + "p1"]["title"] == "Alpha" and tables.names[r + "a1"] == "A. Alder"
        assert tables.categories == {r + "p1": ["Parsing"], r + "p2": ["cs.LG"]} and r + "p3" in tables.papers


def test_the_kept_tables_file_does_not_depend_on_the_order_the_papers_came_in(tmp_path):
    """A fresh site's tables file (site-data.sqlite) is the same bytes whatever the order of its
    papers in the tables (a fresh build gathers them into sets)."""
    from kg.views.kept import Kept, Reuse, save

    papers = {f"https://example.org/p{i}": {"title": f"Paper {i}", "year": 2000 + i, "url": None, "label": f"Paper {i}"}
              for i in range(50)}
    written = []
    for order in (sorted(papers), sorted(papers, reverse=True)):
        out = tmp_path / str(len(written))
        out.mkdir()
        tables = PaperTables(papers={p: papers[p] for p in order}, creators={p: ["https://example.org/a"] for p in order},
                             names={"https://example.org/a": "Ann Alder"})
        save(out, Kept(), Reuse(), tables, "state", {}, {})
        written.append((out / KEPT).read_bytes())
    assert written[0] == written[1]
