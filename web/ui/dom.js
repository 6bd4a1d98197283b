/* gpu-sizer UI: the namespace, DOM building (text only) and patching in place.
   Every node is made with createElement/textContent: no string from the catalog, an import, the core or the URL is
   ever parsed as HTML. Views return fresh trees; patch() morphs them into the live DOM, keeping the nodes (and so
   focus, caret, scroll, open <details>) that are still there. Event handlers given as on* attributes travel with
   the patch, so a kept node always runs the handler of the latest render. */
// views.memo: false makes every render build every view afresh (the form and the header keep their live nodes
// while what they show is unchanged; a browser test compares the two).
var GpuSizerUI = { views: { memo: true } };
(function (UI) {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';

  function dispatch(e) {
    var f = this.__gsOn && this.__gsOn[e.type];
    if (f) return f.call(this, e);
  }
  function listen(el, type, fn) {
    if (!el.__gsOn) el.__gsOn = {};
    if (!el.__gsTypes) el.__gsTypes = {};
    el.__gsOn[type] = fn;
    if (!el.__gsTypes[type]) { el.__gsTypes[type] = true; el.addEventListener(type, dispatch); }
  }
  function setAttrs(el, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k.slice(0, 2) === 'on' && typeof v === 'function') listen(el, k.slice(2), v);
      else if (k === 'text') el.textContent = String(v);
      else if (k === 'value' && 'value' in el && el.tagName !== 'OPTION' && el.tagName !== 'BUTTON') { el.value = String(v); el.__gsValue = String(v); }
      else if (k === 'checked' || k === 'selected') el[k] = !!v;
      else el.setAttribute(k, v === true ? '' : String(v));
    });
  }
  function append(el, kids) {
    if (kids === null || kids === undefined || kids === false) return;
    if (Array.isArray(kids)) { kids.forEach(function (k) { append(el, k); }); return; }
    el.appendChild(typeof kids === 'object' ? kids : document.createTextNode(String(kids)));
  }
  function h(tag, attrs, kids) { var el = document.createElement(tag); setAttrs(el, attrs); append(el, kids); return el; }
  function s(tag, attrs, kids) { var el = document.createElementNS(SVGNS, tag); setAttrs(el, attrs); append(el, kids); return el; }
  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }
  // A select's value once its options are in (h() sets it too early for a select built with children).
  function withValue(el, v) { el.value = String(v); el.__gsValue = String(v); return el; }

  // ---------------------------------------------------------------- patching
  function keyOf(n) {
    if (n.nodeType !== 1) return null;
    return n.getAttribute('id') || n.getAttribute('data-key') || null;
  }
  function same(a, b) { return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b); }
  function syncAttrs(a, b) {
    var i, name, attrs = b.attributes, n = attrs.length, details = a.tagName === 'DETAILS';
    for (i = 0; i < n; i++) {
      name = attrs[i].name;
      if (name === 'open' && details) continue; // the visitor's choice, once the node exists
      if (a.getAttribute(name) !== attrs[i].value) a.setAttribute(name, attrs[i].value);
    }
    // a now has every attribute of b (but a <details>'s open, left as the visitor set it): only when it has more is
    // there one to remove (most nodes have not).
    var expected = details ? n + (a.hasAttribute('open') ? 1 : 0) - (b.hasAttribute('open') ? 1 : 0) : n;
    if (a.attributes.length === expected) return;
    for (i = a.attributes.length - 1; i >= 0; i--) {
      name = a.attributes[i].name;
      if (name === 'open' && details) continue;
      if (!b.hasAttribute(name)) a.removeAttribute(name);
    }
  }
  function syncProps(a, b) {
    var tag = a.tagName;
    if (tag === 'INPUT') {
      if (a.type === 'checkbox' || a.type === 'radio') { if (a.checked !== b.checked) a.checked = b.checked; }
      else if (a.type !== 'file' && a.value !== b.value) a.value = b.value;
    } else if (tag === 'TEXTAREA') {
      if (a.value !== b.value) a.value = b.value;
    } else if (tag === 'SELECT') {
      var v = b.__gsValue !== undefined ? b.__gsValue : b.value;
      if (a.value !== v) a.value = v;
    }
    if (b.__gsOn) Object.keys(b.__gsOn).forEach(function (type) { listen(a, type, b.__gsOn[type]); });
    if (a.__gsOn) Object.keys(a.__gsOn).forEach(function (type) { if (!b.__gsOn || !b.__gsOn[type]) a.__gsOn[type] = null; });
  }
  function morph(a, b) {
    if (a.nodeType === 3 || a.nodeType === 8) { if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue; return; }
    syncAttrs(a, b);
    patchChildren(a, Array.prototype.slice.call(b.childNodes));
    syncProps(a, b);
  }
  // Makes parent's children match kids (new nodes, not in the document), reusing what matches by id/data-key or
  // by position and tag.
  // A kept node (keep()) stands for the live node of its id: that node stays as it is but for its attributes, and
  // where there is none, nothing is added.
  function patchChildren(parent, kids) {
    var byKey = {};
    for (var c = parent.firstChild; c; c = c.nextSibling) { var ck = keyOf(c); if (ck) byKey[ck] = c; }
    // A kept node with no live node to stand for is built now when it can be (keep()'s build), else dropped.
    if (kids.some(function (n) { return n.__gsKeep; })) {
      kids = kids.map(function (n) { return n.__gsKeep && !byKey[keyOf(n)] && n.__gsBuild ? n.__gsBuild() : n; })
        .filter(function (n) { return n && (!n.__gsKeep || byKey[keyOf(n)]); });
    }
    // cur walks the live children alongside: after step i, the live node at position i is placed (prev).
    var prev = null;
    for (var i = 0; i < kids.length; i++) {
      var nk = kids[i], k = keyOf(nk), cur = prev ? prev.nextSibling : parent.firstChild;
      if (nk.__gsKeep) {
        var live = byKey[k], set = nk.__gsKeep;
        delete byKey[k];
        if (live !== cur) parent.insertBefore(live, cur);
        Object.keys(set).forEach(function (name) { if (live.getAttribute(name) !== set[name]) live.setAttribute(name, set[name]); });
        prev = live;
        continue;
      }
      if (k && byKey[k] && same(byKey[k], nk)) {
        var old = byKey[k];
        delete byKey[k];
        if (old !== cur) parent.insertBefore(old, cur);
        morph(old, nk);
        prev = old;
        continue;
      }
      if (cur && !keyOf(cur) && !k && same(cur, nk)) { morph(cur, nk); prev = cur; continue; }
      parent.insertBefore(nk, cur);
      prev = nk;
    }
    while (parent.childNodes.length > kids.length) parent.removeChild(parent.lastChild);
  }
  // patch(el, kids): el's children become kids. Focus that was on a node the patch dropped goes to its successor
  // (same id or data-focus-key), so a re-render never strands the keyboard.
  function patch(el, kids) {
    var rootNode = el.getRootNode ? el.getRootNode() : document;
    var before = rootNode.activeElement;
    if (before && !el.contains(before)) before = null;
    var id = before ? before.id || null : null;
    var fk = before ? before.getAttribute('data-focus-key') : null;
    patchChildren(el, (Array.isArray(kids) ? kids : [kids]).filter(function (k) { return k; }).map(function (k) {
      return typeof k === 'object' ? k : document.createTextNode(String(k));
    }));
    if (!before || rootNode.activeElement === before || !(id || fk || before.isConnected)) return;
    var next = before.isConnected ? before
      : id ? el.querySelector('#' + cssId(id)) : el.querySelector('[data-focus-key="' + cssEsc(fk) + '"]');
    if (next && next.focus) next.focus();
  }
  // keep(id, attrs, build): in a patch, the live node of that id as it is (with attrs set on it); where there is
  // none, build()'s node (a view that knows it has not changed keeps itself, and is still drawn the first time),
  // else nothing.
  function keep(id, attrs, build) {
    var el = document.createElement('div');
    el.setAttribute('id', id);
    el.__gsKeep = attrs || {};
    if (build) el.__gsBuild = build;
    return el;
  }
  function cssId(id) { return String(id).replace(/[^a-zA-Z0-9_-]/g, function (c) { return '\\' + c; }); }
  function cssEsc(v) { return String(v).replace(/["\\]/g, '\\$&'); }

  function icon(name) {
    var paths = {
      link: 'M10 13a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 11a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1',
      download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
      moon: 'M20 14A8 8 0 1 1 10 4a6 6 0 0 0 10 10z',
      upload: 'M12 21V9M7 14l5-5 5 5M4 5h16'
    };
    return s('svg', { class: 'gs-icon', viewBox: '0 0 24 24', width: '16', height: '16', 'aria-hidden': 'true', focusable: 'false' },
      [s('path', { d: paths[name] })]);
  }
  function logo() {
    return s('svg', { class: 'gs-logo', viewBox: '0 0 32 32', width: '32', height: '32', 'aria-hidden': 'true', focusable: 'false' }, [
      s('rect', { x: '7', y: '7', width: '18', height: '18', rx: '3', class: 'gs-logo-chip' }),
      s('rect', { x: '12', y: '12', width: '8', height: '8', rx: '1', class: 'gs-logo-core' }),
      s('path', { d: 'M11 3v4M16 3v4M21 3v4M11 25v4M16 25v4M21 25v4M3 11h4M3 16h4M3 21h4M25 11h4M25 16h4M25 21h4', class: 'gs-logo-pins' })
    ]);
  }

  UI.dom = { h: h, s: s, append: append, clear: clear, withValue: withValue, patch: patch, keep: keep, cssId: cssId, cssEsc: cssEsc, icon: icon, logo: logo };
})(GpuSizerUI);
