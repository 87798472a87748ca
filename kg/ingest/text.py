"""Text cleaning shared by every reader: page artefacts, markdown and LaTeX to plain text.

``clean_text`` is the one function readers call. It keeps meaning and never drops words: a
construct it does not understand is left as written rather than removed.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text, get_default_latex_context_db

# Placeholders for spans (URLs, converted math) that must pass through LaTeX conversion untouched:
# characters of Unicode's private use area never occur in the sources; pylatexenc copies them.
_SLOT = "\ue000{}\ue001"
_SLOT_RE = re.compile("\ue000(\\d+)\ue001")

_ARROWS = re.compile("[\u2197\u2934\u21d7]")  # the "opens elsewhere" arrows pages put after links
_URL = re.compile(r"https?://[^\s<>\"'{}\[\]()]+(?:\([^\s()]*\)[^\s<>\"'{}\[\]()]*)*")
_MD_LINK = re.compile(r"\[([^\]\n]+)\]\((https?://[^)\s]+)\)")
_TEX_URL = re.compile(r"\\url\{([^{}]*)\}")
_TEX_HREF = re.compile(r"\\href\{([^{}]*)\}\{([^{}]*)\}")
_TEX_QUOTES = re.compile(r"``(.*?)''", re.S)
# Math hugs its dollars ("$k$", "$410M$"); "$5 and $6" is money, not math.
_MATH = re.compile(r"(?<!\\)\$(?=\S)([^$]+?)(?<=\S)(?<!\\)\$")
_MACRO = re.compile(r"\\([A-Za-z]+)")
_SPACED_MACRO = re.compile(r"(\\[A-Za-z]{2,})(?=\s)")  # one-letter ones are accents: \c c
_BARE_PERCENT = re.compile(r"(?<!\\)%")
_LONE_DOLLAR = re.compile(r"(?<!\\)\$")
# "~" between two non-spaces is TeX's unbreakable space ("Fig.~1"); elsewhere ("~10x") it means
# "about" and stays.
_TIE = re.compile(r"(?<=\S)~(?=\S)")
_STRONG = re.compile(r"(?<![\w*])\*\*(?=\S)(.+?)(?<=\S)\*\*(?![\w*])")
_EMPH = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_UNDERSCORE_EMPH = re.compile(r"(?<![\w_])_(?=[^\s_])([^_\n]+?)(?<=[^\s_])_(?![\w_])")
_LATEX_HINT = re.compile(r"[\\{}$]")

_LATEX = LatexNodes2Text(math_mode="text", strict_latex_spaces=False)


# Old-style font switches ({\em word}) print nothing themselves; pylatexenc drops them, as it should.
_FONT_SWITCHES = {"em", "it", "bf", "rm", "sc", "sf", "sl", "tt", "bfseries", "itshape", "upshape"}


@lru_cache(maxsize=1)
def _known_macros() -> frozenset[str]:
    specs = get_default_latex_context_db().iter_macro_specs()
    return frozenset(spec.macroname for spec in specs) | _FONT_SWITCHES


def _split_glued_macro(match: re.Match) -> str:
    r"""``\leftrightarrowEnglish`` (a missing space in real data) -> ``\leftrightarrow{} English``.

    pylatexenc drops unknown macros, which would drop the word; a glued known macro is split off
    and an unknown one is kept as its name.
    """
    name = match.group(1)
    known = _known_macros()
    if name in known:
        return match.group(0)
    for cut in range(len(name) - 1, 1, -1):
        # Only a capitalised remainder is a glued word: \unknownmacro is not \u + "nknownmacro".
        if name[:cut] in known and name[cut].isupper():
            return f"\\{name[:cut]}{{}} {name[cut:]}"
    following = match.string[match.end() : match.end() + 1]
    # An unknown macro with an argument keeps the argument through pylatexenc; without one, keep
    # its name so that no word disappears.
    return match.group(0) if following == "{" else name


def _latex_fragment(text: str) -> str:
    """One run of LaTeX-ish text to Unicode; on any parser failure the text is kept as written."""
    if not _LATEX_HINT.search(text):
        return text
    if "\\" not in text and "$" not in text:
        return text.replace("{", "").replace("}", "")  # plain BibTeX {Case} protection
    prepared = _MACRO.sub(_split_glued_macro, text)
    # LaTeX eats the space after a macro ("\ldots next"); keep it as the reader saw it.
    prepared = _SPACED_MACRO.sub(r"\1{}", prepared)
    prepared = _BARE_PERCENT.sub(r"\\%", prepared)  # a bare % is a percent sign, not a comment
    prepared = _LONE_DOLLAR.sub(r"\\$", prepared)  # math is set aside already: "$5" is money
    prepared = prepared.replace("~", r"\textasciitilde{}")  # ties are already spaces: "~10x" stays
    try:
        plain = _LATEX.latex_to_text(prepared)
    except Exception:  # noqa: BLE001 - pylatexenc raises assorted errors on malformed input
        return text
    # A macro short of its arguments ("\frac{1}") fails its substitution and leaves the bare
    # template ("%s/%s") in the output: keep the text as written instead.
    return text if "%s" in plain and "%s" not in text else plain


def _link_text(text: str, url: str) -> str:
    """A link as plain text: the URL alone when the text just repeats it, else both."""
    bare = re.sub(r"^https?://(www\.)?", "", url).rstrip("/")
    shown = re.sub(r"^https?://(www\.)?", "", text.strip()).rstrip("/")
    return url if shown == bare else f"{text} ({url})"


def clean_text(text: str | None) -> str:
    r"""Plain, single-spaced text from a page, BibTeX or JSON field; ``""`` for None.

    Removes link arrows and markdown emphasis, turns markdown and LaTeX links into their URL,
    LaTeX accents, escapes and simple commands into Unicode (``Nystr\"om`` -> ``Nyström``,
    ``50\%`` -> ``50%``, ``$410M$`` -> ``410M``) and TeX quotes into straight double quotes.
    """
    if not text:
        return ""
    if not text.isascii():  # (ASCII is in NFC and holds no arrow: most fields, told at once)
        text = _ARROWS.sub("", unicodedata.normalize("NFC", text))
    kept: list[str] = []

    def keep(span: str) -> str:
        kept.append(span)
        return _SLOT.format(len(kept) - 1)

    # URLs are set aside first: they contain %, _, ~ and * that mean nothing as markup. Each
    # pattern runs only when its telltale character is there (the ACL file has 200k fields).
    if "://" in text or "\\" in text:
        text = _MD_LINK.sub(lambda m: keep(_link_text(m.group(1), m.group(2))), text)
        text = _TEX_HREF.sub(lambda m: keep(_link_text(m.group(2), m.group(1))), text)
        text = _TEX_URL.sub(lambda m: keep(m.group(1)), text)
        text = _URL.sub(lambda m: keep(m.group(0)), text)
    text = text.replace("---", "\u2014")  # TeX's em dash, also outside LaTeX
    if _LATEX_HINT.search(text) or "``" in text:
        text = _TEX_QUOTES.sub(r'"\1"', text)
        if text.count("$") - text.count("\\$") >= 2:
            # Math is converted and set aside, so that its braces are not read a second time.
            text = _MATH.sub(lambda m: keep(_latex_fragment(m.group(1))), text)
        text = _latex_fragment(_TIE.sub(" ", text))
    if "*" in text:
        text = _EMPH.sub(r"\1", _STRONG.sub(r"\1", text))
    if "_" in text:
        text = _UNDERSCORE_EMPH.sub(r"\1", text)
    for _ in range(len(kept)):  # a kept span may hold another (a URL in math)
        if not _SLOT_RE.search(text):
            break
        text = _SLOT_RE.sub(lambda m: kept[int(m.group(1))], text)
    return " ".join(text.split())
