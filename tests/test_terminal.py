"""What `kg build` shows: library warnings kept off the terminal (counted, listed with --verbose),
a progress line on a terminal only, and one line when another build is writing the store."""
import json
import os
import pty
import select
import subprocess
import sys

import pyoxigraph as ox

from kg.rdf.store import store_dir
from tests.conftest import SEEDS

KG = [sys.executable, "-m", "kg.cli"]
FRAC = "failed its substitution"


def frac_corpus(folder):
    """Two papers whose abstracts make pylatexenc log a warning each (a \\frac missing an argument)."""
    path = folder / "frac.jsonl"
    rows = [{"title": f"Ratios {i}", "authors": ["Ada Quill"],
             "abstract": f"We bound the ratio $\\frac{{{i}}}$ of two kernels with a support vector machine."}
            for i in (1, 2)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_library_warnings_are_counted_not_printed(tmp_path):
    corpus = frac_corpus(tmp_path)
    run = subprocess.run([*KG, "build", str(corpus), "--out", str(tmp_path / "out"), "--workers", "1", "--no-site"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # nothing on the terminal but the summary
    assert "2 library warnings (--verbose lists them)" in run.stdout
    assert len(run.stdout.splitlines()) == 2  # when not on a terminal: the summary alone, no progress

    verbose = subprocess.run([*KG, "build", str(corpus), "--out", str(tmp_path / "again"), "--workers", "1",
                              "--no-site", "--verbose"], capture_output=True, text=True)
    listed = [line for line in verbose.stderr.splitlines() if line.startswith("library warning:")]
    assert len(listed) == 2 and all(str(corpus) in line and FRAC in line for line in listed), verbose.stderr
    assert "WARNING:" not in verbose.stderr


def test_a_terminal_sees_progress_then_the_summary(tmp_path):
    """On a terminal (a real pty) the build redraws one line (papers, papers/s, then its phases)."""
    parent, child = pty.openpty()
    process = subprocess.Popen([*KG, "build", str(SEEDS), "--out", str(tmp_path / "out"), "--workers", "1"],
                               stdin=child, stdout=child, stderr=child, close_fds=True)
    os.close(child)
    seen = b""
    while True:
        ready, _, _ = select.select([parent], [], [], 120)
        if not ready:
            break
        try:
            chunk = os.read(parent, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    assert process.wait(60) == 0, seen.decode()
    text = seen.decode()
    assert "\r" in text and "papers/s" in text and "writing the site" in text, text
    drawn = [part.strip() for line in text.split("\n") for part in line.split("\r") if part.strip()]
    assert any(part.startswith("kg build: ") and "papers/s" in part for part in drawn)
    assert drawn[-2].startswith("read ") and drawn[-1].startswith("wrote "), drawn[-4:]  # then the summary
    assert "Traceback" not in text


def test_a_second_build_into_a_busy_store_says_so(tmp_path, seed_build):
    out = tmp_path / "busy"
    out.mkdir()
    (out / "store").mkdir()
    writer = ox.Store(str(store_dir(out)))  # another writer holds the store's lock
    writer.add(ox.Quad(ox.NamedNode("https://example.org/a"), ox.NamedNode("https://example.org/b"),
                       ox.Literal("c")))
    try:
        run = subprocess.run([*KG, "build", str(SEEDS / "003_9d4d50a094bcbd7c.txt"), "--store", str(out),
                              "--workers", "1"], capture_output=True, text=True)
    finally:
        del writer
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1, run.stderr
    assert "another build is writing to this store" in run.stderr and "LOCK" not in run.stderr
    assert not any(p.name.startswith(".building") for p in out.iterdir())


def loaded(code: str) -> list[str]:
    """Which of the heavy libraries a fresh interpreter has loaded after running ``code``."""
    probe = code + "\nprint(' '.join(m for m in ('pandas', 'rdflib', 'pyoxigraph') if m in sys.modules), file=sys.stderr)"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stderr.split()


def test_commands_load_the_libraries_they_use_on_first_use():
    """`kg --help` opens no store, so loads neither rdflib nor pyoxigraph; an increment (the build and
    the site it writes again) makes no table, so never loads pandas; a ranking does."""
    assert loaded("import sys, kg.cli\ntry:\n    kg.cli.main(['--help'])\nexcept SystemExit:\n    pass") == []
    assert "pandas" not in loaded("import sys, kg.cli, kg.build, kg.views")
    assert "pandas" in loaded("import sys\nfrom kg.analytics import rank, summary\nimport networkx as nx\n"
                              "from kg.analytics.metrics import pagerank\npagerank(nx.path_graph(3))")
