"""The first pass's candidate method names over a corpus, labelled by the corpus's own evidence,
and a logistic regression of those labels: a measurement of whether a statistical model can tell
the names among the candidates the vocabulary's rules reject.

    python tools/label_candidates.py [--bib BIB] [--out DIR] [--test-share 0.3] [--precision 0.9]

Reads the ACL abstracts (``../shared/data/acl-2016-2020.bib``) with the first pass
(``kg.extract.vocabulary``) letting every candidate of two words or more through, catalogued
names, tasks and generic phrases too, and labels them from the corpus and the catalogue alone
(never from annotations):

- positive: a name the catalogue has as a method (``ontology/methods.ttl``), or one the corpus
  defines by an acronym ("Long Short-Term Memory (LSTM)") or a coinage ("which we call X");
- negative: a task, a dataset or a model checkpoint the catalogue has, a kind of a task
  ("aspect-term sentiment analysis"), a generic phrase or a kind with one modifier ("neural
  model", "new approach"), a head no method has ("... dataset", "... classification"), a name
  whose first word only qualifies ("standard", "novel"), a catalogued method with modifiers
  ("public word embeddings", found as word embeddings), and a name at least
  ``NO_CONTEXT_PAPERS`` papers name that none uses as a method.

Features (``features``): the head, the modifiers and their hyphenated parts, the first word and
its ending, the length, hyphens, digits, how many papers name it, and the share of them that use
it as a method ("we use X", "X-based", "variant of X", "X outperforms") or give it as a head
phrase or before a kind noun; the labels' own evidence (acronyms, coinages, the catalogue) is
never a feature. The labelled candidates are split by a hash of their key (``--test-share``
held out); a logistic regression (L2, scipy's L-BFGS) is fitted on the rest and its accuracy,
precision and recall printed for the held part, at 0.5 and at the lowest score whose held
precision is ``--precision``. Then it is fitted on all labelled candidates and writes to ``--out``:

- ``labelled.tsv``: label, its source, papers, name;
- ``ranked.tsv``: the unlabelled candidates a build's first pass keeps and its rules reject, by
  the model's score (score, papers, name), a list to read when growing the catalogue.

What it measured (ACL 2016-2020): 4,217 candidates, 1,467 labelled (477 positive); held part
(396, 125 positive) accuracy .866, precision .805, recall .760 at 0.5, precision .903 and recall
.448 at 0.745. The labels tell names from tasks, datasets, generic kinds and described catalogue
methods, not a name from a description with a method's head, and that is what the rules reject:
of the 28 rejected candidates at 0.745, about 4 are methods' names ("one-hot encoding", "inverse
regression") and 3 generic ones, the rest descriptions ("graph encoding", "label embeddings",
"structural encoding"). Accepted by the vocabulary, an earlier version (a feature for capitals
besides these) added 20 names to a full ACL build at 0.73 (about 5 right) and nothing to a
300-paper build, the dev set or the seeds; at 0.5, 215 names (about a quarter right), four false
methods on the seeds, the dev set unchanged. The names the rules miss on the dev set's tune half
("inner-attention", "compression-inspired language model") are no candidates of the first pass
even with every filter off: what is lost is lost before acceptance. So the model does not ship; the ranking is a list
to read when growing the catalogue.
"""
from __future__ import annotations

import argparse
import hashlib
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.extract.lexicon import default_lexicon_paths, load_lexicon  # noqa: E402
from kg.extract.text import GENERIC_HEADS, GENERIC_PHRASES, NON_METHOD_HEADS, norm_key, singular  # noqa: E402
from kg.extract.vocabulary import DEFINING_KINDS, _Learner  # noqa: E402
from kg.ingest import read_document  # noqa: E402

ACL = ROOT.parents[1] / "shared" / "data" / "acl-2016-2020.bib"
#: a name this many papers give without one use as a method is no method's name
NO_CONTEXT_PAPERS = 5
#: a feature seen in fewer training candidates has no weight
MIN_FEATURE_COUNT = 3
#: contexts of the first pass whose share of a term's papers is a feature
CONTEXTS = ("uses", "based", "variant", "outperforms")
#: kinds of evidence that are features (the defining kinds are labels, never features)
FEATURE_KINDS = ("head_phrase", "kind_phrase")


def candidates(bib: Path):
    """The first pass's terms over ``bib`` with nothing filtered out, and the catalogue."""
    lexicon = load_lexicon(default_lexicon_paths())
    learner = _Learner(lexicon)
    learner.known, learner.tasks = frozenset(), frozenset()  # let the catalogue's names through ...
    learner.admissible = lambda name: norm_key(name) if len(name.split()) > 1 else None  # ... and the generic ones
    for i, record in enumerate(read_document(bib).records):
        if record.abstract:
            learner.read(str(i), record.title or "", record.abstract)
    return learner.vocabulary.terms, lexicon, learner.c


def label(term, kinds_of: dict[str, set[str]], c) -> tuple[int | None, str]:
    """1 (a method's name), 0 (none) or None, with the label's source."""
    words = term.label.lower().split()
    kinds = kinds_of.get(term.key, set())
    negative = None
    if kinds & {"task", "dataset", "model"}:
        negative = "catalogue:" + min(kinds & {"task", "dataset", "model"})
    elif any("task" in kinds_of.get(norm_key(" ".join(words[i:])), ()) for i in range(1, len(words))):
        negative = "task kind"
    elif " ".join(words) in GENERIC_PHRASES or (len(words) == 2 and words[-1] in GENERIC_HEADS):
        negative = "generic"
    elif singular(words[-1]) in NON_METHOD_HEADS or words[-1] in c.task_heads:
        negative = "not a method's head"
    elif words[0] in c.plain or words[0] in c.determiners:
        negative = "qualifier"
    elif any("method" in kinds_of.get(norm_key(" ".join(words[i:])), ()) for i in range(1, len(words))):
        negative = "catalogued method described"
    elif len(term.papers) >= NO_CONTEXT_PAPERS and not term.contexts:
        negative = "no context"
    positive = None
    if "method" in kinds:
        positive = "catalogue:method"
    elif any(term.kinds.get(k) for k in DEFINING_KINDS):
        positive = "defined"
    if positive and negative:
        return None, "conflict"
    if positive:
        return 1, positive
    if negative:
        return 0, negative
    return None, "unlabelled"


def features(term) -> dict[str, float]:
    """The features of a candidate ``term`` (a ``kg.extract.vocabulary.Term``): name -> value."""
    words = term.label.lower().split()
    f = {"bias": 1.0, "h=" + singular(words[-1]): 1.0, "first=" + words[0]: 1.0, "end3=" + words[0][-3:]: 1.0,
         "n=%d" % min(len(words), 4): 1.0}
    for w in words[:-1]:
        f["m=" + w] = 1.0
        for part in w.split("-")[1:]:
            f["mpart=" + part] = 1.0
    if any("-" in w for w in words):
        f["hyphen"] = 1.0
    if any(ch.isdigit() for ch in term.label):
        f["digit"] = 1.0
    n = len(term.papers) or 1
    f["log_papers"] = math.log(n)
    f["one_paper"] = 1.0 if n == 1 else 0.0
    for ctx in CONTEXTS:
        if term.contexts.get(ctx):
            f["ctx=" + ctx] = len(term.contexts[ctx]) / n
    for kind in FEATURE_KINDS:
        if term.kinds.get(kind):
            f["kind=" + kind] = len(term.kinds[kind]) / n
    if term.descriptive:
        f["descriptive"] = 1.0
    return f


def held(key: str, share: float) -> bool:
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF < share


def feature_index(rows: list[dict[str, float]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for f in rows:
        for k in f:
            counts[k] = counts.get(k, 0) + 1
    kept = sorted(k for k, n in counts.items() if n >= MIN_FEATURE_COUNT and k != "bias")
    return {k: i for i, k in enumerate(["bias", *kept])}


def design(rows: list[dict[str, float]], index: dict[str, int]):
    from scipy.sparse import csr_matrix

    data, cols, ptr = [], [], [0]
    for f in rows:
        for k, v in f.items():
            j = index.get(k)
            if j is not None:
                data.append(v)
                cols.append(j)
        ptr.append(len(data))
    return csr_matrix((data, cols, ptr), shape=(len(rows), len(index)))


def fit(x, y: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Logistic regression with an L2 penalty (not on the bias, column 0), by L-BFGS on a sparse design."""
    from scipy.optimize import minimize

    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0.0

    def loss(w):
        z = x @ w
        p = 1 / (1 + np.exp(-np.clip(z, -30, 30)))
        return np.logaddexp(0, z).sum() - y @ z + 0.5 * (penalty * w) @ w, x.T @ (p - y) + penalty * w

    return minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 500}).x


def predict(terms: list, index: dict[str, int], w: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-np.clip(design([features(t) for t in terms], index) @ w, -30, 30)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bib", type=Path, default=ACL)
    ap.add_argument("--out", type=Path, default=Path("candidates"))
    ap.add_argument("--test-share", type=float, default=0.3)
    ap.add_argument("--precision", type=float, default=0.9)
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()

    terms, lexicon, c = candidates(args.bib)
    kinds_of = {key: {lexicon.concepts[i].kind for i in iris} for key, iris in lexicon.by_key().items()}
    labelled, unlabelled, sources = [], [], {}
    for term in terms.values():
        y, source = label(term, kinds_of, c)
        sources[source] = sources.get(source, 0) + 1
        (unlabelled if y is None else labelled).append((term, y, source))
    print("candidates:", len(terms), "labels:", dict(sorted(sources.items())), file=sys.stderr)

    train = [(t, y) for t, y, _ in labelled if not held(t.key, args.test_share)]
    test = [(t, y) for t, y, _ in labelled if held(t.key, args.test_share)]
    index = feature_index([features(t) for t, _ in train])
    w = fit(design([features(t) for t, _ in train], index), np.array([y for _, y in train], float), args.l2)
    p = predict([t for t, _ in test], index, w)
    y = np.array([y for _, y in test])
    threshold = next((float(t) for t in sorted(set(np.round(p, 3))) if y[p >= t].mean() >= args.precision), 1.0)
    for name, t in (("0.5", 0.5), ("%.3f" % threshold, threshold)):
        sel = p >= t
        tp = int((sel & (y == 1)).sum())
        print(f"held part ({len(test)} candidates, {int(y.sum())} positive) at {name}: accuracy "
              f"{(sel == (y == 1)).mean():.3f}, precision {tp / max(1, sel.sum()):.3f}, "
              f"recall {tp / max(1, y.sum()):.3f}", file=sys.stderr)

    index = feature_index([features(t) for t, _, _ in labelled])
    w = fit(design([features(t) for t, _, _ in labelled], index), np.array([y for _, y, _ in labelled], float), args.l2)
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "labelled.tsv").open("w", encoding="utf-8") as out:
        for term, y, source in sorted(labelled, key=lambda r: (-r[1], r[2], r[0].key)):
            out.write(f"{y}\t{source}\t{len(term.papers)}\t{term.label}\n")
    admits = _Learner(lexicon).admissible  # what a build's first pass keeps
    rejected = [t for t, _, _ in unlabelled if not t.accepted and admits(t.label)]
    scores = predict(rejected, index, w) if rejected else []
    with (args.out / "ranked.tsv").open("w", encoding="utf-8") as out:
        for s, term in sorted(zip(scores, rejected), key=lambda r: (-r[0], r[1].key)):
            out.write(f"{s:.3f}\t{len(term.papers)}\t{term.label}\n")
    print(f"{len(labelled)} labelled, {len(rejected)} ranked -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
