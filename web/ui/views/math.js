/* gpu-sizer UI view: show the math. Each entry of the core's `explain`: a human title, the formula, the same formula
   with the values put in, a table of the inputs (title, value, unit) and the result with its unit, then the source.
   math() lists them all; how() is the "how?" disclosure beside one headline figure. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, isNum = F.isNum;

  // A title in the page's language for a value or figure name; the name itself when the page has none.
  function title(a, prefix, name) {
    var k = prefix + name, v = a.t(k);
    return v === k ? String(name).replace(/_/g, ' ') : v;
  }
  function figureKey(e) { return String(e.figure || '').split('.').pop(); }

  // "8.03 × 10⁹": raw values in the formula's own units, short enough to read, exact enough to redo.
  var SUP = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
  function sci(a, v) {
    if (!isNum(v)) return '—';
    var av = Math.abs(v);
    // A whole number is written whole (issue 32: "2 × 4,096 × 32 = 262,144", not "2.6214 × 10⁵" beside the exact
    // result), up to 10¹⁵ where doubles still hold every integer exactly and the digits are still readable.
    if (Number.isInteger(v) && av < 1e15) return av >= 1e6 ? '\u2066' + a.fmt.int(v) + '\u2069' : a.fmt.int(v);
    if (av === 0 || (av >= 1e-3 && av < 1e6)) return a.fmt.sig(v, 5);
    var exp = Math.floor(Math.log10(av)), m = v / Math.pow(10, exp);
    if (Math.abs(m) >= 9.99995) { m /= 10; exp += 1; }
    // Isolated left-to-right, so an Arabic line keeps "7.055 × 10¹⁰" in reading order.
    return '\u2066' + a.fmt.sig(m, 5) + ' × 10' + String(exp).split('').map(function (c) { return SUP[c] || c; }).join('') + '\u2069';
  }
  // The value with its unit, in the units the rest of the page uses (GB = 10⁹ bytes, seconds, $).
  function withUnit(a, v, unit) {
    var t = a.t, fmt = a.fmt;
    if (!isNum(v)) return '—';
    switch (unit) {
      case 'bytes': return Math.abs(v) >= 1e6 ? fmt.gb(v) : t('mu_bytes', { n: fmt.sig(v, 5) });
      case 'bytes_per_token': return t('mu_bytes_per_token', { n: fmt.sig(v, 6) });
      case 'bytes_per_s': return t('mu_gb_per_s', { n: fmt.sig(v / 1e9, 5) });
      case 'flop': return t('mu_tflop', { n: fmt.sig(v / 1e12, 5) });
      case 'flop_per_s': return t('mu_tflop_per_s', { n: fmt.sig(v / 1e12, 5) });
      case 's': return Math.abs(v) < 0.1 && v !== 0 ? t('mu_ms', { n: fmt.sig(v * 1e3, 5) }) : t('u_s', { n: fmt.sig(v, 6) });
      case 'tokens': return t('mu_tokens', { n: sci(a, v) });
      case 'tokens_per_s': return t('u_tps', { n: fmt.sig(v, 6) });
      case 'usd': return fmt.usd(v, Math.abs(v) < 1 ? 4 : 2);
      case 'usd_per_h': return t('u_per_h', { n: fmt.usd(v, 2) });
      case 'usd_per_month': return t('mu_per_month', { n: fmt.usd(v, 2) });
      case 'usd_per_million_tokens': return t('mu_per_million', { n: fmt.usd(v, 4) });
      case 'h': return t('mu_hours', { n: fmt.sig(v, 6) });
      case 'bits': return t('mu_bits', { n: fmt.sig(v, 5) });
      case 's_per_s': return t('mu_s_per_s', { n: fmt.sig(v, 5) });
      case 'frames_per_s': return t('mu_frames_per_s', { n: fmt.sig(v, 5) });
      case 'flag': return v ? t('mu_yes') : t('mu_no');
      case 'ratio': return fmt.sig(v, 5);
      default: return sci(a, v);
    }
  }
  // The formula with each name replaced by its raw value (longest names first, whole words only).
  function substituted(a, e) {
    var names = Object.keys(e.values || {}).sort(function (x, y) { return y.length - x.length; });
    var text = String(e.formula || '');
    names.forEach(function (n, i) {
      text = text.replace(new RegExp('(^|[^A-Za-z0-9_])' + n + '(?![A-Za-z0-9_])', 'g'), function (m, pre) { return pre + '\u0000' + i + '\u0001'; });
    });
    return text.replace(/\u0000(\d+)\u0001/g, function (m, i) { return sci(a, e.values[names[+i]]); });
  }

  function entry(a, e, i) {
    var t = a.t, key = figureKey(e);
    var units = F.isObj(e.units) ? e.units : {};
    var art = h('div', { class: 'gs-explain', 'data-key': 'fig-' + String(e.figure || i), 'data-figure': String(e.figure || '') });
    var dl = h('dl', { class: 'gs-mathdl' });
    dl.appendChild(h('dt', {}, t('math_formula')));
    dl.appendChild(h('dd', {}, [h('code', { dir: 'ltr', class: 'gs-formula' }, figureKey(e) + ' = ' + String(e.formula || ''))]));
    if (F.isObj(e.values) && Object.keys(e.values).length) {
      dl.appendChild(h('dt', {}, t('math_put_in')));
      dl.appendChild(h('dd', {}, h('code', { dir: 'ltr', class: 'gs-formula gs-formula-values' }, substituted(a, e) + ' = ' + sci(a, e.result))));
      var body = h('tbody', {}, Object.keys(e.values).map(function (k) {
        var v = e.values[k];
        return h('tr', { 'data-value': k }, [h('th', { scope: 'row' }, [h('span', {}, title(a, 'mv_', k)), ' ', h('code', { dir: 'ltr', class: 'gs-muted' }, k)]),
          h('td', { class: 'gs-num', dir: 'ltr' }, sci(a, v)),
          h('td', { class: 'gs-unit' }, withUnit(a, v, units[k]))]);
      }));
      dl.appendChild(h('dt', {}, t('math_values')));
      dl.appendChild(h('dd', {}, h('table', { class: 'gs-values' }, [h('caption', { class: 'gs-vh' }, t('math_values')),
        h('thead', {}, h('tr', {}, [h('th', { scope: 'col' }, t('math_input')), h('th', { scope: 'col' }, t('math_raw')), h('th', { scope: 'col' }, t('math_with_unit'))])), body])));
    }
    if (isNum(e.result)) {
      dl.appendChild(h('dt', {}, t('math_result')));
      dl.appendChild(h('dd', { class: 'gs-math-result', 'data-unit': String(e.unit || '') }, withUnit(a, e.result, e.unit)));
    }
    if (e.source) {
      dl.appendChild(h('dt', {}, t('math_source')));
      var src = t('msrc_' + key);
      // The page's own words for the source where it has them; the core's text (formulas and paper names) beside.
      dl.appendChild(h('dd', {}, src !== 'msrc_' + key ? [h('span', {}, src), ' ', h('bdi', { dir: 'ltr', class: 'gs-muted gs-math-src' }, String(e.source))]
        : h('bdi', { dir: 'ltr', class: 'gs-math-src' }, String(e.source))));
    }
    art.appendChild(dl);
    return art;
  }

  // The whole list, one disclosure per figure, at the end of the results.
  function math(a, o, resp) {
    var t = a.t;
    var det = h('details', { class: 'gs-card gs-math', id: 'gs-math' }, [h('summary', {}, t('math_title'))]);
    det.appendChild(h('p', { class: 'gs-hint' }, t('math_units_note')));
    resp.explain.forEach(function (e, i) {
      det.appendChild(h('article', { class: 'gs-math-item' }, [h('h4', { class: 'gs-h4' }, [title(a, 'fig_', figureKey(e)), ': ', h('bdi', {}, withUnit(a, e.result, e.unit))]), entry(a, e, i)]));
    });
    return det;
  }

  // "How?" beside a figure: the entry for `figure` ("memory.total_bytes", "options.0.ttft_s"), or nothing.
  function how(a, resp, figure) {
    var list = resp && Array.isArray(resp.explain) ? resp.explain : [];
    for (var i = 0; i < list.length; i++) {
      if (list[i].figure === figure) {
        // The entry is built once the disclosure is opened (the click that opens it renders it, before it opens):
        // a dozen closed entries were a fifth of the top card's first render.
        var e = list[i], open = !!(a.howOpen && a.howOpen[figure]);
        return h('details', { class: 'gs-how', 'data-how': figure }, [h('summary', { 'aria-label': a.t('math_how_label', { what: title(a, 'fig_', figureKey(e)) }),
          onclick: function (ev) { var d = ev.currentTarget.parentNode; (a.howOpen = a.howOpen || {})[figure] = !d.open; if (!d.open && !open) a.render(); } }, a.t('math_how')),
          open ? entry(a, e, i) : null]);
      }
    }
    return null;
  }

  UI.views.math = math;
  UI.views.how = how;
  UI.mathUnit = withUnit;
})(GpuSizerUI);
