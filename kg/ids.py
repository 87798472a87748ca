"""Deterministic identifiers: the same text gives the same IRI path on any machine."""
from __future__ import annotations

import hashlib
import re
import unicodedata


def fold(text: str) -> str:
    """Accents stripped and case folded: the key two spellings of a name share.

    >>> fold("Bouchard-Côté")
    'bouchard-cote'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def slugify(text: str) -> str:
    """A readable ASCII slug for an IRI path segment.

    >>> slugify("Deep Learning · Theory")
    'deep-learning-theory'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")
    return slug or short_hash(text)


def short_hash(*parts: str) -> str:
    """16 hex characters of the SHA-256 of the parts.

    >>> short_hash("a", "b") == short_hash("a", "b")
    True
    """
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:16]
