"""Lines of methods and pretrained models, on a graph the real pipeline builds from invented
abstracts (``tests/fixtures/lines.jsonl``): each kind of evidence a line has (a stated extension,
the catalogue's family, a model of an architecture, a name built on the name), which sense a name
finds, the map's choice of nodes, and the map in a real headless Chromium."""
import json

import pyoxigraph as ox
import pytest

from conftest import FIXTURES, KGM, KGR
from kg.analytics.lineage import author_lineage, lineage
from kg.query.explain import explain
from kg.query.named import run_named
from kg.views import write_lineage_html
from kg.views.lineage import LEGIBLE_SCALE

MODEL = KGR + "model/"


@pytest.fixture(scope="module")
def lines_store(tmp_path_factory):
    from kg.build import build
    from kg.rdf.store import open_store

    out = tmp_path_factory.mktemp("lines")
    build([FIXTURES / "lines.jsonl"], out, views=False, workers=1)
    store = open_store(out)
    yield store
    store.close()


def links_to_subject(m):
    return {e.source: e for e in m.edges if e.target == m.subject}


def test_members_of_a_line_come_from_the_catalogue(lines_store):
    # a bare BERT is the method; RoBERTa and DistilBERT are kinds of it (methods.ttl, in the graph), and
    # SciBERT, a retraining on scientific text, a model whose architecture it is (written with the model)
    assert lines_store.ask(f"ASK {{ <{KGM}roberta> skos:broader <{KGM}bert> }}")
    assert lines_store.ask(f"ASK {{ <{MODEL}scibert> kg:architecture <{KGM}bert> }}")
    assert lines_store.ask(f"ASK {{ <{KGM}bert> skos:broader <{KGM}transformer> }}")
    m = lineage(lines_store, "BERT")
    assert (m.subject, m.kind) == (KGM + "bert", "method")
    links = links_to_subject(m)
    for iri, label in (("roberta", "RoBERTa"), ("distilbert", "DistilBERT")):
        e = links[KGM + iri]
        assert e.relation == "kindOf"
        assert e.evidence[0] == f"The catalogue lists {label} as a kind of BERT."
        assert e.evidence[1].startswith("Named in ") and label in e.evidence[1]  # a paper's sentence naming it
    e = links[MODEL + "scibert"]
    assert e.relation == "architecture"
    assert e.evidence[0] == "The catalogue lists SciBERT as a pretrained BERT."
    roberta = next(n for n in m.nodes if n.id == KGM + "roberta")
    assert (roberta.kind, roberta.papers, roberta.year, roberta.dated_by) == ("method", 4, 2020, "named")


def test_a_checkpoint_is_a_model_of_its_method_whatever_form_a_paper_writes(tmp_path):
    from kg.build import build
    from kg.rdf.store import open_store

    written = ["BERT-base", "BERT base", "bert-base-uncased", "bert-large-uncased", "BERT"]
    papers = [{"title": f"Tagging study {i}", "abstract": f"We fine-tune {w} on tagging task {i}.", "year": 2019,
               "authors": [f"Ann Lee{i}"]} for i, w in enumerate(written)]
    papers.append({"title": "Multilingual tagging", "abstract": "We fine-tune multilingual BERT and RoBERTa-large "
                   "on tagging, and GPT-2 medium on generation.", "year": 2020, "authors": ["Bo Chen"]})
    (tmp_path / "p.jsonl").write_text("\n".join(json.dumps(p) for p in papers), encoding="utf-8")
    build([tmp_path / "p.jsonl"], tmp_path / "out", views=False, workers=1)
    store = open_store(tmp_path / "out")
    used = {r["m"] for r in store.select("SELECT DISTINCT ?m WHERE { ?p kg:usesModel ?m }")}
    # the catalogue's nodes; a casing suffix ("bert-base-uncased") is the same checkpoint, a size another
    assert used == {MODEL + x for x in ("bert-base", "bert-large", "mbert", "roberta-large", "gpt-2-medium")}
    # the bare name is the method, which no paper uses as a model
    assert store.ask(f"ASK {{ ?p dcterms:title \"Tagging study 4\" ; kg:mentions <{KGM}bert> }}")
    assert not store.ask(f"ASK {{ ?p dcterms:title \"Tagging study 4\" ; kg:usesModel ?m }}")
    # each paper's written form stays: as a label of the node and as the span of its evidence
    for i, w in enumerate(written[:3]):
        assert store.ask(f"ASK {{ <{MODEL}bert-base> skos:prefLabel|skos:altLabel \"{w}\" }}")
        rows = store.select(f"""SELECT ?s ?a ?b WHERE {{ ?e kg:subject ?p ; kg:predicate kg:usesModel ;
            kg:object <{MODEL}bert-base> ; kg:sentence ?s ; kg:startOffset ?a ; kg:endOffset ?b .
            ?p dcterms:title "Tagging study {i}" }}""")
        assert [r["s"][int(r["a"]):int(r["b"])] for r in rows] == [w]
    bert = lineage(store, "BERT")
    assert bert.subject == KGM + "bert"
    # the checkpoints and multilingual BERT instantiate it; RoBERTa-large instantiates RoBERTa, a kind of it
    assert {n.id for n in bert.nodes if n.kind == "model"} == {MODEL + x for x in ("bert-base", "bert-large", "mbert",
                                                                                   "roberta-large")}
    assert next(n for n in bert.nodes if n.id == MODEL + "bert-base").papers == 3
    assert next(n for n in bert.nodes if n.id == KGM + "bert").papers == 1
    store.close()


def test_a_stated_extension_keeps_its_sentence(lines_store):
    e = links_to_subject(lineage(lines_store, "GAN"))[KGM + "stylemixgan"]
    assert e.relation == "extends"
    assert e.evidence == ["We propose StyleMixGAN, which extends the generative adversarial network (GAN) with a "
                          "style-mixing generator."]


def test_a_name_built_on_the_name(lines_store):
    e = links_to_subject(lineage(lines_store, "GAN"))[KGM + "zoogan"]
    assert e.relation == "nameBuiltOn"
    assert e.evidence[0] == "Its name “ZooGAN” is built on “GAN”."


@pytest.mark.parametrize("label,built", [
    ("BioBERT", True), ("BERT-CRF", True), ("hierarchical BERT", True),
    # a description that opens with the name as a modifier is something built with it, of no line of it
    ("BERT-based Hierarchical Aggregation Model", False), ("BERT-based", False),
])
def test_which_names_are_built_on_a_name(label, built):
    from kg.analytics.lineage import built_on
    assert built_on(label, "BERT") is built


@pytest.mark.parametrize("label,name,built", [
    # a glued name holding a far more named name around the name is built on that one
    ("QLRNX", "RNX", False), ("Tree-QLRNX", "RNX", False), ("CQLRNX", "RNX", False),
    ("CQLRNX", "QLRNX", True), ("DCRNX", "RNX", True), ("RNX-Tree", "RNX", True),
])
def test_a_glued_name_is_built_on_the_most_named_name_it_holds(label, name, built):
    from kg.analytics.lineage import built_on
    papers = {"QLRNX": 500, "RNX": 30, "DCRNX": 3}
    assert built_on(label, name, lambda n: papers.get(n, 0)) is built


def test_pretrained_models_of_an_architecture(lines_store):
    m = lineage(lines_store, "Transformer")
    assert links_to_subject(m)[KGM + "bert"].relation == "kindOf"
    # RoBERTa hangs from BERT, and BERT carries its line: its papers and RoBERTa's, SciBERT's, DistilBERT's
    assert {(e.source, e.target, e.relation) for e in m.edges} >= {(KGM + "roberta", KGM + "bert", "kindOf"),
                                                                    (MODEL + "scibert", KGM + "bert", "architecture")}
    bert = next(n for n in m.nodes if n.id == KGM + "bert")
    assert bert.weight == bert.papers + 4 + 1 + 1


def test_a_known_method_extends_another_only_where_its_proposer_says_so(lines_store):
    # "the Variational Autoencoder based on Transformer": a sentence about the paper's own method,
    # which the subject rule does not give to the catalogue's VAE, nor the map to the Transformer's line
    assert not lines_store.ask(f"ASK {{ <{KGM}vae> kg:extends <{KGM}transformer> }}")
    m = lineage(lines_store, "Transformer")
    assert KGM + "vae" not in {n.id for n in m.nodes}
    assert KGM + "graph-neural-networks" not in {n.id for n in m.nodes}
    # a method a paper proposes keeps the extension its sentence states
    assert links_to_subject(lineage(lines_store, "GAN"))[KGM + "stylemixgan"].relation == "extends"


def test_a_name_finds_the_sense_most_papers_mean(lines_store):
    # eight papers mean the catalogue's GAN; one wrote "generative neural networks (GAN)"
    m = lineage(lines_store, "GAN")
    assert m.subject == KGM + "gan"
    assert m.notes[0] == "Also called GAN in 1 paper: generative neural networks (1 paper)."
    # a name that fewer papers give another meaning stays another sense, not merged into the line
    c = lineage(lines_store, "CLAM")
    assert c.subject == KGM + "clam"
    assert c.notes[0] == "Also called CLAM in 1 paper: Cross-Lingual Attention Mixer (1 paper)."


def test_the_map_shows_the_members_most_papers_carry(lines_store):
    m = lineage(lines_store, "GAN", max_methods=2)
    # ZooGAN (4 papers) and CycleGAN (3); the alphabet would have taken AaaGAN (1 paper) first
    assert [n.label for n in m.members()] == ["ZooGAN", "CycleGAN"]
    more = [n for n in m.nodes if n.kind == "more"]
    assert [n.label for n in more] == ["2 more"]
    assert {x["label"] for x in more[0].members} == {"StyleMixGAN", "AaaGAN"}
    assert any(n.startswith("2 more methods and models of the line") for n in m.notes)
    # with room to spare, a name one paper gives is still grouped, not drawn
    bert = lineage(lines_store, "BERT")
    assert "PoliBERT" not in {n.label for n in bert.nodes}
    assert "PoliBERT" in {x["label"] for n in bert.nodes if n.kind == "more" for x in n.members}


def test_each_kind_is_queried_and_explained_as_itself(lines_store):
    kinds = {r["label"]: r["evidence"] for r in run_named(lines_store, "method-line", {"name": "BERT"})}
    assert kinds["RoBERTa"] == "kind of" and kinds["PoliBERT"] == "name built on"
    assert "BERT-based" not in kinds
    rows = {(r["label"], r["evidence"]) for r in run_named(lines_store, "method-line", {"name": "BERT"})}
    assert ("SciBERT", "instantiates") in rows and ("DistilBERT", "kind of") in rows
    kinds = {r["label"]: r["evidence"] for r in run_named(lines_store, "method-line", {"name": "Transformer"})}
    assert kinds["BERT"] == "kind of" and kinds["RoBERTa"] == "kind of" and kinds["SciBERT"] == "kind of"
    grounds = {(r["subject"], r["link"], r["object"], r["rule"]) for r in explain(lines_store, "RoBERTa")}
    assert ("RoBERTa", "kindOf", "BERT", "catalogue") in grounds
    grounds = {(r["subject"], r["link"], r["rule"]) for r in explain(lines_store, "ZooGAN")}
    assert ("ZooGAN", "nameBuiltOn", "name") in grounds and ("ZooGAN", "extends", "pattern:we_propose") not in grounds


def test_a_persons_lines_are_those_with_most_papers(lines_store):
    ada = KGR + "person/ada-lovelace"
    m = author_lineage(lines_store, ada, "Ada Lovelace")
    assert {n.label: n.line for n in m.nodes if n.role == "subject"} == {"TagFuse": 0, "WordSieve": 1}
    one = author_lineage(lines_store, ada, "Ada Lovelace", max_lines=1)
    # TagFuse, proposed and used in two papers, before WordSieve (one paper), though later in the alphabet
    assert [n.label for n in one.nodes if n.role == "subject"] == ["TagFuse"]
    assert one.notes[-1].startswith("1 more lines of work are left out")


def test_a_generic_concept_is_no_line_of_work(tmp_path):
    from kg.rdf.store import LocalStore

    (tmp_path / "g.ttl").write_text(f"""
@prefix kg: <https://w3id.org/research-kg/ontology#> . @prefix dcterms: <http://purl.org/dc/terms/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> . @prefix foaf: <http://xmlns.com/foaf/0.1/> .
<{KGR}person/ann> a foaf:Person ; foaf:name "Ann" .
<{KGR}paper/p1> a kg:Paper ; dcterms:title "Joint tagging" ; dcterms:creator <{KGR}person/ann> ;
    kg:proposes <{KGM}multi-task-learning> , <{KGM}tagfuse> .
<{KGM}multi-task-learning> a kg:Method ; skos:prefLabel "multi-task learning" ; kg:generic true .
<{KGM}tagfuse> a kg:Method ; skos:prefLabel "TagFuse" .
""", encoding="utf-8")
    store = LocalStore(tmp_path / "store", read_only=False)
    store.load_file(tmp_path / "g.ttl")
    m = author_lineage(store, KGR + "person/ann", "Ann")
    assert [n.label for n in m.nodes if n.role == "subject"] == ["TagFuse"]
    store.close()


def _inside(page, ids):
    """The ids whose box lies wholly inside the drawing area."""
    return page.js(f"""(() => {{
      const box = document.getElementById('kg-network');
      return {json.dumps(ids)}.filter(id => {{
        const b = network.getBoundingBox(id);
        const a = network.canvasToDOM({{x: b.left, y: b.top}}), z = network.canvasToDOM({{x: b.right, y: b.bottom}});
        return a.x >= 0 && a.y >= 0 && z.x <= box.clientWidth && z.y <= box.clientHeight;
      }});
    }})()""")


def test_the_map_in_a_browser(lines_store, mini_store, tmp_path, opened):
    m = lineage(lines_store, "BERT")
    write_lineage_html(m, tmp_path / "bert.html")
    page = opened(tmp_path / "bert.html").drawn()
    # the members of closed "more" groups are not counted as shown
    assert page.js("document.getElementById('kg-counts').textContent").startswith(f"Showing {len(m.nodes)} of ")
    # every member's link shows its evidence on hover (the tooltip vis-network shows)
    for e in m.edges:
        if e.target == m.subject and e.relation == "kindOf":
            tip = page.js(f"network.body.data.edges.get().find(x => x.from === {json.dumps(e.source)}).title.textContent")
            assert e.evidence[0] in tip and e.evidence[1] in tip
    # first sight: legible, the subject and what is directly of its line in view
    assert page.js("network.getScale()") >= LEGIBLE_SCALE - 1e-6
    direct = [m.subject] + [s for s, e in links_to_subject(m).items() if e.relation in ("kindOf", "more")]
    assert _inside(page, direct) == direct
    # the wheel scrolls a map taller than the window, at the same scale
    before, scale = page.js("network.getViewPosition()"), page.js("network.getScale()")
    page.page.mouse.move(300, 400)
    page.page.mouse.wheel(0, 600)
    page.page.wait_for_timeout(200)
    assert page.js("network.getViewPosition()")["y"] > before["y"] and page.js("network.getScale()") == scale
    # a click on "N more" opens its members, with their links and grounds; a second click closes them
    more = next(n for n in m.nodes if n.kind == "more")
    poli = next(x["id"] for x in more.members if x["label"] == "PoliBERT")
    hidden = f"network.body.data.nodes.get({json.dumps(poli)}).hidden"
    assert page.js(hidden) is True
    page.js(f"network.focus({json.dumps(more.id)}, {{animation: false}})")
    centre = page.js(f"network.canvasToDOM(network.getPositions([{json.dumps(more.id)}])[{json.dumps(more.id)}])")
    box = page.page.locator("#kg-network").bounding_box()
    page.page.mouse.click(box["x"] + centre["x"], box["y"] + centre["y"])
    assert page.js(hidden) is False
    tip = page.js(f"network.body.data.edges.get().find(e => e.from === {json.dumps(poli)}).title.textContent")
    assert "Its name “PoliBERT” is built on “BERT”." in tip
    page.page.mouse.click(box["x"] + 5, box["y"] + 5)  # elsewhere, then on it again
    page.page.mouse.click(box["x"] + centre["x"], box["y"] + centre["y"])
    assert page.js(hidden) is True
    assert page.errors == []
    # a map that fits is drawn whole: no label cut at an edge (the KSVD map's last column was)
    ksvd = lineage(mini_store, "KSVD")
    write_lineage_html(ksvd, tmp_path / "ksvd.html")
    small = opened(tmp_path / "ksvd.html").drawn()
    ids = [n.id for n in ksvd.nodes]
    assert _inside(small, ids) == ids
    assert small.errors == []


def test_a_long_span_opens_legible_and_scrolls_sideways(tmp_path, opened):
    from kg.analytics.lineage import LineageEdge, LineageMap, LineageNode

    subject = KGM + "old-method"
    nodes = [LineageNode(subject, "method", "OldMethod", 2005, "subject", dated_by="proposed")]
    edges = []
    for i in range(60):  # 60 papers over 15 years, every year with some
        paper = KGR + f"paper/p{i}"
        nodes.append(LineageNode(paper, "paper", f"A paper on OldMethod number {i}", 2005 + i % 15, "user",
                                 title=f"A paper on OldMethod number {i}"))
        edges.append(LineageEdge(paper, subject, "uses", [f"We use OldMethod ({i})."]))
    m = LineageMap(subject, "OldMethod", "method", nodes, edges)
    assert len(m.columns()) == 15
    write_lineage_html(m, tmp_path / "long.html")
    page = opened(tmp_path / "long.html").drawn()
    assert page.js("network.getScale()") >= LEGIBLE_SCALE - 1e-6  # nodes keep a readable size
    assert _inside(page, [subject]) == [subject]
    before = page.js("network.getViewPosition()")
    page.page.mouse.move(300, 400)
    page.page.keyboard.down("Shift")
    page.page.mouse.wheel(0, 800)
    page.page.keyboard.up("Shift")
    page.page.wait_for_timeout(200)
    assert page.js("network.getViewPosition()")["x"] > before["x"]  # on to the later years
    assert page.errors == []


def test_papers_of_a_line_that_cite_each_other_are_linked_apart(tmp_path):
    """Citations from the sources' reference lists join the map's papers as "cites" edges, drawn
    apart from the stated extensions (invented Semantic Scholar records)."""
    from kg.build import build
    from kg.rdf.store import open_store

    def paper(n, year, abstract, references):
        return {"paperId": f"p{n}", "externalIds": {"DOI": f"10.5555/line.{n}"}, "title": f"Adapters, part {n}",
                "abstract": abstract, "venue": "Imaginary Workshop", "year": year,
                "authors": [{"authorId": f"a{n}", "name": f"Author Number{n}"}],
                "references": [{"paperId": f"p{r}", "title": f"Adapters, part {r}"} for r in references]}

    records = [paper(1, 2021, "We fine-tune with LoRA on two tasks.", []),
               paper(2, 2022, "We compare LoRA with full fine-tuning.", [1]),
               paper(3, 2023, "LoRA is applied to speech recognition.", [1, 2])]
    source = tmp_path / "s2.json"
    source.write_text(json.dumps(records), encoding="utf-8")
    build([source], tmp_path / "out", views=False, workers=1)
    with open_store(tmp_path / "out") as store:
        m = lineage(store, "LoRA")
    title = {n.id: n.label for n in m.nodes if n.kind == "paper"}
    cites = {(title[e.source], title[e.target]) for e in m.edges if e.relation == "cites"}
    assert cites == {("Adapters, part 2", "Adapters, part 1"), ("Adapters, part 3", "Adapters, part 1"),
                     ("Adapters, part 3", "Adapters, part 2")}
    assert all("reference list" in e.evidence[0] for e in m.edges if e.relation == "cites")
    assert not any(e.relation == "extends" for e in m.edges)
    page = write_lineage_html(m, tmp_path / "lora.html")
    assert "cites (the paper" in page.path.read_text(encoding="utf-8")


def test_a_map_is_the_same_in_every_process(seed_build, tmp_path):
    """Nothing on a map follows the order of a set (string hashes differ between processes), so
    a site written again draws the same JSON."""
    import os
    import subprocess
    import sys

    maps = []
    for seed in ("1", "2", "3"):
        out = tmp_path / f"ksvd-{seed}.json"
        subprocess.run([sys.executable, "-m", "kg.cli", "lineage", "KSVD", "--store", str(seed_build),
                        "--out", str(tmp_path / f"ksvd-{seed}.html"), "--json", str(out)],
                       check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed})
        maps.append(out.read_text(encoding="utf-8"))
    assert maps[0] == maps[1] == maps[2]
    assert '"extends"' in maps[0]


def _paper(i: int, title: str, abstract: str, year: int = 2021) -> dict:
    return {"title": title, "abstract": abstract, "year": year, "authors": [f"Lee Family{i}"]}


#: Invented abstracts of several lines: names that look like a line's but are not of it (a spatial
#: transformer network), variants the catalogue's family block files under a line (graph
#: transformer, PPO), a grouping of the catalogue no paper names, and a tool that no line descends from.
FAMILY_PAPERS = [
    *(_paper(i, f"Speech tagging {i}", f"We train a Transformer encoder on speech tagging task {i}.") for i in range(3)),
    *(_paper(10 + i, f"Warping digits {i}", f"We insert a spatial transformer network before the classifier of "
             f"digit task {i}.") for i in range(2)),
    *(_paper(20 + i, f"Molecule property {i}", f"We apply a graph transformer to molecule property task {i}.")
      for i in range(2)),
    _paper(30, "Zoo-Transformer", "We propose Zoo-Transformer, a Transformer for animal calls."),
    _paper(31, "Animal call counts", "We apply Zoo-Transformer to count animal calls in forests."),
    *(_paper(40 + i, f"Walking robots {i}", f"We train the walking policy of robot {i} with PPO.") for i in range(2)),
    _paper(42, "Trust regions for robots", "We compare TRPO with random search on robot arms."),
    *(_paper(43 + i, f"Gradient estimates {i}", f"We study the variance of policy gradient methods in game {i}.")
      for i in range(2)),
    *(_paper(50 + i, f"Fine-grained birds {i}", f"We combine a convolutional neural network with bilinear pooling "
             f"for bird species task {i}.") for i in range(2)),
    *(_paper(60 + i, f"Retrieval baseline {i}", f"We rank documents of collection {i} with TF-IDF weights.")
      for i in range(3)),
]


def _built(tmp_path_factory, name: str, papers: list[dict]):
    """The real pipeline's store of ``papers``, built once for a module's tests."""
    from kg.build import build
    from kg.rdf.store import open_store

    out = tmp_path_factory.mktemp(name)
    (out / "p.jsonl").write_text("\n".join(json.dumps(p) for p in papers), encoding="utf-8")
    build([out / "p.jsonl"], out / "build", views=False, workers=1)
    store = open_store(out / "build")
    yield store
    store.close()


@pytest.fixture(scope="module")
def families_store(tmp_path_factory):
    yield from _built(tmp_path_factory, "families", FAMILY_PAPERS)


def test_a_catalogue_method_is_of_a_line_by_its_family_not_its_name(families_store):
    m = lineage(families_store, "Transformer")
    ids = {n.id for n in m.nodes} | {x["id"] for n in m.nodes if n.kind == "more" for x in n.members}
    # the spatial transformer network warps images: a Transformer by the shape of its name only
    assert KGM + "spatial-transformer-network" not in ids
    links = links_to_subject(m)
    # the catalogue's family block files the graph transformer under the Transformer too
    assert links[KGM + "graph-transformer"].relation == "kindOf"
    assert links[KGM + "graph-transformer"].evidence[0] == ("The catalogue lists graph transformer as a kind of "
                                                            "Transformer.")
    # a name no catalogue knows is still of the line by its name
    assert links[KGM + "zoo-transformer"].relation == "extends"


def test_variants_of_a_line_filed_under_their_field(families_store):
    # PPO and TRPO are filed under reinforcement learning; the family block makes them policy gradient methods
    m = lineage(families_store, "policy gradient")
    edges = {(e.source, e.target, e.relation) for e in m.edges}
    assert (KGM + "trpo", KGM + "policy-gradient", "kindOf") in edges
    assert (KGM + "ppo", KGM + "trpo", "kindOf") in edges
    assert [n.label for n in m.members()] == ["TRPO", "PPO"]  # TRPO carries PPO's two papers and its own


def test_a_grouping_of_the_catalogue_is_no_member(families_store):
    # "bilinear pooling" is filed under a generic grouping no paper names ("additional vision
    # components"): neither is of the line of convolutional neural networks
    m = lineage(families_store, "CNN")
    ids = {n.id for n in m.nodes} | {x["id"] for n in m.nodes if n.kind == "more" for x in n.members}
    assert m.subject == KGM + "convolutional-neural-networks"
    assert not ids & {KGM + "additional-vision-components", KGM + "bilinear-pooling"}


def test_the_index_lists_lines_not_tools(families_store):
    from kg.analytics.lineage import LineIndex, line_weights

    weights = line_weights(families_store, LineIndex.read(families_store))
    # the Transformer's line: its own papers and those of the graph transformer and Zoo-Transformer
    assert weights[KGM + "transformer"] == 4 + 2 + 1
    assert weights[KGM + "policy-gradient"] == 2 + 1 + 2


def _paper_triples(i, year, person, proposes=(), mentions=()) -> str:
    props = "".join(f" ; kg:proposes <{KGM}{m}>" for m in proposes)
    names = "".join(f" ; kg:mentions <{KGM}{m}>" for m in (*proposes, *mentions))
    return (f'<{KGR}paper/p{i}> a kg:Paper ; dcterms:title "Paper {i}" ; fabio:hasPublicationYear "{year}" ; '
            f"dcterms:creator <{KGR}person/{person}>{props}{names} .\n")


def _graph_store(path, triples: str):
    from kg.rdf.store import LocalStore

    (path / "g.ttl").write_text(f"""
@prefix kg: <https://w3id.org/research-kg/ontology#> . @prefix dcterms: <http://purl.org/dc/terms/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> . @prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix fabio: <http://purl.org/spar/fabio/> .
<{KGR}person/ann> a foaf:Person ; foaf:name "Ann" .
<{KGR}person/bo> a foaf:Person ; foaf:name "Bo" .
""" + triples, encoding="utf-8")
    store = LocalStore(path / "store", read_only=False)
    store.load_file(path / "g.ttl")
    return store


def test_a_tool_nothing_descends_from_is_no_line(tmp_path):
    from kg.analytics.lineage import LineIndex, line_weights

    store = _graph_store(tmp_path, f"""
<{KGM}ranklite> a kg:Method ; skos:prefLabel "RankLite" .
<{KGM}zoonet> a kg:Method ; skos:prefLabel "ZooNet" .
<{KGM}zoonet-2> a kg:Method ; skos:prefLabel "ZooNet-2" ; kg:extends <{KGM}zoonet> .
""" + _paper_triples(0, 2018, "ann", proposes=["ranklite"]) + "".join(
        _paper_triples(i, 2019, "bo", mentions=["ranklite"]) for i in (1, 2, 3))
        + _paper_triples(4, 2018, "ann", proposes=["zoonet"])
        + _paper_triples(5, 2019, "bo", proposes=["zoonet-2"], mentions=["zoonet"])
        + _paper_triples(6, 2020, "bo", mentions=["zoonet-2"]))
    weights = line_weights(store, LineIndex.read(store))
    # four papers name RankLite, which nothing extends: a tool, whose map would list its users
    assert weights == {KGM + "zoonet": 2 + 2}  # the papers naming ZooNet, and those naming ZooNet-2
    store.close()


def test_a_persons_line_is_a_method_they_were_first_to_name(tmp_path):
    store = _graph_store(tmp_path, f"""
<{KGM}nmt> a kg:Method ; skos:prefLabel "neural machine translation" ; skos:inScheme <{KGM}scheme> .
<{KGM}beamfix> a kg:Method ; skos:prefLabel "BeamFix" ; skos:inScheme <{KGM}scheme> .
<{KGM}tagfuse> a kg:Method ; skos:prefLabel "TagFuse" .
<{KGM}wordsieve> a kg:Method ; skos:prefLabel "WordSieve" .
""" + _paper_triples(0, 2016, "bo", mentions=["nmt"]) + _paper_triples(1, 2019, "ann", proposes=["nmt", "tagfuse"])
        + _paper_triples(2, 2018, "ann", proposes=["wordsieve"]) + _paper_triples(3, 2020, "bo", mentions=["wordsieve"])
        + _paper_triples(4, 2017, "ann", proposes=["beamfix"]) + _paper_triples(5, 2019, "bo", mentions=["beamfix"]))
    m = author_lineage(store, KGR + "person/ann", "Ann")
    # a known method Bo named three years earlier is no line of Ann's; BeamFix, which she named first, is
    assert {n.label for n in m.nodes if n.role == "subject"} == {"TagFuse", "WordSieve", "BeamFix"}
    # lines of one paper each: those more papers of the graph name first (never the alphabet), then the earlier
    two = author_lineage(store, KGR + "person/ann", "Ann", max_lines=2)
    assert [n.label for n in sorted(two.nodes, key=lambda n: n.line) if n.role == "subject"] == ["BeamFix", "WordSieve"]
    store.close()
    # the command names each line of work, in time order
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "kg.cli", "lineage", "Ann", "--store", str(tmp_path)],
                         check=True, capture_output=True, text=True)
    assert run.stdout.splitlines()[:3] == ["line 1: BeamFix", "line 2: WordSieve", "line 3: TagFuse"]


def test_an_extension_a_few_more_papers_name_stays_on_the_line(tmp_path):
    # PuLearn (named by 5 papers) extends Pu (named by 2): a few papers more is no evidence of a
    # misread link; BigNet, named by 9 papers, "extends" TinyNet named by 2: far more named, misread
    store = _graph_store(tmp_path, f"""
<{KGM}pu> a kg:Method ; skos:prefLabel "Pu" .
<{KGM}pulearn> a kg:Method ; skos:prefLabel "PuLearn" ; kg:extends <{KGM}pu> .
<{KGM}tinynet> a kg:Method ; skos:prefLabel "TinyNet" .
<{KGM}bignet> a kg:Method ; skos:prefLabel "BigNet" ; kg:extends <{KGM}tinynet> .
""" + _paper_triples(0, 2016, "ann", proposes=["pu"]) + _paper_triples(1, 2017, "bo", mentions=["pu"])
        + _paper_triples(2, 2018, "ann", proposes=["pulearn"])
        + "".join(_paper_triples(i, 2019, "bo", mentions=["pulearn"]) for i in range(3, 7))
        + _paper_triples(10, 2016, "ann", proposes=["tinynet"]) + _paper_triples(11, 2017, "bo", mentions=["tinynet"])
        + _paper_triples(12, 2018, "ann", proposes=["bignet"])
        + "".join(_paper_triples(i, 2019, "bo", mentions=["bignet"]) for i in range(13, 21)))
    pu = lineage(store, "Pu")
    assert links_to_subject(pu)[KGM + "pulearn"].relation == "extends"
    tiny = lineage(store, "TinyNet")
    assert KGM + "bignet" not in {n.id for n in tiny.nodes}
    store.close()


#: Invented abstracts: acronyms of the catalogue that a title defines otherwise (BLT, P-CNN) or
#: the same way (PVT), and parts of a Transformer and of diffusion models the papers name.
SENSE_PAPERS = [
    *(_paper(i, f"Reading raw bytes {i}", f"We train a byte latent transformer (BLT) on the raw bytes of corpus {i}.")
      for i in range(2)),
    _paper(2, "BLT: Bidirectional Layout Transformer for Controllable Layout Generation",
           "We generate the layouts of documents in parallel, refining a few elements at a time."),
    *(_paper(10 + i, f"Relations of drugs {i}", f"We extract relations with piecewise convolutional neural networks "
             f"(PCNN) from drug corpus {i}.") for i in range(2)),
    _paper(12, "P-CNN: Pose-Based CNN Features for Action Recognition",
           "We recognise the actions of people in videos from the motion of their body parts."),
    _paper(20, "PVT: Pyramid Vision Transformer for Dense Prediction", "We predict dense labels of street images."),
    _paper(21, "Segmenting streets", "We segment street images with PVT."),
    *(_paper(30 + i, f"Summaries of news {i}", f"We train a Transformer with self-attention and cross-attention "
             f"layers, an encoder-decoder model, on news task {i}.") for i in range(2)),
    _paper(32, "Attention for translation", "We compare Bahdanau attention with the Transformer on translation."),
    *(_paper(40 + i, f"Image synthesis {i}", f"We train a diffusion model with denoising score matching on image "
             f"set {i}.") for i in range(2)),
]


@pytest.fixture(scope="module")
def senses_store(tmp_path_factory):
    yield from _built(tmp_path_factory, "senses", SENSE_PAPERS)


def _proposed(store, title):
    return {(r["m"], r["l"]) for r in store.select(f"""SELECT ?m ?l WHERE {{ ?p dcterms:title "{title}" ;
        kg:proposes ?m . ?m skos:prefLabel ?l }}""")}


def test_a_title_that_defines_an_acronym_otherwise_names_its_own_method(senses_store):
    # the catalogue's BLT (byte latent transformer) and PCNN (piecewise CNN) are not these papers' names
    blt = _proposed(senses_store, SENSE_PAPERS[2]["title"])
    assert blt and all(m != KGM + "byte-level-modeling" for m, _ in blt)
    pcnn = _proposed(senses_store, "P-CNN: Pose-Based CNN Features for Action Recognition")
    assert {label for _, label in pcnn} == {"P-CNN"}
    (own,) = pcnn
    assert own[0] != KGM + "piecewise-convolutional-neural-network"
    # ... while the papers meaning the catalogue's keep it, and a name built on CNN still builds on CNN
    assert senses_store.ask(f"ASK {{ ?p dcterms:title \"Relations of drugs 0\" ; kg:mentions|kg:uses "
                            f"<{KGM}piecewise-convolutional-neural-network> }}")
    assert senses_store.ask(f"ASK {{ <{own[0]}> kg:extends <{KGM}convolutional-neural-networks> }}")
    # a title defining the acronym as the catalogue does is the catalogue's
    assert _proposed(senses_store, "PVT: Pyramid Vision Transformer for Dense Prediction") == {(KGM + "pvt", "PVT")}


def test_parts_of_a_method_are_no_kinds_of_it(senses_store):
    members = {n.id for n in lineage(senses_store, "Transformer").nodes if n.role != "subject"}
    for part in ("self-attention", "cross-attention", "encoder-decoder-architecture", "bahdanau-attention"):
        assert senses_store.ask(f"ASK {{ ?p kg:mentions|kg:uses <{KGM}{part}> }}"), part
        assert KGM + part not in members, part
    assert senses_store.ask(f"ASK {{ <{KGM}self-attention> skos:broader <{KGM}attention-mechanism> }}")
    diffusion = {n.id for n in lineage(senses_store, "diffusion model").nodes}
    assert KGM + "diffusion-models" in diffusion and KGM + "score-matching" not in diffusion


def test_a_catalogued_method_extends_another_only_where_its_proposer_says_so(tmp_path):
    # the catalogue's A extends B in a paper proposing A (kept), C extends D in a paper that does not
    # propose C (its own method's sentence: left out), and a method of no catalogue, E, extends F
    # (kept); a stated extension with two sentences is one link
    from kg.analytics.lineage import CATALOGUED, line_extends_graph
    from kg.rdf.store import LocalStore

    kg, prov = "https://w3id.org/research-kg/ontology#", "http://www.w3.org/ns/prov#"
    ttl = f"""@prefix kg: <{kg}> . @prefix m: <{KGM}> . @prefix r: <{KGR}> .
    @prefix skos: <http://www.w3.org/2004/02/skos/core#> . @prefix prov: <{prov}> .
    m:a a kg:Method ; skos:inScheme m:scheme ; kg:extends m:b .
    m:c a kg:Method ; skos:inScheme m:scheme ; kg:extends m:d .
    m:e a kg:Method ; kg:extends m:f .
    r:p1 kg:proposes m:a . r:p2 kg:proposes m:e .
    r:e1 kg:subject m:a ; kg:predicate kg:extends ; kg:object m:b ; prov:wasDerivedFrom r:p1 ; kg:sentence "one" .
    r:e2 kg:subject m:c ; kg:predicate kg:extends ; kg:object m:d ; prov:wasDerivedFrom r:p2 ; kg:sentence "two" .
    r:e3 kg:subject m:e ; kg:predicate kg:extends ; kg:object m:f ; prov:wasDerivedFrom r:p2 ; kg:sentence "three" .
    r:e4 kg:subject m:e ; kg:predicate kg:extends ; kg:object m:f ; prov:wasDerivedFrom r:p2 ; kg:sentence "four" .
    """
    store = LocalStore(tmp_path / "store", read_only=False)
    try:
        store.add(ox.parse(ttl, ox.RdfFormat.TURTLE))
        catalogued = {r["m"] for r in store.select(CATALOGUED)}
        assert catalogued == {KGM + "a", KGM + "c"}
        assert sorted(line_extends_graph(store, catalogued).edges) == [(KGM + "a", KGM + "b"), (KGM + "e", KGM + "f")]
    finally:
        store.close()


def test_the_papers_naming_another_node_of_the_subject_use_it_on_its_map(tmp_path):
    # "Multilingual-BERT", a method node of its own, is the model multilingual BERT (mBERT): the map of
    # mBERT shows the papers that name it so as its users, not only the papers naming mBERT's own node
    from kg.build import build
    from kg.rdf.store import open_store

    papers = [{"title": f"Tagging study {i}", "abstract": f"We fine-tune multilingual BERT on tagging task {i}.",
               "year": 2019, "authors": [f"Ann Lee{i}"]} for i in range(3)]
    papers += [{"title": f"Parsing study {i}", "year": 2020, "authors": [f"Bo Chen{i}"],
                "abstract": f"We propose Multilingual-BERT-Parser{i}. We compare with Multilingual-BERT on parsing {i}."}
               for i in range(2)]
    (tmp_path / "p.jsonl").write_text("\n".join(json.dumps(p) for p in papers), encoding="utf-8")
    build([tmp_path / "p.jsonl"], tmp_path / "out", views=False, workers=1)
    store = open_store(tmp_path / "out")
    titles = {r["p"]: r["t"] for r in store.select("SELECT ?p ?t WHERE { ?p dcterms:title ?t }")}
    m = lineage(store, "mBERT")
    store.close()
    assert m.subject == MODEL + "mbert"
    users = {titles[e.source] for e in m.edges if e.target == m.subject and e.source in titles}
    assert users == {f"Tagging study {i}" for i in range(3)} | {f"Parsing study {i}" for i in range(2)}


def test_a_map_drawn_with_the_index_reads_its_methods_labels_from_it(lines_store):
    from kg.analytics.lineage import METHOD, LineIndex, _method_node, method_lineage

    ix = LineIndex.read(lines_store)
    asked = []

    class Counting:  # the store, counting the METHOD queries a map asks
        def __getattr__(self, name):
            return getattr(lines_store, name)

        def select(self, sparql, bindings=None):
            asked.extend([sparql] if sparql == METHOD else [])
            return lines_store.select(sparql, bindings)

    drawn = method_lineage(Counting(), f"{KGM}bert", index=ix)
    methods = [n for n in drawn.nodes if n.kind in ("method", "model")]
    assert len(methods) > 3 and not asked
    for n in methods:  # the labels the store gives
        read = _method_node(lines_store, n.id, n.year)
        assert (n.label, n.aliases) == (read.label, read.aliases)
