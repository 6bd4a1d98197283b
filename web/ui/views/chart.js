/* gpu-sizer UI view: cost against speed, one point per option that fits, the Pareto front marked; the axes follow
   the kind of work. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, s = D.s, isNum = F.isNum, dg = F.digits;

  function spec(a, o, resp) {
    var t = a.t, fmt = a.fmt, fam = o.fam(resp), video = o.isVideo(resp);
    if (fam === 'serve') return {
      x: function (x) { return x.usd_per_million_output_tokens; }, y: function (x) { return x.decode_output_tokens_per_s_per_user; },
      high: true, xl: t('chart_x'), yl: t('chart_y'),
      tip: function (x) { return fmt.usd(x.usd_per_million_output_tokens, dg.usdM(x.usd_per_million_output_tokens)) + ' / 1M, ' + o.tps(x.decode_output_tokens_per_s_per_user); }
    };
    var cost = function (x) { return x.usd_total; };
    if (fam === 'train') return {
      x: cost, y: function (x) { return isNum(x.train_s) ? x.train_s / 3600 : undefined; }, high: false,
      xl: t('chart_x_total'), yl: t('chart_y_train'), tip: function (x) { return o.usdTotal(x.usd_total) + ', ' + o.dur(x.train_s); }
    };
    if (fam === 'image') return {
      x: cost, y: function (x) { return isNum(x.items_per_s) ? x.items_per_s * 3600 : undefined; }, high: true,
      xl: t(video ? 'chart_x_clips' : 'chart_x_images', { n: fmt.int(o.jobItems()), count: o.jobItems() }), yl: t(video ? 'chart_y_clips' : 'chart_y_images'),
      tip: function (x) { return o.usdTotal(x.usd_total) + ', ' + o.secs(x.seconds_per_image); }
    };
    return { x: cost, y: o.audioSpeed, high: true, xl: t('chart_x_total'), yl: t('chart_y_audio'), tip: function (x) { return o.usdTotal(x.usd_total) + ', ' + o.dur(x._job); } };
  }
  // A linear or (for wide ranges) logarithmic scale from v0..v1 onto p0..p1, with tick values.
  function scale(lo, hi, p0, p1, count) {
    var log = lo > 0 && hi / lo > 20;
    var a, b, ticks = [];
    if (log) {
      a = Math.pow(10, Math.floor(Math.log10(lo))); b = Math.pow(10, Math.ceil(Math.log10(hi)));
      for (var dec = a; dec <= b * 1.0001; dec *= 10) [1, 2, 5].forEach(function (m) { var v = dec * m; if (v >= a && v <= b * 1.0001) ticks.push(v); });
      if (ticks.length > 10) ticks = ticks.filter(function (v) { return Math.abs(Math.log10(v) % 1) < 1e-9; });
      return { log: true, ticks: ticks, map: function (v) { return p0 + (p1 - p0) * (Math.log10(v) - Math.log10(a)) / (Math.log10(b) - Math.log10(a)); } };
    }
    a = 0; b = hi * 1.1 || 1;
    var step = F.niceStep(b / count);
    for (var v = 0; v <= b + 1e-12; v += step) ticks.push(v);
    return { log: false, ticks: ticks, step: step, map: function (v) { return p0 + (p1 - p0) * (v - a) / (b - a); } };
  }
  function tickText(fmt, v, usd, sc) {
    var txt = sc.log ? fmt.sig(v, 2) : fmt.num(v, sc.step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(sc.step) - 1e-9)));
    return (usd ? '$' : '') + txt;
  }
  function chartWidth(a) {
    var el = a.rootEl.querySelector('#gs-chart') || a.rootEl.querySelector('#gs-options');
    var w = el ? el.clientWidth - 34 : 0; // the card's padding
    return w > 0 ? Math.max(280, Math.min(640, Math.round(w))) : 640;
  }
  function chart(a, o, resp, rows) {
    var t = a.t, fmt = a.fmt;
    var box = h('section', { class: 'gs-card', id: 'gs-chart' }, [h('h3', { class: 'gs-h3', id: 'gs-chart-h' }, t('chart_title'))]);
    var sp = spec(a, o, resp);
    var pts = rows.filter(function (x) { var u = sp.x(x), v = sp.y(x); return x.fits && isNum(u) && u > 0 && isNum(v) && v > 0; });
    if (!pts.length) { box.appendChild(h('p', { class: 'gs-muted' }, t('chart_empty'))); return box; }
    // Drawn at the width it is shown (one user unit per CSS pixel, up to 640), so that its 11-px labels stay 11 px
    // on a phone instead of shrinking with the viewBox; fewer ticks when narrow.
    var W = chartWidth(a), H = W < 480 ? 260 : 300, ml = 62, mr = 16, mt = 14, mb = 46;
    var xs = pts.map(sp.x), ys = pts.map(sp.y);
    var sx = scale(Math.min.apply(null, xs), Math.max.apply(null, xs), ml, W - mr, W < 480 ? 3 : 6);
    var sy = scale(Math.min.apply(null, ys), Math.max.apply(null, ys), H - mb, mt, 5);
    var X = sx.map, Y = sy.map;
    // Pareto front: no other option is both cheaper and better on the speed axis; sweep by cost ascending.
    var better = function (p, q) { return sp.high ? p > q : p < q; };
    var sorted = pts.slice().sort(function (p, q) { return sp.x(p) - sp.x(q) || (sp.high ? sp.y(q) - sp.y(p) : sp.y(p) - sp.y(q)); });
    var best = null, front = [];
    sorted.forEach(function (x) { if (best === null || better(sp.y(x), best)) { best = sp.y(x); front.push(x); } });
    var onFront = {};
    front.forEach(function (x) { onFront[x._key] = true; });

    var svgEl = s('svg', { viewBox: '0 0 ' + W + ' ' + H, class: 'gs-chart gs-scatter', role: 'img', dir: 'ltr', id: 'gs-scatter',
      'aria-label': t('chart_label', { n: fmt.int(pts.length), p: fmt.int(front.length) }) + ' ' + sp.xl + '; ' + sp.yl + '.' });
    sy.ticks.forEach(function (v) {
      if (sy.log && v <= 0) return;
      svgEl.appendChild(s('line', { x1: ml, x2: W - mr, y1: Y(v), y2: Y(v), class: 'gs-gridline' }));
      svgEl.appendChild(s('text', { x: ml - 6, y: Y(v) + 4, 'text-anchor': 'end', class: 'gs-axis' }, tickText(fmt, v, false, sy)));
    });
    sx.ticks.forEach(function (v) {
      svgEl.appendChild(s('line', { x1: X(v), x2: X(v), y1: mt, y2: H - mb, class: 'gs-gridline' }));
      svgEl.appendChild(s('text', { x: X(v), y: H - mb + 16, 'text-anchor': 'middle', class: 'gs-axis' }, tickText(fmt, v, true, sx)));
    });
    svgEl.appendChild(s('line', { x1: ml, x2: W - mr, y1: H - mb, y2: H - mb, class: 'gs-axisline' }));
    svgEl.appendChild(s('line', { x1: ml, x2: ml, y1: mt, y2: H - mb, class: 'gs-axisline' }));
    svgEl.appendChild(s('text', { x: (ml + W - mr) / 2, y: H - 8, 'text-anchor': 'middle', class: 'gs-axislabel', id: 'gs-chart-x' }, sp.xl));
    svgEl.appendChild(s('text', { x: 14, y: (mt + H - mb) / 2, 'text-anchor': 'middle', class: 'gs-axislabel', id: 'gs-chart-y', transform: 'rotate(-90 14 ' + ((mt + H - mb) / 2) + ')' }, sp.yl));
    if (front.length > 1) {
      svgEl.appendChild(s('path', { d: front.map(function (x, i) { return (i ? 'L' : 'M') + X(sp.x(x)).toFixed(1) + ' ' + Y(sp.y(x)).toFixed(1); }).join(' '), class: 'gs-front' }));
    }
    pts.forEach(function (x) {
      var f = !!onFront[x._key];
      svgEl.appendChild(s('circle', { cx: X(sp.x(x)).toFixed(1), cy: Y(sp.y(x)).toFixed(1), r: f ? 6 : 4.5,
        class: 'gs-pt' + (f ? ' gs-pt-front' : '') + (x.pricing === 'spot' ? ' gs-pt-spot' : ''), 'data-key': x._key },
        [s('title', {}, o.title(x) + ' — ' + sp.tip(x))]));
    });
    // The top pick (issue 32): ringed and named, so that the chart and the table's first row are seen to be one.
    var topKey = null;
    (resp.options || []).some(function (x, i) { if (x.fits && x.meets_targets && a.st.hw === 'rank') { topKey = o.key(x, i); return true; } return false; });
    var tp = topKey ? pts.filter(function (x) { return x._key === topKey; })[0] : null;
    if (tp) {
      var tx = X(sp.x(tp)), ty = Y(sp.y(tp));
      var label = t('top_title');
      var right = tx < (ml + W - mr) / 2;
      svgEl.appendChild(s('circle', { cx: tx.toFixed(1), cy: ty.toFixed(1), r: 10, class: 'gs-pt-top', id: 'gs-chart-top', 'data-key': tp._key }));
      svgEl.appendChild(s('text', { x: (right ? tx + 14 : tx - 14).toFixed(1), y: (ty < mt + 16 ? ty + 16 : ty - 8).toFixed(1), 'text-anchor': right ? 'start' : 'end', class: 'gs-axislabel gs-toplabel' }, label));
    }
    box.appendChild(h('figure', { class: 'gs-figure' }, [svgEl, h('figcaption', { class: 'gs-hint' }, t('chart_pareto') + (tp ? ' ' + t('chart_top_marked') : ''))]));
    return box;
  }

  // Whether the chart on screen was drawn for another width than its card has now (then the page draws it again).
  function chartStale(a) {
    var svg = a.rootEl.querySelector('#gs-scatter');
    if (!svg) return false;
    var drawn = parseFloat(String(svg.getAttribute('viewBox') || '').split(' ')[2]);
    return Math.abs(chartWidth(a) - drawn) > 24;
  }

  UI.views.chart = chart;
  UI.views.chartStale = chartStale;
})(GpuSizerUI);
