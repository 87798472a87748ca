"""The named queries, each with its expected answer on the hand-made graph ``fixtures/queries.ttl``."""
import pyoxigraph as ox
import pytest

from kg.query.named import get_query, list_queries, parse_header, run_named, serialize_named
from kg.rdf.store import StoreError, open_store

KGR = "https://w3id.org/research-kg/resource/"
KGM = "https://w3id.org/research-kg/method/"

#: Values that would change the query if they were pasted into its text.
HOSTILE = ["Robert'); DROP ALL; {", 'x" } } ; DELETE WHERE { ?s ?p ?o } #', "a\\\"}\n#", "?author", "<>"]


@pytest.fixture(scope="module")
def store(fixture_build):
    with open_store(fixture_build) as s:
        yield s


def column(rows, name):
    return [r[name] for r in rows]


def test_catalogue_has_every_query_with_header():
    names = {q.name for q in list_queries()}
    assert {"coauthors", "method-papers", "author-methods", "method-lineage", "methods-by-first-year",
            "top-methods-per-category", "shared-methods-not-coauthors", "papers-with-code", "link-evidence",
            "author-papers", "category-papers", "graph-counts", "paper-citations"} <= names
    for q in list_queries():
        assert q.description, q.name
        assert set(q.example) == {p.name for p in q.params if not p.optional}, q.name


def test_header_parses_params_and_continuations():
    q = parse_header("x", "# name: x\n# answers: one\n#   two\n# param: a — first\n"
                          "# param: b — (optional) second\n# param: c (person) — a name\n# example: a=1=2\nSELECT * {}")
    assert q.description == "one two"
    assert [(p.name, p.optional, p.kind) for p in q.params] == [
        ("a", False, "text"), ("b", True, "text"), ("c", False, "person")]
    assert q.example == {"a": "1=2"}
    with pytest.raises(StoreError, match="kind 'colour'"):
        parse_header("x", "# name: x\n# param: a (colour) — red\nSELECT * {}")


def test_a_person_parameter_is_bound_as_the_person_of_that_name():
    query = get_query("coauthors")
    assert query.param("author").kind == "person"
    assert query.bindings({"author": "Francesco Tonin"}) == {"author": ox.NamedNode(KGR + "person/francesco-tonin")}
    assert query.bindings({"author": " SEAN o’brien"}) == {"author": ox.NamedNode(KGR + "person/sean-o-brien")}
    assert get_query("link-evidence").bindings({"method": "K-SVD"}) == {"method": ox.Literal("k-svd")}
    with pytest.raises(StoreError, match="needs --param author"):
        query.bindings({})


@pytest.mark.parametrize("name", ["Francesco Tonin", "francesco TONIN", "Francesco  Tonín", "FRANCESCO-TONIN."])
def test_an_author_is_matched_whatever_the_case_accents_or_punctuation(store, name):
    assert [(r["year"], r["position"]) for r in run_named(store, "author-papers", {"author": name})] == [
        (2025, 1), (2023, 1)]
    assert column(run_named(store, "coauthors", {"author": name}), "name") == ["Johan Suykens"]
    assert len(run_named(store, "author-methods", {"author": name})) == 5
    assert column(run_named(store, "shared-methods-not-coauthors", {"author": name}), "name")[0] == "Michal Aharon"


def test_an_author_nobody_is_has_no_rows(store):
    for name in ["Francesco", "Tonin Francesco", "", "   "]:
        for query in ["author-papers", "coauthors", "author-methods", "shared-methods-not-coauthors"]:
            assert run_named(store, query, {"author": name}) == [], (query, name)


def test_unknown_query_and_bad_params_are_refused(store):
    with pytest.raises(StoreError, match="no query named"):
        run_named(store, "nope")
    with pytest.raises(StoreError, match="needs --param author"):
        run_named(store, "coauthors")
    with pytest.raises(StoreError, match="no parameter colour"):
        run_named(store, "coauthors", {"author": "x", "colour": "red"})


def test_coauthors_with_joint_paper_counts(store):
    rows = run_named(store, "coauthors", {"author": "lorenzo BASILE"})
    assert [(r["name"], r["papers"]) for r in rows] == [
        ("Luca Bortolussi", 1), ("Seán O'Brien", 1), ("Valentino Maiorca", 1)]
    assert run_named(store, "coauthors", {"author": "Francesco Tonin"}) == [
        {"coauthor": KGR + "person/johan-suykens", "name": "Johan Suykens", "papers": 2}]


def test_a_name_with_a_quote_matches_as_it_is(store):
    rows = run_named(store, "coauthors", {"author": "Seán O'Brien"})
    assert column(rows, "name") == ["Lorenzo Basile"]
    assert run_named(store, "coauthors", {"author": "Sean O Brien"}) == rows


def test_method_papers_by_alias_with_roles(store):
    rows = run_named(store, "method-papers", {"method": "ksvd"})
    assert [(r["year"], r["role"]) for r in rows] == [(2006, "proposes"), (2022, "uses")]
    assert run_named(store, "method-papers", {"method": "K-SvD"}) == run_named(store, "method-papers", {"method": "KSVD"})
    for nobody in ["K SVD", "", "KSVD "]:  # case is folded, nothing else
        assert run_named(store, "method-papers", {"method": nobody}) == []
    rows = run_named(store, "method-papers", {"method": "LC-KSVD"})
    assert column(rows, "role") == ["compares with"]
    rows = run_named(store, "method-papers", {"method": "Principal Component Analysis"})
    assert column(rows, "role") == ["mentions", "uses"]


def test_author_methods_over_the_years(store):
    rows = run_named(store, "author-methods", {"author": "Francesco Tonin"})
    assert [(r["year"], r["label"]) for r in rows] == [
        (2023, "Deep Kernel PCA"), (2023, "Kernel PCA"), (2023, "Principal Component Analysis"),
        (2025, "K-Means"), (2025, "Singular Value Decomposition")]


def test_lineage_is_transitive_both_ways(store):
    rows = run_named(store, "method-lineage", {"method": "PCA"})
    assert [(r["relation"], r["label"], r["parent"]) for r in rows] == [
        ("extended by", "Deep Kernel PCA", KGM + "kernel-pca"),
        ("extended by", "Kernel PCA", KGM + "principal-component-analysis")]
    rows = run_named(store, "method-lineage", {"method": "Deep Kernel PCA"})
    assert [(r["relation"], r["label"], r["child"]) for r in rows] == [
        ("extends", "Kernel PCA", KGM + "deep-kernel-pca"),
        ("extends", "Principal Component Analysis", KGM + "kernel-pca")]
    rows = run_named(store, "method-lineage", {"method": "K-SVD"})
    assert [(r["relation"], r["label"]) for r in rows] == [
        ("extended by", "Label Consistent K-SVD"), ("extends", "K-Means"), ("extends", "Singular Value Decomposition")]


def test_methods_by_first_year(store):
    rows = run_named(store, "methods-by-first-year")
    first = {r["label"]: (r["firstYear"], r["papers"]) for r in rows}
    assert first["K-SVD"] == (2006, 2)
    assert first["Principal Component Analysis"] == (2023, 2)
    assert first["Graph Neural Network"] == (2024, 1)
    assert "Dimensionality Reduction" not in first  # a family no paper names
    assert column(rows, "firstYear") == sorted(column(rows, "firstYear"))


def test_top_methods_per_category(store):
    rows = run_named(store, "top-methods-per-category")
    top = {(r["categoryLabel"], r["label"]): r["rank"] for r in rows}
    assert top[("Computer Vision and Pattern Recognition", "K-SVD")] == 1
    assert top[("Computer Vision and Pattern Recognition", "K-Means")] == 2
    assert top[("Machine Learning", "Principal Component Analysis")] == 1
    assert top[("Machine Learning", "Transformer")] == 2
    assert all(r["rank"] <= 3 for r in rows)


def test_shared_methods_but_never_coauthors(store):
    rows = run_named(store, "shared-methods-not-coauthors", {"author": "Francesco Tonin"})
    assert [(r["name"], r["shared"]) for r in rows] == [
        ("Michal Aharon", 2), ("Lorenzo Basile", 1), ("Luca Bortolussi", 1), ("Valentino Maiorca", 1)]
    assert sorted(rows[0]["methods"].split(", ")) == ["K-Means", "Singular Value Decomposition"]
    assert "Johan Suykens" not in column(rows, "name")


def test_papers_with_code(store):
    rows = run_named(store, "papers-with-code")
    assert [(r["year"], r["code"]) for r in rows] == [
        (2024, "https://github.com/example/residual-streams"), (2023, "https://github.com/example/dkpca")]


def test_link_evidence_of_a_method_and_of_one_paper(store):
    rows = run_named(store, "link-evidence", {"method": "K-SVD"})
    assert [(r["link"], r["rule"], r["confidence"]) for r in rows] == [
        ("uses", "pattern:we_use", 0.7), ("proposes", "pattern:we_propose", 0.9)]
    rows = run_named(store, "link-evidence", {"method": "k-svd", "title": "K-SVD: An Algorithm for Designing "
                                              "Overcomplete Dictionaries for Sparse Representation"})
    assert column(rows, "sentence") == ["We propose K-SVD, generalizing K-Means; each atom is updated with an SVD."]


def test_author_papers_with_years(store):
    rows = run_named(store, "author-papers", {"author": "francesco tonin"})
    assert [(r["year"], r["position"]) for r in rows] == [(2025, 1), (2023, 1)]
    assert column(run_named(store, "author-papers", {"author": "Luca Bortolussi"}), "position") == [3]


def test_category_papers_include_sub_areas(store):
    rows = run_named(store, "category-papers", {"category": "Deep Learning"})
    assert sorted(column(rows, "subjectLabel")) == ["Deep Learning", "Graph Neural Networks", "Theory"]
    untitled = next(r for r in rows if r["subjectLabel"] == "Graph Neural Networks")
    assert untitled["title"] == "We use a GNN and a Transformer to represent molecules."  # no title: the abstract
    rows = run_named(store, "category-papers", {"category": "CS.lg"})
    assert column(rows, "year") == [2025, 2024, 2023]
    rows = run_named(store, "category-papers", {"category": "cs"})
    assert len({r["paper"] for r in rows}) == 5


def test_paper_citations_both_ways_by_title_or_identifier(store):
    rows = run_named(store, "paper-citations", {"paper": "adversarial robustness via SPARSE coding"})
    assert [(r["direction"], r["title"], r["year"]) for r in rows] == [
        ("cited by", "Residual Stream Analysis of Transformers", 2024),
        ("cites", "K-SVD: An Algorithm for Designing Overcomplete Dictionaries for Sparse Representation", 2006)]
    assert column(run_named(store, "paper-citations", {"paper": "DOI:10.5555/ksvd.2006"}), "title") == [
        "Adversarial Robustness via Sparse Coding"]
    assert run_named(store, "paper-citations", {"paper": "Accelerating Spectral Clustering under Fairness Constraints"}) == []


def test_graph_counts(store):
    assert run_named(store, "graph-counts") == [
        {"papers": 6, "authors": 8, "methods": 10, "categories": 6, "codeLinks": 2}]


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_parameters_change_nothing(store, value):
    before = len(store)
    for q in list_queries():
        params = {p.name: value for p in q.params}
        assert run_named(store, q.name, params) == ([] if params else run_named(store, q.name)), q.name
    assert len(store) == before


def test_serialized_named_query(store):
    body = serialize_named(store, "coauthors", {"author": "Francesco Tonin"}, "csv").decode()
    assert body.splitlines() == ["coauthor,name,papers", KGR + "person/johan-suykens,Johan Suykens,2"]
    assert get_query("coauthors").sparql.startswith("# name: coauthors")


def test_cli_runs_named_queries_and_lists_them(fixture_build, capsys):
    from kg.cli import main

    assert main(["query", "--name", "coauthors", "--param", "author=Francesco Tonin", "--store", str(fixture_build),
                 "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == KGR + "person/johan-suykens,Johan Suykens,2"
    assert main(["query", "--name", "coauthors", "--store", str(fixture_build)]) == 1
    assert "needs --param author" in capsys.readouterr().err
    assert main(["queries", "--format", "json"]) == 0
    assert "coauthors" in capsys.readouterr().out


def test_cli_runs_a_query_file_with_its_header_kinds(fixture_build, capsys):
    from kg.cli import main
    from kg.query.named import QUERY_DIR

    assert main(["query", str(QUERY_DIR / "coauthors.rq"), "--param", "author=francesco tonín", "--store",
                 str(fixture_build), "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == KGR + "person/johan-suykens,Johan Suykens,2"


# --- the same queries on the graph built from seeds/ by the real pipeline

def test_seed_graph_papers_of_francesco_tonin_with_years(seed_store):
    rows = run_named(seed_store, "author-papers", {"author": "Francesco Tonin"})
    assert len(rows) == 18
    assert column(rows, "year") == [2026] * 2 + [2025] * 5 + [2024] * 4 + [2023] * 6 + [2022]
    assert "Accelerating Spectral Clustering under Fairness Constraints" in column(rows, "title")


def test_seed_graph_coauthors_of_lorenzo_basile(seed_store):
    rows = run_named(seed_store, "coauthors", {"author": "Lorenzo Basile"})
    assert {r["name"]: r["papers"] for r in rows} == {
        "Luca Bortolussi": 2, "Valentino Maiorca": 2, "Alberto d'Onofrio": 1, "Nikos Karantzas": 1,
        "Sanketh Vedula": 1, "Santiago Acevedo": 1}


def test_seed_graph_papers_under_deep_learning(seed_store):
    rows = run_named(seed_store, "category-papers", {"category": "deep learning"})
    assert len({r["paper"] for r in rows}) == 13
    assert all(r["subject"].startswith(KGR + "category/area/deep-learning") for r in rows)
    assert {"Algorithms", "Large Language Models", "Graph Neural Networks"} <= set(column(rows, "subjectLabel"))


def test_seed_graph_counts_distinct_authors(seed_store):
    counts = run_named(seed_store, "graph-counts")[0]
    assert (counts["papers"], counts["authors"]) == (62, 194)


def test_seed_graph_lineage_of_ksvd_agrees_with_its_links(seed_store):
    rows = run_named(seed_store, "method-lineage", {"method": "KSVD"})
    assert {r["relation"] for r in rows} == {"extends", "extended by"}
    for r in rows:
        assert seed_store.ask("ASK { ?c kg:extends ?p }", {"c": ox.NamedNode(r["child"]), "p": ox.NamedNode(r["parent"])})


def test_shared_methods_leave_out_generic_methods_and_those_of_over_1_percent(tmp_path):
    """30 papers of 32 name LSTM (more than 20, and more than 1%): sharing it says nothing; nor does
    sharing deep learning, which the lexicon marks generic. Ada shares WidgetNet with Bo only."""
    from kg.rdf.delta import summarise
    from kg.rdf.store import LocalStore

    def paper(i, author, *methods):
        return f"paper:{i} a kg:Paper ; dcterms:creator person:{author} ; kg:mentions {', '.join(methods)} .\n"

    others = [f"p{i}" for i in range(29)]
    turtle = "".join(f"person:{p} foaf:name '{p.title()}' .\n" for p in ["ada", "bo", "cy", *others])
    turtle += "".join(f"kgm:{m} a kg:Method ; skos:prefLabel '{m}' .\n" for m in ["lstm", "widgetnet", "dl"])
    turtle += "kgm:dl kg:generic true .\n"
    turtle += paper("a", "ada", "kgm:lstm", "kgm:widgetnet", "kgm:dl") + paper("b", "bo", "kgm:widgetnet")
    turtle += paper("c", "cy", "kgm:dl") + "".join(paper(p, p, "kgm:lstm") for p in others)
    prefixes = "".join(f"@prefix {k}: <{v}> .\n" for k, v in {
        "kg": "https://w3id.org/research-kg/ontology#", "person": KGR + "person/", "paper": KGR + "paper/",
        "kgm": KGM, "foaf": "http://xmlns.com/foaf/0.1/", "dcterms": "http://purl.org/dc/terms/",
        "skos": "http://www.w3.org/2004/02/skos/core#"}.items())
    (tmp_path / "g.ttl").write_text(prefixes + turtle, encoding="utf-8")
    with LocalStore(tmp_path / "store", read_only=False) as store:
        store.load_file(tmp_path / "g.ttl")
        summarise(store, None)
        rows = run_named(store, "shared-methods-not-coauthors", {"author": "Ada"})
        assert [(r["name"], r["methods"]) for r in rows] == [("Bo", "widgetnet")]
        for p in others[:10]:  # LSTM named by 20 papers: now it counts
            store.update(f"DELETE WHERE {{ <{KGR}paper/{p}> ?p ?o }}")
        summarise(store, None)
        rows = run_named(store, "shared-methods-not-coauthors", {"author": "Ada"})
        assert sorted(r["name"] for r in rows) == sorted(["Bo"] + [p.title() for p in others[10:]])


def test_a_named_query_is_read_in_pages(store):
    whole = run_named(store, "methods-by-first-year")
    assert len(whole) > 5
    pages = [run_named(store, "methods-by-first-year", limit=2, offset=at) for at in range(0, len(whole), 2)]
    assert [row for rows in pages for row in rows] == whole and all(len(rows) <= 2 for rows in pages)
    assert run_named(store, "methods-by-first-year", offset=len(whole) - 1) == whole[-1:]
    assert run_named(store, "methods-by-first-year", limit=0) == []
    for bad in [{"limit": -1}, {"offset": -2}, {"limit": "3; DROP ALL"}, {"limit": True}]:
        with pytest.raises(StoreError, match="whole number"):
            run_named(store, "methods-by-first-year", **bad)


def test_methods_of_a_year_are_ordered_by_papers_then_label_in_any_case(tmp_path):
    """Labels sharing their first 15 characters are still ordered by the whole label, and a label
    with an accent (more bytes than characters) takes its place too."""
    from kg.rdf.delta import summarise
    from kg.rdf.store import LocalStore

    methods = {"s1": ("Sparse Representation Classifier", 2020, 1), "s2": ("sparse representation based", 2020, 1),
               "s3": ("Sparse Representation", 2020, 1), "elan": ("Élan Networks", 2020, 1),
               "elan2": ("élan nets", 2020, 1), "bnet": ("b-net", 2020, 1), "anet": ("A-Net", 2020, 1),
               "zoo": ("Zoo", 2020, 2), "old": ("Old Method", 2011, 1), "a2": ("a-net", 2020, 1)}
    turtle = "@prefix kg: <https://w3id.org/research-kg/ontology#> .\n"
    for key, (label, year, papers) in methods.items():
        turtle += f"<{KGM}{key}> a kg:Method ; <http://www.w3.org/2004/02/skos/core#prefLabel> \"{label}\" .\n"
        turtle += "".join(f"<{KGR}paper/{key}{i}> a kg:Paper ; kg:mentions <{KGM}{key}> ; "
                          f"<http://purl.org/spar/fabio/hasPublicationYear> \"{year}\"^^"
                          "<http://www.w3.org/2001/XMLSchema#gYear> .\n" for i in range(papers))
    (tmp_path / "g.ttl").write_text(turtle, encoding="utf-8")
    with LocalStore(tmp_path / "store", read_only=False) as store:
        store.load_file(tmp_path / "g.ttl")
        summarise(store, None)
        rows = run_named(store, "methods-by-first-year")
    expected = sorted(methods, key=lambda k: (methods[k][1], -methods[k][2], methods[k][0].lower(), KGM + k))
    assert [r["method"] for r in rows] == [KGM + k for k in expected]
    assert [r["label"] for r in rows][:4] == ["Old Method", "Zoo", "a-net", "A-Net"]  # a tie: by IRI
