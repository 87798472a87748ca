"""Small, pure text helpers shared by the extraction components.

Everything here works on plain strings: normalising labels to match keys, cleaning LaTeX and
markdown out of names, slugs for IRIs, and the word lists that decide what "looks like a method".
"""
from __future__ import annotations

import bisect
import json
import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

KGM = "https://w3id.org/research-kg/method/"
DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@lru_cache(maxsize=None)
def data_words(name: str) -> dict:
    """The word lists of ``kg/data/<name>.json``, read once."""
    return json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))

# --- LaTeX / markdown -------------------------------------------------------------------------

_ACCENTS = {
    "'": "\u0301", "`": "\u0300", '"': "\u0308", "^": "\u0302", "~": "\u0303",
    "c": "\u0327", "v": "\u030c", "=": "\u0304", ".": "\u0307", "u": "\u0306", "H": "\u030b",
}
_LATEX_ACCENT = re.compile(r"""\{?\\(['`"^~=.]|[cvuH](?=[{ ]))\s*\{?([A-Za-z])\}?\}?""")
_LATEX_CMD = re.compile(r"\\(?:textit|textbf|texttt|textsc|emph|mathrm|mathbf|mathit|text|url|href)\s*\{([^{}]*)\}")
_MARKUP = re.compile(r"(?<![\w*])(\*{1,2}|_{1,2}|`)(?=\S)(.+?)(?<=\S)\1(?![\w*])")


@lru_cache(maxsize=200_000)
def delatex(text: str) -> str:
    """``Nystr\\"om`` -> ``Nyström``, ``\\textit{X}`` -> ``X``, ``$410M$`` -> ``410M``, ``*X*`` -> ``X``."""
    if "\\" in text:
        text = _LATEX_ACCENT.sub(lambda m: unicodedata.normalize("NFC", m.group(2) + _ACCENTS[m.group(1)]), text)
        text = _LATEX_CMD.sub(r"\1", text)
    if "$" in text:
        text = re.sub(r"\$([^$]*)\$", r"\1", text)
    if "*" in text or "_" in text or "`" in text:
        text = _MARKUP.sub(r"\2", text)
    return text


@lru_cache(maxsize=200_000)
def clean_label(text: str) -> str:
    """A surface form made presentable: LaTeX/markdown removed, whitespace collapsed."""
    text = delatex(text)
    text = re.sub(r"(?<=[a-z])- (?=[a-z])", "", text)  # "gener- ated": a line-break hyphen
    text = re.sub(r"\s+", " ", text).strip()
    return text.strip(" ,;:*_`'\"")


# --- match keys -------------------------------------------------------------------------------

def ascii_fold(text: str) -> str:
    if text.isascii():
        return text  # no ASCII character decomposes or combines
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


@lru_cache(maxsize=200_000)
def singular(word: str) -> str:
    """English plural -> singular for the last word of a label (acronyms too: GPs -> GP)."""
    w = word
    lw = w.lower()
    if len(w) <= 2:
        return w
    if lw.endswith("ies") and len(w) > 4:
        return w[:-3] + ("Y" if w[-3].isupper() else "y")
    if lw.endswith(("sses", "ches", "shes", "xes", "zes")):
        return w[:-2]
    if lw.endswith("ses") and lw.endswith(("processes", "biases")):
        return w[:-2]
    if lw.endswith(("ss", "us", "is", "ys")) and not (w[-1] == "s" and w[:-1].isupper()):  # (but DRSs, GPUs)
        return w
    if w.endswith("s") and w[-2].isalpha() and (len(w) > 3 or w[:-1].isupper()):
        return w[:-1]
    return w


_KEY_WORD = re.compile(r"[0-9A-Za-z]+(?:\+\+?(?![0-9A-Za-z+]))?")


@lru_cache(maxsize=200_000)
def norm_key(label: str) -> str:
    """The identity of a label across papers: LaTeX cleaned, accents folded, case folded,
    punctuation dropped, the last word singular (``Gaussian processes`` == ``Gaussian Process``).
    A word's closing ``+`` or ``++`` is kept, a name of its own (``k-means++`` is not ``k-means``);
    a ``+`` joining two words is dropped (``BERT+CRF`` == ``BERT-CRF``)."""
    text = ascii_fold(delatex(label))
    words = _KEY_WORD.findall(text)
    if not words:
        return ""
    words[-1] = singular(words[-1])
    return "".join(words).casefold()


@lru_cache(maxsize=200_000)
def slugify(label: str) -> str:
    text = ascii_fold(delatex(label)).lower()
    text = text.replace("%", " pct ").replace("+", " plus ")
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return slug or "x"


# --- shapes -----------------------------------------------------------------------------------

_UPPER = re.compile(r"[A-Z]")


@lru_cache(maxsize=200_000)
def is_acronym_like(label: str) -> bool:
    """Short labels that must match case-sensitively: ``LoRA``, ``PCA``, ``t-SNE``, ``GPs``."""
    text = label.strip()
    if " " in text or len(text) > 12:
        return False
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return False
    uppers = sum(1 for c in letters if c.isupper())
    return uppers >= 2 or (uppers >= 1 and not text[0].isupper()) or any(c.isdigit() for c in text)


_DIGIT_JOINED = re.compile(r"[A-Za-z]\d+[A-Za-z]")


def case_variants(label: str) -> set[str]:
    """Other casings the field writes a case-sensitive one-word name in, none of them a word of the
    language: a name whose digit joins two words in any of the usual casings (``word2vec``:
    ``Word2Vec``, ``Word2vec``, ``WORD2VEC``; ``seq2seq``: ``Seq2Seq``), and a camel-cased name with
    its first letter's case flipped where an inner capital and an inner small letter keep it a name
    (``fastText``: ``FastText``; ``BiLSTM``: ``biLSTM``; never ``mBERT``: ``MBERT``, another acronym's shape)."""
    if " " in label or not label[:1].isalpha():
        return set()
    if _DIGIT_JOINED.search(label):
        low = label.lower()
        out = {low, label.upper(), low[:1].upper() + low[1:],
               re.sub(r"(^|\d)([a-z])", lambda m: m.group(1) + m.group(2).upper(), low)}
    elif any(c.isupper() for c in label[1:]) and any(c.islower() for c in label[1:]):
        out = {label[0].swapcase() + label[1:]}
    else:
        out = set()
    return out - {label}


@lru_cache(maxsize=100_000)
def is_name_shaped(token: str) -> bool:
    """A single token that looks like a coined name: ``NBL``, ``MaD-Mix``, ``HeNCler``, ``P-I2SB``,
    ``Quantum-PEFT``, ``LION-LIT``, ``4D-Var`` (not ``Transformers``, ``Deep``, ``x1.4``)."""
    t = token.strip()
    if len(t) < 2 or not t[0].isalnum():
        return False
    if not any(c.isalpha() for c in t):
        return False
    if re.fullmatch(r"[0-9.,x×%+-]+[A-Za-z]{0,2}", t):  # 0.5B, 8-bits, x1.4, 22%
        return False
    if re.fullmatch(r"(?:[A-Za-z]\.)+[A-Za-z]?\.?", t):  # U.S., U.K, e.g.: initials of places and phrases
        return False
    if re.match(r"(?:non|anti|pre|post|cross|multi|intra|inter|semi|sub|pan|pro|bi|de|re|un)-[A-Z][a-z]+$", t):
        return False  # "non-English"
    if re.search(r"(?:19|20)\d\d$", t) and re.search(r"[A-Za-z]-?(?:19|20)\d\d$", t):
        return False  # "SemEval-2018", "CoNLL2003": events and datasets
    ups = len(_UPPER.findall(t))
    if ups >= 2:
        return True
    if ups == 1 and not t[0].isupper():  # lowercase start with a capital inside: iPCA, t-SNE? (t-SNE has 3)
        return True
    if ups >= 1 and any(c.isdigit() for c in t):
        return True
    if "-" in t and ups >= 1:
        parts = [p for p in t.split("-") if p]
        return len(parts) >= 2 and all(p[0].isupper() or p[0].isdigit() for p in parts)
    return False


# Name-shaped tokens that are not methods: hardware, units, formats, metrics, fields, tasks...
NOT_METHOD_TOKENS = {
    t.lower() for t in """
    GPU GPUs CPU CPUs TPU TPUs CUDA VRAM RAM DRAM HBM API APIs AI ML NLP CV IoT SOTA SoTA FLOPs FLOP
    FLOPS BF16 FP16 FP32 FP64 FP8 FP4 INT8 INT4 PhD USA UK EU US arXiv GitHub PyTorch TensorFlow JAX
    Python LaTeX PDF HTML JSON URL URLs ID IDs OOD IID SNR MSE RMSE MAE BLEU ROUGE METEOR FID AUC
    AUROC ROC F1 mAP PSNR SSIM LPIPS KL NP QA VQA T2I I2I LQ HQ 2D 3D 4D 1D RGB RGB-D PDE PDEs ODE ODEs
    SDE SDEs ELBO NeurIPS ICML ICLR ACL EMNLP NAACL CVPR ICCV ECCV AAAI IJCAI KDD WWW SIGIR COLING
    LREC Hz kHz MHz GHz GB MB KB TB ms IEEE ACM OpenAI DeepMind LLaMA-type TFLOPs MACs EEG fMRI MRI
    CT-scan DNA RNA COVID COVID-19 SARS-CoV-2 LiDAR VR AR XR UI UX NER POS SRL MT ASR TTS OCR NLI NLU
    NLG QA-pairs OOV SMT NMT TV ISO XML HTTP HTTPS IPA ASCII UTF-8 CSV USB PC PCs GUI OS iOS IT HR KG KGs
    F1-score F1-scores CoNLL UD SQL SPARQL
    """.split()
}

# Words never a method on their own (also the head nouns of "a novel ... framework").
#: Words that, after a hyphen, make a name the modifier of what follows: "GAN-based", "BERT-style".
X_SUFFIXES = ("based", "style", "like", "type", "driven", "guided", "inspired")

GENERIC_HEADS = {
    "model", "models", "framework", "frameworks", "method", "methods", "approach", "approaches",
    "algorithm", "algorithms", "technique", "techniques", "network", "networks", "system",
    "systems", "scheme", "schemes", "strategy", "strategies", "procedure", "procedures", "tool",
    "tools", "paradigm", "paradigms", "pipeline", "pipelines", "architecture", "architectures",
    "mechanism", "mechanisms", "module", "modules", "methodology", "solution", "solutions",
    "formulation", "estimator", "estimators", "metric", "metrics", "loss", "losses", "objective",
    "layer", "layers", "variant", "variants", "extension", "family", "class", "baseline",
    "baselines", "recipe", "library", "toolkit", "package", "protocol", "criterion", "measure",
    "test", "tests", "operator", "operators", "kernel", "learner", "learners", "policy", "agent",
}
GENERIC_PHRASES = {
    "deep learning", "machine learning", "neural network", "neural networks", "deep neural network",
    "deep neural networks", "artificial intelligence", "learning", "training", "inference",
    "optimization", "optimisation", "our method", "our approach", "our model", "our framework",
    "this method", "the method", "the model", "new method", "novel method", "state of the art",
    "state-of-the-art",
}

# Head nouns that make a long form a method, or rule it out.
METHOD_HEADS = {
    "analysis", "decomposition", "machine", "network", "model", "process", "attention", "transformer",
    "regression", "training", "learning", "optimization", "optimisation", "algorithm", "method",
    "estimator", "embedding", "test", "sampling", "sampler", "clustering", "inference", "attack",
    "linearization", "linearisation", "tokenization", "tokenisation", "prediction", "adaptation",
    "fine-tuning", "finetuning", "tuning", "assimilation", "tree", "search", "descent", "programming",
    "propagation", "encoder", "autoencoder", "decoder", "pooling", "convolution", "quantization",
    "distillation", "pruning", "classifier", "detector", "teaching", "expert", "field", "filter",
    "filtering", "approximation", "parameterization", "parametrization", "regularization",
    "normalization", "augmentation", "estimation", "matching", "diffusion", "flow", "solver",
    "mechanism", "framework", "architecture", "planning", "transform", "encoding", "minimization",
    "maximization", "machines", "perceptron", "boosting", "bagging", "forest", "net", "gan",
    "quadrature", "integration", "factorization", "factorisation", "projection", "completion",
    "selection", "averaging", "alignment", "fusion", "ensemble",
    "bridge", "complexity", "eigenproblem", "kernel", "operator", "layer", "loss", "mixture",
    "dropout", "splines", "spline", "unit", "memory", "gradient", "relaxation",
}
NON_METHOD_HEADS = {
    "equation", "quality", "image", "table", "data", "dataset", "benchmark", "corpus", "corpora",
    "task", "feature", "property", "language", "text", "problem", "restoration", "ratio", "score",
    "rate", "distance", "accuracy", "device", "hardware", "point", "time", "space", "set",
    "matrix", "matrices", "function", "variable", "sample", "user", "human", "domain", "noise",
    "signal", "region", "level", "value", "cost", "size", "error", "record", "photo", "video",
    "speech", "patient", "disease", "state", "country", "graph", "node", "edge", "token", "word",
    "sentence", "document", "question", "answer", "label", "class", "category", "person", "entity",
    "relation", "event", "condition", "constraint", "bound", "guarantee", "gap", "shift", "bias",
    "phenomenon", "setting", "scenario", "environment", "challenge", "competition", "workshop",
    "conference", "journal", "consortium", "association", "university", "institute", "laboratory",
    "lab", "center", "centre", "company", "agency", "organization", "organisation", "program",
    "project", "initiative", "standard", "format", "protocol", "interface", "library", "toolkit",
    "extraction", "detection", "recognition", "classification", "translation", "summarization",
    "summarisation", "answering", "understanding", "labeling", "labelling", "resolution",
    "disambiguation", "linking", "tagging", "parsing", "segmentation", "identification", "inference-task",
    "software", "platform", "hub", "repository", "annotation", "scheme", "guideline", "stream",
    "treebank", "expression",
}

SIZE_WORDS = {"small", "medium", "large", "base", "xl", "xxl", "tiny", "mini", "huge", "giant"}


@lru_cache(maxsize=100_000)
def is_strong_name(token: str) -> bool:
    """Name-shaped beyond Title-Case hyphenation: ``MaD-Mix``, ``NBL``, ``P-I2SB`` but not ``Vision-Language``."""
    if not is_name_shaped(token):
        return False
    parts = [p for p in re.split(r"[-/]", token) if p]
    return not all(re.fullmatch(r"[A-Z][a-z]+", p) for p in parts)


_AFTER_HYPHEN_BLOCK = re.compile(r"-(?:[a-z]{1,2}\b|[A-Z0-9])")


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def find_word(text: str, form: str, case_sensitive: bool = True, lower: str | None = None,
              plural: bool = True, start: int = 0, end: int | None = None):
    """Occurrences of ``form`` as a whole word (not inside a hyphenated word, plural allowed):
    (start, end) pairs. A plain ``str.find`` loop: compiling a regex per name costs more."""
    if not form:
        return
    end = len(text) if end is None else end
    hay = text
    needle = form
    if not case_sensitive:
        hay = lower if lower is not None else text.lower()
        needle = form.lower()
        if len(hay) != len(text):  # a rare character that changes length when lowercased
            flags = re.IGNORECASE
            for m in re.finditer(r"(?<![\w-])" + re.escape(form) + (r"(?:s|es)?" if plural else "") + r"(?![\w])",
                                 text[:end]):
                if m.start() >= start:
                    yield m.start(), m.end()
            return
    n = len(needle)
    i = hay.find(needle, start, end)
    while i >= 0:
        j = i + n
        ok = i == 0 or not (_is_word_char(text[i - 1]) or text[i - 1] == "-")
        if ok and plural:
            if text[j:j + 2] == "es" and not (j + 2 < len(text) and _is_word_char(text[j + 2])):
                j += 2
            elif text[j:j + 1] == "s" and not (j + 1 < len(text) and _is_word_char(text[j + 1])):
                j += 1
        if ok and j < len(text) and _is_word_char(text[j]):
            ok = False
        if ok and j < len(text) and text[j] == "-" and _AFTER_HYPHEN_BLOCK.match(text, j):
            ok = False
        if ok:
            yield i, j
        i = hay.find(needle, i + 1, end)


# --- scanning for a pattern from its first words ---------------------------------------------

def words_pattern(words) -> str:
    """A regular expression of literal words that matches as their alternation longest first
    (``"|".join(sorted(words, key=len, reverse=True))``), written as a tree of their common
    prefixes ("de(?:sign|velop|vis)"): the regex engine reads each prefix once at a place instead
    of trying each word there in turn (words that can match at one place are prefixes of each
    other, and are tried longest first either way). Case-sensitive."""
    tree: dict = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        branches = [re.escape(ch) + pattern(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(tree)


try:  # the parser of the re module, to read which literal words a pattern's matches begin with
    import re._parser as _sre_parse
except ImportError:  # Python 3.10
    import sre_parse as _sre_parse  # type: ignore[no-redef]

_ZERO_WIDTH = (_sre_parse.AT, _sre_parse.ASSERT, _sre_parse.ASSERT_NOT)


def _literal_starts(items: list) -> list[str] | None:
    """The literal strings one of which begins every match of the parsed pattern ``items`` (its
    look-arounds and word boundaries passed over), or None when an alternative begins otherwise."""
    starts, _ = _literal_prefixes(items)
    return starts if all(starts) else None


def _literal_prefixes(items: list, limit: int = 64) -> tuple[list[str], bool]:
    """The literal strings one of which begins every match of the parsed sequence ``items`` (at most ``limit`` of
    them: "de(?:sign|velop)" begins with "design" or "develop", "[Ww]e" with "We" or "we"), and whether they are its
    whole matches."""
    out = [""]
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue  # (what it asks of the places around changes no letter)
        if op is _sre_parse.LITERAL:
            alternatives, whole = [chr(av)], True
        elif op is _sre_parse.IN and len(av) <= 4 and all(o is _sre_parse.LITERAL for o, _ in av):
            alternatives, whole = [chr(c) for _, c in av], True
        elif op is _sre_parse.BRANCH:
            alternatives, whole = [], True
            for branch in av[1]:
                starts, complete = _literal_prefixes(list(branch), limit)
                alternatives += starts
                whole = whole and complete
        elif op is _sre_parse.SUBPATTERN and not av[1] & re.IGNORECASE:
            alternatives, whole = _literal_prefixes(list(av[3]), limit)
        else:
            return out, False
        if len(out) * len(alternatives) > limit:
            return out, False
        out = [p + a for p in out for a in alternatives]
        if not whole:
            return out, False
    return out, True


def first_char_lookahead(regex: re.Pattern) -> re.Pattern:
    """``regex`` behind a look-ahead at the characters its matches begin with ("(?=[Wwo])"): the same matches and
    groups, but the engine leaves at once each place where none of them stands, before it tries the regex's word
    boundary, look-behind or alternatives there (a third to five times faster a scan of a text where they are rare).
    A regex whose matches may begin otherwise (``_literal_starts``), or that is verbose or sets its own flags, is
    returned as it is."""
    starts = None if regex.flags & (re.IGNORECASE | re.VERBOSE) or regex.pattern.startswith("(?") and \
        not regex.pattern.startswith(("(?:", "(?=", "(?!", "(?<", "(?P")) else _literal_starts(list(_sre_parse.parse(regex.pattern)))
    if not starts:
        return regex
    chars = "".join(sorted({w[0] for w in starts}))
    return re.compile("(?=[" + re.escape(chars) + "])(?:" + regex.pattern + ")", regex.flags & ~re.UNICODE)


class FromStarts:
    """A compiled pattern whose ``search`` and ``finditer`` give the pattern's own matches, for a pattern whose
    matches all begin with one of a few literal words ("dataset", "[Ww]e" ...): ``str.find`` finds those words and
    the pattern is tried there only, where the regex engine tries every place of the text (2-3 times slower where the
    words are rare; a word boundary or a look-behind first keeps it from skipping ahead). The words are read from the
    pattern once; the places of the last text asked are kept, for the rules ask one text for many stretches (its
    sentences). Any other attribute is the pattern's (``pattern``, ``match``, ``sub`` ...)."""

    def __init__(self, regex: re.Pattern):
        self.regex = regex
        starts = None if regex.flags & re.IGNORECASE else _literal_starts(list(_sre_parse.parse(regex.pattern)))
        # (a word that begins with another of them is found with it: "data" finds "dataset")
        self.starts = tuple(w for w in sorted(set(starts)) if not any(w.startswith(v) for v in starts if v != w)) \
            if starts else None
        self._kept: list[tuple[str, list[int]]] = []  # the last two texts and their places, the last first

    def __getattr__(self, name):
        return getattr(self.regex, name)

    def places(self, text: str) -> list[int]:
        """Where one of the words begins in ``text``, in order. (Two texts are kept: a rule that asks a sentence
        cut out of the text between its questions to the text keeps the text's places.)"""
        for kept, places in self._kept:
            if kept is text:
                return places
        found = set()
        for word in self.starts:
            k = text.find(word)
            while k >= 0:
                found.add(k)
                k = text.find(word, k + 1)
        places = sorted(found)
        self._kept = [(text, places), *self._kept[:1]]
        return places

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match | None:
        endpos = len(text) if endpos is None else endpos
        if self.starts is None:
            return self.regex.search(text, pos, endpos)
        places = self.places(text)
        match = self.regex.match
        for i in range(bisect.bisect_left(places, pos), len(places)):
            k = places[i]
            if k >= endpos:
                break
            m = match(text, k, endpos)
            if m:
                return m
        return None

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match]:
        endpos = len(text) if endpos is None else endpos
        if self.starts is None:
            yield from self.regex.finditer(text, pos, endpos)
            return
        places = self.places(text)
        match = self.regex.match
        done = pos  # where the last match ended: the next one starts there or after (no overlap, as finditer)
        for i in range(bisect.bisect_left(places, pos), len(places)):
            k = places[i]
            if k >= endpos:
                break
            if k >= done:
                m = match(text, k, endpos)
                if m:
                    yield m
                    done = m.end()


_FROM_STARTS: dict[re.Pattern, FromStarts] = {}


def finditer_from_starts(pattern: re.Pattern, text: str, pos: int = 0, endpos: int | None = None):
    """``pattern.finditer(text, pos, endpos)``, the same matches, found from the literal words its matches begin with
    (``FromStarts``)."""
    scan = _FROM_STARTS.get(pattern)
    if scan is None:
        scan = _FROM_STARTS[pattern] = FromStarts(pattern)
    return scan.finditer(text, pos, endpos)
