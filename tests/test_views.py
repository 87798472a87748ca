"""The views in a real headless Chromium, offline: every page loads and draws the expected
nodes without console errors, search focuses a node, filters hide what they should, and text
from documents (a ``<script>`` in an abstract, markup in a name) shows as text and never runs.
Screenshots go to ``build/screenshots/``."""
import json
import re
from pathlib import Path

import pytest

from conftest import KGM, KGR
from kg.analytics import lineage
from kg.views import author_ego_view, method_ego_view, write_lineage_html, write_site

SCREENSHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"

#: page → nodes vis-network must hold (the fixture has 12 people, 12 methods named by papers)
PAGES = {
    "index": None,
    "coauthors": 12,
    "methods": 12,
    "lineage/ksvd": 10,
    "lineage/lora": 5,
    "people/francesco-tonin-lineage": 10,
    "people/francesco-tonin-coauthors": 16,
}


@pytest.fixture(scope="session")
def site(mini_store, tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    write_site(mini_store, out)
    author_ego_view(mini_store, "zoe ortiz", out / "ego-zoe.html", radius=2)
    method_ego_view(mini_store, "KSVD", out / "ego-ksvd.html")
    return out


def _pages(site: Path):
    return sorted(site.rglob("*.html"))


def test_pages_are_self_contained(site):
    assert len(_pages(site)) >= 10
    remote = re.compile(r"<(script|link|img|iframe)\b[^>]*\b(src|href)\s*=\s*[\"']?\s*(https?:)?//", re.I)
    for path in _pages(site):
        html = path.read_text(encoding="utf-8")
        assert not remote.search(html), f"{path.name} loads something from the network"
        assert not re.search(r"@import|url\(\s*[\"']?https?:", html), path.name


def test_document_text_is_escaped_in_the_files(site):
    html = (site / "lineage" / "lora.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "onerror=alert(2)>" not in html
    assert "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in html  # inside the JSON data
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "<b onmouseover" not in index


@pytest.mark.parametrize("name", list(PAGES))
def test_page_loads_offline_and_draws(site, opened, name):
    page = opened(site / f"{name}.html")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    if PAGES[name] is None:  # the index: every link leads to a page of the site
        hrefs = page.js("Array.from(document.querySelectorAll('a')).map(a => a.getAttribute('href'))")
        assert {f"{n}.html" for n in PAGES if PAGES[n] is not None} <= set(hrefs)
        assert all((site / h).exists() for h in hrefs)
    else:
        page.drawn()
        assert page.js("network.body.data.nodes.length") == PAGES[name]
        assert page.js("document.getElementById('kg-counts').textContent").startswith(f"Showing {PAGES[name]} of")
    page.page.screenshot(path=str(SCREENSHOTS / f"{name.replace('/', '-')}.png"))
    assert page.errors == [] and page.dialogs == [] and page.requests == []


def test_lineage_node_count_matches_its_json(site, opened):
    data = json.loads((site / "lineage" / "ksvd.json").read_text())
    page = opened(site / "lineage" / "ksvd.html").drawn()
    assert page.js("network.body.data.nodes.length") == len(data["nodes"])
    assert page.js("network.body.data.edges.length") == len(data["edges"])
    assert data["columns"] == ["year unknown", 2023, 2024]
    # one column per year, left to right, the undated column first
    xs = page.js(f"network.getPositions([{json.dumps(KGR + 'paper/0000000000000007')}, "
                 f"{json.dumps(KGR + 'paper/0000000000000001')}, {json.dumps(KGR + 'paper/0000000000000003')}])")
    x7, x1, x3 = (xs[KGR + f"paper/000000000000000{i}"]["x"] for i in (7, 1, 3))
    assert x7 < x1 < x3


@pytest.mark.parametrize("page_name, query, expected", [
    ("coauthors", "zoe ortiz", KGR + "person/zoe-ortiz"),
    ("methods", "nystrom", KGM + "nystrom-method"),
    ("lineage/ksvd", "KEP-SVGP", KGM + "kep-svgp"),
    ("people/francesco-tonin-lineage", "hencler", KGM + "hencler"),
])
def test_search_selects_and_focuses(site, opened, page_name, query, expected):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = opened(site / f"{page_name}.html").drawn()
    before = page.js("network.getViewPosition()")
    page.page.fill("#kg-search", query)
    page.page.press("#kg-search", "Enter")
    assert page.js("network.getSelectedNodes()") == [expected]
    target = page.js(f"network.getPositions([{json.dumps(expected)}])")[expected]
    try:  # the focus animation (300 ms; longer on a busy machine)
        page.page.wait_for_function("([id, t]) => { const v = network.getViewPosition();"
                                    " return Math.abs(v.x - t.x) < 1 && Math.abs(v.y - t.y) < 1; }",
                                    arg=[expected, target], timeout=5000)
    except PlaywrightTimeout:
        pass  # the assertions below say where it stopped
    after = page.js("network.getViewPosition()")
    assert after != before or (abs(before["x"] - target["x"]) < 1 and abs(before["y"] - target["y"]) < 1)
    assert abs(after["x"] - target["x"]) < 1 and abs(after["y"] - target["y"]) < 1
    assert page.js("document.getElementById('kg-details').textContent") != ""
    assert page.errors == []


def test_filters_hide_by_year_and_weight(site, opened):
    page = opened(site / "coauthors.html").drawn()
    assert page.js("network.body.data.edges.length") == 17

    def slide(id_, value):
        page.page.evaluate("([id, v]) => { const i = document.getElementById(id); i.value = v;"
                           " i.dispatchEvent(new Event('input')); }", [id_, value])

    slide("kg-year-from", 2024)
    # people with a 2024 paper, plus the two whose only paper is undated (always shown)
    assert page.js("network.body.data.nodes.length") == 8
    slide("kg-year-from", 2021)
    slide("kg-weight", 3)
    assert page.js("network.body.data.edges.length") == 3  # Tao, Tonin, Suykens: 5 or 6 joint papers
    page.page.screenshot(path=str(SCREENSHOTS / "coauthors-filtered.png"))
    assert page.errors == []


def _hover(page, node_id):
    dom = page.js(f"network.canvasToDOM(network.getPositions([{json.dumps(node_id)}])[{json.dumps(node_id)}])")
    box = page.page.locator("#kg-network").bounding_box()
    page.page.mouse.move(box["x"] + dom["x"], box["y"] + dom["y"])
    page.page.wait_for_selector("div.vis-tooltip", state="visible", timeout=5000)
    return page.js("document.querySelector('div.vis-tooltip').textContent")


def test_hostile_text_shows_as_text_and_never_runs(site, opened):
    page = opened(site / "lineage" / "lora.html").drawn()
    hostile = KGR + "paper/0000000000000010"
    tip = _hover(page, hostile)
    assert "<script>alert(1)</script> We attack LoRA adapters & Transformers" in tip
    assert "Mallory <b onmouseover=alert(3)>Hacker</b>" in tip
    page.page.mouse.click(*_centre(page, hostile))
    details = page.js("document.getElementById('kg-details').textContent")
    assert "<img src=x onerror=alert(2)>" in details
    assert page.js("document.querySelectorAll('#kg-details img, #kg-details b, div.vis-tooltip img').length") == 0
    assert page.js("document.scripts.length") == 3
    page.page.screenshot(path=str(SCREENSHOTS / "lineage-lora-hostile-tooltip.png"))
    assert page.dialogs == [] and page.errors == []


def _centre(page, node_id):
    dom = page.js(f"network.canvasToDOM(network.getPositions([{json.dumps(node_id)}])[{json.dumps(node_id)}])")
    box = page.page.locator("#kg-network").bounding_box()
    return box["x"] + dom["x"], box["y"] + dom["y"]


def test_ego_views(site, opened):
    zoe = opened(site / "ego-zoe.html").drawn()
    # Zoë, Sonny Achten; at radius 2 Sonny's coauthors Tonin and Suykens; two methods of Zoë's
    assert zoe.js("network.body.data.nodes.length") == 6
    zoe.page.screenshot(path=str(SCREENSHOTS / "ego-zoe.png"))
    ksvd = opened(site / "ego-ksvd.html").drawn()
    assert ksvd.js("network.body.data.nodes.length") == 10
    dashed = ksvd.js("network.body.data.edges.get().filter(e => e.dashes).map(e => [e.from, e.to])")
    assert sorted(dashed) == sorted([[KGM + m, KGM + "ksvd"] for m in ("cce", "kep-svgp", "primal-attention")])
    ksvd.page.screenshot(path=str(SCREENSHOTS / "ego-ksvd.png"))
    assert zoe.errors == [] and ksvd.errors == []


def test_big_views_keep_the_most_central(mini_store, tmp_path, opened):
    from kg.views import coauthor_view

    info = coauthor_view(mini_store, tmp_path / "small.html", max_nodes=5)
    assert (info.nodes, info.total_nodes) == (5, 12)
    page = opened(tmp_path / "small.html").drawn()
    assert page.js("network.body.data.nodes.length") == 5
    assert "Showing the 5 most central of 12 people" in page.js("document.body.textContent")


def test_lineage_page_from_a_map(mini_store, tmp_path, opened):
    m = lineage(mini_store, "QLoRA")
    write_lineage_html(m, tmp_path / "qlora.html")
    page = opened(tmp_path / "qlora.html").drawn()
    assert page.js("network.body.data.nodes.length") == 4
    labels = page.js("network.body.data.edges.get().map(e => e.label).sort()")
    assert labels == ["extends", "proposes", "proposes"]


def test_cli_view_and_lineage(seed_build, tmp_path, opened, capsys):
    from kg.cli import main

    assert main(["view", "author", "Francesco Tonin", "--store", str(seed_build), "--out", str(tmp_path / "ft.html")]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {tmp_path / 'ft.html'}")
    assert main(["lineage", "Francesco Tonin", "--store", str(seed_build), "--out", str(tmp_path / "ftl.html"),
                 "--json", str(tmp_path / "ftl.json")]) == 0
    data = json.loads((tmp_path / "ftl.json").read_text())
    page = opened(tmp_path / "ftl.html").drawn()
    assert page.js("network.body.data.nodes.length") == len(data["nodes"])
    page.page.screenshot(path=str(SCREENSHOTS / "seed-francesco-tonin-lineage.png"))
    assert page.errors == []
    assert main(["view", "method", "no such method", "--store", str(seed_build), "--out", str(tmp_path / "x.html")]) == 1


def test_seed_site_pages(seed_build, opened):
    """The site ``kg build`` wrote for seeds/: every page draws, offline, without errors."""
    pages = sorted(seed_build.rglob("*.html"))
    assert (seed_build / "index.html") in pages and len(pages) >= 6
    for path in pages:
        if path.name == "index.html":
            continue
        page = opened(path).drawn()
        assert page.js("network.body.data.nodes.length") > 0
        assert page.errors == [] and page.requests == [], path
    ksvd = opened(seed_build / "lineage" / "kernel-svd.html").drawn()
    ksvd.page.screenshot(path=str(SCREENSHOTS / "seed-lineage-ksvd.png"))
    co = opened(seed_build / "coauthors.html").drawn()
    co.page.screenshot(path=str(SCREENSHOTS / "seed-coauthors.png"))


def test_colour_by_category(mini_store, tmp_path, opened):
    from kg.views import coauthor_view, method_view

    coauthor_view(mini_store, tmp_path / "co.html", color_by="category")
    page = opened(tmp_path / "co.html").drawn()
    legend = page.js("document.querySelector('.kg-legend').textContent")
    assert "Machine Learning (7)" in legend and "Computation and Language (5)" in legend
    colours = page.js("network.body.data.nodes.get().map(n => n.color)")
    assert len(set(colours)) == 2
    method_view(mini_store, tmp_path / "me.html", color_by="category")
    page = opened(tmp_path / "me.html").drawn()
    assert "kernel method (2)" in page.js("document.querySelector('.kg-legend').textContent")
