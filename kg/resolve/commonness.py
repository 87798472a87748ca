"""How common a person's name is: how many people of a field would bear it by chance.

Two mentions of "Wei Wang" without a shared coauthor are likely two people; two mentions of
"Francesco Tonin" are one. The odds come from counted name parts: ``kg/data/name_parts.tsv`` holds,
for each folded name token, how many distinct author names of a reference bibliography begin
(given name) or end (surname) with it. A name's ambiguity is the log of the expected number of
people sharing it: ``log(POPULATION * P(given) * P(surname))``, unseen parts counted as half a name.

The table is made from a BibTeX file (the ACL Anthology 2016-2020, about 24k distinct names):
``python -m kg.resolve.commonness ../shared/data/acl-2016-2020.bib > kg/data/name_parts.tsv``.
"""
from __future__ import annotations

import csv
import math
import sys
from collections import Counter
from functools import lru_cache
from pathlib import Path

from kg.resolve.names import name_key

TABLE = Path(__file__).resolve().parent.parent / "data" / "name_parts.tsv"
#: People active in the field: the scale of the ambiguity (a count of people, not of the table's names).
POPULATION = 3_000_000


@lru_cache(maxsize=1)
def _parts() -> tuple[dict[str, int], dict[str, int], int]:
    given: dict[str, int] = {}
    surname: dict[str, int] = {}
    total = 0
    with TABLE.open(encoding="utf-8") as f:
        for row in csv.reader(f, delimiter="\t"):
            if not row or row[0].startswith("#"):
                if row and row[0].startswith("# names"):
                    total = int(row[0].split()[-1])
                continue
            token, as_given, as_surname = row[0], int(row[1]), int(row[2])
            if as_given:
                given[token] = as_given
            if as_surname:
                surname[token] = as_surname
    return given, surname, total or 1


@lru_cache(maxsize=200_000)
def ambiguity(key: str) -> float:
    """The log of the expected number of people named ``key`` (a name key): above 0 for names
    that several people bear ("wei wang"), far below for rare ones. A single token is as common
    as its commonest part."""
    given, surname, total = _parts()
    tokens = key.split()
    if not tokens:
        return 0.0
    first, last = tokens[0], tokens[-1]
    p_given = max(given.get(first, 0), 0.5) / total
    p_surname = max(surname.get(last, 0), 0.5) / total
    if len(tokens) > 2:  # a middle name makes a name rarer by about a given name's odds
        p_given *= max(given.get(tokens[1], 0) + surname.get(tokens[1], 0), 0.5) / total
    return math.log(POPULATION * p_given * p_surname)


def count_parts(names: list[str]) -> tuple[Counter, Counter, int]:
    """Given-name and surname counts over the distinct name keys of ``names`` (two tokens or more)."""
    keys = {key for key in map(name_key, names) if len(key.split()) > 1}
    return Counter(k.split()[0] for k in keys), Counter(k.split()[-1] for k in keys), len(keys)


def main(argv: list[str]) -> int:
    """Print the table of name parts of the BibTeX files ``argv``."""
    from kg.ingest.read import read_document

    names = [name for path in argv for record in read_document(path).records for name in record.authors]
    given, surname, total = count_parts(names)
    print(f"# name parts of {len(names)} author mentions in {', '.join(Path(p).name for p in argv)}")
    print(f"# names {total}")
    for token in sorted(set(given) | set(surname)):
        print(f"{token}\t{given[token]}\t{surname[token]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
