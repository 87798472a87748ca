"""The ``kg`` command line: each command a thin shell over a library function."""
from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

from kg.model import InputError
from kg.rdf.store import StoreError, open_store


class UsageError(Exception):
    """A user's mistake on the command line, said in one line."""


def print_rows(rows: list[dict], fmt: str = "table", out=None) -> None:
    """Rows of dicts as an aligned table, CSV or JSON."""
    out = out or sys.stdout
    if fmt == "json":
        json.dump(rows, out, ensure_ascii=False, indent=1, default=str)
        out.write("\n")
        return
    columns = list(rows[0]) if rows else []
    if fmt == "csv":
        writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return
    cells = [[("" if r[c] is None else str(r[c])).replace("\n", " ") for c in columns] for r in rows]
    widths = [min(60, max([len(c)] + [len(row[i]) for row in cells])) for i, c in enumerate(columns)]
    line = "  ".join(c.ljust(w) for c, w in zip(columns, widths))
    out.write(line.rstrip() + "\n" + "  ".join("-" * w for w in widths) + "\n")
    for row in cells:
        out.write("  ".join(v[:w].ljust(w) for v, w in zip(row, widths)).rstrip() + "\n")
    out.write(f"({len(rows)} rows)\n")


def query_text(query_or_file: str) -> str:
    """A query given inline or as the path of a ``.rq`` file."""
    path = Path(query_or_file)
    if query_or_file.endswith((".rq", ".sparql")) or (len(query_or_file) < 256 and path.is_file()):
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise UsageError(f"{query_or_file}: cannot read the query: {e}") from None
    return query_or_file


def cmd_build(args) -> int:
    from kg.build import build

    if (args.out is None) == (args.store is None):
        raise UsageError("give --out DIR (a fresh build) or --store DIR|URL (add to a store), not both")
    if args.dask and not (args.store or "").startswith(("http://", "https://")):
        raise UsageError("--dask loads into a SPARQL server: give --store http://HOST:PORT")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be 1 or more")
    report = build(args.sources, args.out, store=args.store, strict=args.strict, lexicons=args.lexicon,
                   methods_json=args.methods_json, workers=args.workers, dask=args.dask,
                   views=not args.no_views, progress=sys.stderr.isatty())
    for problem in report.problems:
        print(f"warning: {problem}", file=sys.stderr)
    print(report.summary())
    where = report.out
    print(f"wrote {where / 'graph.ttl'} and the store {where / 'store'}" if where else f"loaded into {args.store}")
    return 0


def parse_params(items: list[str]) -> dict[str, str]:
    """``--param NAME=VALUE`` options as a dict (values are bound as literals, never pasted)."""
    params = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--param {item!r}: write NAME=VALUE")
        params[name.strip()] = value
    return params


def cmd_query(args) -> int:
    params = parse_params(args.param)
    if bool(args.query) == bool(args.name):
        raise UsageError("give a query (text or .rq file) or --name NAME (see `kg queries`), not both")
    store = open_store(args.store)
    if args.name:
        from kg.query.named import run_named

        print_rows(run_named(store, args.name, params), args.format)
        return 0
    sparql = query_text(args.query)
    result = store.query(sparql, params)
    if hasattr(result, "variables"):
        from kg.rdf.store import to_python

        names = [v.value for v in result.variables]
        print_rows([{n: to_python(row[n]) for n in names} for row in result], args.format)
    elif isinstance(result, bool) or type(result).__name__ == "QueryBoolean":
        print_rows([{"answer": bool(result)}], args.format)
    else:
        sys.stdout.write(store.serialize(sparql, "turtle", params).decode("utf-8"))
    return 0


def cmd_queries(args) -> int:
    from kg.query.named import list_queries

    rows = [{"name": q.name, "params": ", ".join(p.name + ("?" if p.optional else "") for p in q.params),
             "answers": q.description} for q in list_queries()]
    print_rows(rows, args.format)
    return 0


def cmd_serve(args) -> int:
    from kg.query.server import serve

    serve(args.store, host=args.host, port=args.port, timeout_s=args.timeout, max_rows=args.max_rows,
          workers=args.workers)
    return 0


STATS_QUERY = """
SELECT
  (COUNT(DISTINCT ?paper) AS ?papers) (COUNT(DISTINCT ?person) AS ?authors)
  (COUNT(DISTINCT ?method) AS ?methods) (COUNT(DISTINCT ?category) AS ?categories)
WHERE {
  { ?paper a kg:Paper } UNION { ?paper dcterms:creator ?person } UNION { ?method a kg:Method }
  UNION { ?paper dcterms:subject ?category }
}"""

LINK_COUNTS_QUERY = """
SELECT ?link (COUNT(*) AS ?count) WHERE {
  VALUES ?link { kg:proposes kg:mentions kg:extends kg:usesDataset kg:usesModel schema:codeRepository cito:cites }
  ?s ?link ?o
} GROUP BY ?link ORDER BY ?link"""


def cmd_stats(args) -> int:
    store = open_store(args.store)
    counts = store.select(STATS_QUERY)[0]
    links = {row["link"].rsplit("#", 1)[-1].rsplit("/", 1)[-1]: row["count"] for row in store.select(LINK_COUNTS_QUERY)}
    triples = store.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]["n"]
    rows = [{"what": k, "count": v} for k, v in {**counts, **links, "triples": triples}.items()]
    print_rows(rows, args.format)
    return 0


def cmd_explain(args) -> int:
    from kg.query.explain import explain

    rows = explain(open_store(args.store), args.target)
    if not rows:
        raise UsageError(f"no paper or method matches {args.target!r}")
    if args.format != "table":
        print_rows(rows, args.format)
        return 0
    for row in rows:
        print(f"{row['subject']} --{row['link']}--> {row['object']}")
        print(f"    \"{row['sentence']}\" [{row['start']}:{row['end']}] rule={row['rule']} confidence={row['confidence']}")
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="kg", description="A research knowledge graph of authors, papers and methods.")
    sub = ap.add_subparsers(dest="command", required=True)
    formats = ["table", "csv", "json"]

    p = sub.add_parser("build", help="build the graph of documents into a folder")
    p.add_argument("sources", nargs="+", help="files or folders (profile pages, listings, BibTeX, arXiv JSON lines...)")
    p.add_argument("--out", help="a fresh build into this folder: store/, graph.ttl, views")
    p.add_argument("--store", help="add to this build folder (new and changed documents only) or SPARQL server URL")
    p.add_argument("--strict", action="store_true", help="fail on any problem in the input, before writing anything")
    p.add_argument("--lexicon", action="append", default=[], type=Path, help="another SKOS lexicon of methods (repeatable)")
    p.add_argument("--methods-json", type=Path, help="a Papers with Code methods.json to add to the lexicon")
    p.add_argument("--workers", type=int, default=None, help="processes for extraction (default: the machine's cores)")
    p.add_argument("--dask", metavar="ADDRESS", help="extract on the Dask cluster at ADDRESS (with --store URL)")
    p.add_argument("--no-views", action="store_true", help="skip the HTML views")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("query", help="run a SPARQL query (text or .rq file) or a named query")
    p.add_argument("query", nargs="?", help="the query, or the path of a .rq file")
    p.add_argument("--name", help="a named query instead (see `kg queries`)")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="bind ?NAME to the literal VALUE (repeatable)")
    p.add_argument("--store", required=True, help="a build folder or a SPARQL endpoint URL")
    p.add_argument("--format", choices=formats, default="table")
    p.set_defaults(func=cmd_query)

    p = sub.add_parser("queries", help="list the named queries and their parameters")
    p.add_argument("--format", choices=formats, default="table")
    p.set_defaults(func=cmd_queries)

    p = sub.add_parser("serve", help="serve a build folder's store as a read-only SPARQL endpoint")
    p.add_argument("--store", required=True, help="a build folder")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--timeout", type=float, default=30.0, help="seconds a query may run")
    p.add_argument("--max-rows", type=int, default=10_000, help="the most rows (or triples) of a result")
    p.add_argument("--workers", type=int, default=2, help="queries run at once (worker processes)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("stats", help="counts of what the graph holds")
    p.add_argument("--store", required=True)
    p.add_argument("--format", choices=formats, default="table")
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("explain", help="the evidence behind the links of a paper or a method")
    p.add_argument("target", help="a paper title, the start of its abstract, a method name, or an IRI")
    p.add_argument("--store", required=True)
    p.add_argument("--format", choices=formats, default="table")
    p.set_defaults(func=cmd_explain)
    return ap


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    from kg.build import BuildFailed

    try:
        return args.func(args)
    except (UsageError, StoreError, BuildFailed) as e:
        print(f"kg {args.command}: {e}", file=sys.stderr)
    except InputError as e:
        print(f"kg {args.command}: {e.problem}", file=sys.stderr)
    except OSError as e:  # a folder that is a file, a full disk, no permission: the OS says which
        print(f"kg {args.command}: {e.strerror or e}: {e.filename or ''}".rstrip(": "), file=sys.stderr)
    except KeyboardInterrupt:
        print(f"kg {args.command}: interrupted; nothing was changed", file=sys.stderr)
        return 130
    return 1


if __name__ == "__main__":
    sys.exit(main())
