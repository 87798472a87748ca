"""The cyclic garbage collector while a build or a site makes millions of objects that stay.

Quads, registries, rows and tables are objects the collector tracks, and they live as long as the
run: at Python's default threshold (700) each full collection scanned them all again to find almost
nothing (100k papers: 13 full collections, 6.8 of 10.5 CPU-s spent collecting, 528 objects freed;
``kg site`` at 20k papers: 3.55 CPU-s, 2.8 so). Garbage cycles are rare here and are still
collected, later.
"""
from __future__ import annotations

import contextlib
import gc
from typing import Iterator

#: Allocations between two collections of the youngest generation meanwhile.
GC_THRESHOLD = 100_000


@contextlib.contextmanager
def collecting_less(freeze: bool = False) -> Iterator[None]:
    """``GC_THRESHOLD`` meanwhile (in this process and in the workers it forks), and what is
    frozen meanwhile (``freeze``: what lives already) out of the collector's sight until the end.
    Within another, it leaves the end to that one.

    >>> with collecting_less():
    ...     gc.get_threshold()[0] == GC_THRESHOLD
    True
    """
    if freeze:
        gc.freeze()
    threshold = gc.get_threshold()
    if threshold[0] == GC_THRESHOLD:
        yield
        return
    gc.set_threshold(GC_THRESHOLD, *threshold[1:])
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
