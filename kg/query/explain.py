"""The evidence behind a paper's or a method's links, for a person to read."""
from __future__ import annotations

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
    the evidence of its links, then, for a name the corpus taught, the papers it was learned from
    (link ``taught``, rule ``vocabulary:<kind of evidence>``, no offsets)."""
    bindings = {"target": target.strip()}
    learned = [{**row, "start": None, "end": None, "confidence": None}
               for row in store.select(LEARNED_QUERY, bindings)]
    return store.select(EXPLAIN_QUERY, bindings) + learned
