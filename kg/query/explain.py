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


def explain(store: Store, target: str) -> list[dict]:
    """Rows of (subject, link, object, sentence, start, end, rule, confidence) about ``target``."""
    return store.select(EXPLAIN_QUERY, {"target": target.strip()})
