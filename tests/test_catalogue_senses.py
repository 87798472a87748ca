"""The catalogue keeps each named method apart from its neighbours: a method is never another name of
the method next to it (Bellman-Ford of Dijkstra's algorithm) nor of a family (the linear bandit setting
of LinUCB), and a model tuned from another's weights is of that model's line. The real pipeline with
the real catalogue (ontology/*.ttl), on sentences written for the test."""
from __future__ import annotations

import pytest
from rdflib import Graph, Namespace
from rdflib.namespace import SKOS

from kg import ONTOLOGY_DIR

KGM = Namespace("https://w3id.org/research-kg/method/")
MODEL = Namespace("https://w3id.org/research-kg/resource/model/")


@pytest.fixture(scope="module")
def real_nlp():
    from kg.extract import load_pipeline

    return load_pipeline()


def _found(nlp, text: str) -> dict[str, str]:
    doc = nlp(text)
    return {doc.text[s:e]: m["key"][len(str(KGM)):] for m in doc._.kg_methods for s, e, *_ in m["spans"]}


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
def catalogue() -> Graph:
    g = Graph()
    for name in ("methods.ttl", "models.ttl"):
        g.parse(ONTOLOGY_DIR / name)
    return g


def test_split_methods_keep_their_family(catalogue):
    for kind, family in [(KGM["bellman-ford"], KGM["shortest-path-algorithms"]),
                         (KGM["dijkstra-s-algorithm"], KGM["shortest-path-algorithms"]),
                         (KGM["linucb"], KGM["linear-bandits"]), (KGM["c3d"], KGM["3d-cnn"]),
                         (KGM["deepproblog"], KGM["problog"]), (KGM["ciou-loss"], KGM["diou-loss"]),
                         (KGM["ddpg"], KGM["deterministic-policy-gradient"]), (KGM["ilqr"], KGM["lqr"]),
                         (KGM["region-proposal-network"], KGM["faster-r-cnn"])]:
        assert (kind, SKOS.broader, family) in catalogue, (kind, family)


def test_tuned_checkpoints_are_of_their_base_models_line(catalogue):
    for model, line in [("zephyr", "mistral"), ("wizardlm", "llama"), ("sky-t1", "qwen"),
                        ("minerva", "palm"), ("labse", "bert"), ("vinvl", "oscar-vision-language-model")]:
        assert (MODEL[model], SKOS.broader, MODEL[line]) in catalogue, (model, line)


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
