"""The ``kg`` command line: each command a thin shell over a library function."""
from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

from kg.model import InputError, StoreError


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


def open_store(target: str):
    """The store a command reads (loaded on a command's first use: ``kg --help`` needs none)."""
    from kg.rdf.store import open_store as opened

    return opened(target)


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
                   views=not args.no_site, progress=sys.stderr.isatty())
    for problem in report.problems:
        print(f"warning: {problem}", file=sys.stderr)
    if args.verbose:
        for problem in report.library_warnings:
            print(f"library warning: {problem}", file=sys.stderr)
    print(report.summary() + ("" if args.verbose or not report.library_warnings else " (--verbose lists them)"))
    where = report.out
    print(f"wrote {where / 'graph.ttl'} and the store {where / 'store'}" if where else f"loaded into {args.store}")
    return 0


def cmd_site(args) -> int:
    from kg.views import write_site

    if str(args.store).startswith(("http://", "https://")):
        raise UsageError("kg site writes into a build folder: give --store DIR")
    with open_store(args.store) as store:
        index = write_site(store, args.store, previous=args.store)
    print(f"wrote {index} and the pages it links")
    return 0


def parse_params(items: list[str]) -> dict[str, str]:
    """``--param NAME=VALUE`` options as a dict (values are bound as terms, never pasted)."""
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
    if not args.name and (args.limit is not None or args.offset):
        raise UsageError("--limit and --offset page a named query; a SPARQL query says LIMIT and OFFSET itself")
    store = open_store(args.store)
    if args.name:
        from kg.query.named import run_named

        print_rows(run_named(store, args.name, params, args.limit, args.offset), args.format)
        return 0
    sparql = query_text(args.query)
    if params and sparql.lstrip().startswith("#"):  # a query file with a header: its parameters' kinds apply
        from kg.query.named import parse_header

        declared = {p.name: p for p in parse_header(None, sparql).params}
        params = {name: declared[name].term(value) if name in declared else value for name, value in params.items()}
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
    from kg.query.explain import explain, people_named, label

    store = open_store(args.store)
    people = people_named(store, args.target)
    if people:
        if args.format != "table":
            print_rows([{**p, "coauthors": "; ".join(p["coauthors"]), "notes": " | ".join(p["notes"])}
                        for p in people], args.format)
            return 0
        print(f"{len(people)} {'people' if len(people) > 1 else 'person'} named {people[0]['name']}")
        for person in people:
            print(f"{label(person)}  <{person['person']}>  {person['papers']} papers")
            if person["coauthors"]:
                print(f"    coauthors: {', '.join(person['coauthors'])}")
            for note in person["notes"]:
                print(f"    {note}")
        return 0
    rows = explain(store, args.target)
    if not rows:
        raise UsageError(f"no person, paper or method matches {args.target!r}")
    if args.format != "table":
        print_rows(rows, args.format)
        return 0
    for row in rows:
        print(f"{row['subject']} --{row['link']}--> {row['object']}")
        if row["sentence"] is not None:
            where = f" [{row['start']}:{row['end']}]" if row["start"] is not None else ""
            print(f"    \"{row['sentence']}\"{where} rule={row['rule']}"
                  + (f" confidence={row['confidence']}" if row["confidence"] is not None else ""))
        elif row["rule"]:
            print(f"    {row['rule']}")
    return 0


def frame_rows(df) -> list[dict]:
    """A DataFrame's rows for ``print_rows``: missing values as None, lists as text."""
    rows = df.astype(object).where(df.notna(), None).to_dict("records")
    return [{k: " ".join(map(str, v)) if isinstance(v, list) else v for k, v in r.items()} for r in rows]


def found(fn, *args, **kwargs):
    """Call a library function that looks a name up; an unknown name is a usage error."""
    from kg.analytics import NotFound

    try:
        return fn(*args, **kwargs)
    except NotFound as e:
        raise UsageError(str(e)) from None


def wrote(info) -> None:
    left = f"; {info.total_nodes - info.nodes:,} of {info.total_nodes:,} left out" if info.total_nodes > info.nodes else ""
    print(f"wrote {info.path} ({info.nodes:,} nodes, {info.edges:,} links{left})")


def cmd_view(args) -> int:
    from kg import views

    store = open_store(args.store)
    if args.what in ("author", "method") and not args.name:
        raise UsageError(f"kg view {args.what} needs a name")
    if args.what == "coauthors":
        info = views.coauthor_view(store, args.out, max_nodes=args.max_nodes, color_by=args.color_by)
    elif args.what == "methods":
        info = views.method_view(store, args.out, max_nodes=args.max_nodes, color_by=args.color_by)
    elif args.what == "author":
        info = found(views.author_ego_view, store, args.name, args.out, radius=args.radius)
    else:
        info = found(views.method_ego_view, store, args.name, args.out)
    wrote(info)
    return 0


def cmd_lineage(args) -> int:
    from kg.analytics import lineage
    from kg.analytics.lineage import papers_phrase
    from kg.views import write_lineage_html, write_lineage_json

    m = found(lineage, open_store(args.store), args.name, kind=args.kind, max_users=args.max_users)
    if args.json:
        write_lineage_json(m, args.json)
        print(f"wrote {args.json}")
    if args.out:
        wrote(write_lineage_html(m, args.out))
    if not (args.json or args.out):
        for n in m.members():
            print(f"{n.label}  (carried, with its line, by {papers_phrase(n.weight or 0)})")
        for i, line in enumerate(m.lines() if m.kind == "author" else [], start=1):
            own = [n.label for n in line if n.role == "subject"]
            print(f"line {i}: {', '.join(own)}" + "".join(f"; builds on {n.label}" for n in line if n.role != "subject"))
        for p in m.papers():
            print(f"{p.year or 'year unknown'}  {p.label}")
    for note in m.notes:
        print(note, file=sys.stderr)
    return 0


def cmd_rank(args) -> int:
    from kg.analytics import rank

    df = rank(open_store(args.store), args.what, args.metric, args.top)
    print_rows(frame_rows(df.round(6).reset_index()), args.format)
    return 0


def cmd_profile(args) -> int:
    from kg.analytics import author_method_profile

    from kg.query.explain import label, people_named

    store = open_store(args.store)
    people = people_named(store, args.name)
    if len(people) < 2:  # one person of that name (or none, which ``found`` says)
        print_rows(frame_rows(found(author_method_profile, store, args.name)), args.format)
        return 0
    # Several people of that name: each apart, told apart by their years and a frequent coauthor.
    if args.format != "table":
        print_rows([{"person": p["person"], "person_label": label(p), **row} for p in people
                    for row in frame_rows(author_method_profile(store, p["person"]))], args.format)
        return 0
    print(f"{len(people)} people named {people[0]['name']}")
    for person in people:
        print(f"\n{label(person)}  <{person['person']}>  {person['papers']} papers; "
              f"coauthors: {', '.join(person['coauthors']) or 'none'}")
        print_rows(frame_rows(author_method_profile(store, person["person"])), args.format)
    return 0


def cmd_adopters(args) -> int:
    from kg.analytics import method_adopters

    print_rows(frame_rows(found(method_adopters, open_store(args.store), args.name)), args.format)
    return 0


def cmd_brokers(args) -> int:
    from kg.analytics import brokers, coauthor_graph, method_cooccurrence_graph

    store = open_store(args.store)
    g = coauthor_graph(store) if args.what == "authors" else method_cooccurrence_graph(store)
    df = brokers(g, top=args.top)
    print_rows(frame_rows(df.rename_axis("iri").reset_index()), args.format)
    return 0


EXPORTS = ("coauthors", "methods", "author-methods", "paper-methods", "lineage")


def cmd_export(args) -> int:
    from kg import analytics

    build = {"coauthors": analytics.coauthor_graph, "methods": analytics.method_cooccurrence_graph,
             "author-methods": analytics.author_method_graph, "paper-methods": analytics.paper_method_graph,
             "lineage": analytics.method_lineage_graph}[args.graph]
    g = build(open_store(args.store))
    for path in analytics.export(g, args.out, args.format):
        print(f"wrote {path}")
    print(f"({g.number_of_nodes():,} nodes, {g.number_of_edges():,} edges)")
    return 0


def add_analytics_commands(sub, formats) -> None:
    """``kg view``, ``kg lineage``, ``kg rank``, ``kg profile``, ``kg adopters``, ``kg brokers``,
    ``kg export``: thin shells over ``kg.analytics`` and ``kg.views``."""
    from kg.defaults import GRAPH_NAMES, MAX_NODES, MAX_USERS, METRICS

    p = sub.add_parser("view", help="write a network view as one self-contained HTML file")
    p.add_argument("what", choices=["coauthors", "methods", "author", "method"])
    p.add_argument("name", nargs="?", help="the person or method of an ego view (name or IRI)")
    p.add_argument("--store", required=True)
    p.add_argument("--out", required=True, help="the HTML file to write")
    p.add_argument("--max-nodes", type=int, default=MAX_NODES, help="keep the most central nodes beyond this")
    p.add_argument("--color-by", choices=["community", "category"], default="community")
    p.add_argument("--radius", type=int, choices=[1, 2], default=1, help="author view: coauthors' coauthors too")
    p.set_defaults(func=cmd_view)

    p = sub.add_parser("lineage", help="a method's lineage or a person's lines of work, in time")
    p.add_argument("name", help="a method or a person (name, alias or IRI)")
    p.add_argument("--store", required=True)
    p.add_argument("--out", help="the HTML file to write")
    p.add_argument("--json", help="a JSON file to write")
    p.add_argument("--kind", choices=["method", "author"], help="look the name up among these only")
    p.add_argument("--max-users", type=int, default=MAX_USERS, help="papers that only use the method, at most")
    p.set_defaults(func=cmd_lineage)

    p = sub.add_parser("rank", help="the most central authors or methods")
    p.add_argument("what", choices=list(GRAPH_NAMES))
    p.add_argument("--metric", choices=list(METRICS), default="pagerank")
    p.add_argument("--top", type=int, default=20)
    p.add_argument("--store", required=True)
    p.add_argument("--format", choices=formats, default="table")
    p.set_defaults(func=cmd_rank)

    for name, fn, text in (("profile", cmd_profile, "the methods a person's papers name, with counts and years"),
                           ("adopters", cmd_adopters, "the papers and authors naming a method, per year")):
        p = sub.add_parser(name, help=text)
        p.add_argument("name")
        p.add_argument("--store", required=True)
        p.add_argument("--format", choices=formats, default="table")
        p.set_defaults(func=fn)

    p = sub.add_parser("brokers", help="people (or methods) whose ties reach several communities")
    p.add_argument("what", choices=list(GRAPH_NAMES), nargs="?", default="authors")
    p.add_argument("--top", type=int, default=20)
    p.add_argument("--store", required=True)
    p.add_argument("--format", choices=formats, default="table")
    p.set_defaults(func=cmd_brokers)

    p = sub.add_parser("export", help="write a network as GraphML, GEXF or CSV")
    p.add_argument("graph", choices=EXPORTS)
    p.add_argument("--store", required=True)
    p.add_argument("--out", required=True, help="FILE.graphml, FILE.gexf or FILE.csv (nodes and edges)")
    p.add_argument("--format", choices=["graphml", "gexf", "csv"], help="default: from the file's suffix")
    p.set_defaults(func=cmd_export)


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
    p.add_argument("--no-site", "--no-views", dest="no_site", action="store_true",
                   help="skip the HTML site (write it later with `kg site --store DIR`)")
    p.add_argument("--verbose", action="store_true", help="list the warnings the libraries logged, too")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("site", help="(re)write a build folder's HTML site from its store")
    p.add_argument("--store", required=True, help="a build folder")
    p.set_defaults(func=cmd_site)

    p = sub.add_parser("query", help="run a SPARQL query (text or .rq file) or a named query")
    p.add_argument("query", nargs="?", help="the query, or the path of a .rq file")
    p.add_argument("--name", help="a named query instead (see `kg queries`)")
    p.add_argument("--limit", type=int, help="with --name: at most this many rows (a page; all by default)")
    p.add_argument("--offset", type=int, default=0, help="with --name: the rows from this one on (0 is the first)")
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

    p = sub.add_parser("explain", help="the evidence behind the links of a paper or a method, or why a "
                                       "person's mentions are one person and apart from others of the name")
    p.add_argument("target", help="a person's name, a paper title, the start of its abstract, a method name, or an IRI")
    p.add_argument("--store", required=True)
    p.add_argument("--format", choices=formats, default="table")
    p.set_defaults(func=cmd_explain)

    add_analytics_commands(sub, formats)
    return ap


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    from kg.build import BuildFailed

    try:
        return args.func(args)
    except BuildFailed as e:
        for problem in e.problems:
            print(f"warning: {problem}", file=sys.stderr)
        print(f"kg {args.command}: {e}", file=sys.stderr)
    except (UsageError, StoreError) as e:
        print(f"kg {args.command}: {e}", file=sys.stderr)
    except InputError as e:
        print(f"kg {args.command}: {e.problem}", file=sys.stderr)
    except BrokenPipeError:  # the reader (head, less) stopped early: not an error of ours
        sys.stderr.close()
        return 0
    except OSError as e:  # a folder that is a file, a full disk, no permission: the OS says which
        print(f"kg {args.command}: {e.strerror or e}: {e.filename or ''}".rstrip(": "), file=sys.stderr)
    except KeyboardInterrupt:
        print(f"kg {args.command}: interrupted; nothing was changed", file=sys.stderr)
        return 130
    return 1


if __name__ == "__main__":
    sys.exit(main())
