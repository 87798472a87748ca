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


def names_under(store: Store, target: str) -> list[dict]:
    """Rows (as ``explain``'s) for each method or model whose name the target's is built on
    (``kg:nameBuiltOn``: derived from the labels, never stored)."""
    from kg.analytics.lineage import built_on

    rows = store.select(PREFERRED)
    own = {r["label"] for r in rows if r["x"] == target.strip() or r["label"].casefold() == target.strip().casefold()}
    out = []
    for name in sorted(own):
        for r in rows:
            if len(r["label"]) < len(name) and r["label"].casefold() in name.casefold() and built_on(name, r["label"]):
                out.append({"subject": name, "link": "nameBuiltOn", "object": r["label"],
                            "sentence": f"Its name “{name}” is built on “{r['label']}”.", "start": None, "end": None,
                            "rule": "name", "confidence": None})
    return out


def explain(store: Store, target: str) -> list[dict]:
    """Rows of (subject, link, object, sentence, start, end, rule, confidence) about ``target``:
    the evidence sentences of its links, then the catalogue's links of a method or model, then
    the names its name is built on (no offsets: no sentence of a paper is their ground)."""
    target = target.strip()
    return (store.select(EXPLAIN_QUERY, {"target": target}) + store.select(CATALOGUE_QUERY, {"target": target})
            + names_under(store, target))
