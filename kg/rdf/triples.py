"""Records to triples: papers, people, sources, categories, methods, entities and evidence.

Statements are pyoxigraph quads in the default graph, streamed straight into the store's bulk
loader (which takes quads: making them so saves a conversion per statement, seconds on 100k
papers); no rdflib graph is built in between, so a build's memory does not grow with the corpus. The vocabulary's
terms are made once, below: a build writes dozens of triples per paper.
"""
from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from functools import lru_cache

import pyoxigraph as ox

from kg import ONTOLOGY_DIR
from kg.resolve.keys import digest, slug
from kg.model import Evidence, Extraction, MethodRef, Paper, Person, SourceDocument
from kg.rdf import namespaces as ns
from kg.rdf.namespaces import NamedNodes
from pathlib import Path


# The vocabulary as pyoxigraph terms, named like the Turtle prefixes (``kg.Paper`` is kg:Paper).
kg, kgr, kgm, cito, dcterms, fabio, foaf, prov, schema, skos, xsd = (
    NamedNodes(n) for n in (ns.KG, ns.KGR, ns.KGM, ns.CITO, ns.DCTERMS, ns.FABIO, ns.FOAF, ns.PROV, ns.SCHEMA,
                            ns.SKOS, ns.XSD))
A = NamedNodes(ns.RDF).type
RDFS_LABEL = NamedNodes(ns.RDFS).label
TRUE = ox.Literal("true", datatype=xsd.boolean)
CATEGORY_SCHEME = kgr.categories

#: The paper -> method property for each extraction role; every one is a sub-property of kg:mentions.
ROLE_PROPERTIES = {"proposes": kg.proposes, "uses": kg.uses, "comparesWith": kg.comparesWith,
                   "mentions": kg.mentions}


def text(value: str) -> ox.Literal:
    return ox.Literal(value)


# Kept: a typed literal takes 1.5-3 us to make, and a build writes millions of the same few
# thousand (positions, offsets, years, confidences; at 100k papers about 10 of the main process's CPU-s).
@lru_cache(maxsize=1 << 16)
def integer(value: int) -> ox.Literal:
    return ox.Literal(str(value), datatype=xsd.integer)


@lru_cache(maxsize=1 << 12)
def decimal(value: float) -> ox.Literal:
    """Three decimals, in the canonical form the store keeps (no trailing zeros: "0.9", "1")."""
    return ox.Literal(f"{value:.3f}".rstrip("0").rstrip("."), datatype=xsd.decimal)


def paper_iri(key: str) -> ox.NamedNode:
    return kgr["paper/" + key]


def person_iri(key: str) -> ox.NamedNode:
    return kgr["person/" + key]


def source_iri(source: SourceDocument) -> ox.NamedNode:
    return kgr["source/" + source.sha256[:16]]


def method_iri(key: str) -> ox.NamedNode:
    """A method's key is an IRI already (lexicon concept) or a slug under ``kgm:``."""
    return ox.NamedNode(key) if key.startswith(("http://", "https://")) else kgm[key]


def slugify(text: str) -> str:
    """A readable ASCII path segment for an IRI; a hash where the text has no ASCII letters."""
    return slug(text) or digest(text)


@lru_cache(maxsize=None)
def arxiv_names() -> dict[str, str]:
    path = Path(__file__).resolve().parent.parent / "data" / "arxiv_categories.tsv"
    with path.open(encoding="utf-8") as f:
        return {row[0]: row[1] for row in csv.reader(f, delimiter="\t") if row and not row[0].startswith("#")}


@lru_cache(maxsize=4096)
def category_triples(category: str) -> tuple[ox.NamedNode, tuple[ox.Quad, ...]]:
    """The SKOS concept of a category string, with its broader chain.

    arXiv codes (``cs.LG``) carry their names and sit under their archive (``cs``);
    conference categories ``Area · Subarea`` sit under their area. Kept: a corpus has few
    categories, asked for by every paper.
    """
    names = arxiv_names()
    triples: list[ox.Quad] = []

    def concept(iri: ox.NamedNode, label: str, notation: str | None = None, broader=None):
        triples.extend([
            ox.Quad(iri, A, skos.Concept),
            ox.Quad(iri, skos.prefLabel, text(label)),
            ox.Quad(iri, skos.inScheme, CATEGORY_SCHEME),
        ])
        if notation:
            triples.append(ox.Quad(iri, skos.notation, text(notation)))
        if broader is not None:
            triples.append(ox.Quad(iri, skos.broader, broader))
        else:
            triples.append(ox.Quad(iri, skos.topConceptOf, CATEGORY_SCHEME))

    code = category.strip()
    archive = code.split(".")[0]
    if code in names or (archive in names and "." in code and " " not in code):
        parent = kgr[f"category/arxiv/{archive}"]
        concept(parent, names.get(archive, archive), archive)
        if code == archive:
            return parent, tuple(triples)
        iri = kgr[f"category/arxiv/{code}"]
        concept(iri, names.get(code, code), code, parent)
        return iri, tuple(triples)
    parts = [p.strip() for p in code.split("·") if p.strip()]
    broader = None
    path = "category/area"
    for part in parts:
        path += "/" + slugify(part)
        iri = kgr[path]
        concept(iri, part, None, broader)
        broader = iri
    return broader, tuple(triples)


#: The property of each kind of match key (see ``kg.resolve``).
MATCH_KEY_PROPERTIES = {"title": kg.titleKey, "abstract": kg.abstractKey}


def match_key_triples(paper_key: str, match_keys: dict[str, str]) -> Iterator[ox.Quad]:
    """The match keys a paper holds (``kg:titleKey``, ``kg:abstractKey``): how a later record, in
    this build or a later one, is found to be it."""
    for kind, match_key in match_keys.items():
        yield ox.Quad(paper_iri(paper_key), MATCH_KEY_PROPERTIES[kind], text(match_key))


def person_triples(person: Person) -> Iterator[ox.Quad]:
    iri = person_iri(person.key)
    yield ox.Quad(iri, A, foaf.Person)
    yield ox.Quad(iri, foaf.name, text(person.name))
    for written in sorted(person.written):  # every form, the one shown too: a later build may show another
        yield ox.Quad(iri, kg.nameAsWritten, text(written))
    if person.name_key:  # how a later build finds every person of this name (kg.resolve.people)
        yield ox.Quad(iri, kg.foldedName, text(person.name_key))
    for note in person.notes:
        yield ox.Quad(iri, kg.identityNote, text(note))


def source_triples(source: SourceDocument, owner: Person | None = None) -> Iterator[ox.Quad]:
    iri = source_iri(source)
    yield ox.Quad(iri, A, kg.SourceDocument)
    yield ox.Quad(iri, A, prov.Entity)
    yield ox.Quad(iri, dcterms.title, text(source.name))
    yield ox.Quad(iri, kg.format, text(source.format))
    yield ox.Quad(iri, kg.sha256, text(source.sha256))
    if owner is not None:
        yield ox.Quad(iri, kg.profileOwner, person_iri(owner.key))


def authorship_triples(paper: Paper) -> Iterator[ox.Quad]:
    """The paper's author list: who stands at each position."""
    iri = paper_iri(paper.key)
    for position, person in enumerate(paper.authors, start=1):
        authorship = kgr[f"paper/{paper.key}/author/{position}"]
        author = person_iri(person.key)
        yield ox.Quad(iri, dcterms.creator, author)
        yield ox.Quad(iri, kg.authorship, authorship)
        yield ox.Quad(authorship, A, kg.Authorship)
        yield ox.Quad(authorship, kg.author, author)
        yield ox.Quad(authorship, kg.position, integer(position))
        for identifier in paper.author_ids.get(person.name_key, ()):  # the name: telling people apart may rekey them
            yield ox.Quad(authorship, kg.authorIdentifier, text(identifier))
    if paper.authors_truncated:
        yield ox.Quad(iri, kg.authorsTruncated, TRUE)


def paper_triples(paper: Paper, authors: bool = True) -> Iterator[ox.Quad]:
    """The paper's metadata: what the documents state about it; its author list too unless
    ``authors`` is False (a build writes it once its people are told apart)."""
    iri = paper_iri(paper.key)
    yield ox.Quad(iri, A, kg.Paper)
    yield ox.Quad(iri, A, fabio.ResearchPaper)
    if paper.title:
        yield ox.Quad(iri, dcterms.title, text(paper.title))
    if paper.abstract:
        yield ox.Quad(iri, dcterms.abstract, text(paper.abstract))
    if paper.year:
        yield ox.Quad(iri, fabio.hasPublicationYear, ox.Literal(f"{paper.year:04d}", datatype=xsd.gYear))
    if authors:
        yield from authorship_triples(paper)
    for source in paper.sources:
        yield ox.Quad(iri, prov.wasDerivedFrom, source_iri(source))
    if paper.venue:
        yield ox.Quad(iri, kg.venue, text(paper.venue))
    if paper.url and paper.url.startswith(("http://", "https://")):
        yield ox.Quad(iri, schema.url, ox.NamedNode(paper.url.replace(" ", "%20")))
    if paper.doi:
        yield ox.Quad(iri, kg.doi, text(paper.doi))
    if paper.arxiv_id:
        yield ox.Quad(iri, kg.arxivId, text(paper.arxiv_id))
    yield from citation_triples(iri, paper)


def citation_triples(iri: ox.NamedNode, paper: Paper) -> Iterator[ox.Quad]:
    """The paper's identifiers and those of the works it cites and that cite it, as
    ``scheme:value`` (see ``kg.ingest.ids``): ``kg.rdf.citations`` links the papers they match."""
    for identifier in paper.identifiers:
        yield ox.Quad(iri, kg.identifier, text(identifier))
    for identifier in paper.references:
        yield ox.Quad(iri, kg.citesIdentifier, text(identifier))
    for identifier in paper.cited_by:
        yield ox.Quad(iri, kg.citedByIdentifier, text(identifier))


def evidence_triples(subject: ox.NamedNode, predicate: ox.NamedNode, obj: ox.NamedNode, evidence: Evidence,
                     paper: ox.NamedNode) -> Iterator[ox.Quad]:
    """One kg:Evidence node per link: the sentence, offsets, rule and confidence behind it."""
    node = kgr["evidence/" + digest("\x1f".join((subject.value, predicate.value, obj.value, paper.value,
                                                  str(evidence.start), str(evidence.end), evidence.rule)))]
    yield ox.Quad(node, A, kg.Evidence)
    yield ox.Quad(node, A, prov.Entity)
    yield ox.Quad(node, kg.subject, subject)
    yield ox.Quad(node, kg.predicate, predicate)
    yield ox.Quad(node, kg.object, obj)
    yield ox.Quad(node, kg.sentence, text(evidence.sentence))
    yield ox.Quad(node, kg.startOffset, integer(evidence.start))
    yield ox.Quad(node, kg.endOffset, integer(evidence.end))
    yield ox.Quad(node, kg.rule, text(evidence.rule))
    yield ox.Quad(node, kg.confidence, decimal(evidence.confidence))
    yield ox.Quad(node, prov.wasDerivedFrom, paper)


def method_triples(method: MethodRef) -> Iterator[ox.Quad]:
    """A method node. Lexicon concepts already carry their prefLabel (the lexicon is loaded
    beside the graph), so only the spellings seen in text are added to them."""
    iri = method_iri(method.key)
    yield ox.Quad(iri, A, kg.Method)
    yield ox.Quad(iri, A, skos.Concept)
    if not method.from_lexicon:
        yield ox.Quad(iri, skos.prefLabel, text(method.label))
    for label in sorted(method.labels - {method.label}):
        yield ox.Quad(iri, skos.altLabel, text(label))
    for label in sorted(method.descriptions - method.labels):
        # a text's words for a catalogued method ("sparse Gaussian processes"): a label, not a name by
        # which another paper's method joins it (the registry reads skos labels only)
        yield ox.Quad(iri, RDFS_LABEL, text(label))
    for broader in method.broader:
        yield ox.Quad(iri, skos.broader, method_iri(broader))


@lru_cache(maxsize=1)
def model_catalogue() -> tuple[dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]], dict[str, str]]:
    """The model catalogue's lines: model IRI -> (preferred label, the models it is of the line of
    (``skos:broader``), the methods it instantiates (``kg:architecture``)); and each of its labels
    (lower case) -> the model IRI it names."""
    path = ONTOLOGY_DIR / "models.ttl"
    pref: dict[str, str] = {}
    by_label: dict[str, str] = {}
    links: dict[str, dict[str, list[str]]] = {}
    for q in ox.parse(path=str(path), format=ox.RdfFormat.TURTLE) if path.exists() else ():
        s, p = q.subject.value, q.predicate
        if p == skos.prefLabel:
            pref[s] = q.object.value
        elif p in (skos.broader, kg.architecture):
            links.setdefault(s, {}).setdefault(p.value, []).append(q.object.value)
        if p in (skos.prefLabel, skos.altLabel):
            by_label.setdefault(q.object.value.lower(), s)
    lines = {s: (pref[s], tuple(links.get(s, {}).get(skos.broader.value, ())),
                 tuple(links.get(s, {}).get(kg.architecture.value, ()))) for s in pref}
    return lines, by_label


def model_family_triples(model: str, names: Iterable[str], seen: set[str]) -> Iterator[ox.Quad]:
    """The catalogue's line of a model named in a paper (the node ``model``, called ``names``): the
    model the catalogue's entry of that name is of the line of, up to the family's head (each
    described once, named by a paper or not), and the method it instantiates."""
    lines, by_label = model_catalogue()
    entry = model if model in lines else next((by_label[n.lower()] for n in names if n.lower() in by_label), None)
    _, broader, architecture = lines.get(entry, ("", (), ()))
    for parent in broader:
        yield ox.Quad(ox.NamedNode(model), skos.broader, ox.NamedNode(parent))
        if parent not in seen:
            seen.add(parent)
            yield ox.Quad(ox.NamedNode(parent), A, kg.Model)
            yield ox.Quad(ox.NamedNode(parent), skos.prefLabel, text(lines[parent][0]))
            yield from model_family_triples(parent, (), seen)
    for method in architecture:
        yield ox.Quad(ox.NamedNode(model), kg.architecture, ox.NamedNode(method))


def extraction_triples(extraction: Extraction, seen: set[str]) -> Iterator[ox.Quad]:
    """What the pipeline found in one paper. ``seen`` holds the IRIs of nodes already written
    (methods, datasets, models), so each is described once per build."""
    paper = paper_iri(extraction.paper_key)
    for mention in extraction.methods:
        m = method_iri(mention.method.key)
        if m.value not in seen:
            seen.add(m.value)
            yield from method_triples(mention.method)
        predicate = ROLE_PROPERTIES.get(mention.role, kg.mentions)
        yield ox.Quad(paper, predicate, m)
        if predicate != kg.mentions:
            yield ox.Quad(paper, kg.mentions, m)
        yield from evidence_triples(paper, predicate, m, mention.evidence, paper)
    for link in extraction.lineage:
        a, b = method_iri(link.method.key), method_iri(link.base.key)
        for ref, iri in ((link.method, a), (link.base, b)):
            if iri.value not in seen:
                seen.add(iri.value)
                yield from method_triples(ref)
        yield ox.Quad(a, kg.extends, b)
        yield from evidence_triples(a, kg.extends, b, link.evidence, paper)
    for entity in extraction.entities:
        kind = "dataset" if entity.kind == "dataset" else "model"
        iri = ox.NamedNode(entity.iri) if entity.iri else kgr[f"{kind}/{slugify(entity.name)}"]
        if iri.value in seen and entity.written not in ("", entity.name):
            # each paper's written form of a catalogue model, not only the first paper's
            yield ox.Quad(iri, skos.altLabel, text(entity.written))
        if iri.value not in seen:
            seen.add(iri.value)
            yield ox.Quad(iri, A, kg.Dataset if kind == "dataset" else kg.Model)
            yield ox.Quad(iri, skos.prefLabel, text(entity.name))
            for label in sorted(entity.labels - {entity.name}):
                yield ox.Quad(iri, skos.altLabel, text(label))
            if kind == "model":
                yield from model_family_triples(iri.value, [entity.name, *sorted(entity.labels)], seen)
        predicate = kg.usesDataset if kind == "dataset" else kg.usesModel
        yield ox.Quad(paper, predicate, iri)
        yield from evidence_triples(paper, predicate, iri, entity.evidence, paper)
    for url in extraction.code_urls:
        yield ox.Quad(paper, schema.codeRepository, ox.NamedNode(url))
    for arxiv_id in extraction.arxiv_ids:
        cited = kgr[f"arxiv/{arxiv_id}"]
        yield ox.Quad(paper, cito.cites, cited)
        yield ox.Quad(cited, kg.arxivId, text(arxiv_id))
        yield ox.Quad(paper, kg.citesIdentifier, text("arxiv:" + arxiv_id))  # the corpus paper, if any, too


def lexicon_files(extra: Iterable[Path] = ()) -> list[Path]:
    """The SKOS lexicon files loaded beside every graph: the project's, then the user's."""
    own = ONTOLOGY_DIR / "methods.ttl"
    return ([own] if own.exists() else []) + [Path(p) for p in extra if str(p).endswith((".ttl", ".nt", ".rdf"))]
