"""A SPARQL 1.1 server as a ``Store``: ``kg ... --store http://host:port``.

Queries go over the SPARQL 1.1 Protocol and come back as the same pyoxigraph objects an
embedded store gives (results parsed with ``pyoxigraph.parse_query_results``), so ``select()``
returns the same Python values. Parameters are bound the same way as locally
(``bind_values``: a ``VALUES`` block of serialised terms), and the project's prefixes are
declared before each query, as the embedded store declares them. Loading uses the SPARQL 1.1
Graph Store Protocol (``POST`` N-Triples or Turtle into the default graph).

The named queries use ``LATERAL`` (SPARQL 1.2 draft), which Oxigraph and Jena Fuseki servers run;
plain SPARQL 1.1 queries run on any server.

The URL is the server's root (``http://host:7878``, Oxigraph's layout: ``/query``, ``/update``,
``/store``) or its query endpoint (``.../query``, ``.../sparql``), with ``store`` beside it.
"""
from __future__ import annotations

import itertools
import os
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pyoxigraph as ox

from kg.rdf.namespaces import PREFIXES, SPARQL_PROLOGUE
from kg.rdf.store import Store, StoreError, bind_values

#: What a query asks for: JSON results for SELECT/ASK, N-Triples for CONSTRUCT/DESCRIBE.
ACCEPT = "application/sparql-results+json, application/n-triples;q=0.9"
RESULT_FORMATS = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
}
CHUNK = 100_000  # triples per Graph Store request when adding


def endpoints(url: str) -> tuple[str, str]:
    """The query endpoint and the Graph Store endpoint of the server at ``url``."""
    base = url.rstrip("/")
    if not urlsplit(base).path:
        return base + "/query", base + "/store"
    root = base.rsplit("/", 1)[0]
    return base, root + "/store"


class RemoteStore(Store):
    """A store behind a SPARQL 1.1 Protocol endpoint and Graph Store Protocol endpoint."""

    def __init__(self, url: str, timeout_s: float = 300.0):
        self.url = url
        self.query_url, self.store_url = endpoints(url)
        self.timeout_s = timeout_s

    def _request(self, url: str, data=None, headers: dict | None = None, method: str | None = None):
        """An open HTTP response; a ``StoreError`` with the server's own message on failure."""
        request = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
        try:
            return urllib.request.urlopen(request, timeout=self.timeout_s)
        except urllib.error.HTTPError as e:
            message = e.read().decode("utf-8", "replace").strip().splitlines()
            raise StoreError(f"{url}: HTTP {e.code}: {message[0] if message else e.reason}") from None
        except (urllib.error.URLError, OSError) as e:
            raise StoreError(f"{url}: cannot reach the SPARQL server: {getattr(e, 'reason', e)}") from None

    def query(self, sparql, bindings=None):
        text = SPARQL_PROLOGUE + bind_values(sparql, bindings)
        headers = {"Content-Type": "application/sparql-query; charset=utf-8", "Accept": ACCEPT}
        with self._request(self.query_url, text.encode("utf-8"), headers) as response:
            media_type = response.headers.get_content_type()
            body = response.read()
        if media_type in RESULT_FORMATS:
            return ox.parse_query_results(body, RESULT_FORMATS[media_type])
        if media_type == "application/n-triples":
            return _as_query_triples(body)
        raise StoreError(f"{self.query_url}: unexpected answer of type {media_type}")

    def _post_graph(self, data, media_type: str, length: int) -> None:
        headers = {"Content-Type": media_type, "Content-Length": str(length)}
        self._request(self.store_url + "?default", data, headers, "POST").close()

    def update(self, sparql):
        root = self.store_url.rsplit("/", 1)[0]
        body = (SPARQL_PROLOGUE + sparql).encode("utf-8")
        self._request(root + "/update", body, {"Content-Type": "application/sparql-update; charset=utf-8"}, "POST").close()

    def add(self, quads):
        quads = iter(quads)
        while chunk := list(itertools.islice(quads, CHUNK)):
            body = ox.serialize(chunk, format=ox.RdfFormat.N_TRIPLES)
            self._post_graph(body, "application/n-triples", len(body))

    def load_file(self, path):
        path = Path(path)
        rdf_format = ox.RdfFormat.from_extension(path.suffix.lstrip("."))
        if rdf_format is None:
            raise StoreError(f"{path}: unknown RDF format (by its extension)")
        with path.open("rb") as f:
            self._post_graph(f, rdf_format.media_type, os.fstat(f.fileno()).st_size)

    def dump(self, path):
        with self._request(self.store_url + "?default", headers={"Accept": "application/n-triples"}) as response:
            ox.serialize(ox.parse(response, format=ox.RdfFormat.N_TRIPLES), output=str(path),
                         format=ox.RdfFormat.TURTLE, prefixes=PREFIXES)

    def __len__(self) -> int:
        """The number of quads the server holds, in all graphs (as ``len`` of an embedded store)."""
        rows = self.select("SELECT (COUNT(*) AS ?n) WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }")
        return rows[0]["n"]


def _as_query_triples(ntriples: bytes) -> ox.QueryTriples:
    """Triples received from a server as the ``QueryTriples`` an embedded store would return."""
    scratch = ox.Store()
    scratch.bulk_extend(ox.parse(ntriples, format=ox.RdfFormat.N_TRIPLES))
    return scratch.query("CONSTRUCT WHERE { ?s ?p ?o }")
