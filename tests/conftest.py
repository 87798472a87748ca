"""Shared fixtures: the graph built from the project's seeds/ (once per test session), the
hand-made graphs of the analytics and query tests in real embedded stores, and helpers for the
endpoint and remote-store tests."""
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kg.rdf.store import LocalStore

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
FIXTURES = Path(__file__).parent / "fixtures"
KGR = "https://w3id.org/research-kg/resource/"
KGM = "https://w3id.org/research-kg/method/"
FIXTURE = Path(__file__).parent / "fixtures" / "queries.ttl"


@pytest.fixture(scope="session")
def seed_build(tmp_path_factory) -> Path:
    """A build folder (store, graph.ttl, views) made from seeds/ by the real pipeline."""
    from kg.build import build

    out = tmp_path_factory.mktemp("seed-build")
    build([SEEDS], out)
    return out


@pytest.fixture(scope="session")
def seed_store(seed_build):
    from kg.rdf.store import open_store

    store = open_store(seed_build)
    yield store
    store.close()


@pytest.fixture(scope="session")
def mini_store(tmp_path_factory):
    """``tests/fixtures/mini.ttl`` loaded into an Oxigraph store on disk."""
    from kg.rdf.store import LocalStore

    store = LocalStore(tmp_path_factory.mktemp("mini") / "store", read_only=False)
    store.load_file(FIXTURES / "mini.ttl")
    yield store
    store.close()
def free_port() -> int:
    """A TCP port free on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout_s: float = 20.0, process=None) -> None:
    """Wait until something listens on ``127.0.0.1:port`` (fail early if ``process`` died)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port}")


def load_fixture(store) -> None:
    """Load the fixture graph into ``store`` as a build leaves it (with the method summaries)."""
    from kg.rdf.delta import summarise

    store.load_file(FIXTURE)
    summarise(store, None)


def build_fixture_store(out: Path) -> Path:
    """A build folder ``out`` whose ``store/`` holds the fixture graph, closed again."""
    out.mkdir(parents=True, exist_ok=True)
    with LocalStore(out / "store", read_only=False) as store:
        load_fixture(store)
    return out


@pytest.fixture(scope="session")
def fixture_build(tmp_path_factory) -> Path:
    """A build folder of the fixture graph, for read-only use."""
    return build_fixture_store(tmp_path_factory.mktemp("fixture-build"))


OXIGRAPH = shutil.which("oxigraph", path=str(Path(sys.executable).parent)) or shutil.which("oxigraph")


@contextlib.contextmanager
def oxigraph_server(location: Path):
    """An Oxigraph SPARQL server (``oxigraph serve``) on a free loopback port over the store at
    ``location``; its root URL."""
    if OXIGRAPH is None:
        pytest.fail("the oxigraph server binary is missing (pip install oxigraph)")
    port = free_port()
    process = subprocess.Popen([OXIGRAPH, "serve", "--location", str(location), "--bind", f"127.0.0.1:{port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, process=process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


# A real headless Chromium for the views (one per session), and pages opened in it offline.
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser():
    if not (shutil.which("chromium") or os.path.exists(CHROMIUM)):
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is missing (apt-get install chromium)")
        pytest.skip("chromium is missing")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Opened:
    """A page opened offline, recording console errors, page errors and dialogs."""

    def __init__(self, browser, path: Path):
        self.context = browser.new_context(viewport={"width": 1400, "height": 900}, offline=True)
        self.requests: list[str] = []
        self.context.route("**/*", self._only_files)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.goto(path.as_uri())

    def _only_files(self, route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            self.requests.append(route.request.url)
            route.abort()

    def drawn(self):
        self.page.wait_for_function("document.body.getAttribute('data-drawn') === '1'", timeout=30000)
        return self

    def js(self, expr):
        return self.page.evaluate(expr)

    def close(self):
        self.context.close()


@pytest.fixture
def opened(browser):
    pages = []

    def open_(path):
        pages.append(Opened(browser, path))
        return pages[-1]

    yield open_
    for p in pages:
        p.close()


class TooSlow(Exception):
    """CPU time ran out (see ``cpu_budget``)."""


@contextlib.contextmanager
def cpu_budget(seconds: float):
    """Raise TooSlow once the process has spent ``seconds`` of CPU time (user + sys: the machine's load
    does not count) inside the block: a test of linear time on long untrusted text."""
    import signal

    def stop(*_):
        raise TooSlow
    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def breaking(monkeypatch, error: BaseException, on: str = "") -> None:
    """The method component raises ``error`` on every text holding ``on``."""
    from kg.extract.components import MethodComponent

    found = MethodComponent.__call__

    def breaks(self, doc):
        if on in doc.text:
            raise error
        return found(self, doc)

    monkeypatch.setattr(MethodComponent, "__call__", breaks)
