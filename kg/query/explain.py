"""The evidence behind a paper's or a method's links, for a person to read: the sentence of
every link found in text; for a paper also its citations within the corpus (with the identifier
that matched them) and the identifiers of the paper and of its authors."""
from __future__ import annotations

import re

from kg.rdf.store import Store

#: The target: papers (by IRI, title or the start of the abstract) and methods (by IRI or any
#: label); ``?target`` is bound as a literal. The other queries start from the nodes it finds.
TARGETS = """SELECT DISTINCT ?node WHERE {
  ?node a ?type .
  FILTER(?type IN (kg:Paper, kg:Method))
  OPTIONAL { ?node dcterms:title ?title }
  OPTIONAL { ?node dcterms:abstract ?abstract }
  OPTIONAL { ?node skos:prefLabel|skos:altLabel ?label }
  FILTER(STR(?node) = ?target || LCASE(STR(?title)) = LCASE(?target) || LCASE(STR(?label)) = LCASE(?target)
         || (STRLEN(?target) >= 20 && STRSTARTS(LCASE(STR(?abstract)), LCASE(?target)))) }"""
TARGET = "VALUES ?node { %(nodes)s }"
#: A node's name for a reader: a paper's title (or the start of its abstract), a method's label.
NAMED = """OPTIONAL { ?%(v)s dcterms:title ?%(v)stitle } OPTIONAL { ?%(v)s skos:prefLabel ?%(v)slabel }
  OPTIONAL { ?%(v)s dcterms:abstract ?%(v)sabstract }
  BIND(COALESCE(?%(v)stitle, ?%(v)slabel, CONCAT(SUBSTR(?%(v)sabstract, 1, 60), "…"), STR(?%(v)s)) AS ?%(name)s)"""

EXPLAIN_QUERY = f"""
SELECT DISTINCT ?subject ?link ?object ?sentence ?start ?end ?rule ?confidence WHERE {{
  %(target)s
  {{ ?e kg:subject ?node }} UNION {{ ?e kg:object ?node }}
  ?e a kg:Evidence ; kg:subject ?s ; kg:predicate ?p ; kg:object ?o ;
     kg:sentence ?sentence ; kg:startOffset ?start ; kg:endOffset ?end ; kg:rule ?rule ; kg:confidence ?confidence .
  {NAMED % {"v": "s", "name": "subject"}}
  OPTIONAL {{ ?o skos:prefLabel ?olabel }}
  BIND(COALESCE(?olabel, STR(?o)) AS ?object)
  BIND(REPLACE(STR(?p), "^.*[#/]", "") AS ?link)
}} ORDER BY ?subject ?link ?object ?start"""

#: A paper's citations within the corpus and to arXiv ids, each with what matched it: the
#: identifier the citing paper's source lists, or an arXiv id its abstract cites.
CITATIONS_QUERY = f"""
SELECT DISTINCT ?subject ?link ?object ?rule WHERE {{
  %(target)s
  {{ ?node cito:cites ?o BIND(?node AS ?s) }} UNION {{ ?s cito:cites ?node BIND(?node AS ?o) }}
  OPTIONAL {{ {{ ?s kg:citesIdentifier ?id . ?o kg:identifier ?id }} UNION {{ ?o kg:citedByIdentifier ?id . ?s kg:identifier ?id }} }}
  OPTIONAL {{ ?o kg:arxivId ?arxiv }}
  {NAMED % {"v": "s", "name": "subject"}}
  OPTIONAL {{ ?o dcterms:title ?otitle }}
  BIND(COALESCE(?otitle, CONCAT("arXiv:", ?arxiv)) AS ?object)
  BIND("cites" AS ?link)
  BIND(IF(BOUND(?id), CONCAT("matched by ", ?id), "arXiv id cited in the text") AS ?rule)
}} ORDER BY ?subject ?object ?rule"""

#: The identifiers of a paper and of its authors (ORCID, source author ids).
IDENTIFIERS_QUERY = f"""
SELECT DISTINCT ?subject ?link ?object WHERE {{
  %(target)s
  {{ ?node kg:identifier ?object BIND(?node AS ?s) BIND("identifier" AS ?link) }}
  UNION {{ ?node kg:authorship ?a . ?a kg:authorIdentifier ?object ; kg:author ?s ; kg:position ?position
           BIND(CONCAT("authorIdentifier (author ", STR(?position), ")") AS ?link) }}
  OPTIONAL {{ ?s foaf:name ?sname }}
  {NAMED % {"v": "s", "name": "paperName"}}
  BIND(COALESCE(?sname, ?paperName) AS ?subject)
}} ORDER BY ?link ?subject ?object"""


#: The catalogue's links of a method or model (a target by IRI or any label): its family
#: (skos:broader, "kindOf") and the architecture a model instantiates, each way.
CATALOGUE_QUERY = """
SELECT DISTINCT ?subject ?link ?object ?sentence ?start ?end ?rule ?confidence WHERE {
  { ?node a kg:Method } UNION { ?node a kg:Model }
  ?node skos:prefLabel|skos:altLabel ?label .
  FILTER(STR(?node) = ?target || LCASE(STR(?label)) = LCASE(?target))
  VALUES ?p { skos:broader kg:architecture }
  { ?node ?p ?o BIND(?node AS ?s) } UNION { ?s ?p ?node BIND(?node AS ?o) }
  ?s skos:prefLabel ?subject . ?o skos:prefLabel ?object .
  BIND(IF(?p = skos:broader, "kindOf", "architecture") AS ?link)
  BIND(CONCAT("The catalogue lists ", ?subject, IF(?p = skos:broader, " as of the line of ", " as a pretrained "),
              ?object, ".") AS ?sentence)
  BIND("catalogue" AS ?rule) BIND(1 AS ?confidence)
} ORDER BY ?subject ?link ?object"""

#: Every method's and model's preferred label, for the names a target's name is built on.
PREFERRED = """
SELECT ?x ?label WHERE { { ?x a kg:Method } UNION { ?x a kg:Model } ?x skos:prefLabel ?label }"""
#: How many papers name the method or model of a label (``?label``).
NAMED_BY = """
SELECT (COUNT(DISTINCT ?paper) AS ?papers) WHERE { ?x skos:prefLabel|skos:altLabel ?label . ?paper kg:mentions|kg:usesModel ?x }"""


def names_under(store: Store, target: str) -> list[dict]:
    """Rows (as ``explain``'s) for each method or model whose name the target's is built on
    (``kg:nameBuiltOn``: derived from the labels, never stored)."""
    from kg.analytics.lineage import built_on

    rows = store.select(PREFERRED)
    own = {r["label"] for r in rows if r["x"] == target.strip() or r["label"].casefold() == target.strip().casefold()}
    out = []

    def named(label: str) -> int:  # (asked only of a name glued to an affix: "Tree-LSTM" holds "STM")
        return int(store.select(NAMED_BY, {"label": label})[0]["papers"] or 0)

    for name in sorted(own):
        for r in rows:
            if len(r["label"]) < len(name) and r["label"].casefold() in name.casefold() and built_on(name, r["label"], named):
                out.append({"subject": name, "link": "nameBuiltOn", "object": r["label"],
                            "sentence": f"Its name “{name}” is built on “{r['label']}”.", "start": None, "end": None,
                            "rule": "name", "confidence": None})
    return out


#: Where a name the corpus taught was learned (``kg.extract.vocabulary``): the papers and the kind
#: of evidence each gave, for a method named ``?target`` (by IRI or any label).
LEARNED_QUERY = """
SELECT DISTINCT ?subject ?link ?object ?sentence ?rule WHERE {
  ?m a kg:Method ; kg:learnedFrom ?e .
  OPTIONAL { ?m skos:prefLabel|skos:altLabel ?label }
  FILTER(STR(?m) = ?target || LCASE(STR(?label)) = LCASE(?target))
  ?m skos:prefLabel ?object .
  ?e kg:paper ?p ; kg:evidenceKind ?kind ; kg:evidenceSentence ?sentence .
  OPTIONAL { ?p dcterms:title ?title }
  BIND(COALESCE(?title, STR(?p)) AS ?subject)
  BIND("taught" AS ?link)
  BIND(CONCAT("vocabulary:", ?kind) AS ?rule)
} ORDER BY ?subject ?rule"""


def explain(store: Store, target: str) -> list[dict]:
    """Rows of (subject, link, object, sentence, start, end, rule, confidence) about ``target``:
    the evidence of its links, then (for a paper) its citations and identifiers, whose rows have
    no sentence, offsets or confidence, then the catalogue's links of a method or model, the
    names its name is built on and, for a name the corpus taught, the papers it was learned from
    (link ``taught``, rule ``vocabulary:<kind of evidence>``); these have no offsets: no sentence
    of a paper is their ground."""
    target = target.strip()
    nodes = [row["node"] for row in store.query(TARGETS, {"target": target})]
    rows = []
    if nodes:
        scope = {"target": TARGET % {"nodes": " ".join(str(node) for node in nodes)}}
        rows = store.select(EXPLAIN_QUERY % scope)
        blank = dict.fromkeys(("sentence", "start", "end", "rule", "confidence"))
        rows += [{**blank, **row} for row in store.select(CITATIONS_QUERY % scope)]
        rows += [{**blank, **row} for row in store.select(IDENTIFIERS_QUERY % scope)]
    learned = [{**row, "start": None, "end": None, "confidence": None}
               for row in store.select(LEARNED_QUERY, {"target": target})]
    return rows + store.select(CATALOGUE_QUERY, {"target": target}) + names_under(store, target) + learned


#: Every person of a folded name (``?key``, bound) or one person (``?person``, bound): papers, years, notes.
PEOPLE_NAMED = """
SELECT ?person ?name (COUNT(DISTINCT ?paper) AS ?papers) (MIN(?year) AS ?first) (MAX(?year) AS ?last) WHERE {
  ?person kg:foldedName ?key ; foaf:name ?name .
  OPTIONAL { ?paper dcterms:creator ?person OPTIONAL { ?paper fabio:hasPublicationYear ?published }
             BIND(xsd:integer(STR(?published)) AS ?year) }
} GROUP BY ?person ?name ORDER BY DESC(?papers) ?person"""
PERSON_NOTES = "SELECT ?note WHERE { ?person kg:identityNote ?note }"
PERSON_COAUTHORS = """
SELECT ?name (COUNT(DISTINCT ?paper) AS ?papers) WHERE {
  ?paper dcterms:creator ?person, ?other . FILTER(?other != ?person) ?other foaf:name ?name
} GROUP BY ?name ORDER BY DESC(?papers) LCASE(?name) LIMIT 3"""


def people_named(store: Store, name: str) -> list[dict]:
    """Every person of the name ``name`` (folded as the build folds names), or the one person
    whose IRI ``name`` is: IRI, display name, number of papers, first and last year, and up to
    three frequent coauthors (``coauthors``: "name (papers)"), largest first; and ``notes``, why
    its mentions are one person and apart from the others (its ``kg:identityNote``s: shared
    coauthors, profile pages, the scores that joined or kept apart), for ``kg explain``."""
    import pyoxigraph as ox

    from kg.resolve.keys import fold

    if name.startswith(("http://", "https://")):
        rows = store.select("SELECT ?key WHERE { ?person kg:foldedName ?key }", {"person": ox.NamedNode(name)})
        people = [r for key in rows for r in store.select(PEOPLE_NAMED, {"key": ox.Literal(key["key"])})
                  if r["person"] == name]
    else:
        people = store.select(PEOPLE_NAMED, {"key": ox.Literal(fold(name))})
    for person in people:
        iri = {"person": ox.NamedNode(person["person"])}
        person["coauthors"] = [f"{r['name']} ({r['papers']})" for r in store.select(PERSON_COAUTHORS, iri)]
        notes = sorted((r["note"] for r in store.select(PERSON_NOTES, iri)), key=_note_order)
        person["notes"] = [_PAPER_KEY.sub(lambda m: _paper_name(store, m.group(1)), note) for note in notes]
    return people


_PAPER_KEY = re.compile(r"\bpaper ([0-9a-f]{16})\b")


def _paper_name(store: Store, key: str) -> str:
    """A paper of a note by its title (the notes name papers by key: a title may change)."""
    from kg.rdf.triples import paper_iri

    rows = store.select("SELECT ?title WHERE { ?p dcterms:title ?title }", {"p": paper_iri(key)})
    if not rows:
        return f"paper {key}"
    title = rows[0]["title"]
    return f"«{title if len(title) <= 60 else title[:59] + '…'}»"


def _note_order(note: str) -> tuple:
    # the summary ("3 papers, 2020–2024") first, then the reasons in their order
    return (not note[0].isdigit(), note)


def label(person: dict) -> str:
    """How a view or a listing tells homonyms apart: the name, the years, a frequent coauthor."""
    years = (f"{person['first']}–{person['last']}" if person["first"] != person["last"] else f"{person['first']}"
             ) if person.get("first") else ""
    coauthor = person["coauthors"][0].rsplit(" (", 1)[0] if person.get("coauthors") else ""
    extra = ", ".join(x for x in (years, f"with {coauthor}" if coauthor else "") if x)
    return f"{person['name']} ({extra})" if extra else person["name"]
