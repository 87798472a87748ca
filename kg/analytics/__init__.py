"""Network analytics over the graph: projections read through SPARQL, metrics as pandas
tables, rankings and a summary for the CLI, exports, and lineage maps."""
from kg.analytics.export import export
from kg.analytics.lineage import LineageMap, lineage
from kg.analytics.metrics import betweenness, brokers, communities, components, degrees, node_table, pagerank
from kg.analytics.names import NotFound, find, find_one
from kg.analytics.profiles import author_method_profile, method_adopters
from kg.analytics.projections import (
    author_method_graph,
    coauthor_graph,
    method_cooccurrence_graph,
    method_lineage_graph,
    paper_method_graph,
)
from kg.analytics.rank import rank, summary

__all__ = [
    "LineageMap", "NotFound", "author_method_graph", "author_method_profile", "betweenness", "brokers",
    "coauthor_graph", "communities", "components", "degrees", "export", "find", "find_one", "lineage",
    "method_adopters", "method_cooccurrence_graph", "method_lineage_graph", "node_table", "pagerank",
    "paper_method_graph", "rank", "summary",
]
