"""The namespaces of the graph, as objects: ``KG.Method``, ``DCTERMS.title``.

The ``kg:`` terms are the public vocabulary of ``shared/CONTRACT.md``; resources (papers, people,
methods...) live under ``KGR``, with deterministic paths (``KGR["paper/…"]``).
"""
from rdflib import Namespace
from rdflib.namespace import DCTERMS, FOAF, OWL, PROV, RDF, RDFS, SKOS, XSD

KG = Namespace("https://w3id.org/research-kg/ontology#")
KGR = Namespace("https://w3id.org/research-kg/resource/")
KGM = Namespace("https://w3id.org/research-kg/method/")
FABIO = Namespace("http://purl.org/spar/fabio/")
CITO = Namespace("http://purl.org/spar/cito/")
SCHEMA = Namespace("http://schema.org/")

PREFIXES = {
    "kg": str(KG),
    "kgr": str(KGR),
    "kgm": str(KGM),
    "dcterms": str(DCTERMS),
    "foaf": str(FOAF),
    "skos": str(SKOS),
    "fabio": str(FABIO),
    "cito": str(CITO),
    "prov": str(PROV),
    "schema": str(SCHEMA),
    "rdf": str(RDF),
    "rdfs": str(RDFS),
    "owl": str(OWL),
    "xsd": str(XSD),
}

#: The same prefixes as a SPARQL prologue, for queries written in code.
SPARQL_PROLOGUE = "".join(f"PREFIX {p}: <{iri}>\n" for p, iri in PREFIXES.items())
