"""The lexicon's spellings as a ``PhraseMatcher`` keeps them, remembered between runs.

A phrase pattern is, to the matcher, the sequence of its tokens' ``ORTH`` or ``LOWER`` values
(string hashes): the spelling as the language's tokenizer splits it. Tokenizing the ~26,000
spellings of the lexicon takes about a second, and every build pays it when it loads the pipeline.
That sequence depends on nothing but the spelling, the attribute and spaCy's tokenizer for the
language, so it is kept in a file named after the language, spaCy's and Python's versions, as
``{attribute: {spelling: (value, ...)}}`` in ``marshal``'s format after its SHA-256 (read in a fifth of JSON's time,
tuples and all: every worker of a build reads it); only spellings not in it yet are tokenized, and
added (up to a bound, past which it starts again from the spellings of that load). The file is a
cache: when it cannot be read or written, the spellings are tokenized as before.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import spacy


#: How many spellings the file keeps at most (the project's lexicons have ~45,000 over both attributes).
MAX_KEPT_SPELLINGS = 100_000
DIGEST_SIZE = 32  # the file starts with the SHA-256 of the rest


def cache_dir() -> Path:
    """``$KG_CACHE_DIR``, else ``kg`` in the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``)."""
    if os.environ.get("KG_CACHE_DIR"):
        return Path(os.environ["KG_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kg"


def keywords_file(lang: str) -> Path:
    python = "".join(map(str, sys.version_info[:2]))  # marshal's format is Python's own
    return cache_dir() / f"phrase-keywords-{lang}-spacy-{spacy.__version__}-py{python}.marshal"


def _read(path: Path) -> dict[str, dict[str, tuple[int, ...]]]:
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    # marshal is not made for damaged input (it may exhaust memory): only what this module wrote,
    # whole, reaches it
    digest, payload = data[:DIGEST_SIZE], data[DIGEST_SIZE:]
    if hashlib.sha256(payload).digest() != digest:
        return {}
    try:
        known = marshal.loads(payload)
    except Exception:  # noqa: BLE001 - a cache: any failure means tokenizing again
        return {}
    if not isinstance(known, dict):
        return {}
    return {attr: values for attr, values in known.items() if isinstance(values, dict)}


def _write(path: Path, known: dict[str, dict[str, tuple[int, ...]]]) -> None:
    """Replace the file in one rename, so that a process reading it at the same time sees the old
    or the new one whole."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, scratch = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            payload = marshal.dumps(known)
            with os.fdopen(fd, "wb") as f:
                f.write(hashlib.sha256(payload).digest() + payload)
            os.replace(scratch, path)
        except BaseException:
            os.unlink(scratch)
            raise
    except OSError:
        pass  # a read-only or full disk: the next load tokenizes again


def phrase_keywords(lang: str, spellings: dict[str, Iterable[str]]) -> dict[str, dict[str, tuple[int, ...]]]:
    """For each attribute (``"ORTH"``, ``"LOWER"``) and each of its spellings, the values of the
    spelling's tokens: what ``PhraseMatcher(attr=...).add`` keeps of a pattern ``Doc``."""
    path = keywords_file(lang)
    known = _read(path)
    missing = {attr: sorted(t for t in set(texts) if t not in known.get(attr, {})) for attr, texts in spellings.items()}
    if any(missing.values()):
        # A throwaway tokenizer of the same language: through the pipeline's own, tens of thousands
        # of spellings would fill its cache of chunks (bounded), which the texts need. Token
        # attributes are string hashes, the same in any vocabulary.
        tokenizer = spacy.blank(lang).tokenizer
        for attr, texts in missing.items():
            values = known.setdefault(attr, {})
            for text, doc in zip(texts, tokenizer.pipe(texts)):
                values[text] = tuple(doc.to_array(attr).tolist())
    wanted = {attr: {text: known[attr][text] for text in texts} for attr, texts in spellings.items()}
    if any(missing.values()):
        # every build adds the names its corpus taught: past the bound the file starts again from
        # this load's spellings, so that it stays about the size of the lexicons in use
        _write(path, known if sum(map(len, known.values())) <= MAX_KEPT_SPELLINGS else wanted)
    return wanted
