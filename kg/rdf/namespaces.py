"""The namespaces of the graph, as objects: ``KG.Method``, ``DCTERMS.title``.

The ``kg:`` terms are the public vocabulary of ``shared/CONTRACT.md``; resources (papers, people,
methods...) live under ``KGR``, with deterministic paths (``KGR["paper/…"]``).

These are rdflib namespaces; ``NamedNodes`` gives the same IRIs as pyoxigraph terms, for code that
makes triples by the million.
"""
import pyoxigraph as ox
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


class NamedNodes:
    """A namespace's IRIs as pyoxigraph ``NamedNode``s: a term (``NamedNodes(KG).Paper``) is made
    on first use and kept; a path (``NamedNodes(KGR)["paper/p1"]``) is made on each use.

    An rdflib namespace makes a new ``URIRef`` at every use, and checks it: too slow for the
    dozens of triples a build writes for each paper."""

    def __init__(self, namespace: str):
        self._base = str(namespace)

    def __getattr__(self, name: str) -> ox.NamedNode:
        if name.startswith("_"):  # not a term: Python's own look-ups (copy, pickle) and _base
            raise AttributeError(name)
        node = ox.NamedNode(self._base + name)
        setattr(self, name, node)
        return node

    def __getitem__(self, path: str) -> ox.NamedNode:
        return ox.NamedNode(self._base + path)
