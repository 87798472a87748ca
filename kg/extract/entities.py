"""Code links, cited arXiv ids, and the shapes of dataset and pretrained-model names.

Pure functions over a text; each returns ``(start, end, value)`` triples with character offsets.
"""
from __future__ import annotations

import re

from .text import clean_label

# --- URLs -------------------------------------------------------------------------------------

_URL = re.compile(
    r"(?:https?\s?:\s?//\s?|www\.|(?<![\w./@-])(?:github\.com|gitlab\.com|bitbucket\.org|huggingface\.co|"
    r"anonymous\.4open\.science|sites\.google\.com|zenodo\.org|osf\.io)/)"
    r"[^\s<>\"'`{}|\\^\[\]]*",
    re.IGNORECASE,
)
_TRAILING = ".,;:!?*_'\"`>"


def _clean_url(raw: str) -> str:
    url = re.sub(r"\s+", "", raw)
    url = re.sub(r"^(https?):/*", lambda m: m.group(1).lower() + "://", url, flags=re.IGNORECASE)
    if not re.match(r"(?i)https?://", url):
        url = "https://" + url
    # markdown link "[text](url)": the part inside the brackets ends at "]("
    while True:
        before = url
        url = url.rstrip(_TRAILING)
        if url.endswith(")") and url.count("(") < url.count(")"):
            url = url[:-1]
        if url.endswith("}") and url.count("{") < url.count("}"):
            url = url[:-1]
        if url == before:
            break
    return url


_URL_HINTS = ("//", "www.", "github", "gitlab", "bitbucket", "huggingface", "4open", "zenodo", "osf.io", "sites.google")


def find_urls(text: str) -> list[tuple[int, int, str]]:
    out = []
    if not any(h in text for h in _URL_HINTS):
        return out
    for m in _URL.finditer(text):
        raw = m.group()
        # a markdown link target "](" cuts the visible part: keep the target only
        if "](" in raw:
            raw = raw.split("](", 1)[0]
        url = _clean_url(raw)
        host = re.sub(r"(?i)^https?://", "", url)
        if "." not in host.split("/")[0] or len(host) < 4:
            continue
        out.append((m.start(), m.start() + len(raw), url))
    return out


def is_citation_url(url: str) -> bool:
    return bool(re.search(r"(?i)//(?:www\.)?(?:arxiv\.org|doi\.org|dx\.doi\.org)/", url))


# --- arXiv ids --------------------------------------------------------------------------------

_ARXIV = re.compile(
    r"(?i)(?:\barXiv\s*[:.]?\s*|arxiv\.org/(?:abs|pdf)/)"
    r"((?:\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?)"
)


def find_arxiv_ids(text: str) -> list[tuple[int, int, str]]:
    out = []
    if "xiv" not in text and "Xiv" not in text and "XIV" not in text:
        return out
    for m in _ARXIV.finditer(text):
        ident = re.sub(r"v\d+$", "", m.group(1))
        out.append((m.start(), m.end(), ident))
    return out


# --- datasets ---------------------------------------------------------------------------------

_NAME_TOKEN = r"(?:[A-Z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*|[a-z]+[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)"
_DATA_HEAD = r"(?:data[ \t]?sets?|benchmarks?|corpus|corpora|treebanks?|challenge[ \t]+data)"
# "the PCam image dataset", "14 OpenML tabular datasets", "the Penn Treebank corpus"; on one line
# (spaces, not \s: the title and the abstract are separate lines of one text)
_DATASET_BEFORE_HEAD = re.compile(
    rf"({_NAME_TOKEN}(?:[ \t]+{_NAME_TOKEN}){{0,2}})(?:[ \t]+(?!(?:on|in|of|to|for|with|from|across|at|by|and|or|as|"
    rf"are|is|were|was|that|which)\b)[a-z][a-z-]+){{0,2}}[ \t]+{_DATA_HEAD}\b"
)
# "on MNIST, FASHION-MNIST, CIFAR10, and ImageNet datasets"
_DATASET_LIST = re.compile(
    rf"\b(?:on|of|with|from|using|including)[ \t]+((?:{_NAME_TOKEN}(?:[ \t]\d+x\d+)?[ \t]*,[ \t]*)+(?:and[ \t]+|or[ \t]+)?"
    rf"{_NAME_TOKEN}(?:[ \t]\d+x\d+)?)[ \t]+{_DATA_HEAD}\b"
)
_NOT_DATASET_WORD = {"our", "the", "this", "these", "new", "several", "multiple", "real", "real-world",
                     "synthetic", "public", "standard", "large", "small", "image", "text", "Extensive",
                     "Experiments", "Experimental", "Results", "We", "Our", "The", "This", "These", "In",
                     "On", "For", "Across", "Existing", "Two", "Three", "Four", "Five", "Several", "Many"}


_LANGUAGES = {"English", "German", "French", "Chinese", "Japanese", "Hindi", "Spanish", "Arabic", "Russian",
              "Italian", "Portuguese", "Korean", "Dutch", "Turkish", "Czech", "Finnish", "Swedish", "Polish",
              "Greek", "Hebrew", "Persian", "Urdu", "Bengali", "Vietnamese", "Thai", "Indonesian", "Romanian",
              "Hungarian", "Danish", "Norwegian", "Estonian", "Latvian", "Lithuanian", "Basque", "Catalan",
              "Mandarin", "Cantonese", "Tamil", "Telugu", "Swahili", "Ukrainian", "Bulgarian", "Croatian",
              "Serbian", "Slovak", "Slovenian", "Irish", "Welsh", "Malay", "Tagalog", "Nepali", "Marathi",
              "Gujarati", "Punjabi", "Amharic", "Yoruba", "Zulu", "Multilingual", "Cross-lingual"}
_STOPWORDS_CAP = {"The", "A", "An", "We", "Our", "This", "These", "In", "On", "For", "Unlike", "With", "From",
                  "Benchmark", "Dataset", "Corpus", "Annotation", "Annotated", "Types", "New", "Large", "Using"}


def _dataset_name_ok(name: str) -> bool:
    words = name.split()
    if not words or words[0] in _NOT_DATASET_WORD:
        return False
    if any(w in _STOPWORDS_CAP for w in words):
        return False
    if all(p in _LANGUAGES for w in words for p in re.split(r"-(?:to-)?", w) if p):
        return False  # "English-German", "Japanese-Chinese": language pairs
    if re.fullmatch(r"[A-Z]{2,3}", name):
        return False  # "NLI", "IE": tasks more often than datasets
    # a dataset name has a capital or digit inside, or is two capitalised words (Penn Treebank)
    first = words[0]
    caps = sum(c.isupper() for c in name)
    return caps >= 2 or any(c.isdigit() for c in name) or (len(words) >= 2 and first[0].isupper())


_ITEM = rf"{_NAME_TOKEN}(?:[ \t][A-Z][a-z]+)?"
# "on PIQA, ARC Easy, SciQ, and OpenWebMath": three or more names after "on"/"across"
_BARE_LIST = re.compile(rf"\b(?:on|across)[ \t]+((?:{_ITEM}[ \t]*,[ \t]*)+(?:{_ITEM}[ \t]*,?[ \t]*)?and[ \t]+{_ITEM})(?![\w-])")


def _strong(name: str) -> bool:
    first = name.split()[0]
    return sum(c.isupper() for c in first) >= 2 or any(c.isdigit() for c in first)


_HEAD_WORD = re.compile(rf"\b{_DATA_HEAD}")


def find_dataset_shapes(text: str) -> list[tuple[int, int, str]]:
    out = []
    # the head-anchored patterns only run on a window before each "dataset(s)"/"benchmark" word
    windows = []
    for h in _HEAD_WORD.finditer(text):
        a = max(0, h.start() - 160)
        if windows and a <= windows[-1][1]:
            windows[-1] = (windows[-1][0], h.end() + 1)
        else:
            windows.append((a, h.end() + 1))
    for wa, wb in windows:
        out += _head_anchored(text, wa, min(wb, len(text)))
    if " on " in text or " across " in text:
        out += _bare_lists(text)
    return sorted(set(out))


def _bare_lists(text: str) -> list[tuple[int, int, str]]:
    out = []
    for m in _BARE_LIST.finditer(text):
        items = [x for x in re.finditer(_ITEM, m.group(1)) if x.group() != "and"]
        if len(items) >= 3 and sum(_strong(x.group()) for x in items) >= len(items) - 1:
            for x in items:
                if x.group().split()[0] in _NOT_DATASET_WORD:
                    continue
                out.append((m.start(1) + x.start(), m.start(1) + x.end(), x.group()))
    return out


def _head_anchored(text: str, wa: int, wb: int) -> list[tuple[int, int, str]]:
    out = []
    for m in _DATASET_LIST.finditer(text, wa, wb):
        base = m.start(1)
        for part in re.finditer(rf"{_NAME_TOKEN}(?:\s\d+x\d+)?", m.group(1)):
            name = part.group()
            if name in ("and", "or") or not _dataset_name_ok(name):
                continue
            out.append((base + part.start(), base + part.end(), name))
    for m in _DATASET_BEFORE_HEAD.finditer(text, wa, wb):
        name = m.group(1)
        words = name.split()
        while words and words[0] in _NOT_DATASET_WORD:
            words = words[1:]
        name = " ".join(words)
        if not name or not _dataset_name_ok(name):
            continue
        start = m.start(1) + m.group(1).index(words[0])
        out.append((start, start + len(name), name))
    return out


# --- pretrained models ------------------------------------------------------------------------

# DeepSeek-R1-Distill-Llama-8B, pythia-410M, pythia-$410M$, Llama-2-7b-chat, Qwen2.5-7B-Instruct
_MODEL_SIZE = re.compile(
    r"(?<![\w-])([A-Za-z][A-Za-z0-9.]*(?:-[A-Za-z0-9.]+)*-\$?\d+(?:\.\d+)?[BMK]\$?(?:-[A-Za-z][A-Za-z0-9]*)*)(?![\w$-])"
)
# ViT-S/16, ViT-B/32, DeiT-S/16
_MODEL_PATCH = re.compile(r"(?<![\w-])([A-Z][A-Za-z]*-[SBLHGT]i?/\d{1,2})(?![\w/])")
_VERSION_TAIL = re.compile(r"^(?:[- ]?v\d+(?:\.\d+)*|-\d+(?:\.\d+)*[A-Za-z]?|[ \t]+(?:small|medium|large|base|XL|xl|XXL|tiny)\b)")


_SIZE_HINT = re.compile(r"-\$?\d+(?:\.\d+)?[BMK]|-[SBLHGT]i?/\d")


def find_model_shapes(text: str) -> list[tuple[int, int, str]]:
    out = []
    hints = [h.start() for h in _SIZE_HINT.finditer(text)]
    if not hints:
        return out
    seen = set()
    for h in hints:
        a = max(0, h - 60)
        while a > 0 and not text[a - 1].isspace():
            a -= 1
        b = min(len(text), h + 40)
        for rx in (_MODEL_SIZE, _MODEL_PATCH):
            for m in rx.finditer(text, a, b):
                if m.start(1) in seen or not (m.start(1) <= h < m.end(1)):
                    continue
                seen.add(m.start(1))
                name = m.group(1)
                if re.fullmatch(r"[\d.$-]+[BMK]\$?", name):
                    continue
                out.append((m.start(1), m.end(1), clean_label(name)))
    return out


def extend_model_name(text: str, start: int, end: int) -> int:
    """A catalogue model name followed by a version or size: ``GPT-2 medium``, ``Stable Diffusion v3``
    (also across a defined abbreviation: ``Stable Diffusion (SD) v3``)."""
    rest = text[end:end + 24]
    skip = 0
    m = re.match(r"\s*\([A-Za-z0-9-]{1,8}\)", rest)
    if m:
        skip = m.end()
        rest = rest[skip:]
    v = _VERSION_TAIL.match(rest)
    if v:
        return end + skip + v.end()
    return end
