"""Work done in a forked copy of this process while this one goes on: both cores busy where the
rest of the build or the site has no need of the result until later (the site's network views,
graph.ttl put together from the previous one)."""
from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable


class Forked:
    """``compute()`` run in a forked copy of this process from ``__enter__`` on. The copy first runs
    ``in_copy()`` (what it must not touch made unusable: the embedded store is not to be used across
    a fork). ``result()`` is ``compute()``'s value (pickled back), or raises what it raised; a copy
    whose result is not taken is stopped on exit. ``what`` names the work when the copy dies."""

    def __init__(self, compute: Callable, in_copy: Callable[[], None] | None = None, what: str = "work"):
        self.compute, self.in_copy, self.what = compute, in_copy, what
        self.pid = None

    def __enter__(self) -> "Forked":
        read, write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the copy: never returns
            os.close(read)
            code = 1
            try:
                if self.in_copy is not None:
                    self.in_copy()
                try:
                    outcome = (True, self.compute())
                except BaseException as e:  # noqa: BLE001 -- raised again in the parent
                    outcome = (False, e)
                with os.fdopen(write, "wb") as f:
                    pickle.dump(outcome, f, pickle.HIGHEST_PROTOCOL)
                code = 0
            finally:
                os._exit(code)  # no exit handlers: they belong to the parent (its store, its files)
        os.close(write)
        self.pipe = os.fdopen(read, "rb")
        return self

    def result(self):
        try:
            ok, value = pickle.load(self.pipe)
        except Exception:  # noqa: BLE001 -- the copy died before it could say why
            ok, value = False, RuntimeError(f"the process doing the {self.what} stopped")
        self._reap(stop=False)
        if not ok:
            raise value
        return value

    def _reap(self, stop: bool) -> None:
        if self.pid is None:
            return
        if stop:
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        self.pid = None
        self.pipe.close()

    def __exit__(self, *exc) -> None:
        self._reap(stop=True)
