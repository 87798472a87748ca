// The interactive part of every kg view. Everything from documents arrives as JSON data and is
// put into the page with textContent only, never as markup.
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("kg-data").textContent);
  var byId = function (id) { return document.getElementById(id); };

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function safeHref(href) { return /^https?:\/\//i.test(href || "") ? href : null; }
  function fold(s) {
    return String(s).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }
  function tooltip(info) {
    var box = el("div", null, "kg-tip");
    box.appendChild(el("strong", info.heading));
    (info.lines || []).forEach(function (line) { box.appendChild(el("div", line)); });
    return box;
  }

  // vis items: the drawing fields; the rest (info, years, weight) stays in these maps.
  var NODE = new Map(), EDGE = new Map();
  var visNodes = DATA.nodes.map(function (n) {
    NODE.set(n.id, n);
    var v = Object.assign({}, n.vis, {id: n.id, title: tooltip(n.info)});
    return v;
  });
  var visEdges = DATA.edges.map(function (e) {
    EDGE.set(e.id, e);
    var v = Object.assign({}, e.vis, {id: e.id, from: e.from, to: e.to});
    if (e.info) v.title = tooltip(e.info);
    return v;
  });

  var years = DATA.meta.years;  // [first, last] or null
  var state = {y0: years ? years[0] : null, y1: years ? years[1] : null, minWeight: 1};
  function inRange(ys) {
    if (!years || !ys || !ys.length) return true;  // undated: always shown
    return ys.some(function (y) { return y >= state.y0 && y <= state.y1; });
  }
  var nodeSet = new vis.DataSet(visNodes), edgeSet = new vis.DataSet(visEdges);
  var nodeView = new vis.DataView(nodeSet, {filter: function (n) { return inRange(NODE.get(n.id).years); }});
  var edgeView = new vis.DataView(edgeSet, {filter: function (e) {
    var d = EDGE.get(e.id);
    return (d.weight || 1) >= state.minWeight && inRange(d.years);
  }});
  var network = new vis.Network(byId("kg-network"), {nodes: nodeView, edges: edgeView}, DATA.options);
  window.network = network;

  function showCounts() {
    var shown = function (view) { return view.get({filter: function (x) { return !x.hidden; }}).length; };
    byId("kg-counts").textContent = "Showing " + shown(nodeView) + " of " + nodeSet.length + " nodes, "
      + shown(edgeView) + " of " + edgeSet.length + " links.";  // a closed "more" group's members are hidden
  }
  function refresh() { nodeView.refresh(); edgeView.refresh(); showCounts(); }

  // Year range and minimum weight.
  function bindRange(id, key, show) {
    var input = byId(id);
    if (!input) return;
    input.addEventListener("input", function () {
      state[key] = Number(input.value);
      if (state.y0 !== null && state.y0 > state.y1) {  // keep from <= to
        if (key === "y0") { state.y1 = state.y0; byId("kg-year-to").value = state.y1; }
        else { state.y0 = state.y1; byId("kg-year-from").value = state.y0; }
      }
      show();
      refresh();
    });
  }
  function showYears() { if (years) byId("kg-years-shown").textContent = state.y0 + "–" + state.y1; }
  function showWeight() { var o = byId("kg-weight-shown"); if (o) o.textContent = "≥ " + state.minWeight; }
  bindRange("kg-year-from", "y0", showYears);
  bindRange("kg-year-to", "y1", showYears);
  bindRange("kg-weight", "minWeight", showWeight);
  showYears(); showWeight();

  // Details of the selected node, with its links.
  function showDetails(id) {
    var box = byId("kg-details"), n = NODE.get(id);
    box.replaceChildren();
    if (!n) return;
    box.appendChild(el("h3", n.info.heading));
    (n.info.lines || []).forEach(function (line) { box.appendChild(el("div", line)); });
    var links = (n.info.links || []).filter(function (l) { return safeHref(l.href) || !l.href; });
    if (links.length) {
      var ul = el("ul");
      links.forEach(function (l) {
        var li = el("li"), href = safeHref(l.href);
        if (href) { var a = el("a", l.text); a.href = href; a.target = "_blank"; a.rel = "noopener noreferrer"; li.appendChild(a); }
        else li.textContent = l.text;
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
  }
  // A "more" node of a lineage map opens (and closes) the members it groups.
  function toggleGroup(id) {
    var open = null;
    [[nodeSet, DATA.nodes], [edgeSet, DATA.edges]].forEach(function (pair) {
      var changes = pair[1].filter(function (x) { return x.group_of === id; }).map(function (x) {
        if (open === null) open = pair[0].get(x.id).hidden === true;
        return {id: x.id, hidden: !open};
      });
      pair[0].update(changes);
    });
    refresh();
  }
  network.on("selectNode", function (p) {
    showDetails(p.nodes[0]);
    if (DATA.nodes.some(function (x) { return x.group_of === p.nodes[0]; })) toggleGroup(p.nodes[0]);
  });
  network.on("deselectNode", function () { byId("kg-details").replaceChildren(el("div", "Click a node for details.", "kg-note")); });

  // Search: exact name, else the first that starts with it, else the first containing it.
  var datalist = byId("kg-names");
  DATA.nodes.slice().sort(function (a, b) { return a.label < b.label ? -1 : 1; }).forEach(function (n) {
    var o = document.createElement("option");
    o.value = n.label;
    datalist.appendChild(o);
  });
  function find(query) {
    var key = fold(query), starts = null, contains = null;
    if (!key) return null;
    for (var i = 0; i < DATA.nodes.length; i++) {
      var n = DATA.nodes[i], f = fold(n.label);
      if (f === key) return n;
      if (!starts && f.indexOf(key) === 0) starts = n;
      if (!contains && f.indexOf(key) > 0) contains = n;
    }
    return starts || contains;
  }
  function search(query) {
    var status = byId("kg-search-status"), hit = find(query);
    if (!hit) { status.textContent = query.trim() ? "Nothing matches “" + query + "”." : ""; return; }
    if (!nodeView.get(hit.id)) {  // hidden by the filters: show everything again
      state.y0 = years ? years[0] : null; state.y1 = years ? years[1] : null; state.minWeight = 1;
      ["kg-year-from", "kg-year-to", "kg-weight"].forEach(function (id) {
        var input = byId(id);
        if (input) input.value = id === "kg-year-to" ? state.y1 : id === "kg-year-from" ? state.y0 : 1;
      });
      showYears(); showWeight(); refresh();
    }
    status.textContent = "Found " + hit.label + ".";
    network.selectNodes([hit.id]);
    network.focus(hit.id, {scale: Math.max(network.getScale(), 1.2), animation: {duration: 300}});
    showDetails(hit.id);
  }
  var input = byId("kg-search");
  input.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); search(input.value); } });
  input.addEventListener("change", function () { search(input.value); });

  // Year columns of lineage maps, drawn under the graph.
  var columns = DATA.meta.columns;
  if (columns) {
    // First sight: the whole map if it fits at a legible scale, else the subject and what is of its
    // line at that scale, from the top; the wheel then scrolls (ctrl/pinch zooms) instead of shrinking.
    var LEGIBLE = DATA.meta.legibleScale || 0.75;
    var bounds = function () {  // every column band and every node's box (labels reach past a band)
      var w = DATA.meta.columnWidth;
      var b = {left: columns[0].x - w / 2, right: columns[columns.length - 1].x + w / 2,
               top: DATA.meta.top - 80, bottom: DATA.meta.bottom + 70};
      nodeView.getIds().forEach(function (id) {
        var bb = network.getBoundingBox(id);
        if (!bb) return;
        b.left = Math.min(b.left, bb.left - 12); b.right = Math.max(b.right, bb.right + 12);
        b.top = Math.min(b.top, bb.top - 12); b.bottom = Math.max(b.bottom, bb.bottom + 12);
      });
      return b;
    };
    var fitColumns = function () {
      var box = byId("kg-network"), b = bounds();
      var fit = Math.min(box.clientWidth / (b.right - b.left), box.clientHeight / (b.bottom - b.top), 1.5) * 0.97;
      var scale = Math.max(fit, LEGIBLE);
      var vw = box.clientWidth / scale, vh = box.clientHeight / scale;
      var focus = (DATA.meta.focus || []).map(function (id) { return network.getBoundingBox(id); })
        .filter(function (bb) { return bb; });
      var fx = focus.length ? (Math.min.apply(null, focus.map(function (f) { return f.left; }))
                               + Math.max.apply(null, focus.map(function (f) { return f.right; }))) / 2
                            : (b.left + b.right) / 2;
      var clamp = function (v, lo, hi) { return lo > hi ? (lo + hi) / 2 : Math.min(Math.max(v, lo), hi); };
      var x = clamp(fx, b.left + vw / 2, b.right - vw / 2);
      var y = clamp(b.top + vh / 2, b.top + vh / 2, b.bottom - vh / 2);  // from the top: headers, subject, its line
      network.moveTo({position: {x: x, y: y}, scale: scale, animation: false});
    };
    network.once("afterDrawing", fitColumns);
    byId("kg-network").addEventListener("wheel", function (ev) {
      if (ev.ctrlKey) return;  // zoom, as vis-network does
      ev.preventDefault();
      ev.stopPropagation();
      var s = network.getScale(), at = network.getViewPosition();
      var dy = ev.shiftKey ? 0 : ev.deltaY, dx = ev.deltaX + (ev.shiftKey ? ev.deltaY : 0);  // shift: sideways
      network.moveTo({position: {x: at.x + dx / s, y: at.y + dy / s}, scale: s, animation: false});
    }, {capture: true, passive: false});
    network.on("beforeDrawing", function (ctx) {
      var top = DATA.meta.top, bottom = DATA.meta.bottom, w = DATA.meta.columnWidth;
      columns.forEach(function (c, i) {
        ctx.fillStyle = c.unknown ? "#f3f0ea" : (i % 2 ? "#f7f9fb" : "#eef2f6");
        ctx.fillRect(c.x - w / 2, top - 70, w, bottom - top + 130);
        ctx.fillStyle = "#52606d";
        ctx.font = "bold 28px system-ui, sans-serif";
        ctx.textAlign = "center";
        ctx.fillText(c.label, c.x, top - 40);
        if (c.gap) ctx.fillText("…", c.x - w / 2, top - 40);  // years left out: nothing in them
      });
    });
  }
  showCounts();
  network.once("afterDrawing", function () { document.body.setAttribute("data-drawn", "1"); });
})();
