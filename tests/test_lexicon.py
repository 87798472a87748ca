"""Sanity tests of the lexicons: ontology/methods.ttl, datasets.ttl, models.ttl, tasks.ttl."""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from rdflib import RDF, Graph, Literal, Namespace, URIRef
from rdflib.namespace import SKOS, XSD

ONTO = Path(__file__).resolve().parent.parent / "ontology"
KG = Namespace("https://w3id.org/research-kg/ontology#")
KGM = Namespace("https://w3id.org/research-kg/method/")
KGR = "https://w3id.org/research-kg/resource/"
SCHEME = KGM["scheme"]

MIN_METHODS = 2600
MIN_DATASETS = 300
MIN_MODELS = 250

# A label that is only one of these words would match nearly every abstract.
GENERIC_WORDS = {
    "model", "models", "method", "methods", "framework", "frameworks", "network", "networks",
    "learning", "algorithm", "algorithms", "approach", "approaches", "attention", "regression",
    "classification", "system", "systems", "technique", "techniques", "architecture",
    "architectures", "training", "inference", "estimation",
    "prediction", "analysis", "data", "dataset", "benchmark", "neural",
    "deep", "embedding", "embeddings", "encoder", "decoder", "loss", "kernel", "graph", "tree",
    "trees", "filter", "sampling", "search", "test", "feature", "features", "layer", "layers",
}

# Labels deliberately shared between two concepts (within or across files), case-folded.
# Keep this empty unless the ambiguity is real and both readings are needed as plain labels.
# "moses": the Moses MT toolkit (a method, "Moses") and the MOSES molecular benchmark (a dataset), told
# apart by their case, which both catalogues match exactly.
ALLOWED_SHARED: set[str] = {"moses"}

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _load(name: str) -> Graph:
    g = Graph()
    g.parse(ONTO / name, format="turtle")
    return g


@pytest.fixture(scope="module")
def methods() -> Graph:
    return _load("methods.ttl")


@pytest.fixture(scope="module")
def datasets() -> Graph:
    return _load("datasets.ttl")


@pytest.fixture(scope="module")
def models() -> Graph:
    return _load("models.ttl")


@pytest.fixture(scope="module")
def tasks() -> Graph:
    return _load("tasks.ttl")


def _concepts(g: Graph) -> list[URIRef]:
    return sorted(s for s in g.subjects(RDF.type, SKOS.Concept) if isinstance(s, URIRef))


def _labels(g: Graph, s) -> list[Literal]:
    return list(g.objects(s, SKOS.prefLabel)) + list(g.objects(s, SKOS.altLabel))


# --------------------------------------------------------------------------- methods


def test_methods_parse_and_size(methods):
    concepts = _concepts(methods)
    assert len(concepts) >= MIN_METHODS, len(concepts)
    assert (SCHEME, RDF.type, SKOS.ConceptScheme) in methods


def test_method_iris_are_slugs(methods):
    for c in _concepts(methods):
        assert str(c).startswith(str(KGM)), c
        assert SLUG.match(str(c)[len(str(KGM)):]), c


def test_every_concept_in_scheme_with_one_preflabel(methods):
    for c in _concepts(methods):
        assert (c, SKOS.inScheme, SCHEME) in methods, c
        prefs = list(methods.objects(c, SKOS.prefLabel))
        assert len(prefs) == 1, (c, prefs)


def test_plain_literals(methods, datasets, models, tasks):
    for g in (methods, datasets, models, tasks):
        for p in (SKOS.prefLabel, SKOS.altLabel, KG.ambiguousLabel):
            for o in g.objects(None, p):
                assert isinstance(o, Literal) and o.language is None and o.datatype is None, o
                assert str(o) == str(o).strip() and str(o), repr(o)


def test_broader_targets_exist_and_hierarchy_is_rooted(methods):
    concepts = set(_concepts(methods))
    tops = set(methods.subjects(SKOS.topConceptOf, SCHEME))
    assert tops, "no top concepts"
    assert tops == set(methods.objects(SCHEME, SKOS.hasTopConcept))
    for c in concepts:
        broader = list(methods.objects(c, SKOS.broader))
        for b in broader:
            assert b in concepts, (c, b)
        if c in tops:
            assert not broader, c
        else:
            assert broader, f"{c} has neither skos:broader nor skos:topConceptOf"
    # every concept reaches a top concept without cycles
    for c in concepts:
        seen, cur = set(), c
        while cur not in tops:
            assert cur not in seen, f"cycle at {cur}"
            seen.add(cur)
            cur = next(iter(methods.objects(cur, SKOS.broader)))


def test_generic_flag_is_boolean_true(methods):
    flagged = list(methods.subject_objects(KG.generic))
    assert flagged
    for s, o in flagged:
        assert isinstance(o, Literal) and o.datatype == XSD.boolean and o.toPython() is True, (s, o)
    generic = {s for s, _ in flagged}
    for name in ("deep-learning", "neural-network", "machine-learning", "large-language-model",
                 "transformer-based", "kernel-methods", "optimization"):
        assert KGM[name] in generic, name
    for name in ("kernel-pca", "lora", "admm", "gaussian-process", "spectral-clustering",
                 "conformal-prediction", "flow-matching", "transformer", "svgp"):
        assert KGM[name] not in generic, name


def test_ambiguous_labels_are_not_plain_labels(methods):
    for s, o in methods.subject_objects(KG.ambiguousLabel):
        assert o not in _labels(methods, s), (s, o)


def _check_no_dups(graphs_and_subjects):
    idx = defaultdict(set)
    for g, subjects in graphs_and_subjects:
        for s in subjects:
            for l in _labels(g, s):
                idx[str(l).casefold()].add(s)
    dups = {l: sorted(s) for l, s in idx.items() if len(s) > 1 and l not in ALLOWED_SHARED}
    assert not dups, f"labels shared by several entries: {dict(list(dups.items())[:20])}"


def test_no_accidental_duplicate_labels_in_methods(methods):
    _check_no_dups([(methods, _concepts(methods))])


def test_no_bare_generic_word_labels(methods, datasets, models, tasks):
    for g in (methods, datasets, models, tasks):
        for p in (SKOS.prefLabel, SKOS.altLabel):
            for s, o in g.subject_objects(p):
                assert str(o).casefold() not in GENERIC_WORDS, (s, o)


def test_known_methods_and_aliases(methods):
    idx = defaultdict(set)
    for c in _concepts(methods):
        for l in _labels(methods, c):
            idx[str(l)].add(c)
    expect = {
        "Kernel PCA": "kernel-pca", "kernel principal component analysis": "kernel-pca",
        "KPCA": "kernel-pca", "Gaussian processes": "gaussian-process", "GPs": "gaussian-process",
        "t-SNE": "t-sne", "tSNE": "t-sne", "LoRA": "lora", "low-rank adaptation": "lora",
        "ADMM": "admm", "Nyström method": "nystrom-method", "EM algorithm": "em-algorithm",
        "expectation-maximization": "em-algorithm", "MCMC": "mcmc", "KSVD": "kernel-svd",
        "optimisation": "optimization", "DC programming": "dc-programming",
        "difference of convex": "dc-programming", "Maximum Mean Discrepancy test": "mmd-test",
        "LMMSE": "lmmse", "persistent homology": "persistent-homology", "GCN": "gcn",
        "graph convolutional network": "gcn", "flow matching": "flow-matching",
        "EAP-IG": "edge-attribution-patching", "conformal prediction": "conformal-prediction",
    }
    for label, slug in expect.items():
        hits = idx.get(label) or {c for l, cs in idx.items() if l.casefold() == label.casefold() for c in cs}
        assert KGM[slug] in hits, (label, slug, hits)


# --------------------------------------------------------------------------- datasets / models


def _resources(g: Graph, cls, kind: str) -> list[URIRef]:
    subjects = sorted(s for s in g.subjects(RDF.type, cls))
    for s in subjects:
        assert str(s).startswith(KGR + kind + "/"), s
        assert SLUG.match(str(s)[len(KGR + kind + "/"):]), s
    return subjects


def test_datasets(datasets):
    ds = _resources(datasets, KG.Dataset, "dataset")
    assert len(ds) >= MIN_DATASETS, len(ds)
    for d in ds:
        assert len(list(datasets.objects(d, SKOS.prefLabel))) == 1, d
    # nothing else with labels in the file
    assert set(datasets.subjects(SKOS.prefLabel)) == set(ds)
    _check_no_dups([(datasets, ds)])


def test_models(models):
    ms = _resources(models, KG.Model, "model")
    assert len(ms) >= MIN_MODELS, len(ms)
    for m in ms:
        assert len(list(models.objects(m, SKOS.prefLabel))) == 1, m
    assert set(models.subjects(SKOS.prefLabel)) == set(ms)
    _check_no_dups([(models, ms)])


def test_tasks(tasks, methods):
    labelled = sorted(set(tasks.subjects(SKOS.prefLabel)))
    for t in labelled:
        assert (t, RDF.type, KG.Task) in tasks, t
        assert str(t).startswith(KGR + "task/") and SLUG.match(str(t)[len(KGR + "task/"):]), t
        assert len(list(tasks.objects(t, SKOS.prefLabel))) == 1, t
    assert len(labelled) >= 140, len(labelled)
    _check_no_dups([(tasks, labelled)])
    # the method families it types as tasks keep their labels in methods.ttl
    families = set(tasks.subjects(RDF.type, KG.Task)) - set(labelled)
    assert KGM["link-prediction"] in families
    for f in families:
        assert f in set(_concepts(methods)) and not _labels(tasks, f), f


def test_no_label_shared_across_files(methods, datasets, models, tasks):
    _check_no_dups([
        (methods, _concepts(methods)),
        (datasets, list(datasets.subjects(RDF.type, KG.Dataset))),
        (models, list(models.subjects(RDF.type, KG.Model))),
        (tasks, list(tasks.subjects(SKOS.prefLabel))),
    ])


def test_problem_names_are_not_labels_of_one_algorithm_that_solves_them(methods):
    # "the linear assignment problem" names a problem that many algorithms solve (Hungarian,
    # auction, Jonker-Volgenant, Sinkhorn): a text naming it names none of them
    hungarian = KGM["hungarian-algorithm"]
    labels = {str(x).casefold() for x in _labels(methods, hungarian)}
    assert "hungarian algorithm" in labels
    assert not labels & {"linear assignment", "bipartite matching"}


def test_optimal_mass_transport_is_optimal_transport(methods):
    labels = {str(x) for x in _labels(methods, KGM["optimal-transport"])}
    assert {"optimal mass transport", "optimal transportation"} <= labels


def test_a_language_model_is_not_a_large_one(methods):
    # "language model" names any model of text (n-gram, RNN, BERT): the large-language-model
    # concept keeps the "large"/"foundation" spellings, language modeling the plain one
    llm = {str(x).casefold() for x in _labels(methods, KGM["large-language-model"])}
    lm = {str(x).casefold() for x in _labels(methods, KGM["language-modeling"])}
    assert "llm" in llm and not llm & {"language model", "language models"}
    assert {"language model", "language models"} <= lm


def test_anonymisation_is_not_k_anonymity(methods):
    # anonymising a corpus (de-identification) is a task; k-anonymity one privacy model of it
    labels = {str(x).casefold() for x in _labels(methods, KGM["k-anonymity"])}
    assert "k-anonymity" in labels and not labels & {"anonymization", "anonymisation"}


def test_model_spellings(models):
    flux = [s for s in models.subjects(SKOS.prefLabel, None) if str(s).endswith("/flux-1")][0]
    assert {"FLUX", "Flux"} <= {str(x) for x in _labels(models, flux)}


def test_kinds_of_kernel_are_broad(methods):
    # "asymmetric kernels" names a class of functions a method may use, not a method: it counts
    # only where a text builds on it ("based on asymmetric kernels")
    assert (KGM["asymmetric-kernel"], KG.generic, Literal(True)) in methods


# --------------------------------------------------------------------------- the catalogue at work
# The real pipeline with the real catalogue (ontology/*.ttl), on sentences written for the test.


@pytest.fixture(scope="module")
def real_nlp():
    from kg.extract import load_pipeline

    return load_pipeline()


def _found(nlp, text: str) -> dict[str, str]:
    """surface form -> concept slug of every method the pipeline finds in ``text``."""
    doc = nlp(text)
    return {doc.text[s:e]: m["key"][len(str(KGM)):] for m in doc._.kg_methods for s, e, *_ in m["spans"]}


def test_a_broad_name_does_not_hide_the_specific_one_it_holds(real_nlp):
    found = _found(real_nlp, "We train RNN language models for multilingual NMT and study linear bandits.")
    assert found.get("RNN") == "recurrent-neural-networks", found
    assert "neural-machine-translation" in found.values() and "bandits" in found.values(), found


# each area's block: a sentence written for the test, and the concept each name in it must find
# (a longer catalogued name wins over the one it contains: RNN grammars are no RNN, Rao-Blackwellized
# particle filters no plain particle filter, adaptive control variates no adaptive control)
BLOCK_SENTENCES = [
    # breadth (8): spatial trees, SLAM's parts, online learners, dialogue frameworks, search engines, losses
    ("An octree and a k-d tree index the points; loop closure detection and scan matching fix the "
     "LiDAR-inertial odometry.",
     {"octree": "octree", "k-d tree": "k-d-tree", "loop closure detection": "loop-closure-detection",
      "scan matching": "scan-matching", "LiDAR-inertial odometry": "lidar-odometry"}),
    ("OpenDial and ParlAI agents search with Lucene; AROW learns online with a Dice loss, and B-LSTM and "
     "B-GRU taggers use MemN2N.",
     {"OpenDial": "opendial", "ParlAI": "parlai", "Lucene": "lucene", "AROW": "arow", "Dice loss": "dice-loss",
      "B-LSTM": "bidirectional-lstm", "B-GRU": "bidirectional-gru", "MemN2N": "end-to-end-memory-network"}),
    # parsers' transition systems and oracles, open IE systems, text normalisation
    ("An arc-hybrid parser trained with a static oracle beats arc-eager, a biaffine parser and ReVerb "
     "after light stemming and truecasing.",
     {"arc-hybrid parser": "arc-hybrid", "static oracle": "static-oracle", "arc-eager": "arc-eager",
      "biaffine parser": "biaffine-parser", "ReVerb": "reverb", "light stemming": "light-stemming",
      "truecasing": "truecasing"}),
    ("Bilingual word embeddings and sense embeddings feed an HRED, reranked with n-best rescoring "
     "and Hearst patterns.",
     {"Bilingual word embeddings": "cross-lingual-word-embeddings", "sense embeddings": "sense-embeddings",
      "HRED": "hred", "n-best rescoring": "n-best-reranking", "Hearst patterns": "hearst-patterns"}),
    ("We train the parser with distant supervision and minimum risk training, using Brown clusters, "
     "a finite-state transducer and skip-thought vectors.",
     {"distant supervision": "distant-supervision", "minimum risk training": "minimum-risk-training",
      "Brown clusters": "brown-clustering", "finite-state transducer": "finite-state-transducer",
      "skip-thought vectors": "skip-thought-vectors"}),
    # both forms of a catalogued acronym the text defines are one concept
    ("Combinatory Categorial Grammar (CCG) supertags help. CCG parsing is fast.",
     {"Combinatory Categorial Grammar": "combinatory-categorial-grammar", "CCG": "combinatory-categorial-grammar"}),
    ("We rerank with maximal marginal relevance (MMR). MMR removes redundancy.",
     {"MMR": "maximal-marginal-relevance"}),
    ("A BiGRU and a CNN-LSTM are compared with recurrent neural network grammars and an LSTM-CRF "
     "tagger; self-attention networks (SANs) win.",
     {"BiGRU": "bidirectional-gru", "CNN-LSTM": "cnn-lstm",
      "recurrent neural network grammars": "recurrent-neural-network-grammar", "LSTM-CRF": "bilstm-crf",
      "self-attention networks": "self-attention"}),
    ("Impedance control and differential dynamic programming for a biped: the zero moment point (ZMP) "
     "stays inside the support polygon, and behavior trees sequence the tasks.",
     {"Impedance control": "impedance-control", "differential dynamic programming": "differential-dynamic-programming",
      "ZMP": "zero-moment-point", "behavior trees": "behavior-tree"}),
    ("We compare path tracing with photon mapping, and a Rao-Blackwellized particle filter with a PID "
     "loop tuned by smoothed particle hydrodynamics.",
     {"path tracing": "path-tracing", "photon mapping": "photon-mapping",
      "Rao-Blackwellized particle filter": "rao-blackwellized-particle-filter", "PID": "pid-controller",
      "smoothed particle hydrodynamics": "smoothed-particle-hydrodynamics"}),
    ("Adaptive control variates reduce the variance of the estimator.",
     {"Adaptive control variates": "control-variates"}),
    # neural machine translation is a family of models with a name of its own, not only a task: a
    # sentence that names it names the method, and so does one naming statistical machine translation
    ("Neural machine translation has improved fluency; an English-German NMT system beats "
     "statistical machine translation.",
     {"Neural machine translation": "neural-machine-translation", "NMT": "neural-machine-translation",
      "statistical machine translation": "statistical-machine-translation"}),
    # named architecture and model families count where a sentence names them
    ("A standard encoder-decoder model is compared with two distributional semantic models.",
     {"encoder-decoder model": "encoder-decoder-architecture",
      "distributional semantic models": "distributional-semantic-model"}),
    # named methods are concepts of their own, not labels of the broad family that never counts
    ("Frames are encoded by a ConvLSTM, holes are filled with PatchMatch and faces embedded with FaceNet.",
     {"ConvLSTM": "convlstm", "PatchMatch": "patchmatch", "FaceNet": "facenet"}),
    ("We compare an EBGAN with a deep recurrent Q-network and soft actor-critic.",
     {"EBGAN": "ebgan", "deep recurrent Q-network": "drqn", "soft actor-critic": "sac"}),
    ("Our planner grows an RRT* tree and a probabilistic roadmap, unlike RRT-Connect.",
     {"RRT*": "rrt-star", "probabilistic roadmap": "probabilistic-roadmap", "RRT-Connect": "rrt-connect"}),
    ("A co-attention layer and hard attention replace the Ford-Fulkerson algorithm.",
     {"co-attention": "co-attention", "hard attention": "hard-attention",
      "Ford-Fulkerson algorithm": "ford-fulkerson"}),
    ("We optimise with AdamW and compare a Tree-LSTM and a VQ-VAE.",
     {"AdamW": "adamw", "Tree-LSTM": "tree-lstm", "VQ-VAE": "vq-vae"}),
    ("We compare the biaffine parser with an arc-eager parser, and a pointer-generator with a copy mechanism.",
     {"biaffine parser": "biaffine-parser", "arc-eager parser": "arc-eager", "pointer-generator": "pointer-generator-network",
      "copy mechanism": "copy-mechanism"}),
    # recall block (1): the field's abbreviated spellings and lowercase names by their head
    ("We combine a rule-based MT engine with a neural MT system; a Bi-LSTM+CRF tagger and a Siamese LSTM "
     "are trained with a wait-k policy, monotonic attention and adversarial domain adaptation.",
     {"rule-based MT": "rule-based-machine-translation", "neural MT": "neural-machine-translation",
      "Bi-LSTM+CRF": "bilstm-crf", "Siamese LSTM": "siamese-lstm", "wait-k policy": "wait-k-policy",
      "monotonic attention": "monotonic-attention", "adversarial domain adaptation": "adversarial-domain-adaptation"}),
    ("Topics come from Gaussian LDA and a von Mises-Fisher mixture model; words are scored by k-core "
     "decomposition and classes by one-vs-rest classifiers with manifold regularization.",
     {"Gaussian LDA": "gaussian-lda", "von Mises-Fisher mixture model": "von-mises-fisher-mixture-model",
      "k-core decomposition": "k-core-decomposition", "one-vs-rest": "one-vs-rest",
      "manifold regularization": "manifold-regularization"}),
    # a lowercase name with hyphens for spaces, spaces for hyphens, or joined: as papers write it
    ("A sequence to sequence model with skipgram vectors, a pointer generator and dual-attention, "
     "trained on backtranslation.",
     {"sequence to sequence model": "seq2seq", "skipgram": "skip-gram", "pointer generator": "pointer-generator-network",
      "dual-attention": "dual-attention", "backtranslation": "back-translation"}),
    # recall block (2): the toolkits a paper names as what it used, and named learning paradigms
    ("Systems are trained with OpenNMT-py, Marian NMT and the Moses toolkit, tokenised with spaCy, parsed "
     "with UDPipe 2.0 and rescored with KenLM; the policy comes from imitation learning and zoneout regularises it.",
     {"OpenNMT-py": "opennmt", "Marian NMT": "marian-nmt", "Moses toolkit": "moses", "spaCy": "spacy",
      "UDPipe 2.0": "udpipe", "KenLM": "kenlm", "imitation learning": "imitation-learning", "zoneout": "zoneout"}),
    ("A transition-based system tags the words; a multi-armed bandit picks which of the "
     "back-translated sentences to keep.",
     {"transition-based system": "transition-based-parsing", "multi-armed bandit": "bandits",
      "back-translated sentences": "back-translation"}),
    # the casings papers write a camel-cased or digit-joined name in: word2vec, seq2seq, fastText, BiLSTM
    ("We train Word2Vec vectors and a Seq2Seq model on FastText inputs with a biLSTM encoder.",
     {"Word2Vec": "word2vec", "Seq2Seq model": "seq2seq", "FastText": "fasttext", "biLSTM": "bidirectional-lstm"}),
]


@pytest.mark.parametrize("text,expected", BLOCK_SENTENCES)
def test_block_names_find_their_concepts(real_nlp, text, expected):
    found = _found(real_nlp, text)
    for surface, slug in expected.items():
        assert found.get(surface) == slug, (surface, found)
    assert set(found.values()) <= set(expected.values()), found


def test_a_casing_that_is_a_word_or_another_acronyms_shape_is_no_name(real_nlp):
    # SimplE, ComplEx, ReST and mBERT are not found in "simple", "complex", "rest" or "MBERT"
    assert _found(real_nlp, "Simple and complex features feed the MBERT tagger of the rest of the system.") == {}
    # nor is a hyphenated name with a one-letter word written with a space ("k means")
    assert _found(real_nlp, "The k means of the samples are averaged.") == {}


def test_ambiguous_acronyms_need_a_definition(real_nlp):
    # TAG, MMR, HAN, MRT are words or several methods' acronyms: alone they name nothing
    found = _found(real_nlp, "Each TAG in the MMR corpus was checked by HAN and the MRT team.")
    assert not found, found


def test_an_acronym_of_two_fields_needs_a_definition(real_nlp):
    # PRM is a process reward model in LLM papers and a probabilistic roadmap in robotics papers
    assert _found(real_nlp, "Each PRM in the pipeline was checked.").get("PRM") not in {
        "process-reward-model", "probabilistic-roadmap"}
    found = _found(real_nlp, "A process reward model (PRM) scores each step. The PRM is trained on math.")
    assert found.get("PRM") == "process-reward-model", found


def test_variants_are_kinds_of_their_method(methods):
    # the lineage maps take a catalogue method's line from skos:broader
    for variant, method in [("adamw", "adam"), ("tree-lstm", "lstm"), ("vq-vae", "vae"), ("rrt-star", "rrt"),
                            ("faster-r-cnn", "r-cnn"), ("drqn", "dqn"), ("ebgan", "gan"), ("r-gcn", "gcn")]:
        assert (KGM[variant], SKOS.broader, KGM[method]) in methods, (variant, method)


def test_family_concepts_do_not_match_a_generic_phrase(real_nlp):
    # "parsing algorithms" is a family (kg:generic): a sentence that merely names one uses no method
    assert not _found(real_nlp, "An existing parsing algorithm is extended to a new class of trees.")


@pytest.mark.parametrize("catalogue", ["methods.ttl", "models.ttl"])
def test_no_alias_is_another_concepts_name(catalogue):
    """A concept's other names never include another concept's own name (XLM-R is no name of XLM,
    ID3 none of CART): a paper naming one would be counted for the other."""
    import rdflib
    from rdflib.namespace import SKOS

    from kg import ONTOLOGY_DIR

    g = rdflib.Graph().parse(ONTOLOGY_DIR / catalogue)
    named: dict[str, set] = {}
    for concept, label in g.subject_objects(SKOS.prefLabel):
        named.setdefault(str(label).casefold(), set()).add(concept)
    taken = [(str(c), str(a)) for c, a in g.subject_objects(SKOS.altLabel)
             if str(a).casefold() in named and c not in named[str(a).casefold()]]
    assert taken == []


# A named method is never another name of the method next to it (Bellman-Ford of Dijkstra's
# algorithm) nor of a family (the linear bandit setting of LinUCB); a model tuned from another's
# weights is of that model's line.
NEIGHBOURS = [
    ("Shortest paths come from the Bellman-Ford algorithm, Floyd-Warshall and Dijkstra's algorithm.",
     {"Bellman-Ford algorithm": "bellman-ford", "Floyd-Warshall": "floyd-warshall",
      "Dijkstra's algorithm": "dijkstra-s-algorithm"}),
    ("We fit a Plackett-Luce model and a Bradley-Terry model to the rankings.",
     {"Plackett-Luce model": "plackett-luce-model", "Bradley-Terry model": "bradley-terry-model"}),
    ("The embeddings are trained with negative sampling; the detector with hard negative mining.",
     {"negative sampling": "negative-sampling", "hard negative mining": "hard-negative-mining"}),
    ("A 3D CNN encodes the clips and MinkowskiNet the voxels.",
     {"3D CNN": "3d-cnn", "MinkowskiNet": "minkowskinet"}),
    ("Stereo visual odometry feeds the SLAM back end; multi-view stereo densifies structure from motion.",
     {"Stereo visual odometry": "visual-odometry", "SLAM": "slam", "multi-view stereo": "multi-view-stereo",
      "structure from motion": "structure-from-motion"}),
    ("Query expansion with pseudo-relevance feedback beats InferSent and the universal sentence encoder.",
     {"Query expansion": "query-expansion", "pseudo-relevance feedback": "pseudo-relevance-feedback",
      "InferSent": "infersent", "universal sentence encoder": "universal-sentence-encoder"}),
    ("Scheduled sampling replaces teacher forcing, and domain randomization helps sim-to-real transfer.",
     {"Scheduled sampling": "scheduled-sampling", "teacher forcing": "teacher-forcing",
      "domain randomization": "domain-randomization", "sim-to-real transfer": "sim-to-real-transfer"}),
]


@pytest.mark.parametrize("text,expected", NEIGHBOURS)
def test_neighbouring_methods_are_concepts_of_their_own(real_nlp, text, expected):
    found = _found(real_nlp, text)
    for surface, slug in expected.items():
        assert found.get(surface) == slug, (surface, found)


def test_a_setting_or_a_problem_is_no_name_of_one_algorithm(real_nlp):
    # linear bandits (a setting), point cloud registration (a task), mechanism design (a field) are
    # solved by many algorithms: naming one names neither LinUCB, ICP nor the auction algorithm
    found = _found(real_nlp, "Regret bounds for linear bandits, point cloud registration and mechanism design.")
    assert not set(found.values()) & {"linucb", "iterative-closest-point", "auction-algorithm"}, found


@pytest.fixture(scope="module")
def methods_and_models(methods, models) -> Graph:
    return methods + models


def test_split_methods_keep_their_family(methods_and_models):
    for kind, family in [(KGM["bellman-ford"], KGM["shortest-path-algorithms"]),
                         (KGM["dijkstra-s-algorithm"], KGM["shortest-path-algorithms"]),
                         (KGM["linucb"], KGM["linear-bandits"]), (KGM["c3d"], KGM["3d-cnn"]),
                         (KGM["deepproblog"], KGM["problog"]), (KGM["ciou-loss"], KGM["diou-loss"]),
                         (KGM["ddpg"], KGM["deterministic-policy-gradient"]), (KGM["ilqr"], KGM["lqr"]),
                         (KGM["region-proposal-network"], KGM["faster-r-cnn"]), (KGM["a3c"], KGM["actor-critic"]),
                         (KGM["arima"], KGM["arma"]), (KGM["lanczos-algorithm"], KGM["krylov-subspace-methods"])]:
        assert (kind, SKOS.broader, family) in methods_and_models, (kind, family)


def test_tuned_checkpoints_are_of_their_base_models_line(methods_and_models):
    for model, line in [("zephyr", "mistral"), ("wizardlm", "llama"), ("sky-t1", "qwen"),
                        ("minerva", "palm"), ("vinvl", "oscar-vision-language-model")]:
        assert (URIRef(KGR + "model/" + model), SKOS.broader, URIRef(KGR + "model/" + line)) in methods_and_models, (model, line)


def test_a_bare_pretraining_family_is_a_method_and_its_checkpoints_models_of_it(methods, models):
    # a bare BERT, RoBERTa or T5 names the pretraining approach and architecture, as ELMo does
    for name, family in [("BERT", "transformer"), ("RoBERTa", "bert"), ("SpanBERT", "bert"), ("T5", "transformer"),
                         ("XLNet", "transformer-xl"), ("BART", "transformer")]:
        concept = next(methods.subjects(SKOS.prefLabel, Literal(name)))
        assert (concept, SKOS.broader, KGM[family]) in methods, name
        assert not set(models.subjects(SKOS.prefLabel, Literal(name))), name
    # a size or release, and a retraining on a domain or language, is a model whose architecture it is
    for model, method in [("bert-base", "bert"), ("bert-large", "bert"), ("roberta-large", "roberta"), ("t5-11b", "t5"),
                          ("scibert", "bert"), ("mbert", "bert"), ("labse", "bert"), ("xlm-r", "roberta"), ("mt5", "t5")]:
        assert (URIRef(KGR + "model/" + model), KG.architecture, KGM[method]) in models, (model, method)
    # vision-language models and chat LLMs stay models
    for name in ("CLIP", "BLIP", "GPT-4", "Llama-2-7B", "GPT-2 medium"):
        assert set(models.subjects(SKOS.prefLabel, Literal(name))), name


def test_breadth_block_names_find_their_concepts(real_nlp):
    found = _found(real_nlp, "Contextualized word embeddings feed a bi-LSTM; late fusion combines it with a "
                             "Convolution Neural Network, and zero-shot cross-lingual transfer uses PU learning.")
    assert found.get("Contextualized word embeddings") == "contextual-word-embeddings", found
    assert found.get("bi-LSTM") == "bidirectional-lstm", found
    assert found.get("late fusion") == "late-fusion", found
    assert found.get("Convolution Neural Network") == "convolutional-neural-networks", found
    assert found.get("PU learning") == "pu-learning", found
    assert "cross-lingual-transfer" in found.values(), found


def test_second_lumps_block_names_find_their_concepts(real_nlp):
    found = _found(real_nlp, "RANSAC and the Theil-Sen estimator are robust; kNN-LM and RETRO retrieve; "
                             "TransH extends TransE, and LambdaRank extends RankNet.")
    for surface, slug in {"RANSAC": "ransac", "Theil-Sen estimator": "theil-sen-estimator", "kNN-LM": "knn-lm",
                          "RETRO": "retro", "TransH": "transh", "TransE": "transe", "LambdaRank": "lambdarank",
                          "RankNet": "ranknet"}.items():
        assert found.get(surface) == slug, (surface, found)


def test_a_problem_counts_only_its_algorithms(real_nlp):
    # best arm identification and open-vocabulary detection are problems: the algorithms that solve
    # them (LUCB, GLIP) are methods, the problem's name alone is none
    found = _found(real_nlp, "LUCB solves best arm identification, and GLIP open-vocabulary detection.")
    assert found.get("LUCB") == "lucb" and found.get("GLIP") == "glip", found
    assert not set(found.values()) & {"best-arm-identification", "open-vocabulary-detection"}, found


def test_other_casings_are_one_function_of_the_lexicon():
    from kg.extract.lexicon import Concept, Lexicon
    from kg.extract.methods import MethodFinder

    lexicon = Lexicon()
    for concept in (Concept("kgm:w2v", "method", "word2vec", ["word2vec"]),
                    Concept("kgm:ft", "method", "fastText", ["fastText"]),
                    Concept("kgm:other", "method", "FastText", ["FastText"]),  # another concept's label
                    Concept("kgm:p2v", "method", "path2vec", ["path2vec"], learned=True),
                    Concept("kgr:s2d", "dataset", "Sent2Data", ["Sent2Data"])):
        lexicon.add(concept)
    c = lexicon.concepts
    assert lexicon.other_casings(c["kgm:w2v"], "word2vec") == {"Word2Vec", "Word2vec", "WORD2VEC"}
    assert lexicon.other_casings(c["kgm:ft"], "fastText") == set()  # "FastText" is the other concept's
    assert lexicon.other_casings(c["kgm:p2v"], "path2vec") == {"Path2Vec", "Path2vec", "PATH2VEC"}
    assert lexicon.other_casings(c["kgr:s2d"], "Sent2Data") == set()  # a dataset's casing is its own
    exact = MethodFinder(lexicon).exact
    assert exact["Word2Vec"] == ["kgm:w2v"] and exact["FastText"] == ["kgm:other"]
    assert "Path2Vec" not in exact  # the finder's own rules look up catalogued names only
