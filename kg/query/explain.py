"""The evidence behind a paper's or a method's links, for a person to read."""
from __future__ import annotations

import re

from kg.rdf.store import Store

#: Evidence of every link whose subject or object is the target: a paper (by IRI, title or the
#: start of its abstract) or a method (by IRI or any label). ``?target`` is bound as a literal.
EXPLAIN_QUERY = """
SELECT DISTINCT ?subject ?link ?object ?sentence ?start ?end ?rule ?confidence WHERE {
  ?node a ?type .
  FILTER(?type IN (kg:Paper, kg:Method))
  OPTIONAL { ?node dcterms:title ?title }
  OPTIONAL { ?node dcterms:abstract ?abstract }
  OPTIONAL { ?node skos:prefLabel|skos:altLabel ?label }
  FILTER(STR(?node) = ?target || LCASE(STR(?title)) = LCASE(?target) || LCASE(STR(?label)) = LCASE(?target)
         || (STRLEN(?target) >= 20 && STRSTARTS(LCASE(STR(?abstract)), LCASE(?target))))
  { ?e kg:subject ?node } UNION { ?e kg:object ?node }
  ?e a kg:Evidence ; kg:subject ?s ; kg:predicate ?p ; kg:object ?o ;
     kg:sentence ?sentence ; kg:startOffset ?start ; kg:endOffset ?end ; kg:rule ?rule ; kg:confidence ?confidence .
  OPTIONAL { ?s dcterms:title ?stitle } OPTIONAL { ?s skos:prefLabel ?slabel }
  OPTIONAL { ?s dcterms:abstract ?sabstract }
  OPTIONAL { ?o skos:prefLabel ?olabel }
  BIND(COALESCE(?stitle, ?slabel, CONCAT(SUBSTR(?sabstract, 1, 60), "…"), STR(?s)) AS ?subject)
  BIND(COALESCE(?olabel, STR(?o)) AS ?object)
  BIND(REPLACE(STR(?p), "^.*[#/]", "") AS ?link)
} ORDER BY ?subject ?link ?object ?start"""


def explain(store: Store, target: str) -> list[dict]:
    """Rows of (subject, link, object, sentence, start, end, rule, confidence) about ``target``."""
    return store.select(EXPLAIN_QUERY, {"target": target.strip()})


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
