"""What an incremental build reads from and changes in a store that holds a graph already.

* ``fill_registries`` refills a build's small registries (method labels, described nodes) from the
  store, so a build continues where the last one stopped.
* ``StoredPapers`` looks papers and people up in the store as records need them: a paper by the
  match key it holds (``kg:titleKey``, ``kg:abstractKey``), a person by IRI (a function of the name),
  and the state of a stored paper when a new record turns out to be it.
* ``drop_source`` deletes what one source document contributed, before its new version is added.
* ``rewrite`` applies the changes a build can only know at its end: better author lists and
  better display names.
* ``drop_orphans`` also deletes the citations of papers that are gone.
* ``summarise`` keeps the method summaries (first year, number of papers) of the named graph
  ``kgr:graph/summaries`` in step with the papers, for the methods a build touched.

Changes go through SPARQL 1.1 Update: the embedded store applies each update in one transaction,
a remote store posts it to the server's ``/update`` endpoint.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

import pyoxigraph as ox

from kg.model import Paper, Person, SourceDocument
from kg.rdf.namespaces import KG, KGR
from kg.rdf.store import Store
from kg.rdf.triples import MATCH_KEY_PROPERTIES, foaf, kg, paper_iri, person_iri, source_iri
from kg.resolve.methods import MethodRegistry
from kg.resolve.people import Mention, title_words, variants_among
from kg.resolve.resolve import FIELDS, PaperState, Resolver

PAPER_PREFIX = str(KGR["paper/"])
PERSON_PREFIX = str(KGR["person/"])

SOURCES = "SELECT ?s ?name ?sha WHERE { ?s a kg:SourceDocument ; dcterms:title ?name ; kg:sha256 ?sha }"
#: The labels of every concept but the categories. Two subqueries, so that Oxigraph joins them by
#: hash instead of looking up each label's subject in turn (0.34 s instead of 0.5 on 100k papers).
METHOD_LABELS = """SELECT ?m ?label ?pref WHERE {
  { SELECT ?m WHERE { ?m a skos:Concept MINUS { ?m skos:inScheme kgr:categories } } }
  { SELECT ?m ?label ?pref WHERE {
      { ?m skos:prefLabel ?label BIND(true AS ?pref) } UNION { ?m skos:altLabel ?label BIND(false AS ?pref) } } } }"""
METHODS = "SELECT ?m WHERE { ?m a kg:Method }"
#: Every kind-of link, of methods and of other concepts: the methods' are kept (joined with ``?m a
#: kg:Method`` by Oxigraph, 0.19-0.26 CPU-s at 100k papers; a scan of the links 0.03-0.05).
BROADER = "SELECT ?m ?b WHERE { ?m skos:broader ?b }"
DESCRIBED = """SELECT ?x WHERE { { ?x a kg:Dataset } UNION { ?x a kg:Model } UNION { ?x a kg:SourceDocument }
  UNION { ?x skos:inScheme kgr:categories } UNION { ?x a kg:Method } }"""

PAPER_FIELDS = """SELECT ?title ?abstract ?year ?venue ?url ?doi ?arxiv_id ?truncated WHERE {
  OPTIONAL { ?p dcterms:title ?title } OPTIONAL { ?p dcterms:abstract ?abstract }
  OPTIONAL { ?p fabio:hasPublicationYear ?year } OPTIONAL { ?p kg:venue ?venue } OPTIONAL { ?p schema:url ?url }
  OPTIONAL { ?p kg:doi ?doi } OPTIONAL { ?p kg:arxivId ?arxiv_id } OPTIONAL { ?p kg:authorsTruncated ?truncated } }"""
PAPER_AUTHORS = """SELECT ?name ?person WHERE { ?p kg:authorship ?a . ?a kg:position ?position ; kg:author ?person .
  ?person foaf:name ?name } ORDER BY ?position"""
PAPER_AUTHOR_IDS = """SELECT ?name ?id WHERE { ?p kg:authorship ?a . ?a kg:authorIdentifier ?id ; kg:author/foaf:name ?name }"""
#: The stored mentions of some names (``VALUES ?key``): each author position with its paper's evidence.
NAME_MENTIONS = """SELECT ?key ?person ?paper ?position ?title ?venue ?year WHERE {
  %s ?person kg:foldedName ?key . ?a kg:author ?person ; kg:position ?position . ?paper kg:authorship ?a .
  OPTIONAL { ?paper dcterms:title ?title } OPTIONAL { ?paper kg:venue ?venue }
  OPTIONAL { ?paper fabio:hasPublicationYear ?year } }"""
#: The stored mentions of some names (``VALUES ?key``), to count them. Their author identifiers
#: are asked apart (``NAME_KEY_IDS``): an OPTIONAL here took 0.5 of 0.8 CPU-s for the 2,861 names
#: of a 1% increment of 100k papers.
NAME_COUNTS = """SELECT ?key ?a ?paper WHERE {
  %s ?person kg:foldedName ?key . ?a kg:author ?person . ?paper kg:authorship ?a }"""
#: The author identifiers of the stored mentions of some names (``VALUES ?key``), by name.
NAME_KEY_IDS = """SELECT ?key ?paper ?id WHERE {
  %s ?person kg:foldedName ?key . ?a kg:author ?person ; kg:authorIdentifier ?id . ?paper kg:authorship ?a }"""
#: Whether the store holds any author identifier (a corpus of plain records has none to look up).
ANY_AUTHOR_ID = "ASK { ?a kg:authorIdentifier ?id }"
#: The author identifiers of the stored mentions of some names (``VALUES ?key``).
NAME_IDS = """SELECT ?paper ?position ?id WHERE {
  %s ?person kg:foldedName ?key . ?a kg:author ?person ; kg:position ?position ; kg:authorIdentifier ?id .
  ?paper kg:authorship ?a }"""
#: Every person's folded name (``StoredPapers.variant_names``).
FOLDED_NAMES = "SELECT ?name WHERE { ?person kg:foldedName ?name }"
PAPER_NAMES = """SELECT ?paper ?key WHERE { %s ?paper dcterms:creator/kg:foldedName ?key }"""
#: Names per query when looking mentions up (a query's VALUES stays small).
NAMES_PER_QUERY = 500
PAPER_OWNERS = "SELECT DISTINCT ?name WHERE { ?p prov:wasDerivedFrom/kg:profileOwner/foaf:name ?name }"

#: Deleting a source document: its papers (with authorships and evidence) unless another document
#: also gives them, its links from shared papers, itself; then whatever no paper uses any more.
DROP_SOURCE = """
DELETE { ?x ?p ?o } WHERE {
  ?paper prov:wasDerivedFrom ?source .
  FILTER NOT EXISTS { ?paper prov:wasDerivedFrom ?other FILTER(?other != ?source) }
  { ?x a kg:Evidence ; prov:wasDerivedFrom ?paper . ?x ?p ?o } UNION { ?paper kg:authorship ?x . ?x ?p ?o }
  UNION { ?paper ?p ?o BIND(?paper AS ?x) } } ;
DELETE { ?paper prov:wasDerivedFrom ?source } WHERE { ?paper prov:wasDerivedFrom ?source } ;
DELETE { ?source ?p ?o } WHERE { ?source ?p ?o }"""
DROP_ORPHANS = """
DELETE { ?x ?p ?o } WHERE { ?x a foaf:Person .
  FILTER NOT EXISTS { ?a kg:author ?x } FILTER NOT EXISTS { ?s kg:profileOwner ?x } ?x ?p ?o } ;
DELETE { ?a kg:extends ?b } WHERE { ?a kg:extends ?b
  FILTER NOT EXISTS { ?e kg:subject ?a ; kg:predicate kg:extends ; kg:object ?b } } ;
DELETE { ?x ?p ?o } WHERE { ?x a kg:Method . FILTER NOT EXISTS { ?x skos:inScheme ?scheme }
  FILTER NOT EXISTS { ?y kg:mentions ?x } FILTER NOT EXISTS { ?x kg:extends ?y } FILTER NOT EXISTS { ?y kg:extends ?x }
  ?x ?p ?o } ;
DELETE { ?x a kg:Method } WHERE { ?x a kg:Method ; skos:inScheme ?scheme .
  FILTER NOT EXISTS { ?y kg:mentions ?x } FILTER NOT EXISTS { ?x kg:extends ?y } FILTER NOT EXISTS { ?y kg:extends ?x } } ;
DELETE { ?x ?p ?o } WHERE { ?x a kg:Dataset FILTER NOT EXISTS { ?y kg:usesDataset ?x } ?x ?p ?o } ;
DELETE { ?y cito:cites ?x } WHERE { ?y cito:cites ?x . FILTER(STRSTARTS(STR(?x), "%s"))
  FILTER NOT EXISTS { ?x a kg:Paper } } ;
DELETE { ?x ?p ?o } WHERE { ?x kg:arxivId ?id . FILTER NOT EXISTS { ?x a kg:Paper } FILTER NOT EXISTS { ?y cito:cites ?x }
  ?x ?p ?o }""" % PAPER_PREFIX
#: Categories no paper uses, leaves first (an area goes when its last subarea has gone).
DROP_CATEGORY_LEAVES = """
DELETE { ?x ?p ?o } WHERE { ?x skos:inScheme kgr:categories .
  FILTER NOT EXISTS { ?y dcterms:subject ?x } FILTER NOT EXISTS { ?z skos:broader ?x } ?x ?p ?o }"""
CATEGORY_DEPTH = 3
#: Models no paper uses, leaves first: a family's head (Llama) stays while a model of its line
#: (Vicuna) that a paper uses points to it.
DROP_MODEL_LEAVES = """
DELETE { ?x ?p ?o } WHERE { ?x a kg:Model .
  FILTER NOT EXISTS { ?y kg:usesModel ?x } FILTER NOT EXISTS { ?z skos:broader ?x } ?x ?p ?o }"""


def stored_sources(store: Store) -> dict[str, set[str]]:
    """The sha256s of the source documents in the store, by file name."""
    sources: dict[str, set[str]] = {}
    for row in store.query(SOURCES):
        sources.setdefault(row["name"].value, set()).add(row["sha"].value)
    return sources


def fill_registries(store: Store, methods: MethodRegistry, described: set[str]) -> None:
    """Fill a build's method registry and described nodes from what the store holds."""
    # (a row iterates its values in the variables' order: quicker than looking each up by name)
    for m, label, pref in store.query(METHOD_LABELS):
        methods.remember_one(m.value, label.value, pref.value == "true")
    methods.typed.update(m.value for m, in store.query(METHODS))
    for m, b in store.query(BROADER):
        if m.value in methods.typed:
            methods.broader[m.value].add(b.value)
    described.update(x.value for x, in store.query(DESCRIBED))


class StoredPapers:
    """The papers and people a store holds, for a ``Resolver`` (see ``kg.resolve.Stored``)."""

    def __init__(self, store: Store):
        self.store = store

    def paper_by_key(self, kind: str, match_key: str) -> str | None:
        found = self.store.match(None, MATCH_KEY_PROPERTIES[kind], ox.Literal(match_key))
        return found[0].subject.value.removeprefix(PAPER_PREFIX) if found else None

    def display_name(self, person_key: str) -> str | None:
        found = self.store.match(person_iri(person_key), foaf.name, None)
        return found[0].object.value if found else None

    def mention_counts(self, names: Iterable[str], skip: set[str]) -> tuple[Counter, dict[str, set[str]]]:
        names = list(names)
        mentions: dict[str, set[str]] = defaultdict(set)  # name -> authorships
        ids: dict[str, set[str]] = defaultdict(set)
        with_ids = self.store.ask(ANY_AUTHOR_ID)
        for start in range(0, len(names), NAMES_PER_QUERY):
            values = "VALUES ?key { %s }" % " ".join(str(ox.Literal(n)) for n in names[start:start + NAMES_PER_QUERY])
            for r in self.store.query(NAME_COUNTS % values):
                if r["paper"].value.removeprefix(PAPER_PREFIX) not in skip:
                    mentions[r["key"].value].add(r["a"].value)
            for r in self.store.query(NAME_KEY_IDS % values) if with_ids else ():
                if r["paper"].value.removeprefix(PAPER_PREFIX) not in skip:
                    ids[r["key"].value].add(r["id"].value)
        return Counter({name: len(a) for name, a in mentions.items()}), dict(ids)

    def variant_names(self, names: Iterable[str]) -> dict[str, str]:
        # every stored name is scanned, read in bulk (at 20k papers 0.1 CPU-s): a folded name is no index
        # key to look a surname up by; a variant's people are then found by their name (the least of them shown)
        found = variants_among(names, {name for name, in self.store.values(FOLDED_NAMES)})
        return {name: min(self.store.match(person.subject, foaf.name, None)[0].object.value
                          for person in self.store.match(None, kg.foldedName, ox.Literal(name)))
                for name in sorted(found)}

    def mentions_of(self, names: Iterable[str], skip: set[str]) -> list[Mention]:
        names = list(names)
        rows = []
        ids: dict[tuple[str, str], set[str]] = {}  # (paper IRI, position) -> identifiers
        with_ids = self.store.ask(ANY_AUTHOR_ID)
        for start in range(0, len(names), NAMES_PER_QUERY):
            values = "VALUES ?key { %s }" % " ".join(str(ox.Literal(n)) for n in names[start:start + NAMES_PER_QUERY])
            rows += [r for r in self.store.query(NAME_MENTIONS % values)
                     if r["paper"].value.removeprefix(PAPER_PREFIX) not in skip]
            for r in self.store.query(NAME_IDS % values) if with_ids else ():
                ids.setdefault((r["paper"].value, r["position"].value), set()).add(r["id"].value)
        papers = sorted({r["paper"] for r in rows}, key=str)
        coauthors: dict[str, set[str]] = {}
        for start in range(0, len(papers), NAMES_PER_QUERY):
            values = " ".join(str(p) for p in papers[start:start + NAMES_PER_QUERY])
            for r in self.store.query(PAPER_NAMES % f"VALUES ?paper {{ {values} }}"):
                coauthors.setdefault(r["paper"].value, set()).add(r["key"].value)
        mentions = []
        for r in rows:
            name = r["key"].value
            year = r["year"].value[:4] if r["year"] is not None else ""
            mentions.append(Mention(name, r["paper"].value.removeprefix(PAPER_PREFIX), int(r["position"].value),
                                    frozenset(coauthors.get(r["paper"].value, set()) - {name}),
                                    r["venue"].value if r["venue"] is not None else None,
                                    int(year) if year.isdigit() else None,
                                    title_words(r["title"].value if r["title"] is not None else None),
                                    person=r["person"].value.removeprefix(PERSON_PREFIX),
                                    ids=frozenset(ids.get((r["paper"].value, r["position"].value), ()))))
        return mentions

    def paper_state(self, key: str, resolver: Resolver) -> PaperState | None:
        bindings = {"p": paper_iri(key)}
        rows = list(self.store.query(PAPER_FIELDS, bindings))
        if not rows or not self.store.ask("ASK { ?p a kg:Paper }", bindings):
            return None
        row = rows[0]
        fields = {name for name in FIELDS if row[name] is not None}
        authors = [resolver.stored_person(r["name"].value, r["person"].value.removeprefix(PERSON_PREFIX))
                   for r in self.store.query(PAPER_AUTHORS, bindings)]
        owners = [resolver.stored_person(r["name"].value) for r in self.store.query(PAPER_OWNERS, bindings)]
        author_ids: dict[str, list[str]] = {}
        for r in self.store.query(PAPER_AUTHOR_IDS, bindings):
            author_ids.setdefault(resolver.stored_person(r["name"].value).name_key, []).append(r["id"].value)
        return PaperState(fields, authors, row["truncated"] is not None, owners, author_ids)


def drop_source(store: Store, source_iri: str) -> None:
    """Delete what the source document ``source_iri`` contributed (see ``DROP_SOURCE``)."""
    store.update(DROP_SOURCE.replace("?source", f"<{source_iri}>"))


def drop_orphans(store: Store) -> None:
    """Delete the people, methods, datasets, models, cited papers and categories nothing uses."""
    store.update(DROP_ORPHANS)
    for _ in range(CATEGORY_DEPTH):
        store.update(DROP_CATEGORY_LEAVES)
        store.update(DROP_MODEL_LEAVES)


def drop_unlisted(store: Store, people: Iterable[ox.NamedNode]) -> set[ox.NamedNode]:
    """Delete those of ``people`` that no author list and no profile page names any more; returns them."""
    people = " ".join(str(person) for person in people)
    if not people:
        return set()
    unlisted = f"""VALUES ?x {{ {people} }} ?x a foaf:Person .
FILTER NOT EXISTS {{ ?a kg:author ?x }} FILTER NOT EXISTS {{ ?s kg:profileOwner ?x }}"""
    dropped = {row["x"] for row in store.query(f"SELECT ?x WHERE {{ {unlisted} }}")}
    if dropped:
        store.update(f"DELETE {{ ?x ?p ?o }} WHERE {{ {unlisted} ?x ?p ?o }}")
    return dropped


def rewrite(store: Store, reauthored: Iterable[str],
            renamed: Iterable[tuple[Person, str]]) -> tuple[set[ox.NamedNode], set[ox.NamedNode]]:
    """Remove the author lists of ``reauthored`` papers and the old names of ``renamed`` people
    (their new ones are added afterwards); the subjects that lost statements, and the people on
    the removed lists (see ``drop_unlisted``)."""
    subjects: set[ox.NamedNode] = set()
    former: set[ox.NamedNode] = set()
    papers = " ".join(str(paper_iri(key)) for key in reauthored)
    if papers:
        for row in store.query(f"SELECT ?a ?x WHERE {{ VALUES ?p {{ {papers} }} ?p kg:authorship ?a . ?a kg:author ?x }}"):
            subjects.add(row["a"])
            former.add(row["x"])
        subjects.update(paper_iri(key) for key in reauthored)
        store.update(f"""DELETE {{ ?p dcterms:creator ?c . ?p kg:authorship ?a . ?a ?x ?y . ?p kg:authorsTruncated ?t }}
WHERE {{ VALUES ?p {{ {papers} }} {{ ?p dcterms:creator ?c }} UNION {{ ?p kg:authorship ?a . ?a ?x ?y }}
UNION {{ ?p kg:authorsTruncated ?t }} }}""")
    renamed = list(renamed)
    names = " ".join(f"({person_iri(person.key)} {ox.Literal(old)})" for person, old in renamed)
    if names:
        subjects.update(person_iri(person.key) for person, _ in renamed)
        store.update(f"DELETE {{ ?p foaf:name ?n }} WHERE {{ VALUES (?p ?n) {{ {names} }} ?p foaf:name ?n }}")
    return subjects, former


#: Derived data about methods, kept by the build in a named graph (not part of graph.ttl): each
#: method's first year and number of papers, aggregates over every paper, so that a query over them
#: reads 6k rows, not 100k papers; and its name keys, so that a name finds its method by an index
#: lookup, not by lowercasing every label (~110 ms on 100k papers).
SUMMARIES = KGR["graph/summaries"]
SUMMARISE = """
DELETE { GRAPH <%(graph)s> { ?m ?p ?o } } WHERE {
  %(scope)s VALUES ?p { kg:paperCount kg:firstYear } GRAPH <%(graph)s> { ?m ?p ?o } } ;
INSERT { GRAPH <%(graph)s> { ?m kg:paperCount ?papers } } WHERE {
  SELECT ?m (COUNT(*) AS ?papers) WHERE { %(scope)s ?paper kg:mentions ?m } GROUP BY ?m } ;
INSERT { GRAPH <%(graph)s> { ?m kg:firstYear ?first } } WHERE {
  SELECT ?m (MIN(?year) AS ?first) WHERE { %(scope)s ?paper kg:mentions ?m ; fabio:hasPublicationYear ?year } GROUP BY ?m }"""
#: The summaries after new papers: counts and first years combined with those of the new papers alone.
SUMMARISE_ADDED = """
DELETE { GRAPH <%(graph)s> { ?m kg:paperCount ?old } } INSERT { GRAPH <%(graph)s> { ?m kg:paperCount ?papers } } WHERE {
  { SELECT ?m (COUNT(*) AS ?added) WHERE { VALUES ?paper { %(papers)s } ?paper kg:mentions ?m } GROUP BY ?m }
  OPTIONAL { GRAPH <%(graph)s> { ?m kg:paperCount ?old } }
  BIND(COALESCE(?old, 0) + ?added AS ?papers) } ;
DELETE { GRAPH <%(graph)s> { ?m kg:firstYear ?old } } INSERT { GRAPH <%(graph)s> { ?m kg:firstYear ?first } } WHERE {
  { SELECT ?m (MIN(?year) AS ?new) WHERE { VALUES ?paper { %(papers)s } ?paper kg:mentions ?m ; fabio:hasPublicationYear ?year }
    GROUP BY ?m }
  OPTIONAL { GRAPH <%(graph)s> { ?m kg:firstYear ?old } }
  BIND(IF(BOUND(?old) && ?old < ?new, ?old, ?new) AS ?first) }"""
#: The name keys of methods (every method when the scope is empty): each label lowercased, the
#: case-insensitive match the named queries make (see ``kg.query.named.method_key``).
NAME_KEYS = """
DELETE { GRAPH <%(graph)s> { ?m kg:nameKey ?key } } WHERE { %(scope)s GRAPH <%(graph)s> { ?m kg:nameKey ?key } } ;
INSERT { GRAPH <%(graph)s> { ?m kg:nameKey ?key } } WHERE {
  %(scope)s ?m a kg:Method ; skos:prefLabel|skos:altLabel ?label BIND(LCASE(STR(?label)) AS ?key) }"""


#: Every summary and name key, as ``SUMMARISE`` and ``NAME_KEYS`` insert them without a scope: the
#: property, and the query whose rows (?m ?o) are its statements.
SUMMARIES_AFRESH = {
    kg.paperCount: "SELECT ?m (COUNT(*) AS ?o) WHERE { ?paper kg:mentions ?m } GROUP BY ?m",
    kg.firstYear: "SELECT ?m (MIN(?year) AS ?o) WHERE { ?paper kg:mentions ?m ; fabio:hasPublicationYear ?year } "
                  "GROUP BY ?m",
    kg.nameKey: "SELECT ?m ?o WHERE { ?m a kg:Method ; skos:prefLabel|skos:altLabel ?label BIND(LCASE(STR(?label)) AS ?o) }",
}


def summarise(store: Store, papers: Iterable[str] | None = None, methods: Iterable[ox.NamedNode] = ()) -> None:
    """Recount the summaries of the methods of ``papers`` (keys), and of ``methods``, from all
    their papers; when ``papers`` is None, make every summary and name key afresh."""
    if papers is None:
        # Read by queries and inserted in bulk: as updates (INSERT ... WHERE, one transaction each)
        # they took about three times as long (20k papers: 3.7 CPU-s).
        store.update(f"DELETE {{ GRAPH <{SUMMARIES}> {{ ?m ?p ?o }} }} WHERE {{ "
                     f"VALUES ?p {{ kg:paperCount kg:firstYear kg:nameKey }} GRAPH <{SUMMARIES}> {{ ?m ?p ?o }} }}")
        graph = ox.NamedNode(SUMMARIES)
        store.insert([ox.Quad(row["m"], predicate, row["o"], graph) for predicate, query in SUMMARIES_AFRESH.items()
                      for row in store.query(query) if row["o"] is not None])
        return
    papers = " ".join(str(paper_iri(key)) for key in papers)
    methods = " ".join(map(str, set(methods)))
    scopes = ([f"{{ VALUES ?changed {{ {papers} }} ?changed kg:mentions ?m }}"] if papers else []) + \
             ([f"{{ VALUES ?m {{ {methods} }} }}"] if methods else [])
    if scopes:
        scope = f"{{ SELECT DISTINCT ?m WHERE {{ {' UNION '.join(scopes)} }} }}"
        store.update(SUMMARISE % {"graph": SUMMARIES, "scope": scope})


def summarise_added(store: Store, papers: Sequence[str], methods: Iterable[str]) -> None:
    """Bring the summaries up to date with the new papers ``papers`` (keys), which they do not count
    yet, reading only what those papers name, not every paper of their methods; and the name keys
    with the methods (IRIs) this build gave labels."""
    if papers:
        store.update(SUMMARISE_ADDED % {"graph": SUMMARIES, "papers": " ".join(str(paper_iri(key)) for key in papers)})
    # A store from before name keys, or loaded from a graph.ttl, has none: key all its methods once.
    keyed = store.ask(f"ASK {{ GRAPH <{SUMMARIES}> {{ ?m kg:nameKey ?key }} }}")
    name_keys(store, methods if keyed else None)


def name_keys(store: Store, methods: Iterable[str] | None) -> None:
    """Make the name keys of ``methods`` (IRIs) afresh, of every method when None."""
    if methods is None:
        scope = ""
    else:
        scope = " ".join(str(ox.NamedNode(iri)) for iri in sorted(methods))
        if not scope:
            return
        scope = f"VALUES ?m {{ {scope} }}"
    store.update(NAME_KEYS % {"graph": SUMMARIES, "scope": scope})


def merge_people(store: Store, formerly: dict[str, str]) -> set[ox.NamedNode]:
    """Merge each stored person ``old`` of ``formerly`` into the person ``new`` it maps to (a later
    paper showed them to be one): their authorships and profile pages name ``new``, which takes
    the forms ``old``'s name was written in and records
    ``kg:formerly old``. Returns the subjects whose statements changed."""
    subjects: set[ox.NamedNode] = set()
    for old, new in sorted(formerly.items()):
        old_iri, new_iri = person_iri(old), person_iri(new)
        for row in store.query(f"SELECT ?x WHERE {{ {{ ?x kg:author|dcterms:creator|kg:profileOwner {old_iri} }} }}"):
            subjects.add(row["x"])
        store.update(f"""DELETE {{ ?a kg:author {old_iri} }} INSERT {{ ?a kg:author {new_iri} }} WHERE {{ ?a kg:author {old_iri} }} ;
DELETE {{ ?p dcterms:creator {old_iri} }} INSERT {{ ?p dcterms:creator {new_iri} }} WHERE {{ ?p dcterms:creator {old_iri} }} ;
DELETE {{ ?s kg:profileOwner {old_iri} }} INSERT {{ ?s kg:profileOwner {new_iri} }} WHERE {{ ?s kg:profileOwner {old_iri} }} ;
INSERT {{ {new_iri} kg:nameAsWritten ?written }} WHERE {{ {old_iri} kg:nameAsWritten ?written }} ;
DELETE WHERE {{ {old_iri} ?p ?o }} ;
INSERT DATA {{ {new_iri} kg:formerly {old_iri} }}""")
        subjects |= {old_iri, new_iri}
    return subjects


def drop_notes(store: Store, people: Sequence[str]) -> set[ox.NamedNode]:
    """Delete the ``kg:identityNote``s of the persons ``people`` (keys) that have some; those persons."""
    dropped: set[ox.NamedNode] = set()
    for start in range(0, len(people), NAMES_PER_QUERY):
        values = " ".join(str(person_iri(key)) for key in people[start:start + NAMES_PER_QUERY])
        found = {row["p"] for row in store.query(f"SELECT DISTINCT ?p WHERE {{ VALUES ?p {{ {values} }} ?p kg:identityNote ?n }}")}
        if found:
            store.update(f"DELETE {{ ?p kg:identityNote ?n }} WHERE {{ VALUES ?p {{ {' '.join(map(str, found))} }} "
                         f"?p kg:identityNote ?n }}")
            dropped |= found
    return dropped


def move_owners(store: Store, moved: Iterable[tuple[str, str, str]]) -> set[ox.NamedNode]:
    """Point each profile page (sha256, old person key, new person key) at its owner's person;
    the pages changed."""
    changed = set()
    for page, old, new in moved:
        source = source_iri(SourceDocument("", "", page, ""))
        store.update(f"DELETE DATA {{ {source} kg:profileOwner {person_iri(old)} }} ; "
                     f"INSERT DATA {{ {source} kg:profileOwner {person_iri(new)} }}")
        changed.add(source)
    return changed


def reauthored_paper(key: str, state: PaperState) -> Paper:
    """A paper holding only its author list (with the authors' identifiers), to write that list again."""
    return Paper(key=key, title=None, abstract=None, year=None, authors=state.authors, authors_truncated=state.truncated,
                 categories=[], sources=[], author_ids=state.author_ids)


#: The links the extraction gives a paper (to methods, datasets, models).
EXTRACTED_LINKS = frozenset(str(KG) + name for name in ("mentions", "proposes", "uses", "comparesWith", "usesDataset", "usesModel"))
EVIDENCE_PREFIX = str(KGR["evidence/"])
#: What the extraction stated about some papers (``VALUES ?paper``): their links (``EXTRACTED_LINKS``),
#: a branch each (with ``VALUES ?p`` Oxigraph reads every link of the store before it joins the papers
#: asked for: 400 papers of 100k, 2.9 CPU-s against 0.1), and the evidence nodes derived from them.
EXTRACTED = "SELECT ?paper ?s ?p ?o WHERE { %s }" % " UNION ".join(
    [f"{{ %(papers)s ?paper <{p}> ?o BIND(<{p}> AS ?p) BIND(?paper AS ?s) }}" for p in sorted(EXTRACTED_LINKS)]
    + ["{ %(papers)s ?s prov:wasDerivedFrom ?paper ; a kg:Evidence . ?s ?p ?o }"])


def is_extracted(quad: ox.Quad, paper: ox.NamedNode) -> bool:
    """Is ``quad`` of what ``extracted`` reads for ``paper``, among the triples of its extraction?"""
    return (quad.subject == paper and quad.predicate.value in EXTRACTED_LINKS) or quad.subject.value.startswith(EVIDENCE_PREFIX)


def lineage_of(quads: Iterable[ox.Quad]) -> set[tuple[ox.NamedNode, ox.NamedNode]]:
    """The (method, base) of the ``kg:extends`` evidence nodes among ``quads``."""
    nodes: dict[ox.NamedNode, dict[str, ox.NamedNode]] = {}
    for q in quads:
        if q.subject.value.startswith(EVIDENCE_PREFIX):
            nodes.setdefault(q.subject, {})[q.predicate.value] = q.object
    return {(n[str(KG.subject)], n[str(KG.object)]) for n in nodes.values()
            if n.get(str(KG.predicate)) == ox.NamedNode(str(KG.extends))}


def extracted(store: Store, papers: Sequence[ox.NamedNode]) -> dict[ox.NamedNode, set[ox.Quad]]:
    """The statements the extraction made about each of ``papers`` (see ``EXTRACTED``)."""
    found: dict[ox.NamedNode, set[ox.Quad]] = {paper: set() for paper in papers}
    for start in range(0, len(papers), NAMES_PER_QUERY):
        values = "VALUES ?paper { %s }" % " ".join(map(str, papers[start:start + NAMES_PER_QUERY]))
        for row in store.query(EXTRACTED % {"papers": values}):  # in each branch: Oxigraph joins a union first
            found[row["paper"]].add(ox.Quad(row["s"], row["p"], row["o"]))
    return found


def delete(store: Store, quads: Iterable[ox.Quad]) -> None:
    """Delete these statements of the default graph."""
    data = " ".join(f"{q.subject} {q.predicate} {q.object} ." for q in quads)
    if data:
        store.update(f"DELETE DATA {{ {data} }}")


def drop_unsupported(store: Store, links: Iterable[tuple[ox.NamedNode, ox.NamedNode]]) -> set[ox.NamedNode]:
    """Delete the ``kg:extends`` links among ``links`` (method, base) that no evidence states any
    more; the methods that lost one."""
    values = " ".join(f"({a} {b})" for a, b in set(links))
    if not values:
        return set()
    unsupported = f"""VALUES (?a ?b) {{ {values} }} ?a kg:extends ?b
FILTER NOT EXISTS {{ ?e kg:subject ?a ; kg:predicate kg:extends ; kg:object ?b }}"""
    dropped = {row["a"] for row in store.query(f"SELECT ?a WHERE {{ {unsupported} }}")}
    store.update(f"DELETE {{ ?a kg:extends ?b }} WHERE {{ {unsupported} }}")
    return dropped


def drop_unused_methods(store: Store, methods: Iterable[ox.NamedNode]) -> set[ox.NamedNode]:
    """Of ``methods``, delete those no paper mentions and no lineage names, as ``drop_orphans``
    does (a catalogue's concept loses only its type); those methods."""
    values = " ".join(map(str, set(methods)))
    if not values:
        return set()
    unused = f"""VALUES ?x {{ {values} }} ?x a kg:Method .
FILTER NOT EXISTS {{ ?y kg:mentions ?x }} FILTER NOT EXISTS {{ ?x kg:extends ?y }} FILTER NOT EXISTS {{ ?y kg:extends ?x }}"""
    dropped = {row["x"] for row in store.query(f"SELECT ?x WHERE {{ {unused} }}")}
    store.update(f"""DELETE {{ ?x ?p ?o }} WHERE {{ {unused} FILTER NOT EXISTS {{ ?x skos:inScheme ?scheme }} ?x ?p ?o }} ;
DELETE {{ ?x a kg:Method }} WHERE {{ {unused} ?x skos:inScheme ?scheme }}""")
    return dropped


LEARNED = """CONSTRUCT { ?s ?p ?o } WHERE { { VALUES ?p { kg:learnedFrom kg:learnedPapers } ?s ?p ?o }
  UNION { ?s a kg:VocabularyEvidence ; ?p ?o } }"""


def learned(store: Store) -> set[bytes]:
    """The statements of where the corpus vocabulary's names were learned (``kg:learnedFrom``), as
    lines of N-Triples (``as_lines``)."""
    # (read in bulk, no term object made: 30k statements at 100k papers, 0.53 -> 0.32 CPU-s)
    return set(store.serialize(LEARNED, "ntriples").splitlines())


def as_lines(quads: list[ox.Quad]) -> list[bytes]:
    """Each of ``quads`` (of the default graph) as its line of N-Triples, which the store writes
    the same: statements compared so cost no term object."""
    return ox.serialize(quads, format=ox.RdfFormat.N_TRIPLES).splitlines()


def from_lines(lines: Iterable[bytes]) -> list[ox.Quad]:
    """The statements of some lines of N-Triples."""
    return [ox.Quad(t.subject, t.predicate, t.object) for t in ox.parse(b"\n".join(lines), format=ox.RdfFormat.N_TRIPLES)]


def stored_texts(store: Store) -> list[tuple[str, str, str]]:
    """Every paper's key, title and abstract ("" for none), by key (one of each)."""
    rows = store.query("""SELECT ?p ?title ?abstract WHERE { ?p a kg:Paper
      OPTIONAL { ?p dcterms:title ?title } OPTIONAL { ?p dcterms:abstract ?abstract } } ORDER BY ?p""")
    texts: dict[str, tuple[str, str, str]] = {}
    for row in rows:
        key = row["p"].value.removeprefix(PAPER_PREFIX)
        texts.setdefault(key, (key, row["title"].value if row["title"] else "", row["abstract"].value if row["abstract"] else ""))
    return list(texts.values())
