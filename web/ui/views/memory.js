/* gpu-sizer UI view: the memory breakdown: a stacked bar against lines at the catalog's GPU memory sizes. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, s = D.s, isNum = F.isNum;
  var GIB = 1073741824;
  var COMMON_VRAM_GIB = [16, 24, 32, 48, 80, 96, 141, 192, 288];
  var PARTS = [
    ['weights_bytes', 'mem_weights', 'weights'], ['kv_cache_bytes', 'mem_kv', 'kv'], ['activations_bytes', 'mem_act', 'act'],
    ['gradients_bytes', 'mem_grad', 'grad'], ['optimizer_bytes', 'mem_opt', 'opt'], ['adapter_bytes', 'mem_adapter', 'adapter'],
    ['overhead_bytes', 'mem_overhead', 'overhead']
  ];

  function memory(a, o, resp) {
    var t = a.t, fmt = a.fmt;
    var mem = resp.memory || {};
    var fam = o.fam(resp);
    var box = h('section', { class: 'gs-card gs-memory', id: 'gs-memory' }, [h('h3', { class: 'gs-h3', id: 'gs-mem-h' },
      t(fam === 'train' ? 'mem_title_train' : fam === 'serve' ? 'mem_title' : 'mem_title_pipe'))]);
    var parts = PARTS.filter(function (p) { return isNum(mem[p[0]]) && mem[p[0]] > 0; });
    var total = isNum(mem.total_bytes) ? mem.total_bytes : parts.reduce(function (n, p) { return n + mem[p[0]]; }, 0);
    if (!(total > 0)) return box;

    // One line per memory size in the catalog. Whether one GPU of that size holds a replica is the fit list's
    // word (fit_by_gpu: the placement stage's test, with its reserve), never the bar against the line, so the
    // highlighted line and the fit list agree. All sizes in GB (10⁹ bytes), like every figure on the page.
    var fitOf = {};
    (resp.fit_by_gpu || []).forEach(function (f) { if (F.isObj(f)) fitOf[f.gpu] = f; });
    var sizes = {}, holds = {};
    a.view.gpus.forEach(function (g) {
      if (!(isNum(g.vram_gib) && g.vram_gib > 0)) return;
      (sizes[g.vram_gib] = sizes[g.vram_gib] || []).push(String(g.name || g.id));
      var f = fitOf[g.id];
      if (f && f.gpus_needed === 1) holds[g.vram_gib] = true;
    });
    var lines = Object.keys(sizes).map(Number).sort(function (x, y) { return x - y; }).map(function (gib) { return { gib: gib, bytes: gib * GIB, names: sizes[gib], holds: !!holds[gib] }; });
    var next = lines.filter(function (l) { return l.holds; })[0] || null;
    var maxB = Math.max(total, next ? next.bytes : 0) * 1.08;
    var shown = lines.filter(function (l) { return l.bytes <= maxB; });
    if (shown.length > 7) shown = shown.filter(function (l) { return COMMON_VRAM_GIB.indexOf(l.gib) >= 0 || l === next; });
    if (shown.length > 7) shown = shown.slice(shown.length - 7);

    var W = 640, L = 8, R = 8, barY = 50, barH = 34;
    var X = function (b) { return L + (W - L - R) * b / maxB; };
    var svgEl = s('svg', { viewBox: '0 0 ' + W + ' 120', class: 'gs-chart gs-memchart', role: 'img', dir: 'ltr',
      'aria-label': t('mem_chart_label', { total: fmt.gb(total), parts: parts.map(function (p) { return t(p[1]) + ' ' + fmt.gb(mem[p[0]]); }).join(', ') }) });
    svgEl.appendChild(s('rect', { x: L, y: barY, width: W - L - R, height: barH, class: 'gs-bar-bg', rx: '3' }));
    var x0 = 0;
    parts.forEach(function (p) {
      var w = (W - L - R) * mem[p[0]] / maxB;
      svgEl.appendChild(s('rect', { x: X(x0), y: barY, width: Math.max(w, 0.5), height: barH, class: 'gs-seg gs-seg-' + p[2] },
        [s('title', {}, t(p[1]) + ': ' + fmt.gb(mem[p[0]]))]));
      x0 += mem[p[0]];
    });
    // VRAM lines with staggered labels
    var rowsEnd = [-Infinity, -Infinity, -Infinity];
    shown.forEach(function (l) {
      var x = X(l.bytes);
      var label = fmt.gb(l.bytes);
      var w = label.length * 6.2 + 6;
      var lx = Math.min(Math.max(x, L + w / 2), W - R - w / 2);
      var row = 0;
      while (row < 2 && rowsEnd[row] > lx - w / 2) row++;
      rowsEnd[row] = lx + w / 2;
      var ty = 12 + row * 13;
      svgEl.appendChild(s('g', { class: 'gs-vram' + (l === next ? ' gs-vram-next' : '') + (l.holds ? ' gs-vram-holds' : ''), 'data-gb': String(Math.round(l.bytes / 1e8) / 10), 'data-holds': l.holds ? '1' : '0' }, [
        s('title', {}, t('mem_gpus_of', { size: label, names: l.names.join(', ') }) + ' · ' + t(l.holds ? 'mem_line_holds' : 'mem_line_not')),
        s('line', { x1: x, x2: x, y1: ty + 3, y2: barY + barH + 6 }),
        s('text', { x: lx, y: ty, 'text-anchor': 'middle' }, label)
      ]));
    });
    // The axis in the same words as the lines and the legend ("GB" in both languages, fmt.gb).
    var gbWord = fmt.gb(5e9).replace(/\d[\d.,]*/g, '').replace(/[\s\u00a0\u200e\u200f\u2066-\u2069]+/g, ' ').trim() || 'GB';
    var step = F.niceStep(maxB / 1e9 / 5);
    for (var v = 0; v * 1e9 <= maxB; v += step) {
      var tx = X(v * 1e9);
      svgEl.appendChild(s('line', { x1: tx, x2: tx, y1: barY + barH + 8, y2: barY + barH + 12, class: 'gs-tick' }));
      svgEl.appendChild(s('text', { x: tx, y: barY + barH + 26, 'text-anchor': v === 0 ? 'start' : 'middle', class: 'gs-axis' }, fmt.num(v, step < 1 ? 1 : 0) + ' ' + gbWord));
    }
    box.appendChild(h('figure', { class: 'gs-figure' }, [svgEl, h('figcaption', { class: 'gs-hint' }, [t('mem_lines') + ' ', t('mem_lines_fit'), ' ', h('strong', { class: 'gs-units' }, t('units_gb'))])]));

    var ul = h('ul', { class: 'gs-legend' });
    parts.forEach(function (p) {
      ul.appendChild(h('li', { 'data-key': 'part-' + p[0] }, [h('span', { class: 'gs-swatch gs-seg-' + p[2], 'aria-hidden': 'true' }), h('span', {}, t(p[1])),
        h('span', { class: 'gs-val', 'data-part': p[0] }, fmt.gb(mem[p[0]])), h('span', { class: 'gs-muted' }, fmt.num(100 * mem[p[0]] / total, 0) + '%'),
        UI.views.how(a, resp, 'memory.' + p[0])]));
    });
    ul.appendChild(h('li', { class: 'gs-total', 'data-key': 'part-total' }, [h('span', { class: 'gs-swatch', 'aria-hidden': 'true' }), h('span', {}, t('mem_total')),
      h('span', { class: 'gs-val', id: 'gs-mem-total', 'data-part': 'total_bytes' }, fmt.gb(total)), h('span', {}), UI.views.how(a, resp, 'memory.total_bytes')]));
    box.appendChild(ul);
    // Offloaded state (optimizer, weights, activations, paged optimizer pages) lives in the host's RAM, not on
    // the GPUs: not in the bar or the total, but the machine must have it.
    if (isNum(mem.host_bytes) && mem.host_bytes > 0) {
      box.appendChild(h('p', { class: 'gs-host', id: 'gs-mem-host' }, [h('span', {}, t('mem_host')), ' ',
        h('strong', { class: 'gs-val', 'data-part': 'host_bytes' }, fmt.gb(mem.host_bytes)), ' ', h('span', { class: 'gs-muted' }, t('mem_host_note')),
        UI.views.how(a, resp, 'memory.host_bytes')]));
    }
    if (fam === 'train') box.appendChild(h('p', { class: 'gs-hint', id: 'gs-mem-shard' }, t('mem_shard_note')));
    var info = [];
    if (resp.model && resp.model.name) info.push(t('model_used', { name: resp.model.name }));
    if (isNum(mem.kv_bytes_per_token)) info.push(t('mem_kv_token', { v: fmt.num(mem.kv_bytes_per_token / 1000, 1) + ' kB' }));
    if (info.length) box.appendChild(h('p', { class: 'gs-muted', id: 'gs-mem-info' }, info.join(' · ')));
    var warns = resp.warnings || [];
    if (warns.length) {
      box.appendChild(h('details', { class: 'gs-details', id: 'gs-mem-warnings' }, [h('summary', {}, t('warnings_title') + ' (' + fmt.int(warns.length) + ')'),
        h('ul', { class: 'gs-issues' }, warns.map(function (w) { return h('li', {}, [h('code', { dir: 'ltr' }, w.path || '/'), ' ', h('bdi', {}, w.message || w.code)]); }))]));
    }
    return box;
  }

  UI.views.memory = memory;
})(GpuSizerUI);
