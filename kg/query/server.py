"""A read-only SPARQL 1.1 Protocol endpoint over a build folder's store: ``kg serve``.

``serve(DIR)`` answers ``GET``/``POST`` queries at ``/sparql`` (and ``/query``), form-encoded or
``application/sparql-query``: SELECT/ASK as JSON, XML, CSV or TSV, CONSTRUCT/DESCRIBE as Turtle,
N-Triples or JSON-LD, chosen by ``Accept`` or a ``format`` parameter. Updates are refused (403),
a query over the time limit is stopped (503), a result over the row cap is refused (400), each
with a message naming the limit. CORS headers let a browser client (YASGUI) use it. ``/`` is a
page with a query box and the named queries as examples, with nothing loaded from elsewhere.

Design: a small front on the standard library's ``ThreadingHTTPServer``, with queries run by
worker processes that hold the store open read-only with pyoxigraph. Oxigraph's own server
(``oxigraph serve-read-only``, shipped by the ``oxigraph`` package) was the alternative, behind a
proxy; it was not chosen because the proxy would still have to do nearly everything: its
``--timeout-s`` cancels a query after the response has begun (a 200 with a cut body), it has no
row cap and no page, and it keeps serving the folder it opened after a rebuild has swapped a new
store in. Processes rather than threads because pyoxigraph cannot cancel a running query: a
query over the limit is stopped by killing its worker, and a fresh worker takes its place (the
limit counts from when a worker says it is ready: its imports and the store's opening are not the query's).
Before each query a worker compares the store folder's identity (device, inode, change time)
with the one it opened and reopens the store when a build has renamed a new one into place
(builds write elsewhere and swap by renaming, so a served store is never written to).
"""
from __future__ import annotations

import html
import itertools
import json
import multiprocessing
import os
import queue
import re
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pyoxigraph as ox

from kg.query.named import list_queries
from kg.rdf.store import GRAPH_FORMATS, SOLUTION_FORMATS, LocalStore, StoreError, bind_values, store_dir

QUERY_PATHS = ("/sparql", "/query")
MAX_BODY = 1 << 20  # bytes of a POSTed query
SWAP_WAIT_S = 2.0  # how long a worker waits for a store folder that is being swapped in
WORKER_START_S = 120.0  # how long a new worker may take to import and open the store, not counted in a query's time
READY = "ready"  # what a worker sends once it can answer

#: Media types (and aliases) of the formats, by short name (the ``format`` parameter).
MEDIA_TYPES = {
    "json": ("application/sparql-results+json", "application/json"),
    "xml": ("application/sparql-results+xml", "application/xml", "text/xml"),
    "csv": ("text/csv",),
    "tsv": ("text/tab-separated-values",),
    "turtle": ("text/turtle", "application/x-turtle", "application/turtle", "text/n3", "text/rdf+n3", "application/n3"),
    "ntriples": ("application/n-triples", "text/plain"),
    "jsonld": ("application/ld+json", "application/x-json+ld"),
}
#: Other names of the formats in ``format`` parameters (SPARQLWrapper sends these); Turtle is valid N3.
FORMAT_ALIASES = {"n3": "turtle", "ttl": "turtle", "json-ld": "jsonld", "nt": "ntriples"}
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type, Accept",
    "Access-Control-Max-Age": "86400",
}
PAGE_POLICY = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
               "connect-src 'self'; form-action 'self'")


class Refused(Exception):
    """A request answered with an error status and a one-line message."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def negotiate(accept: str | None, fmt: str | None = None) -> tuple[str, str]:
    """The result format for SELECT/ASK and the one for CONSTRUCT/DESCRIBE, as short names:
    from ``fmt`` (a short name or a media type) if given, else from the ``Accept`` header."""
    by_type = {t: name for name, types in MEDIA_TYPES.items() for t in types}
    if fmt:
        fmt = fmt.strip().lower()
        name = fmt if fmt in MEDIA_TYPES else FORMAT_ALIASES.get(fmt) or by_type.get(fmt)
        if name is None:
            raise Refused(HTTPStatus.NOT_ACCEPTABLE, f"unknown format {fmt!r}; use one of {', '.join(MEDIA_TYPES)}")
        return (name, "turtle") if name in SOLUTION_FORMATS else ("json", name)
    ranked = []
    for i, item in enumerate((accept or "").split(",")):
        media_type, *options = [part.strip() for part in item.split(";")]
        q = next((float(o[2:]) for o in options if o.startswith("q=") and o[2:].replace(".", "", 1).isdigit()), 1.0)
        ranked.append((-q, i, media_type.lower()))
    names = [by_type[t] for _, _, t in sorted(ranked) if t in by_type]
    solutions = next((n for n in names if n in SOLUTION_FORMATS), "json")
    graph = next((n for n in names if n in GRAPH_FORMATS), "turtle")
    return solutions, graph


def first_rows(results, max_rows: int, what: str = "rows") -> list:
    """The rows (or triples) of ``results``, read lazily (so the query stops early);
    ``Refused`` when there are more than ``max_rows``."""
    rows = list(itertools.islice(results, max_rows + 1))
    if len(rows) > max_rows:
        raise Refused(HTTPStatus.BAD_REQUEST, f"the result has more than {max_rows} {what}, the endpoint's row cap: "
                                              "add a LIMIT or narrow the query")
    return rows


def capped_solutions(solutions: ox.QuerySolutions, max_rows: int) -> ox.QuerySolutions:
    """The rows of ``solutions`` within the cap, as a new ``QuerySolutions`` to serialise in any
    format. The rows travel as SPARQL TSV, whose cells are the terms' exact N-Triples forms."""
    variables = solutions.variables
    lines = ["\t".join(str(v) for v in variables)]
    lines += ["\t".join("" if row[v] is None else str(row[v]) for v in variables)
              for row in first_rows(solutions, max_rows)]
    return ox.parse_query_results("\n".join(lines) + "\n", ox.QueryResultsFormat.TSV)


_UPDATE = re.compile(r"(?:\s|#[^\n]*|PREFIX\s+[\w.-]*:\s*<[^>]*>|BASE\s*<[^>]*>)*"
                     r"(?:INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD|WITH)\b", re.IGNORECASE)
READ_ONLY = "this endpoint is read-only: SPARQL Update is refused"


def answer(store: LocalStore, sparql: str, formats: tuple[str, str], max_rows: int) -> tuple[int, str, bytes]:
    """Status, media type and body of a query's results on ``store``; ``Refused`` over the row cap."""
    solutions_fmt, graph_fmt = formats
    try:
        result = store.query(sparql)
    except StoreError as e:
        if _UPDATE.match(sparql):
            return HTTPStatus.FORBIDDEN, "text/plain", READ_ONLY.encode()
        return HTTPStatus.BAD_REQUEST, "text/plain", str(e).encode()
    if isinstance(result, ox.QueryBoolean):
        results_format, media_type = SOLUTION_FORMATS[solutions_fmt]
        return HTTPStatus.OK, media_type, result.serialize(format=results_format)
    if isinstance(result, ox.QueryTriples):
        rdf_format, media_type = GRAPH_FORMATS[graph_fmt]
        return HTTPStatus.OK, media_type, ox.serialize(first_rows(result, max_rows, "triples"), format=rdf_format)
    results_format, media_type = SOLUTION_FORMATS[solutions_fmt]
    return HTTPStatus.OK, media_type, capped_solutions(result, max_rows).serialize(format=results_format)


def _identity(path: Path) -> tuple[int, int, int] | None:
    """What tells one store folder from the next one renamed into its place."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino, st.st_ctime_ns


class ServedStore:
    """The store folder a worker serves, reopened read-only whenever a new one has been swapped in."""

    def __init__(self, path: Path):
        self.path = path
        self._store: LocalStore | None = None
        self._identity: tuple | None = None

    def current(self) -> LocalStore:
        """The store now at ``path``; waits briefly while a build is between its two renames, or
        removing the old folder while this worker opened it."""
        deadline = time.monotonic() + SWAP_WAIT_S
        failure = ""
        while True:
            identity = _identity(self.path)
            if identity is not None and identity == self._identity:
                return self._store
            if identity is not None:
                try:
                    store = LocalStore(self.path)
                except StoreError as e:
                    failure = f": {e}"
                else:
                    if _identity(self.path) == identity:  # the folder opened is still the one at path
                        self.close()
                        self._store, self._identity = store, identity
                        return store
                    store.close()
            if time.monotonic() > deadline:
                raise Refused(HTTPStatus.SERVICE_UNAVAILABLE,
                              f"no store to serve at {self.path} (is a build swapping it in?){failure}")
            time.sleep(0.02)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
        self._store = self._identity = None


def _serve_jobs(conn, path: str) -> None:
    """A worker process: answer each ``(sparql, formats, max_rows)`` received on ``conn``."""
    served = ServedStore(Path(path))
    try:
        served.current()  # opened before the worker says it is ready: a query's time limit is the query's own
    except Refused:
        pass  # no store yet: each query waits for one as before
    conn.send(READY)
    while True:
        try:
            sparql, formats, max_rows = conn.recv()
        except (EOFError, KeyboardInterrupt):
            return
        conn.send(_answer_job(served, sparql, formats, max_rows))


def _answer_job(served: ServedStore, sparql: str, formats: tuple[str, str], max_rows: int) -> tuple[int, str, bytes]:
    """A query's reply; when the store fails under it (a build removed the old store while the
    query read it), once more on the store now in place."""
    for _ in range(2):
        try:
            return answer(served.current(), sparql, formats, max_rows)
        except Refused as e:
            return e.status, "text/plain", str(e).encode()
        except (OSError, RuntimeError) as e:
            served.close()
            failure = e
    return HTTPStatus.INTERNAL_SERVER_ERROR, "text/plain", f"the store could not answer: {failure}".encode()


class WorkerStartTimeout(Exception):
    """A new worker did not get ready within ``WORKER_START_S``."""


class _Worker:
    """A process that answers queries on the store; killed when a query overruns the time limit."""

    def __init__(self, ctx, path: Path):
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve_jobs, args=(child, str(path)), daemon=True)
        self.process.start()
        child.close()
        self.ready = False

    def ask(self, job: tuple, timeout_s: float) -> tuple[int, str, bytes]:
        if not self.ready:
            # A spawned worker imports the package and opens the store first, which on a loaded
            # machine alone can take longer than the time limit of the query it is given.
            if not self.conn.poll(WORKER_START_S):
                raise WorkerStartTimeout
            if self.conn.recv() != READY:
                raise EOFError
            self.ready = True
        self.conn.send(job)
        if not self.conn.poll(timeout_s):
            raise TimeoutError
        return self.conn.recv()

    def stop(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


class Workers:
    """A fixed number of worker processes; a query waits for a free one."""

    def __init__(self, path: Path, size: int):
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._path = path
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        for _ in range(size):
            self._idle.put(self._start())

    def _start(self) -> _Worker:
        worker = _Worker(self._ctx, self._path)
        with self._lock:
            self._all.add(worker)
        return worker

    def _replace(self, worker: _Worker) -> None:
        with self._lock:
            self._all.discard(worker)
        worker.stop()
        self._idle.put(self._start())

    def run(self, job: tuple, timeout_s: float) -> tuple[int, str, bytes]:
        """Status, media type and body of ``job`` answered within ``timeout_s`` seconds."""
        try:
            worker = self._idle.get(timeout=timeout_s)
        except queue.Empty:
            raise Refused(HTTPStatus.SERVICE_UNAVAILABLE, f"all workers stayed busy for {timeout_s:g} s: "
                                                          "try again later") from None
        try:
            reply = worker.ask(job, timeout_s)
        except WorkerStartTimeout:
            self._replace(worker)
            raise Refused(HTTPStatus.SERVICE_UNAVAILABLE, f"no worker process got ready within {WORKER_START_S:g} s: "
                                                          "try again later") from None
        except TimeoutError:
            self._replace(worker)
            raise Refused(HTTPStatus.SERVICE_UNAVAILABLE, f"the query ran over the endpoint's time limit of "
                                                          f"{timeout_s:g} s and was stopped") from None
        except (EOFError, OSError):
            self._replace(worker)
            raise Refused(HTTPStatus.INTERNAL_SERVER_ERROR, "the query's worker process died") from None
        self._idle.put(worker)
        return reply

    def close(self) -> None:
        with self._lock:
            workers, self._all = self._all, set()
        for worker in workers:
            worker.stop()


def render_page(timeout_s: float, max_rows: int) -> str:
    """The endpoint's HTML page: a query box, the named queries as examples, inline script only."""
    queries = list_queries()
    texts = [bind_values(q.sparql, q.bindings(q.example)) for q in queries]
    options = "\n".join(f'<option value="{i}">{html.escape(q.name)} — {html.escape(q.description)}</option>'
                        for i, q in enumerate(queries))
    data = json.dumps(texts).replace("<", "\\u003c")
    formats = "".join(f'<option value="{n}">{n}</option>' for n in MEDIA_TYPES)
    return PAGE.format(options=options, data=data, formats=formats, timeout_s=f"{timeout_s:g}", max_rows=max_rows,
                       first=html.escape(texts[0] if texts else "SELECT * WHERE { ?s ?p ?o } LIMIT 10"))


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>kg SPARQL endpoint</title>
<style>
body {{ font: 15px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 70em; padding: 0 1em; }}
textarea {{ width: 100%; height: 18em; font: 13px monospace; }}
table {{ border-collapse: collapse; margin-top: 1em; }} td, th {{ border: 1px solid #ccc; padding: .2em .5em; }}
pre {{ background: #f6f6f6; padding: .5em; overflow: auto; }} select {{ max-width: 100%; }}
</style></head>
<body>
<h1>kg SPARQL endpoint</h1>
<p>SPARQL 1.1 queries at <code>/sparql</code> (GET or POST), read-only; at most {max_rows} rows and
{timeout_s} s per query.</p>
<form id="form" method="get" action="sparql">
<p><label>Named queries: <select id="examples"><option value="">choose one…</option>
{options}</select></label></p>
<textarea id="query" name="query" spellcheck="false">{first}</textarea>
<p><label>Format <select id="format" name="format">{formats}</select></label> <button>Run</button></p>
</form>
<div id="out"></div>
<script type="application/json" id="examples-data">{data}</script>
<script>
const examples = JSON.parse(document.getElementById("examples-data").textContent);
const query = document.getElementById("query"), out = document.getElementById("out");
document.getElementById("examples").onchange = e => {{ if (e.target.value) query.value = examples[e.target.value]; }};
function cell(row, tag, text) {{ const c = document.createElement(tag); c.textContent = text; row.appendChild(c); }}
function table(results) {{
  const t = document.createElement("table"), head = t.insertRow();
  if ("boolean" in results) {{ cell(head, "td", String(results.boolean)); return t; }}
  for (const v of results.head.vars) cell(head, "th", v);
  for (const b of results.results.bindings) {{
    const row = t.insertRow();
    for (const v of results.head.vars) cell(row, "td", b[v] ? b[v].value : "");
  }}
  return t;
}}
document.getElementById("form").onsubmit = async e => {{
  e.preventDefault();
  out.textContent = "running…";
  const body = new URLSearchParams({{query: query.value, format: document.getElementById("format").value}});
  const r = await fetch("sparql", {{method: "POST", body}});
  const text = await r.text();
  out.textContent = "";
  if (r.ok && (r.headers.get("Content-Type") || "").includes("sparql-results+json")) {{
    out.appendChild(table(JSON.parse(text)));
  }} else {{
    const pre = document.createElement("pre");
    pre.textContent = (r.ok ? "" : r.status + " ") + text;
    out.appendChild(pre);
  }}
}};
</script>
</body></html>
"""


class SparqlHandler(BaseHTTPRequestHandler):
    """The SPARQL 1.1 Protocol (query operation), the page at ``/`` and CORS preflight."""

    server: SparqlServer
    server_version = "kg-sparql"

    def do_OPTIONS(self):
        """CORS preflight: any origin may send the headers it asks for."""
        asked = self.headers.get("Access-Control-Request-Headers")
        self._send(HTTPStatus.NO_CONTENT, "text/plain", b"", {"Access-Control-Allow-Headers": asked} if asked else None)

    def do_GET(self):
        self._handle()

    def do_POST(self):
        self._handle()

    def _handle(self) -> None:
        try:
            url = urlsplit(self.path)
            params = parse_qs(url.query, keep_blank_values=True)
            if self.command == "POST":
                params = self._posted(params)
            if url.path == "/" and self.command == "GET" and not params:
                self._send(HTTPStatus.OK, "text/html", self.server.page.encode(), {"Content-Security-Policy": PAGE_POLICY})
            elif url.path == "/update" or "update" in params:
                raise Refused(HTTPStatus.FORBIDDEN, READ_ONLY)
            elif url.path in QUERY_PATHS or url.path == "/":
                self._send(*self.server.run_query(self._query(params), self._formats(params)))
            else:
                raise Refused(HTTPStatus.NOT_FOUND, f"nothing at {url.path}: queries go to /sparql")
        except Refused as e:
            self._send(e.status, "text/plain", str(e).encode())

    def _posted(self, params: dict[str, list[str]]) -> dict[str, list[str]]:
        """The parameters of a POST: the URL's, plus the form's or the ``application/sparql-query`` body."""
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            raise Refused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the request is over {MAX_BODY} bytes")
        body = self.rfile.read(length).decode("utf-8", "replace")
        media_type = self.headers.get_content_type()
        if media_type == "application/sparql-update":
            raise Refused(HTTPStatus.FORBIDDEN, READ_ONLY)
        if media_type == "application/sparql-query":
            return {**params, "query": [body]}
        if media_type == "application/x-www-form-urlencoded":
            form = parse_qs(body, keep_blank_values=True)
            return {k: params.get(k, []) + form.get(k, []) for k in {*params, *form}}
        raise Refused(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "POST a query as application/sparql-query or "
                                                         "application/x-www-form-urlencoded")

    @staticmethod
    def _query(params: dict[str, list[str]]) -> str:
        queries = params.get("query", [])
        if len(queries) != 1 or not queries[0].strip():
            raise Refused(HTTPStatus.BAD_REQUEST, "send exactly one query (query=..., SPARQL 1.1 Protocol)")
        if params.get("default-graph-uri") or params.get("named-graph-uri"):
            raise Refused(HTTPStatus.BAD_REQUEST, "default-graph-uri and named-graph-uri are not supported: "
                                                  "the endpoint serves one graph")
        return queries[0]

    def _formats(self, params: dict[str, list[str]]) -> tuple[str, str]:
        fmt = (params.get("format") or params.get("output") or [None])[0]
        return negotiate(self.headers.get("Accept"), fmt)

    def _send(self, status: int, media_type: str, body: bytes, headers: dict | None = None) -> None:
        if media_type.startswith("text/"):
            media_type += "; charset=utf-8"
        self.send_response(status)
        for name, value in {**CORS_HEADERS, "Content-Type": media_type, "Content-Length": str(len(body)),
                            **(headers or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


class SparqlServer(ThreadingHTTPServer):
    """The endpoint over the store of a build folder (see the module's docstring)."""

    daemon_threads = True

    def __init__(self, build_dir: str | os.PathLike, host: str = "127.0.0.1", port: int = 8000,
                 timeout_s: float = 30.0, max_rows: int = 10_000, workers: int = 2):
        self.store_path = store_dir(build_dir)
        LocalStore(self.store_path).close()  # no store: say so now, not at the first query
        self.timeout_s, self.max_rows = timeout_s, max_rows
        self.page = render_page(timeout_s, max_rows)
        super().__init__((host, port), SparqlHandler)
        self.workers = Workers(self.store_path, workers)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/sparql"

    def run_query(self, sparql: str, formats: tuple[str, str]) -> tuple[int, str, bytes]:
        return self.workers.run((sparql, formats, self.max_rows), self.timeout_s)

    def server_close(self) -> None:
        super().server_close()
        self.workers.close()


def serve(store_dir: str | os.PathLike, host: str = "127.0.0.1", port: int = 8000, timeout_s: float = 30.0,
          max_rows: int = 10_000, workers: int = 2) -> None:
    """Serve the store of the build folder ``store_dir`` at ``http://host:port/sparql`` until interrupted."""
    with SparqlServer(store_dir, host, port, timeout_s, max_rows, workers) as server:
        print(f"SPARQL endpoint at {server.url} (a query page at /); Ctrl-C stops it", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
