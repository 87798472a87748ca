"""Sentence splitting and abbreviation definitions (Schwartz & Hearst 2003), on plain strings.

``find_abbreviations(text, sentences)`` returns ``Abbrev`` records for both orders:
``Neural Block Linearization (NBL)`` and ``SPACY (SPAtiotemporal Causal discoverY)``.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache

from .text import data_words

# --- sentences --------------------------------------------------------------------------------

_NO_SPLIT_BEFORE = re.compile(
    r"(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Figs|Eq|Eqs|Sec|resp|w\.r\.t|approx|Dr|Mr|Mrs|Ms|Prof|St|No|"
    r"Vol|pp|al|Ref|Refs|Tab|Inc|Ltd|Jr|Sr|viz|ca|esp|incl|min|max|avg|Approx|Eqn|Thm|Lem|Def|Alg)"
    r"|\b[A-Z])$"
)
# ("[.!?][.!?]*", not "[.!?]+": a pattern that begins with a character class lets the engine skip to the next of
# its characters; one that begins with a repeat is tried at every place of the text, twice as slow)
_CANDIDATE = re.compile(r"[.!?][.!?]*[\"')\]]*(?:\s+|(?=[A-Z][a-z]))")
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
    if not any(c.isupper() for c in s) and not _DIGIT_WORD.search(s):
        return False  # a lower-case acronym only as "seq2seq", "g2p"
    if sum(c.isalpha() for c in s) < 2 and not re.search(r"[A-Za-z]\d|\d[A-Za-z]", s):
        return False
    if re.fullmatch(r"[\d.,%\s]+[A-Za-z]?", s):
        return False
    return True


# letters an acronym writes for something else, each read only where its plain letters align nowhere:
# a digit between letters for a word, a leading capital for a word the long form begins with, a
# leading digit for its number word (the words: kg/data/abbreviations.json), a digit between capitals
# for the capital before it repeated ("M3GM" = Max-Margin Markov Graph Models, "S2P" = Seeded
# Self-Play); and an acronym's letters without the edition after them ("SemEval-2018", "CMRC 2018",
# "UD 2.2", "DSTC-2") or the plural "s" of a singular long form ("Support Vector Machine (SVMs)")
_STAND_INS = data_words("abbreviations")
_DIGIT_LETTER = {digit: word[0] for digit, word in _STAND_INS["digit_words"].items()}
_DIGIT_WORD = re.compile(r"(?<=[A-Za-z])[%s](?=[A-Za-z])" % "".join(_DIGIT_LETTER))
_DIGIT_COUNT = re.compile(r"(?<=[A-Z])[23](?=[A-Z])")
_LETTER_READS = {letter: tuple((word[0].upper(), re.compile("(?i:%s)" % re.escape(word))) for word in words)
                 for letter, words in _STAND_INS["leading_letter_words"].items()}
_LEADING_LETTER = re.compile(r"[%s](?=[A-Z-])" % "".join(_LETTER_READS))
_LEADING_DIGIT = re.compile(r"\d(?=[A-Za-z])")
_NUMBER_READS = tuple((word[0], re.compile("(?i:%s)" % re.escape(word))) for word in _STAND_INS["number_words"])
_EDITION = re.compile(r"(?<=[A-Za-z])[- ]?(?:(?:19|20)\d\d|'\d\d|v?\d\.\d|v?\d{1,2})$")
_PLURAL = re.compile(r"[A-Z]{2}s$")


@lru_cache(maxsize=4096)
def _readings(short: str) -> tuple[tuple[str, re.Pattern | None], ...]:
    """``short`` as written, then each way of reading its stand-in letters that changes it: (the
    letters, what the long form must begin with). Cached: a short form is read for every long form
    tried before it and for its first letter's check, and the same acronyms recur across papers."""
    out: list[tuple[str, re.Pattern | None]] = [(short, None)]
    for pattern, repl in ((_DIGIT_WORD, lambda m: _DIGIT_LETTER[m.group()]),
                          (_DIGIT_COUNT, lambda m: m.string[m.start() - 1] * (int(m.group()) - 1))):
        read = pattern.sub(repl, short)
        if read != short:
            out.append((read, None))
    if _LEADING_LETTER.match(short):
        out += [(letter + short[1:], opens) for letter, opens in _LETTER_READS[short[0]]]
    if _LEADING_DIGIT.match(short):
        letter, opens = _NUMBER_READS[int(short[0])]
        out.append((letter + short[1:], opens))
    if (year := _EDITION.search(short)) and sum(c.isupper() for c in short[:year.start()]) >= 2:
        out.append((short[:year.start()], None))
    if _PLURAL.search(short):
        out.append((short[:-1], None))
    return tuple(out)


def best_long_form(short: str, long: str) -> int | None:
    """Schwartz-Hearst: the offset in ``long`` where the long form of ``short`` starts, or None; the
    first of the short form's readings (``_readings``) that aligns."""
    for read, opens in _readings(short):
        k = _best_long_form(read, long)
        if k is not None and (opens is None or opens.match(long, k)):
            return k
    return None


def _word_start(long: str, i: int) -> bool:
    """A word begins at ``i``: after a space or a hyphen, or at a capital after a small letter ("OpenDial")."""
    return i == 0 or not long[i - 1].isalnum() or (long[i].isupper() and long[i - 1].islower())


_NONE = float("-inf")
_WORD_AFTER_SPACE = re.compile(r"(?<=\s)\S")


def _best_long_form(short: str, long: str) -> int | None:
    """Schwartz-Hearst's test (every letter of the short form in order, the first one opening a word),
    with the alignment whose letters open the most words, less the words whose first letter is none of
    them, rather than the nearest one: "discriminative neural dependency model with valence (D-NDMV)",
    not the Ds and the N inside "dependency", nor "text by annotating ... with time expressions
    (TIMEXes)"; of equally good ones, the shortest long form.

    The scores are kept only where a letter of the short form is (a letter's places in ``long``, not
    every character): the same alignment as a table over all of ``long``, in a fraction of the time."""
    letters = [c.lower() for c in short if c.isalnum()]
    if not letters or not long:
        return None
    low, n = long.lower(), len(long)
    # a word is a run of non-spaces with the spaces after it; word_starts[w - 1] is where word w starts
    word_starts = [m.start() for m in _WORD_AFTER_SPACE.finditer(long)]
    words = len(word_starts) + 1

    def places(c: str) -> list[int]:
        out = []
        k = low.find(c, 0, n) if len(c) == 1 else -1
        while k >= 0:
            out.append(k)
            k = low.find(c, k + 1, n)
        return out

    def head(p: int) -> bool:  # the first letter of its word ("(Neural" at "N")
        w = bisect.bisect_right(word_starts, p)
        ws = word_starts[w - 1] if w else 0
        return long[p].isalnum() and not any(ch.isalnum() for ch in long[ws:p])

    # best: (place, word, score) of the letters from the current one on, the current one at the place
    best = []
    for p in places(letters[-1]):
        w = bisect.bisect_right(word_starts, p)
        best.append((p, w, _word_start(long, p) - (words - 1 - w)))
    for c in reversed(letters[:-1]):
        if not best:
            return None
        # later[k]: the best of score - (a word not opened costs one) - word over best[k:]
        later = [_NONE] * (len(best) + 1)
        for k in range(len(best) - 1, -1, -1):
            q, v, score = best[k]
            later[k] = max(later[k + 1], score - (not head(q)) - v)
        best_places = [q for q, _, _ in best]
        best_words = [v for _, v, _ in best]
        row = []
        for p in places(c):
            w = bisect.bisect_right(word_starts, p)
            k = bisect.bisect_right(best_places, p)  # the letters after p
            after = bisect.bisect_right(best_words, w, k)  # ... in the words after p's
            in_word = max((score for _, _, score in best[k:after]), default=_NONE)
            score = _word_start(long, p) + max(in_word, later[after] + w + 1)
            if score > _NONE:
                row.append((p, w, score))
        best = row
    starts = [(score, p) for p, _, score in best if p == 0 or not long[p - 1].isalnum()]
    if not starts:
        return None
    first = max(starts)[1]
    while first > 0 and not long[first - 1].isspace():
        first -= 1
    return first


def _strip_span(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and not (text[a].isalnum() or text[a] == "\\"):
        a += 1
    while b > a and not (text[b - 1].isalnum() or text[b - 1] in "%+"):
        b -= 1
    return a, b


def _first_letter_ok(short: str, long: str) -> bool:
    lw = next((c for c in long if c.isalnum()), "").lower()
    return any(next((c for c in read if c.isalnum()), "").lower() == lw != "" for read, _ in _readings(short))


_TAIL = re.compile(r"\s+(?:methodology|methodologies|framework|frameworks|method|methods|approach|"
                   r"approaches|technique|techniques|model|models|algorithm|algorithms|scheme|schemes)$")


def _drop_generic_tail(short: str, text: str, a: int, b: int) -> int:
    """``deep kernel PCA methodology (DKPCA)``: drop a generic last word the acronym does not need (a
    plural acronym's "s" needs a plural one: "distributional semantic models (DSMs)")."""
    m = _TAIL.search(text, a, b)
    if m and best_long_form(short, text[a:m.start()]) == 0 and not (_PLURAL.search(short) and text[b - 1] == "s"):
        return m.start()
    return b


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
    if _EDITION.search(short):
        return None  # "BUCC2020: ..." names the event, not what its subtitle says
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
