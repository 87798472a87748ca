"""Person names: natural-case display forms and the key that says two forms are one person."""
from __future__ import annotations

import re
from functools import lru_cache

from kg.ingest.fields import NAME_PARTICLES
from kg.resolve.keys import fold

_ROMAN = {"II", "III", "IV", "VI", "VII", "VIII"}
_PIECES = re.compile(r"([-'’])")


def _capitalise_piece(piece: str) -> str:
    word = piece[:1].upper() + piece[1:].lower()
    # Scottish/Irish "Mc" keeps its capital: MCDONALD -> McDonald.
    if len(word) > 3 and word.startswith("Mc"):
        word = "Mc" + word[2].upper() + word[3:]
    return word


def _recase(token: str, inside: bool) -> str:
    """One all-capitals (or all-lowercase) token in natural case; particles lowercase inside
    the name (VAN DER MAATEN -> van der Maaten) but not at its end (TUNG LE -> Tung Le)."""
    if token in _ROMAN:
        return token
    lower = token.lower()
    if inside and lower in NAME_PARTICLES:
        return lower
    return "".join(p if p in "-'’" else _capitalise_piece(p) for p in _PIECES.split(token))


def _letters(token: str) -> str:
    return "".join(char for char in token if char.isalpha())


@lru_cache(maxsize=200_000)
def display_name(written: str) -> str:
    """``"QUANMING YAO"`` -> ``"Quanming Yao"``, ``"Xingchen ZENG"`` -> ``"Xingchen Zeng"``.

    Only tokens in capitals (two letters or more) are recased, or every token when the whole
    name is lowercase; mixed-case tokens (McDonald, d'Onofrio, van der Maaten) are left alone.
    """
    tokens = written.split()
    letters_of = [_letters(t) for t in tokens]
    all_lower = all(letters.islower() for letters in letters_of if letters)
    out = []
    for index, (token, letters) in enumerate(zip(tokens, letters_of)):
        if (letters.isupper() and len(letters) >= 2) or (all_lower and letters):
            token = _recase(token, inside=0 < index < len(tokens) - 1)
        out.append(token)
    return " ".join(out)


def name_key(name: str) -> str:
    """The match key of a person name: case, accents and punctuation folded
    (``"Boian S. Alexandrov"`` and ``"BOIAN S ALEXANDROV"`` are one person)."""
    return fold(name)
