"""What a long command shows while it runs: one progress line on a terminal (papers, papers/s, time
left), and the libraries' own warnings kept off the terminal and handed to the report instead.

>>> with library_warnings() as caught:
...     logging.getLogger("pylatexenc.latex2text").warning("macro '\\\\frac' failed its substitution!")
>>> caught.take()
["pylatexenc.latex2text: macro '\\\\frac' failed its substitution!"]
"""
from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from typing import TextIO

#: Seconds between two redraws of the progress line.
REDRAW_S = 0.25


class _Caught(logging.Handler):
    """Log records and Python warnings, as ``"source: message"`` lines, until taken."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        # pylatexenc starts its messages with its own "WARNING: ", which says nothing here.
        message = record.getMessage().removeprefix("WARNING: ")
        self.lines.append(f"{record.name}: {message}")

    def warning(self, message, category, filename, lineno, file=None, line=None) -> None:
        self.lines.append(f"{category.__name__}: {message}")

    def take(self) -> list[str]:
        """The lines caught since the last take."""
        lines, self.lines = self.lines, []
        return lines


@contextlib.contextmanager
def library_warnings() -> Iterator[_Caught]:
    """Meanwhile, every warning logged through ``logging`` or raised through ``warnings`` is caught
    (and not printed); ``take()`` hands them over. Processes forked meanwhile inherit the catching,
    so a worker's warnings do not reach the terminal either."""
    caught = _Caught()
    root = logging.getLogger()
    saved_level, saved_handlers = root.level, root.handlers[:]
    root.handlers = [caught]  # replaces lastResort's printing to stderr
    root.setLevel(min(root.level or logging.WARNING, logging.WARNING))
    saved_show = warnings.showwarning
    warnings.showwarning = caught.warning
    try:
        yield caught
    finally:
        warnings.showwarning = saved_show
        root.handlers = saved_handlers
        root.setLevel(saved_level)


def _clock(seconds: float) -> str:
    """``m:ss`` or ``h:mm:ss``.

    >>> _clock(75), _clock(3725)
    ('1:15', '1:02:05')
    """
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """One line on ``stream``, redrawn in place by a thread of its own: the papers done of those
    expected, papers/s and the time left; then the phase after the papers (writing the site...).

    It reads the counts of ``report`` (papers ``extracted``, ``records`` read) and estimates the
    papers expected from the input's bytes until every file is read."""

    def __init__(self, report, files: Sequence[str], stream: TextIO | None = None):
        self.report = report
        self.stream = stream or sys.stderr
        self.sizes = {os.fspath(f): _size(f) for f in files}
        self.total_bytes = sum(self.sizes.values()) or 1
        self.read_bytes = 0
        self.started = time.perf_counter()
        self.width = 0
        self.phase = ""
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="kg-progress", daemon=True)
        self._thread.start()

    def read(self, path: str) -> None:
        """The file at ``path`` was read."""
        self.read_bytes += self.sizes.get(os.fspath(path), 0)

    def expected(self) -> int:
        records = self.report.records
        if self.read_bytes >= self.total_bytes or not self.read_bytes:
            return records
        return round(records * self.total_bytes / self.read_bytes)

    def line(self) -> str:
        """The progress line as it stands."""
        elapsed = time.perf_counter() - self.started
        if self.phase:
            return f"{self.phase} ({_clock(elapsed)} in all)"
        done, expected = self.report.extracted, self.expected()
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f", {_clock((expected - done) / rate)} left" if rate > 0 and expected > done else ""
        return f"{done:,} of {'~' if self.read_bytes < self.total_bytes else ''}{expected:,} papers, " \
               f"{rate:,.0f} papers/s{left}"

    def step(self, phase: str) -> None:
        """The build moved on to ``phase`` (shown at once)."""
        self.phase = phase
        self._draw()

    def _run(self) -> None:
        while not self._stop.wait(REDRAW_S):
            self._draw()

    def _draw(self) -> None:
        with self._lock:
            if self._stop.is_set():
                return
            text = f"kg build: {self.line()}"
            self.stream.write("\r" + text.ljust(self.width))
            self.stream.flush()
            self.width = len(text)

    def close(self) -> None:
        """Stop and erase the line (the summary follows)."""
        with self._lock:
            self._stop.set()
            if self.width:
                self.stream.write("\r" + " " * self.width + "\r")
                self.stream.flush()
        self._thread.join()


def _size(path: str | os.PathLike) -> int:
    try:
        return os.path.getsize(path) if os.path.isfile(path) else 0
    except OSError:
        return 0
