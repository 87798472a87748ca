"""What a build folder keeps of its corpus for later increments: ``vocabulary.sqlite``.

- every paper's title and abstract, in the order the builds read them, under an SQLite FTS5
  full-text index: the papers that name a method are found without reading the corpus again,
  and their text is at hand to extract them again;
- the first pass's evidence (``kg.extract.vocabulary.Vocabulary.state``), to which an increment
  adds that of its papers before deciding again which names are accepted.
"""
from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from .vocabulary import Vocabulary

FILE = "vocabulary.sqlite"
SCHEMA = """
CREATE TABLE IF NOT EXISTS paper(id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS text USING fts5(title, abstract);
CREATE TABLE IF NOT EXISTS evidence(id INTEGER PRIMARY KEY CHECK (id = 0), state TEXT NOT NULL);
"""
#: Phrases per full-text query (an expression of ORs).
PHRASES_PER_QUERY = 200
#: Keys per lookup of some papers' texts (SQLite allows 32,766 parameters).
KEYS_PER_QUERY = 500

Text = tuple[str, str, str]  # (paper key, title, abstract)


class CorpusIndex:
    """The ``vocabulary.sqlite`` of a build folder being written in ``folder``, started from a
    copy of ``previous`` (the one of the folder's last build), if any."""

    def __init__(self, folder: Path, previous: Path | None = None):
        path = folder / FILE
        if previous is not None and (previous / FILE).is_file():
            shutil.copyfile(previous / FILE, path)
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.commit()
        self.db.close()

    def keys(self) -> set[str]:
        """The keys of the papers indexed."""
        return {key for (key,) in self.db.execute("SELECT key FROM paper")}

    def add(self, texts: Iterable[Text]) -> None:
        """Index these papers' texts, after the ones indexed before."""
        first = self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM paper").fetchone()[0]
        rows = [(first + i, key, title or "", abstract or "") for i, (key, title, abstract) in enumerate(texts)]
        with self.db:
            self.db.executemany("INSERT INTO paper(id, key) VALUES (?, ?)", [row[:2] for row in rows])
            self.db.executemany("INSERT INTO text(rowid, title, abstract) VALUES (?, ?, ?)", [(row[0], *row[2:]) for row in rows])

    def texts(self, keys: Iterable[str] | None = None) -> Iterator[Text]:
        """The texts of the papers ``keys`` (of every paper when None), in the order indexed."""
        read = "SELECT paper.id, paper.key, text.title, text.abstract FROM paper JOIN text ON text.rowid = paper.id"
        if keys is None:
            rows = self.db.execute(f"{read} ORDER BY paper.id")
        else:  # looked up by key: an increment extracts again a few papers of many
            wanted, rows = sorted(set(keys)), []
            for start in range(0, len(wanted), KEYS_PER_QUERY):
                chunk = wanted[start:start + KEYS_PER_QUERY]
                rows += self.db.execute(f"{read} WHERE paper.key IN ({', '.join('?' * len(chunk))})", chunk).fetchall()
            rows.sort()
        for _, key, title, abstract in rows:
            yield key, title, abstract

    def keep_only(self, keys: set[str]) -> bool:
        """Forget the papers not among ``keys`` (the store's, after documents were replaced);
        whether there were any."""
        gone = [(i,) for i, key in self.db.execute("SELECT id, key FROM paper") if key not in keys]
        with self.db:
            self.db.executemany("DELETE FROM text WHERE rowid = ?", gone)
            self.db.executemany("DELETE FROM paper WHERE id = ?", gone)
        return bool(gone)

    def naming(self, names: Iterable[str]) -> set[str]:
        """The papers whose title or abstract holds one of ``names`` as a phrase (words compared
        case-blind, punctuation ignored): a superset of those whose extraction finds them."""
        phrases = sorted({'"' + name.replace('"', '""') + '"' for name in names if any(c.isalnum() for c in name)})
        found: set[str] = set()
        for start in range(0, len(phrases), PHRASES_PER_QUERY):
            query = " OR ".join(phrases[start:start + PHRASES_PER_QUERY])
            found.update(key for (key,) in self.db.execute(
                "SELECT paper.key FROM text JOIN paper ON paper.id = text.rowid WHERE text MATCH ?", (query,)))
        return found

    def vocabulary(self, taken: set[str]) -> Vocabulary:
        """The evidence of the papers indexed (empty for a new index)."""
        row = self.db.execute("SELECT state FROM evidence").fetchone()
        return Vocabulary(taken=taken) if row is None else Vocabulary.from_state(json.loads(row[0]), taken)

    def keep_vocabulary(self, vocabulary: Vocabulary) -> None:
        with self.db:
            self.db.execute("REPLACE INTO evidence(id, state) VALUES (0, ?)",
                            (json.dumps(vocabulary.state(), ensure_ascii=False, separators=(",", ":")),))
