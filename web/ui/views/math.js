/* gpu-sizer UI view: show the math: each figure's formula, the values that went in, the result and its source. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, isNum = F.isNum;

  function math(a, o, resp) {
    var t = a.t, fmt = a.fmt;
    var det = h('details', { class: 'gs-card gs-math', id: 'gs-math' }, [h('summary', {}, t('math_title'))]);
    resp.explain.forEach(function (e, i) {
      var key = String(e.figure || '').split('.').pop();
      var label = t('fig_' + key);
      if (label === 'fig_' + key) label = String(e.figure || '');
      var art = h('article', { class: 'gs-explain', 'data-key': 'fig-' + String(e.figure || i) }, [h('h4', { class: 'gs-h4' }, [label, ' ', h('code', { class: 'gs-muted', dir: 'ltr' }, String(e.figure || ''))])]);
      var dl = h('dl', { class: 'gs-mathdl' });
      dl.appendChild(h('dt', {}, t('math_formula')));
      dl.appendChild(h('dd', {}, h('code', { dir: 'ltr', class: 'gs-formula' }, String(e.formula || ''))));
      if (e.values && F.isObj(e.values)) {
        var body = h('tbody', {}, Object.keys(e.values).map(function (k) {
          var v = e.values[k];
          return h('tr', {}, [h('th', { scope: 'row' }, h('code', { dir: 'ltr' }, k)), h('td', { class: 'gs-num' }, isNum(v) ? fmt.sig(v, 6) : String(v))]);
        }));
        dl.appendChild(h('dt', {}, t('math_values')));
        dl.appendChild(h('dd', {}, h('table', { class: 'gs-values' }, [h('caption', { class: 'gs-vh' }, t('math_values')), body])));
      }
      if (isNum(e.result)) {
        var r = /_bytes$/.test(key) ? fmt.gb(e.result) + ' (' + fmt.int(e.result) + ' B)'
          : /(^|_)s$|^seconds_/.test(key) ? t('u_s', { n: fmt.sig(e.result, 6) }) + (e.result >= 60 ? ' (' + o.dur(e.result) + ')' : '')
          : fmt.sig(e.result, 6);
        dl.appendChild(h('dt', {}, t('math_result')));
        dl.appendChild(h('dd', {}, r));
      }
      if (e.source) { dl.appendChild(h('dt', {}, t('math_source'))); dl.appendChild(h('dd', { dir: 'auto' }, String(e.source))); }
      art.appendChild(dl);
      det.appendChild(art);
    });
    return det;
  }

  UI.views.math = math;
})(GpuSizerUI);
