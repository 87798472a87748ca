"""Sentence splitting and abbreviation definitions (Schwartz & Hearst 2003), on plain strings.

``find_abbreviations(text, sentences)`` returns ``Abbrev`` records for both orders:
``Neural Block Linearization (NBL)`` and ``SPACY (SPAtiotemporal Causal discoverY)``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# --- sentences --------------------------------------------------------------------------------

_NO_SPLIT_BEFORE = re.compile(
    r"(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Figs|Eq|Eqs|Sec|resp|w\.r\.t|approx|Dr|Mr|Mrs|Ms|Prof|St|No|"
    r"Vol|pp|al|Ref|Refs|Tab|Inc|Ltd|Jr|Sr|viz|ca|esp|incl|min|max|avg|Approx|Eqn|Thm|Lem|Def|Alg)"
    r"|\b[A-Z])$"
)
_CANDIDATE = re.compile(r"[.!?]+[\"')\]]*(?:\s+|(?=[A-Z][a-z]))")
_PARA = re.compile(r"\n[ \t]*\n")


def split_sentences(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Cheap sentence boundaries as (start, end) character offsets, trailing spaces excluded."""
    end = len(text) if end is None else end
    cuts = []
    for m in _CANDIDATE.finditer(text, start, end):
        nxt = m.end()
        if nxt >= end:
            continue
        c = text[nxt]
        if not (c.isupper() or c.isdigit() or c in "([*\"'`\\$_"):
            continue
        if not m.group().strip(".!?\"')]"):  # no whitespace: only "word.Word" with 2+ lowercase before
            if not re.search(r"[a-z]{2}[.!?]$", text[max(start, m.start() - 2): m.start() + 1]):
                continue
        before = text[max(start, m.start() - 8): m.start()]
        if m.group()[0] == "." and _NO_SPLIT_BEFORE.search(before):
            continue
        cuts.append(nxt)
    for m in _PARA.finditer(text, start, end):
        cuts.append(m.end())
    cuts = sorted(set(cuts))
    out = []
    s = start
    for c in cuts + [end]:
        a, b = s, c
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            out.append((a, b))
        s = c
    return out


# --- abbreviations ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Abbrev:
    short: str
    long: str
    short_start: int
    short_end: int
    long_start: int
    long_end: int
    order: str  # "long_short" or "short_long"


_PAREN = re.compile(r"\(([^()\n]{1,160})\)")
_ROMAN = re.compile(r"(?i)^(?:i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii)$")
_WORD = re.compile(r"\S+")


def valid_short(s: str) -> bool:
    s = s.strip()
    if not 2 <= len(s) <= 12 or s.count(" ") > 1:
        return False
    if not s[0].isalnum() or _ROMAN.match(s):
        return False
    if not any(c.isupper() for c in s):
        return False
    if sum(c.isalpha() for c in s) < 2 and not re.search(r"[A-Za-z]\d|\d[A-Za-z]", s):
        return False
    if re.fullmatch(r"[\d.,%\s]+[A-Za-z]?", s):
        return False
    return True


# a digit between letters that stands for a word: "S2SMIX" = sequence to sequence mixture, "B4T" = ... for ...
_DIGIT_WORD = re.compile(r"(?<=[A-Za-z])[24](?=[A-Za-z])")
_DIGIT_LETTER = {"2": "t", "4": "f"}


def best_long_form(short: str, long: str) -> int | None:
    """Schwartz-Hearst: the offset in ``long`` where the long form of ``short`` starts, or None (a "2" or "4"
    between letters read as the first letter of "to" or "for" where the digit itself is not found)."""
    k = _best_long_form(short, long)
    if k is None and _DIGIT_WORD.search(short):
        k = _best_long_form(_DIGIT_WORD.sub(lambda m: _DIGIT_LETTER[m.group()], short), long)
    return k


def _best_long_form(short: str, long: str) -> int | None:
    s_idx = len(short) - 1
    l_idx = len(long) - 1
    while s_idx >= 0:
        c = short[s_idx].lower()
        if not c.isalnum():
            s_idx -= 1
            continue
        while l_idx >= 0 and (long[l_idx].lower() != c or
                              (s_idx == 0 and l_idx > 0 and long[l_idx - 1].isalnum())):
            l_idx -= 1
        if l_idx < 0:
            return None
        l_idx -= 1
        s_idx -= 1
    start = l_idx + 1
    while start > 0 and not long[start - 1].isspace():
        start -= 1
    return start


def _strip_span(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and not (text[a].isalnum() or text[a] == "\\"):
        a += 1
    while b > a and not (text[b - 1].isalnum() or text[b - 1] in "%+"):
        b -= 1
    return a, b


def _first_letter_ok(short: str, long: str) -> bool:
    s = next((c for c in short if c.isalnum()), "")
    lw = next((c for c in long if c.isalnum()), "")
    return bool(s) and s.lower() == lw.lower()


_TAIL = re.compile(r"\s+(?:methodology|methodologies|framework|frameworks|method|methods|approach|"
                   r"approaches|technique|techniques|model|models|algorithm|algorithms|scheme|schemes)$")


def _drop_generic_tail(short: str, text: str, a: int, b: int) -> int:
    """``deep kernel PCA methodology (DKPCA)``: drop a generic last word the acronym does not need."""
    m = _TAIL.search(text, a, b)
    if m and best_long_form(short, text[a:m.start()]) == 0:
        return m.start()
    return b


def _prefer_initials(short: str, seg: str, rel: int) -> int:
    """When the words just before the parenthesis spell the acronym by their initials, start there
    (``coupled covariance eigenproblem (CCE)``, which plain Schwartz-Hearst cuts short)."""
    letters = [c.lower() for c in short if c.isalpha()]
    if not 2 <= len(letters) <= 8 or not short.isupper():
        return rel
    words = list(re.finditer(r"[A-Za-z0-9]+", seg))
    for n in range(len(letters), 1, -1):
        if len(words) < n:
            continue
        tail = words[-n:]
        initials = [w.group()[0].lower() for w in tail]
        if initials == letters[:n] if n == len(letters) else False:
            if tail[0].start() < rel:
                start = tail[0].start()
                while start > 0 and not seg[start - 1].isspace():
                    start -= 1
                return start
            return rel
    return rel


def find_abbreviations(text: str, sentences: list[tuple[int, int]]) -> list[Abbrev]:
    out: list[Abbrev] = []
    for s_start, s_end in sentences:
        for m in _PAREN.finditer(text, s_start, s_end):
            inner_a, inner_b = _strip_span(text, m.start(1), m.end(1))
            inner = text[inner_a:inner_b]
            if not inner:
                continue
            if valid_short(inner) and "," not in inner and ";" not in inner:
                # LONG (SHORT)
                n_chars = sum(c.isalnum() for c in inner)
                max_words = min(n_chars + 5, n_chars * 2)
                words = list(_WORD.finditer(text, s_start, m.start()))
                window = words[-max_words:]
                if not window:
                    continue
                w_start = window[0].start()
                # stop at a clause break inside the window, and after a parenthesis: a long form
                # holds none ("the identification (PERSPECTIVE) and the categorization (BERT)")
                seg = text[w_start:m.start()]
                for br in (". ", "; ", ": ", ") ", ", "):
                    k = seg.rfind(br)
                    if k >= 0 and k + len(br) < len(seg):
                        # keep commas only when the acronym itself needs the words before them
                        if br == ", ":
                            rest = seg[k + 2:]
                            if best_long_form(inner, rest) is not None:
                                seg, w_start = rest, w_start + k + 2
                        else:
                            seg, w_start = seg[k + len(br):], w_start + k + len(br)
                seg = seg.rstrip()
                rel = best_long_form(inner, seg)
                if rel is None:
                    continue
                rel = _prefer_initials(inner, seg, rel)
                la, lb = _strip_span(text, w_start + rel, w_start + len(seg))
                lb = _drop_generic_tail(inner, text, la, lb)
                long = text[la:lb]
                if len(long) <= len(inner) or inner.lower() in long.lower().split():
                    continue
                if not _first_letter_ok(inner, long):
                    continue
                out.append(Abbrev(inner, long, inner_a, inner_b, la, lb, "long_short"))
            else:
                # SHORT (LONG): the word before the parenthesis is the short form
                before = text[s_start:m.start()].rstrip()
                wm = re.search(r"(\S+)$", before)
                if not wm:
                    continue
                sa, sb = _strip_span(text, s_start + wm.start(1), s_start + wm.end(1))
                short = text[sa:sb]
                if not valid_short(short) or len(inner.split()) < 2 or len(inner.split()) > 10:
                    continue
                rel = best_long_form(short, inner)
                if rel is None or text[inner_a:inner_a + rel].strip():
                    continue  # the whole parenthesis must be the long form
                if not _first_letter_ok(short, inner):
                    continue
                out.append(Abbrev(short, inner, sa, sb, inner_a, inner_b, "short_long"))
    return out


# "P-CNN: Pose-Based CNN Features for Action Recognition": the name before the colon, and the
# subtitle's phrases, cut at function words and breaks
_TITLE_NAME = re.compile(r"\s*(?P<short>[^\s:]{2,12})\s*:\s+")
_FUNCTION = r"(?!(?:for|with|via|using|in|on|to|from|by|of|as|at|through|towards?|under|and|or|is|are)\b)"
_TITLE_PHRASE = re.compile(rf"(?<!\S)(?:(?:A|An|The)\s+)?(?P<long>{_FUNCTION}[^\s,;:()]+(?:\s+{_FUNCTION}[^\s,;:()]+)*)")


def title_definition(text: str, title_end: int) -> Abbrev | None:
    """The acronym a title defines in a phrase after its colon whose words spell it: the first
    phrase (``BLT: Bidirectional Layout Transformer for ...``), or a later one its words' initials
    begin and end (``PVT: An Implicit Surface Reconstruction Framework via Point Voxel Geometric
    Transformer``): the paper's own sense of the name."""
    m = _TITLE_NAME.match(text, 0, title_end)
    if not m or not valid_short(m.group("short")):
        return None
    short = m.group("short")
    letters = [c.lower() for c in short if c.isalnum()]
    for i, p in enumerate(_TITLE_PHRASE.finditer(text, m.end(), title_end)):
        long = p.group("long")
        words = long.split()
        if len(words) < 2 or best_long_form(short, long) != 0 or not _first_letter_ok(short, long):
            continue
        if short.lower() in long.lower().split():
            continue
        if i and (len(words) > len(letters) + 1 or words[-1][0].lower() != letters[-1]):
            continue
        return Abbrev(short, long, m.start("short"), m.end("short"), p.start("long"), p.end("long"), "short_long")
    return None
