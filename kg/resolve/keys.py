"""Folding text to match keys and slugs: the same name or title written differently folds to
the same key, on any machine."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache

# Letters that Unicode does not decompose into a base letter and a mark.
_LETTERS = str.maketrans({"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d",
                          "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i", "þ": "th", "ß": "ss"})
_NON_WORD = re.compile(r"[\W_]+")
# The combining diacritical mark blocks (what NFKD splits accents into).
_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
# ASCII bytes: letters and digits kept, everything else (what _NON_WORD matches in ASCII) a space.
_ASCII_WORDS = bytes(c if chr(c).isascii() and chr(c).isalnum() else ord(" ") for c in range(256))


def fold_text(text: str) -> str:
    """Lowercase words without accents or punctuation: ``"Bouchard-Côté"`` -> ``"bouchard cote"``."""
    if text.isascii():
        # What the pattern below does, three times faster (most titles and abstracts are ASCII).
        return " ".join(text.encode().translate(_ASCII_WORDS).lower().decode().split())
    decomposed = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    return _NON_WORD.sub(" ", _MARKS.sub("", decomposed).casefold()).strip()


#: ``fold_text`` of names and titles, which recur (every mention of a name; a title in both passes).
#: Text folded once, such as an abstract's opening, is folded by ``fold_text``: kept here, 100k
#: abstracts would hold about 100 MB.
fold = lru_cache(maxsize=200_000)(fold_text)


def slug(text: str) -> str:
    """ASCII, lowercase, hyphen-separated: ``"Léon Zheng"`` -> ``"leon-zheng"`` ("" if no ASCII)."""
    ascii_only = fold(text).encode("ascii", "ignore").decode()
    return "-".join(ascii_only.split())


def digest(text: str, length: int = 16) -> str:
    """The first ``length`` hex characters of the SHA-256 of ``text`` (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]
