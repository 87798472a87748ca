"""The plain dataclasses that flow between the stages.

ingest -> ``Document`` (a ``SourceDocument`` with its ``PaperRecord``s and ``Problem``s)
resolve -> ``Corpus`` of ``Paper``s with ``Person``s
extract -> one ``Extraction`` per paper
rdf -> triples in the store
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SourceDocument:
    """One input file. ``sha256`` of its bytes makes its IRI the same on any machine."""

    path: str  # as the user gave it (for messages)
    name: str  # file name, part of the IRI
    sha256: str
    format: str  # "profile", "listing", "etal", "bibtex", "arxiv", "jsonl", "csv", "ris", "openalex", "s2"


@dataclass(frozen=True)
class Problem:
    """Something wrong with the input: printed as one line ``path:line: message``."""

    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


class StoreError(Exception):
    """A store that cannot be opened or a query that cannot run, said in one line (kept here, with
    the stages' other errors, so that the command line catches it without loading the store)."""


class InputError(Exception):
    """Bad input that stops a whole document (empty, binary, unknown format, not UTF-8)."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


@dataclass
class PaperRecord:
    """One paper as one document states it, cleaned of page artefacts but not yet resolved."""

    source: SourceDocument
    line: int  # 1-based line where the record starts in the source
    title: str | None = None
    abstract: str | None = None
    authors: list[str] = field(default_factory=list)  # as written, in order
    authors_truncated: bool = False
    year: int | None = None
    categories: list[str] = field(default_factory=list)  # "cs.LG", "Deep Learning · Theory"
    venue: str | None = None
    url: str | None = None
    doi: str | None = None
    arxiv_id: str | None = None
    profile_owner: str | None = None  # the owner of an author profile page, as written
    # Identifiers as "scheme:value" (see ``kg.ingest.ids``): the paper's own (its DOI and arXiv id
    # among them), those of the works it cites, of the works that cite it, and each author's.
    identifiers: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    cited_by: list[str] = field(default_factory=list)
    author_ids: list[list[str]] = field(default_factory=list)  # parallel to ``authors`` (or empty)


@dataclass
class Document:
    """What a reader made of one source: its records and the problems it met."""

    source: SourceDocument
    records: list[PaperRecord] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


@dataclass
class Person:
    """One person across all documents."""

    key: str  # deterministic slug, part of the IRI
    name: str  # display form, natural case ("Quanming Yao")
    written: set[str] = field(default_factory=set)  # every form seen ("QUANMING YAO")
    name_key: str = ""  # the folded name whose mentions were told apart into people ("quanming yao")
    notes: list[str] = field(default_factory=list)  # why its mentions are one person, apart from others


@dataclass
class Paper:
    """One paper after resolution: records of the same paper from several documents merged."""

    key: str  # deterministic hash, part of the IRI
    title: str | None
    abstract: str | None
    year: int | None
    authors: list[Person]  # in order
    authors_truncated: bool
    categories: list[str]
    sources: list[SourceDocument]
    venue: str | None = None
    url: str | None = None
    doi: str | None = None
    arxiv_id: str | None = None
    identifiers: list[str] = field(default_factory=list)  # as in ``PaperRecord``
    references: list[str] = field(default_factory=list)
    cited_by: list[str] = field(default_factory=list)
    author_ids: dict[str, list[str]] = field(default_factory=dict)  # folded name -> that author's ids


@dataclass
class Corpus:
    papers: list[Paper] = field(default_factory=list)
    persons: dict[str, Person] = field(default_factory=dict)  # by key
    profile_owners: dict[str, str] = field(default_factory=dict)  # source sha256 -> person key


@dataclass(frozen=True)
class Evidence:
    """Why a link exists: the sentence, where it stands in the abstract, the rule, a confidence."""

    sentence: str
    start: int  # character offsets of the matched span in the abstract
    end: int
    rule: str  # component or rule that made the link, e.g. "lexicon", "pattern:we_propose"
    confidence: float


@dataclass
class MethodRef:
    """A method as one paper names it.

    ``key`` is the canonical identity across the graph: the lexicon concept's IRI when the method
    is in the lexicon, else a slug of its canonical label. ``labels`` holds every surface form;
    ``descriptions`` the forms a text gave a lexicon concept with modifiers of its own ("sparse
    Gaussian processes"), which describe it but name it for no other paper (the same words may be
    another paper's own method: "multi-passage BERT").
    """

    key: str
    label: str  # preferred label
    labels: set[str] = field(default_factory=set)
    broader: list[str] = field(default_factory=list)  # keys of broader concepts (lexicon)
    from_lexicon: bool = False
    descriptions: set[str] = field(default_factory=set)


@dataclass
class MethodMention:
    method: MethodRef
    role: str  # "proposes", "uses", "comparesWith" or "mentions"
    evidence: Evidence


@dataclass
class LineageLink:
    """``method`` extends ``base`` as the text states."""

    method: MethodRef
    base: MethodRef
    evidence: Evidence


@dataclass
class EntityMention:
    """A dataset or a pretrained model named in an abstract."""

    kind: str  # "dataset" or "model"
    name: str  # canonical label
    labels: set[str]
    evidence: Evidence
    written: str = ""  # the form the text wrote, when the name is the catalogue's ("bert-base-uncased" for BERT-base)
    iri: str = ""  # the catalogue's node, when the catalogue knows it


@dataclass
class Extraction:
    """Everything the spaCy pipeline found in one paper's text."""

    paper_key: str
    methods: list[MethodMention] = field(default_factory=list)
    lineage: list[LineageLink] = field(default_factory=list)
    entities: list[EntityMention] = field(default_factory=list)
    code_urls: list[str] = field(default_factory=list)
    arxiv_ids: list[str] = field(default_factory=list)
    #: Why the extraction of this paper failed (one line; the paper is then built from its record
    #: alone, without extracted facts), or "".
    failed: str = ""
