"""tools/label_candidates.py: candidates labelled by the corpus's own evidence, and the regression."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from label_candidates import candidates, design, feature_index, features, fit, label  # noqa: E402

BIB = """@inproceedings{a,
  title = {Gated Recurrent Units for Tagging},
  abstract = {We use Gated Recurrent Units (GRUs) with beam search decoding. A neural model is trained
  for sentiment analysis with a contrastive span sampling technique.},
  year = {2019}
}
"""


def test_candidates_are_labelled_by_the_corpus_and_the_catalogue(tmp_path):
    bib = tmp_path / "a.bib"
    bib.write_text(BIB, encoding="utf-8")
    terms, lexicon, c = candidates(bib)
    kinds_of = {key: {lexicon.concepts[i].kind for i in iris} for key, iris in lexicon.by_key().items()}
    labels = {t.label.lower(): label(t, kinds_of, c) for t in terms.values()}
    assert labels["gated recurrent units"][0] == 1  # the catalogue's (and defined by an acronym)
    assert labels["contrastive span sampling"] == (None, "unlabelled")  # what the model is for
    f = features(terms[next(k for k, t in terms.items() if t.label.lower() == "contrastive span sampling")])
    assert f["h=sampling"] == 1.0 and f["m=contrastive"] == 1.0 and f["one_paper"] == 1.0


def test_the_regression_learns_a_separable_feature():
    rows = [{"bias": 1.0, "h=search": 1.0}] * 5 + [{"bias": 1.0, "h=analysis": 1.0}] * 5
    index = feature_index(rows)
    w = fit(design(rows, index), np.array([1.0] * 5 + [0.0] * 5))
    assert w[index["h=search"]] > 1 > -1 > w[index["h=analysis"]]
