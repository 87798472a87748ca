"""Any text: the pipeline never fails and every offset points into the text it came from."""
import sys
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from extract_support import paper, pipeline  # noqa: E402
from kg.extract import canonicalise, extract_papers  # noqa: E402

WORDS = st.sampled_from([
    "We", "propose", "introduce", "FooNet", "(FN)", "Kernel", "PCA", "LoRA", "based", "on", "the", "a", "novel",
    "framework", ",", ".", "called", "outperforms", "extends", "https://github.com/a/b", "arXiv:2101.00001",
    "CIFAR-10", "GPT-2", "*Bar*", "\\textit{Baz}", "<b>", "{", "}", "\"", "'", "—", "é", "Nystr\\\"om", "method",
    "Sparse", "Token", "Routing", "(STR)", "STR", "our", "dataset", "\n", "  ", "X-Y", "MaD-Mix:", "i.e.,",
])


def check(title, abstract):
    ex = list(extract_papers([paper("f", abstract, title=title)], pipeline()))
    canonicalise(ex)
    for e in ex:
        items = [m.evidence for m in e.methods] + [ln.evidence for ln in e.lineage] + [x.evidence for x in e.entities]
        for ev in items:
            src = title if (title and ev.sentence == " ".join(title.split())) else abstract
            assert 0 <= ev.start <= ev.end <= len(src)
            assert ev.sentence in (" ".join(title.split()) if title else "") or ev.sentence in abstract
            assert 0 <= ev.confidence <= 1 and ev.rule


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(WORDS, max_size=40), st.lists(WORDS, max_size=8))
@example(["Sparse", "dataset"], ["FooNet"])  # a dataset's name across the title's end
def test_word_salad(words, title_words):
    check(" ".join(title_words) or None, " ".join(words))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300), st.one_of(st.none(), st.text(max_size=60)))
def test_any_text(abstract, title):
    check(title, abstract)
