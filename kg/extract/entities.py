"""Code links, cited arXiv ids, and the shapes of dataset and pretrained-model names.

Pure functions over a text; each returns ``(start, end, value)`` triples with character offsets.
"""
from __future__ import annotations

import re

from .naming import ACTING_GERUND
from .text import FromStarts, clean_label, finditer_from_starts, first_char_lookahead
from .vocabulary import data_words

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


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def find_emails(text: str) -> list[tuple[int, int]]:
    """The spans of e-mail addresses: like a URL's, no name's."""
    return [(m.start(), m.end()) for m in _EMAIL.finditer(text)] if "@" in text else []


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
_DATA_HEAD = r"(?:data[ \t]?sets?|benchmarks?|corpus|corpora|treebanks?|challenge[ \t]+data|test[ \t]+suites?|lexicons?)"
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


LANGUAGES = {"English", "German", "French", "Chinese", "Japanese", "Hindi", "Spanish", "Arabic", "Russian",
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
    if all(p in LANGUAGES for w in words for p in re.split(r"-(?:to-)?", w) if p):
        return False  # "English-German", "Japanese-Chinese": language pairs
    if re.fullmatch(r"[A-Z]{2,3}", name):
        return False  # "NLI", "IE": tasks more often than datasets
    # a dataset name has a capital or digit inside, or is two capitalised words (Penn Treebank)
    first = words[0]
    caps = sum(c.isupper() for c in name)
    return caps >= 2 or any(c.isdigit() for c in name) or (len(words) >= 2 and first[0].isupper())


_ITEM = rf"{_NAME_TOKEN}(?:[ \t][A-Z][a-z]+)?"
# "on PIQA, ARC Easy, SciQ, and OpenWebMath": three or more names after "on"/"across"
_BARE_LIST = FromStarts(re.compile(rf"\b(?:on|across)[ \t]+((?:{_ITEM}[ \t]*,[ \t]*)+(?:{_ITEM}[ \t]*,?[ \t]*)?and[ \t]+{_ITEM})(?![\w-])"))


def _strong(name: str) -> bool:
    first = name.split()[0]
    return sum(c.isupper() for c in first) >= 2 or any(c.isdigit() for c in first)


_HEAD_WORD = re.compile(rf"\b{_DATA_HEAD}")


_CUES = data_words("dataset_cues")


def _alternatives(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"[ \t]+") for w in sorted(words, key=len, reverse=True))


_NOT_BETWEEN = set(_CUES["not_between"])
_KIND = _alternatives(_CUES["kind_heads"])
_SEQ = rf"{_NAME_TOKEN}(?:[ \t]+{_NAME_TOKEN}){{0,4}}"
# "the HSK dynamic composition corpus": the name, up to two words of description, its head
_HEAD_AFTER = re.compile(rf"[ \t]+((?:[a-z][a-z-]*[ \t]+){{0,2}}?)(?:{_alternatives(_CUES['heads'])})\b")
# "the Internet Argument Corpus 2.0", "the Corpus of Contemporary American English"
_NAMED_RESOURCE = re.compile(  # a name starts a word: not inside a dotted token ("A.Corpus.A"), read once
    rf"(?<![\w.-])(?:(?P<name>{_SEQ})[ \t]+)?(?P<head>{_alternatives(_CUES['name_heads'])})"
    rf"(?:[ \t]+of[ \t]+(?:the[ \t]+)?(?P<of>{_SEQ}))?(?:[ \t]+(?:v?\d+\.\d+|v\d+))?(?![\w-])")
# a coined resource's name: "ZedBank", "QuxLex 2.0"
_RESOURCE_WORD = re.compile(rf"(?<![\w-])(?:[A-Z][\w-]*)?[A-Za-z](?:{_alternatives(_CUES['resource_suffixes'])})"
                            rf"(?:[ \t]+v?\d+\.\d+)?(?![\w-])")
_RESOURCE_SUFFIXES = tuple(_CUES["resource_suffixes"])  # a quick test before the search
_TITLE_THE = re.compile(r"(?:^|:)[ \t]*The[ \t]+$")
_TITLE_PART_END = re.compile(r"[ \t]*(?:[:―–—]|$)")
_NAME_HEAD = re.compile(rf"(?:{_alternatives(_CUES['name_heads'])})(?![\w-])")
_KIND_WORD = re.compile(rf"\b(?:{_KIND})(?![\w-])")
_APPOSITION = re.compile(r"(?:,|[ \t]is)[ \t]+(?:a|an|the|our)[ \t]")
_LEAD_STOP = frozenset(_CUES["lead_stops"])
# "We release ZedBank, a corpus of ...", "ZedBank (ZB) is a new treebank"
# (a kind word that modifies a tool's head says no resource: "X, a main memory database system")
_KIND_MODIFIES = rf"[ \t]+(?:[a-z][a-z-]*[ \t]+){{0,2}}?(?:{_alternatives(_CUES['kind_modified_heads'])})(?![\w-])"
_APPOSITIVE = re.compile(
    rf"(?<![\w-])({_NAME_TOKEN}(?:[ \t]+{_NAME_TOKEN}){{0,3}})(?:[ \t]*\([^()\n]{{1,40}}\))?(?:[ \t]*,|[ \t]+is)"
    rf"[ \t]+(?:a|an|the|our)[ \t]+((?:[\w-]+[ \t]+){{0,5}}?)(?:{_KIND})(?![\w-])(?!{_KIND_MODIFIES})")
_ITEMS = rf"{_NAME_TOKEN}(?:[ \t]+{_NAME_TOKEN}){{0,2}}"
# "two popular datasets, Zed and Qux", "on benchmarks such as ZedQA and QuxQA"
_AFTER_KIND = first_char_lookahead(re.compile(
    rf"\b(?:{_KIND})(?:[ \t]*[,:][ \t]*(?:(?:{_alternatives(_CUES['list_leads'])})[ \t]+)?|"
    rf"[ \t]+(?:{_alternatives(_CUES['list_leads'])})[ \t]+|[ \t]+-?(?:{_alternatives(_CUES['naming_leads'])})[ \t]+)"
    rf"((?:{_ITEMS}[ \t]*,[ \t]*)*(?:{_ITEMS}[ \t]*,?[ \t]*(?:and|or)[ \t]+)?{_ITEMS})"
    rf"(?=[ \t]*(?:[.;:,()]|-\s|$)|[ \t]+(?:which|that|as|for|respectively|to|in|are|is|were|was|with)\b)"))
# "the WMT 2019 news translation shared task", "SemEval-2017 Task 5": a shared task's name, not a dataset's
_SHARED_TASK = re.compile(rf"(?:[- ]?'?\d{{2,4}})?,?(?:[ \t]+(?!(?:{_KIND}|{_alternatives(_CUES['not_in_task_name'])})\b)[\w-]+){{0,3}}?[ \t]+(?:{_alternatives(_CUES['task_words'])}|"
                          rf"[Ss]hared(?:[ \t]+[\w-]+){{1,3}}?[ \t]+[Tt]asks?)(?![\w-])")
# a subtitle's first verb that does something else than making ("Extracting ... Datasets"; proposals.json: making_gerunds)
_ACTING_FIRST = re.compile(ACTING_GERUND, re.IGNORECASE)
_PREPOSITION = re.compile(r"\b(?:for|of|on|to|with|by|from|in|into|over|using|via|through|at)\b", re.IGNORECASE)
# a title "ZedQA: A Real-life Dataset for ..."
_TITLE_NAMES = re.compile(
    rf"[ \t]*({_NAME_TOKEN}(?:[ \t]+{_NAME_TOKEN}){{0,3}})[ \t]*:[ \t]*(?:(?:[Aa]|[Aa]n|[Tt]he)[ \t]+)?"
    rf"((?:[\w-]+[ \t]+){{0,5}}?)(?i:{_KIND})(?![\w-])")


def written_with_head(text: str, end: int) -> int:
    """Where the head a dataset's name is written before ends ("the Zed corpus", "the Zed dialogue
    corpus"), or 0 when no such head follows ``end``."""
    m = _HEAD_AFTER.match(text, end)
    if not m or any(w in _NOT_BETWEEN for w in m.group(1).split()):
        return 0
    return m.end()


def names_shared_task(text: str, end: int) -> bool:
    """Whether the name that ends at ``end`` is a shared task's ("SemEval-2017 Task 5")."""
    return bool(_SHARED_TASK.match(text, end))


def _name_words(name: str) -> list[str]:
    words = name.split()
    while words and (words[0] in _LEAD_STOP or words[0] in _NOT_DATASET_WORD):
        words = words[1:]
    return words


def _plain_name(name: str) -> bool:
    """A name of the described shapes: no stop word, no language or language pair alone."""
    words = name.split()
    if not words or any(w in _STOPWORDS_CAP or w in _NOT_DATASET_WORD for w in words):
        return False
    return not all_languages(name)


_LANGUAGE_PAIR_SEP = re.compile(r"-(?:to-)?")


def all_languages(name: str) -> bool:
    """Whether ``name`` is only languages or language pairs ("English", "English-to-Japanese", "Hindi English")."""
    parts = [p for w in name.split() for p in _LANGUAGE_PAIR_SEP.split(w) if p]
    return bool(parts) and all(p in LANGUAGES for p in parts)


def _coined(word: str) -> bool:
    """A word no title's capitalisation makes: "SemDaX", "E2E", "SC-CoMIcs" (not "Crowd-Annotated")."""
    return any(sum(c.isupper() for c in p) >= 2 or any(c.isdigit() for c in p) for p in word.split("-"))


def _sentence_start(text: str, i: int) -> bool:
    before = text[:i].rstrip()
    return not before or before[-1] in ".!?:\n"


def _described(text: str, title_end: int) -> list[tuple[int, int, str]]:
    """Names the text says are datasets: a capitalised name with its head ("the Zed Corpus 2.0"),
    an appositive ("ZedBank, a new treebank"), names after a dataset word ("two datasets, Zed and
    Qux"), a title's name before a resource ("ZedQA: A Dataset for ...")."""
    out = []
    for m in _near(_NAME_HEAD, _NAMED_RESOURCE, text, 200, 120):
        words = _name_words(m["name"] or "")
        if not words and not m["of"]:
            continue
        start = m.start("head")
        if words:
            offsets = [x.start() for x in re.finditer(r"\S+", m["name"])]
            start = m.start("name") + offsets[len(offsets) - len(words)]
        name = text[start:m.end()]
        if m.start() < title_end and not any(_coined(w) for w in name.split()) and not (
                _TITLE_THE.search(text, 0, start) and _TITLE_PART_END.match(text[:title_end], m.end())):
            continue  # a title's words are all capitalised: "A Fine-grained Sentiment Dataset", not "...: The Zed Corpus"
        out.append((start, m.end(), name))
    for m in _RESOURCE_WORD.finditer(text) if any(s in text for s in _RESOURCE_SUFFIXES) else ():
        if _coined(m.group()) and not m.group().lower().startswith("treebank"):  # not "Treebank", "TreeBank"
            lang = re.search(r"(?<![\w-])([A-Z][a-z]+)[ \t]+$", text[max(0, m.start() - 20):m.start()])
            start = m.start() - len(lang.group()) if lang and lang.group(1) in LANGUAGES else m.start()
            out.append((start, m.end(), text[start:m.end()]))  # "Chinese CCGbank"
    for m in _near(_APPOSITION, _APPOSITIVE, text, 150, 100):
        name = m.group(1)
        if any(w.lower() in _NOT_BETWEEN for w in m.group(2).split()) or not _plain_name(name):
            continue
        if _sentence_start(text, m.start(1)) and not _strong(name):
            continue  # "Finally, a new corpus ..."
        out.append((m.start(1), m.end(1), name))
    for m in _near(_KIND_WORD, _AFTER_KIND, text, 0, 200):
        for part in re.finditer(_ITEMS, m.group(1)):
            name = part.group()
            if name in ("and", "or") or not _plain_name(name):
                continue
            out.append((m.start(1) + part.start(), m.start(1) + part.end(), name))
    m = _TITLE_NAMES.match(text, 0, title_end)
    if m and _ACTING_FIRST.match(m.group(2)) and not _PREPOSITION.search(m.group(2)):
        m = None  # "CCNet: Extracting High Quality Monolingual Datasets from ...": the resource is what the name's verb acts on
    if m and _plain_name(m.group(1)) and (any(_coined(w) for w in m.group(1).split()) or " " not in m.group(1)) and not any(w.lower() in _NOT_BETWEEN for w in m.group(2).split()):
        out.append((m.start(1), m.end(1), m.group(1)))
    return out


def _windows(anchor: re.Pattern, text: str, before: int, after: int) -> list[tuple[int, int]]:
    """The stretches of text around each match of ``anchor`` (merged where they meet)."""
    windows: list[tuple[int, int]] = []
    for h in finditer_from_starts(anchor, text):
        a, b = max(0, h.start() - before), min(len(text), h.end() + after)
        if windows and a <= windows[-1][1]:
            windows[-1] = (windows[-1][0], b)
        else:
            windows.append((a, b))
    return windows


def _near(anchor: re.Pattern, pattern: re.Pattern, text: str, before: int, after: int):
    """The matches of ``pattern`` in the windows around ``anchor``'s: the shapes only run where their
    head word is."""
    for wa, wb in _windows(anchor, text, before, after):
        yield from pattern.finditer(text, wa, wb)


def find_dataset_shapes(text: str, title_end: int = 0) -> list[tuple[int, int, str]]:
    out = _described(text, title_end)
    # the head-anchored patterns only run on a window before each "dataset(s)"/"benchmark" word
    for wa, wb in _windows(_HEAD_WORD, text, 160, 1):
        out += _head_anchored(text, wa, wb)
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
