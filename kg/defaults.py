"""The limits and choices of the analytics and views that the command line offers as defaults,
here where reading them loads nothing: ``kg --help``, ``kg query`` and ``kg site`` parse their
options without importing NetworkX, pandas or pyvis."""

#: At most this many papers that use (not propose) the subject method of a lineage map; the rest are counted.
MAX_USERS = 40
#: Views keep at most this many nodes (the most central by PageRank) and say what they left out.
MAX_NODES = 2000
#: The networks ``kg rank`` and ``kg brokers`` rank the nodes of.
GRAPH_NAMES = ("authors", "methods")
#: The measures ``kg rank`` ranks by.
METRICS = ("pagerank", "degree", "weighted_degree", "betweenness", "papers")
