"""Records to triples: papers, people, sources, categories, methods, entities and evidence.

Triples are pyoxigraph terms, streamed straight into the store's bulk loader; no rdflib
graph is built in between, so a build's memory does not grow with the corpus.
"""
from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from functools import lru_cache

import pyoxigraph as ox

from kg import ONTOLOGY_DIR
from kg.resolve.keys import digest, slug
from kg.model import Evidence, Extraction, MethodRef, Paper, Person, SourceDocument
from kg.rdf.namespaces import CITO, DCTERMS, FABIO, FOAF, KG, KGM, KGR, PROV, RDF, SCHEMA, SKOS, XSD
from pathlib import Path


@lru_cache(maxsize=None)
def N(iri: str) -> ox.NamedNode:  # noqa: N802 - reads like a term constructor
    return ox.NamedNode(str(iri))


A = N(RDF.type)
XSD_INTEGER = N(XSD.integer)
XSD_DECIMAL = N(XSD.decimal)
XSD_BOOLEAN = N(XSD.boolean)
XSD_GYEAR = N(XSD.gYear)
TRUE = ox.Literal("true", datatype=XSD_BOOLEAN)
CATEGORY_SCHEME = N(KGR["categories"])

#: The paper -> method property for each extraction role; every one is a sub-property of kg:mentions.
ROLE_PROPERTIES = {"proposes": KG.proposes, "uses": KG.uses, "comparesWith": KG.comparesWith, "mentions": KG.mentions}


def text(value: str) -> ox.Literal:
    return ox.Literal(value)


def integer(value: int) -> ox.Literal:
    return ox.Literal(str(value), datatype=XSD_INTEGER)


def decimal(value: float) -> ox.Literal:
    """Three decimals, in the canonical form the store keeps (no trailing zeros: "0.9", "1")."""
    return ox.Literal(f"{value:.3f}".rstrip("0").rstrip("."), datatype=XSD_DECIMAL)


def paper_iri(key: str) -> ox.NamedNode:
    return N(KGR[f"paper/{key}"])


def person_iri(key: str) -> ox.NamedNode:
    return N(KGR[f"person/{key}"])


def source_iri(source: SourceDocument) -> ox.NamedNode:
    return N(KGR[f"source/{source.sha256[:16]}"])


def method_iri(key: str) -> ox.NamedNode:
    """A method's key is an IRI already (lexicon concept) or a slug under ``kgm:``."""
    return N(key if key.startswith(("http://", "https://")) else KGM[key])


def slugify(text: str) -> str:
    """A readable ASCII path segment for an IRI; a hash where the text has no ASCII letters."""
    return slug(text) or digest(text)


@lru_cache(maxsize=None)
def arxiv_names() -> dict[str, str]:
    path = Path(__file__).resolve().parent.parent / "data" / "arxiv_categories.tsv"
    with path.open(encoding="utf-8") as f:
        return {row[0]: row[1] for row in csv.reader(f, delimiter="\t") if row and not row[0].startswith("#")}


def category_triples(category: str) -> tuple[ox.NamedNode, list[ox.Triple]]:
    """The SKOS concept of a category string, with its broader chain.

    arXiv codes (``cs.LG``) carry their names and sit under their archive (``cs``);
    conference categories ``Area · Subarea`` sit under their area.
    """
    names = arxiv_names()
    triples: list[ox.Triple] = []

    def concept(iri: ox.NamedNode, label: str, notation: str | None = None, broader=None):
        triples.extend([
            ox.Triple(iri, A, N(SKOS.Concept)),
            ox.Triple(iri, N(SKOS.prefLabel), text(label)),
            ox.Triple(iri, N(SKOS.inScheme), CATEGORY_SCHEME),
        ])
        if notation:
            triples.append(ox.Triple(iri, N(SKOS.notation), text(notation)))
        if broader is not None:
            triples.append(ox.Triple(iri, N(SKOS.broader), broader))
        else:
            triples.append(ox.Triple(iri, N(SKOS.topConceptOf), CATEGORY_SCHEME))

    code = category.strip()
    archive = code.split(".")[0]
    if code in names or (archive in names and "." in code and " " not in code):
        parent = N(KGR[f"category/arxiv/{archive}"])
        concept(parent, names.get(archive, archive), archive)
        if code == archive:
            return parent, triples
        iri = N(KGR[f"category/arxiv/{code}"])
        concept(iri, names.get(code, code), code, parent)
        return iri, triples
    parts = [p.strip() for p in code.split("·") if p.strip()]
    broader = None
    path = "category/area"
    for part in parts:
        path += "/" + slugify(part)
        iri = N(KGR[path])
        concept(iri, part, None, broader)
        broader = iri
    return broader, triples


def match_key_triples(paper_key: str, match_keys: dict[str, str]) -> Iterator[ox.Triple]:
    """The match keys a paper holds (``kg:titleKey``, ``kg:abstractKey``): how a later record, in
    this build or a later one, is found to be it."""
    for kind, match_key in match_keys.items():
        yield ox.Triple(paper_iri(paper_key), N(KG[f"{kind}Key"]), text(match_key))


def person_triples(person: Person) -> Iterator[ox.Triple]:
    iri = person_iri(person.key)
    yield ox.Triple(iri, A, N(FOAF.Person))
    yield ox.Triple(iri, N(FOAF.name), text(person.name))
    for written in sorted(person.written):  # every form, the one shown too: a later build may show another
        yield ox.Triple(iri, N(KG.nameAsWritten), text(written))


def source_triples(source: SourceDocument, owner: Person | None = None) -> Iterator[ox.Triple]:
    iri = source_iri(source)
    yield ox.Triple(iri, A, N(KG.SourceDocument))
    yield ox.Triple(iri, A, N(PROV.Entity))
    yield ox.Triple(iri, N(DCTERMS.title), text(source.name))
    yield ox.Triple(iri, N(KG["format"]), text(source.format))
    yield ox.Triple(iri, N(KG.sha256), text(source.sha256))
    if owner is not None:
        yield ox.Triple(iri, N(KG.profileOwner), person_iri(owner.key))


def paper_triples(paper: Paper) -> Iterator[ox.Triple]:
    """The paper's metadata: what the documents state about it."""
    iri = paper_iri(paper.key)
    yield ox.Triple(iri, A, N(KG.Paper))
    yield ox.Triple(iri, A, N(FABIO.ResearchPaper))
    if paper.title:
        yield ox.Triple(iri, N(DCTERMS.title), text(paper.title))
    if paper.abstract:
        yield ox.Triple(iri, N(DCTERMS.abstract), text(paper.abstract))
    if paper.year:
        yield ox.Triple(iri, N(FABIO.hasPublicationYear), ox.Literal(f"{paper.year:04d}", datatype=XSD_GYEAR))
    for position, person in enumerate(paper.authors, start=1):
        authorship = N(KGR[f"paper/{paper.key}/author/{position}"])
        yield ox.Triple(iri, N(DCTERMS.creator), person_iri(person.key))
        yield ox.Triple(iri, N(KG.authorship), authorship)
        yield ox.Triple(authorship, A, N(KG.Authorship))
        yield ox.Triple(authorship, N(KG.author), person_iri(person.key))
        yield ox.Triple(authorship, N(KG.position), integer(position))
    if paper.authors_truncated:
        yield ox.Triple(iri, N(KG.authorsTruncated), TRUE)
    for source in paper.sources:
        yield ox.Triple(iri, N(PROV.wasDerivedFrom), source_iri(source))
    if paper.venue:
        yield ox.Triple(iri, N(KG.venue), text(paper.venue))
    if paper.url and paper.url.startswith(("http://", "https://")):
        yield ox.Triple(iri, N(SCHEMA.url), N(paper.url.replace(" ", "%20")))
    if paper.doi:
        yield ox.Triple(iri, N(KG.doi), text(paper.doi))
    if paper.arxiv_id:
        yield ox.Triple(iri, N(KG.arxivId), text(paper.arxiv_id))


def evidence_triples(subject: ox.NamedNode, predicate: str, obj: ox.NamedNode, evidence: Evidence,
                     paper: ox.NamedNode) -> Iterator[ox.Triple]:
    """One kg:Evidence node per link: the sentence, offsets, rule and confidence behind it."""
    node = N(KGR["evidence/" + digest("\x1f".join((subject.value, str(predicate), obj.value, paper.value,
                                                    str(evidence.start), str(evidence.end), evidence.rule)))])
    yield ox.Triple(node, A, N(KG.Evidence))
    yield ox.Triple(node, A, N(PROV.Entity))
    yield ox.Triple(node, N(KG.subject), subject)
    yield ox.Triple(node, N(KG.predicate), N(predicate))
    yield ox.Triple(node, N(KG.object), obj)
    yield ox.Triple(node, N(KG.sentence), text(evidence.sentence))
    yield ox.Triple(node, N(KG.startOffset), integer(evidence.start))
    yield ox.Triple(node, N(KG.endOffset), integer(evidence.end))
    yield ox.Triple(node, N(KG.rule), text(evidence.rule))
    yield ox.Triple(node, N(KG.confidence), decimal(evidence.confidence))
    yield ox.Triple(node, N(PROV.wasDerivedFrom), paper)


def method_triples(method: MethodRef) -> Iterator[ox.Triple]:
    """A method node. Lexicon concepts already carry their prefLabel (the lexicon is loaded
    beside the graph), so only the spellings seen in text are added to them."""
    iri = method_iri(method.key)
    yield ox.Triple(iri, A, N(KG.Method))
    yield ox.Triple(iri, A, N(SKOS.Concept))
    if not method.from_lexicon:
        yield ox.Triple(iri, N(SKOS.prefLabel), text(method.label))
    for label in sorted(method.labels - {method.label}):
        yield ox.Triple(iri, N(SKOS.altLabel), text(label))
    for broader in method.broader:
        yield ox.Triple(iri, N(SKOS.broader), method_iri(broader))


def extraction_triples(extraction: Extraction, seen: set[str]) -> Iterator[ox.Triple]:
    """What the pipeline found in one paper. ``seen`` holds the IRIs of nodes already written
    (methods, datasets, models), so each is described once per build."""
    paper = paper_iri(extraction.paper_key)
    for mention in extraction.methods:
        m = method_iri(mention.method.key)
        if m.value not in seen:
            seen.add(m.value)
            yield from method_triples(mention.method)
        predicate = ROLE_PROPERTIES.get(mention.role, KG.mentions)
        yield ox.Triple(paper, N(predicate), m)
        if predicate != KG.mentions:
            yield ox.Triple(paper, N(KG.mentions), m)
        yield from evidence_triples(paper, predicate, m, mention.evidence, paper)
    for link in extraction.lineage:
        a, b = method_iri(link.method.key), method_iri(link.base.key)
        for ref, iri in ((link.method, a), (link.base, b)):
            if iri.value not in seen:
                seen.add(iri.value)
                yield from method_triples(ref)
        yield ox.Triple(a, N(KG.extends), b)
        yield from evidence_triples(a, KG.extends, b, link.evidence, paper)
    for entity in extraction.entities:
        kind = "dataset" if entity.kind == "dataset" else "model"
        iri = N(KGR[f"{kind}/{slugify(entity.name)}"])
        if iri.value not in seen:
            seen.add(iri.value)
            yield ox.Triple(iri, A, N(KG.Dataset if kind == "dataset" else KG.Model))
            yield ox.Triple(iri, N(SKOS.prefLabel), text(entity.name))
            for label in sorted(entity.labels - {entity.name}):
                yield ox.Triple(iri, N(SKOS.altLabel), text(label))
        predicate = KG.usesDataset if kind == "dataset" else KG.usesModel
        yield ox.Triple(paper, N(predicate), iri)
        yield from evidence_triples(paper, predicate, iri, entity.evidence, paper)
    for url in extraction.code_urls:
        yield ox.Triple(paper, N(SCHEMA.codeRepository), N(url))
    for arxiv_id in extraction.arxiv_ids:
        cited = N(KGR[f"arxiv/{arxiv_id}"])
        yield ox.Triple(paper, N(CITO.cites), cited)
        yield ox.Triple(cited, N(KG.arxivId), text(arxiv_id))


def lexicon_files(extra: Iterable[Path] = ()) -> list[Path]:
    """The SKOS lexicon files loaded beside every graph: the project's, then the user's."""
    own = ONTOLOGY_DIR / "methods.ttl"
    return ([own] if own.exists() else []) + [Path(p) for p in extra if str(p).endswith((".ttl", ".nt", ".rdf"))]
