"""Candidate method names the field uses that the catalogue does not list yet, for review.

    python tools/mine_method_names.py [--acl BIB] [--titles JSONL] [--out DIR] [--min-df N]

Reads the ACL abstracts (``../shared/data/acl-2016-2020.bib``) and the ML titles with their
author keywords (``../shared/data/ml-titles-1987-2025.jsonl``) and writes three TSV files to
``--out``, each sorted by document frequency and holding only names no catalogue file
(``ontology/*.ttl``) knows by any spelling the lexicon matches:

- ``acronyms.tsv``: acronym definitions "Long Form (ACR)" found by the pipeline's own
  Schwartz-Hearst finder: acronym, its most frequent long form, document frequency, the share of
  its definitions that agree on that long form (a low share: an ambiguous acronym);
- ``heads.tsv``: noun phrases of two to four words ending in a method head ("... attention",
  "... decoding", "... sampling", "... network"), with document frequency;
- ``keywords.tsv``: the author keywords of the titles file, with document frequency;
- ``lumps.tsv``: the other names of non-broad catalogue methods that share no word with the
  concept's own name and are no acronym, with their document frequency: where a named method
  was filed as another name of its neighbour or of one member of its family (Bellman-Ford of
  Dijkstra's algorithm, the linear bandit setting of LinUCB), to split into concepts of their own.

The output is a list to read, not a catalogue: tasks, datasets, checkpoints and ordinary phrases
are in it too, and only names a reader accepts belong in ``ontology/methods.ttl``.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.extract.abbrev import find_abbreviations, split_sentences  # noqa: E402
from kg.extract.components import label_variants  # noqa: E402
from kg.extract.lexicon import default_lexicon_paths, load_lexicon  # noqa: E402
from kg.extract.text import norm_key, singular  # noqa: E402
from kg.ingest import read_document  # noqa: E402

SHARED = ROOT.parent / "shared" / "data"
if not SHARED.exists():
    SHARED = ROOT.parents[1] / "shared" / "data"

# the last word of a method's name ("conditional random field", "beam search", "layer normalization")
HEADS = {
    "network", "networks", "net", "nets", "model", "models", "algorithm", "algorithms", "attention",
    "decoding", "normalization", "normalisation", "sampling", "estimation", "estimator", "regression",
    "classifier", "classifiers", "embedding", "embeddings", "encoder", "encoders", "decoder", "learning",
    "method", "methods", "tagger", "parser", "parsers", "search", "optimization", "descent", "transformer",
    "transformers", "autoencoder", "autoencoders", "machine", "machines", "field", "fields", "process",
    "processes", "clustering", "kernel", "pooling", "dropout", "tree", "trees", "forest", "boosting",
    "training", "inference", "filter", "filtering", "propagation", "distillation", "tuning",
    "augmentation", "smoothing", "regularization", "regularisation", "loss", "mechanism", "architecture",
    "decomposition", "factorization", "programming", "test", "unit", "units", "rnn", "rnns", "lstm",
    "lstms", "cnn", "cnns", "gan", "gans", "analysis", "allocation", "sketch", "hashing", "prompting",
    "adaptation", "approximation", "metric", "score", "gradient", "gradients", "walk", "walks",
    "chain", "chains", "layer", "layers", "operator", "objective", "strategy", "scheme",
}
STOP = {
    "a", "an", "the", "of", "in", "on", "for", "to", "and", "or", "with", "by", "from", "as", "at",
    "is", "are", "was", "were", "be", "been", "we", "our", "this", "that", "these", "those", "its",
    "their", "which", "using", "use", "used", "based", "via", "such", "than", "then", "into", "can",
    "also", "both", "each", "other", "new", "novel", "proposed", "existing", "standard", "simple",
    "different", "several", "two", "three", "multiple", "various", "previous", "state-of-the-art",
    "first", "single", "same", "it", "has", "have", "not", "but", "how", "what", "when", "where",
    "more", "most", "well", "show", "shows", "propose", "present", "introduce", "apply", "applying",
    "between", "over", "under", "while", "without", "within", "through", "across", "all", "any",
    "some", "one", "only", "very", "further", "effective", "efficient", "strong", "baseline",
    "baselines", "general", "traditional", "conventional", "popular", "recent", "current", "original",
}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]*[A-Za-z0-9]|[A-Za-z]")
_PHRASE_BREAK = re.compile(r"[.,;:!?()\[\]{}\"]")


def lump_candidates() -> list[tuple[str, str]]:
    """(concept's name, other name) for the other names of non-broad methods that share no word with
    the concept's name, are neither its spelling (auto-encoder) nor its acronym or long form: candidates
    of a neighbour filed under another's name. Names with non-ASCII letters are left out (their keys
    fold to a common word: "μTransfer" to "transfer")."""
    lex = load_lexicon(default_lexicon_paths())

    def words(s: str) -> list[str]:
        return [w for w in re.split(r"[^a-z0-9]+", s.lower()) if w]

    def initials(s: str) -> str:
        return "".join(w[0] for w in words(s))

    out = []
    for c in lex.concepts.values():
        if c.generic or c.kind != "method":
            continue
        own, own_key = set(words(c.pref)), norm_key(c.pref)
        for label in c.labels[1:]:
            key = norm_key(label)
            if not label.isascii() or not key or set(words(label)) & own or key in own_key or own_key in key:
                continue
            short, long_ = (own_key, initials(label)), (key, initials(c.pref))
            if any(len(i) > 1 and (k.startswith(i) or i.startswith(k)) for k, i in (short, long_)):
                continue  # the other's acronym (ACDC: automatic circuit discovery)
            if re.fullmatch(r"[A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*", label) and sum(ch.isupper() for ch in label) > 1:
                continue  # an acronym or a named variant's spelling (BiLSTM): read with the concept
            out.append((c.pref, label))
    return out


def known_keys() -> set[str]:
    """norm_key of every catalogue label in every spelling the lexicon matcher generates."""
    lex = load_lexicon(default_lexicon_paths())
    keys = set()
    for c in lex.concepts.values():
        for label in c.labels:
            for v in label_variants(label):
                keys.add(norm_key(v))
    return keys


def acl_texts(path: Path) -> list[str]:
    return [f"{p.title or ''}. {p.abstract or ''}" for p in read_document(path).records if p.abstract]


def title_records(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def head_phrases(text: str) -> set[str]:
    """Lower-cased phrases of 2-4 content words ending in a head word, once per text."""
    out = set()
    for chunk in _PHRASE_BREAK.split(text):
        words = _WORD.findall(chunk)
        for i, w in enumerate(words):
            if w.lower() not in HEADS:
                continue
            j = i
            while j > 0 and i - j < 3 and words[j - 1].lower() not in STOP and words[j - 1].lower() not in HEADS:
                j -= 1
            for k in range(j, i):
                out.add(" ".join(x.lower() for x in words[k:i + 1]))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--acl", default=str(SHARED / "acl-2016-2020.bib"))
    ap.add_argument("--titles", default=str(SHARED / "ml-titles-1987-2025.jsonl"))
    ap.add_argument("--out", default="/tmp/method-candidates")
    ap.add_argument("--min-df", type=int, default=5)
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    known = known_keys()
    acl = acl_texts(Path(args.acl))
    titles = title_records(Path(args.titles))
    texts = acl + [r.get("title") or "" for r in titles]

    longs: dict[str, Counter] = defaultdict(Counter)
    acronym_df: Counter = Counter()
    heads: Counter = Counter()
    for text in texts:
        seen = set()
        for ab in find_abbreviations(text, split_sentences(text)):
            if ab.short in seen:
                continue
            seen.add(ab.short)
            acronym_df[ab.short] += 1
            longs[ab.short][" ".join(ab.long.lower().split())] += 1
        for ph in head_phrases(text):
            heads[ph] += 1
    lumps = lump_candidates()
    lump_keys = {norm_key(alias) for _, alias in lumps}
    lump_df: Counter = Counter()
    longest = min(6, max((len(_WORD.findall(a)) for _, a in lumps), default=1))  # longer names are rare
    for text in texts:
        tokens = re.findall(r"[0-9A-Za-z]+", text)
        lower = [w.lower() for w in tokens]
        grams = {"".join(lower[i:i + n - 1]) + singular(tokens[i + n - 1]).casefold()
                 for n in range(1, longest + 1) for i in range(len(tokens) - n + 1)}
        lump_df.update(grams & lump_keys)
    keywords: Counter = Counter()
    for r in titles:
        for kw in {" ".join(k.lower().split()) for k in r.get("keywords") or []}:
            keywords[kw] += 1

    def unknown(*labels: str) -> bool:
        return not any(norm_key(x) in known for x in labels)

    with (out / "acronyms.tsv").open("w", encoding="utf-8") as f:
        f.write("acronym\tlong form\tdf\tagreement\n")
        for short, df in acronym_df.most_common():
            long, n = longs[short].most_common(1)[0]
            if df >= args.min_df and unknown(short, long):
                f.write(f"{short}\t{long}\t{df}\t{n / df:.2f}\n")
    with (out / "heads.tsv").open("w", encoding="utf-8") as f:
        f.write("phrase\tdf\n")
        for ph, df in heads.most_common():
            if df >= args.min_df and unknown(ph):
                f.write(f"{ph}\t{df}\n")
    with (out / "keywords.tsv").open("w", encoding="utf-8") as f:
        f.write("keyword\tdf\n")
        for kw, df in keywords.most_common():
            if df >= max(2, args.min_df // 2) and unknown(kw):
                f.write(f"{kw}\t{df}\n")
    with (out / "lumps.tsv").open("w", encoding="utf-8") as f:
        f.write("concept\tother name\tdf\n")
        for pref, alias in sorted(lumps, key=lambda x: -lump_df[norm_key(x[1])]):
            if lump_df[norm_key(alias)]:
                f.write(f"{pref}\t{alias}\t{lump_df[norm_key(alias)]}\n")
    print(f"{len(acl)} abstracts, {len(titles)} titles; wrote acronyms.tsv, heads.tsv, keywords.tsv, lumps.tsv to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
