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


@lru_cache(maxsize=200_000)
def fold(text: str) -> str:
    """Lowercase words without accents or punctuation: ``"Bouchard-Côté"`` -> ``"bouchard cote"``."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return _NON_WORD.sub(" ", bare.casefold()).strip()


def slug(text: str) -> str:
    """ASCII, lowercase, hyphen-separated: ``"Léon Zheng"`` -> ``"leon-zheng"`` ("" if no ASCII)."""
    ascii_only = fold(text).encode("ascii", "ignore").decode()
    return "-".join(ascii_only.split())


def digest(text: str, length: int = 16) -> str:
    """The first ``length`` hex characters of the SHA-256 of ``text`` (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]
