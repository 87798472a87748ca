"""Self-contained HTML views of the graph (pyvis + the vis-network copy inside pyvis, inlined):
network views, lineage maps and the site index."""
from kg.views.lineage import write_lineage_html, write_lineage_json
from kg.views.networks import ViewInfo, author_ego_view, coauthor_view, method_ego_view, method_view
from kg.views.site import write_site

__all__ = ["ViewInfo", "author_ego_view", "coauthor_view", "method_ego_view", "method_view",
           "write_lineage_html", "write_lineage_json", "write_site"]
