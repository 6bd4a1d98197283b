/* gpu-sizer UI view: the options table (filter, GPU filter, fits-only, sort, details per row) and its CSV export. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h;

  function table(a, o, resp, data) {
    var t = a.t, st = a.st, fmt = a.fmt;
    var box = h('section', { class: 'gs-card gs-options', id: 'gs-options' }, [h('h3', { class: 'gs-h3', id: 'gs-opt-h' }, t('table_title'))]);
    var csvBtn = a.feat.csv ? h('button', { type: 'button', class: 'gs-btn', id: 'gs-csv', onclick: function () { exportCsv(a); } }, [D.icon('download'), t('export_csv')]) : null;
    if (a.feat.tableTools && st.hw === 'rank') {
      var gsel = h('select', { id: 'gs-fgpu', class: 'gs-input', onchange: function (e) { st.fgpu = e.target.value; a.showAgain(); } }, [h('option', { value: '' }, t('any_gpu'))]);
      var seen = {};
      data.all.forEach(function (x) { if (!seen[x.gpu]) { seen[x.gpu] = 1; gsel.appendChild(h('option', { value: x.gpu }, o.gpuName(x.gpu))); } });
      if (st.fgpu && !seen[st.fgpu]) gsel.appendChild(h('option', { value: st.fgpu }, o.gpuName(st.fgpu)));
      D.withValue(gsel, st.fgpu);
      box.appendChild(h('div', { class: 'gs-tabletools' }, [
        h('div', { class: 'gs-field gs-inline' }, [h('label', { for: 'gs-filt' }, t('filter_text')),
          h('input', { type: 'search', id: 'gs-filt', class: 'gs-input', value: st.filt, autocomplete: 'off', oninput: function (e) { st.filt = e.target.value; a.showAgain(); } })]),
        h('div', { class: 'gs-field gs-inline' }, [h('label', { for: 'gs-fgpu' }, t('filter_gpu')), gsel]),
        h('span', { class: 'gs-check' }, [h('input', { type: 'checkbox', id: 'gs-fitonly', checked: st.fitonly, onchange: function (e) { st.fitonly = e.target.checked; a.showAgain(); } }),
          h('label', { for: 'gs-fitonly' }, t('fits_only'))]),
        csvBtn
      ]));
    } else if (csvBtn) {
      box.appendChild(h('div', { class: 'gs-tabletools' }, csvBtn));
    }
    box.appendChild(h('div', { class: 'gs-tablewrap', id: 'gs-tablewrap', tabindex: '0', role: 'region', 'aria-labelledby': 'gs-opt-h' }, grid(a, o, resp, data)));
    box.appendChild(h('p', { class: 'gs-muted', id: 'gs-table-info' },
      t('showing', { shown: fmt.int(data.rows.length), total: fmt.int(data.all.length), evaluated: fmt.int(resp.options_evaluated || data.all.length) })));
    if (st.hw === 'rank' && (resp.options || []).length >= (parseInt(st.limit, 10) || 25) && (resp.options_evaluated || 0) > resp.options.length) {
      box.appendChild(h('button', { type: 'button', class: 'gs-btn', id: 'gs-more', onclick: a.more }, t('show_more')));
    }
    return box;
  }

  function grid(a, o, resp, data) {
    var t = a.t, st = a.st;
    var cols = o.columns(resp).filter(function (c) { return !c.csvOnly; });
    var sortCol = st.sort || 'rank';
    var thead = h('thead', {}, h('tr', {}, cols.map(function (c) {
      var th = h('th', { scope: 'col', class: c.num ? 'gs-num' : null, 'data-col': c.id, 'data-key': 'h-' + c.id });
      if (c.nosort) { th.textContent = c.label; return th; }
      var on = sortCol === c.id;
      if (on) th.setAttribute('aria-sort', st.dir === 'desc' ? 'descending' : 'ascending');
      th.appendChild(h('button', { type: 'button', class: 'gs-sort', 'data-focus-key': 'sort-' + c.id, onclick: function () {
        if ((st.sort || 'rank') === c.id) st.dir = st.dir === 'asc' ? 'desc' : 'asc';
        else st.dir = c.desc ? 'desc' : 'asc';
        st.sort = c.id;
        a.showAgain();
      } }, [c.label, h('span', { class: 'gs-sortmark', 'aria-hidden': 'true' }, on ? (st.dir === 'desc' ? ' ▼' : ' ▲') : ' ↕')]));
      return th;
    }).concat([h('th', { scope: 'col', 'data-col': 'details', 'data-key': 'h-details' }, h('span', { class: 'gs-vh' }, t('col_details')))])));
    var tbody = h('tbody', {});
    data.rows.forEach(function (x) {
      var tr = h('tr', { class: 'gs-opt' + (x.fits ? '' : ' gs-nofit') + (x.fits && !x.meets_targets ? ' gs-miss' : ''), 'data-key': x._key, 'data-tier': o.tier(x) || null });
      cols.forEach(function (c) {
        var td = h(c.id === 'instance' ? 'th' : 'td', { class: c.num ? 'gs-num' : null, 'data-col': c.id, scope: c.id === 'instance' ? 'row' : null });
        if (c.id === 'badges') td.appendChild(o.badgeList(x));
        else if (c.id === 'fits') td.appendChild(h('span', { class: 'gs-fit gs-fit-' + o.fitsRank(x) }, c.text(x)));
        else if (c.cell) D.append(td, c.cell(x));
        else if (c.id === 'provider' || c.id === 'gpus' || c.id === 'sharding') td.appendChild(h('bdi', {}, c.text(x)));
        else if (c.old && c.old(x)) td.appendChild(h('span', { class: 'gs-old', title: t('price_old_row', { days: a.fmt.int(UI.catalog.OLD_DAYS) }) }, c.text(x)));
        else td.textContent = c.text(x);
        tr.appendChild(td);
      });
      var open = !!a.expanded[x._key];
      var detId = 'gs-det-' + x._rank;
      tr.appendChild(h('td', { class: 'gs-detcell' }, h('button', { type: 'button', class: 'gs-btn gs-btn-small gs-disclose', 'aria-expanded': open ? 'true' : 'false',
        'aria-controls': open ? detId : null, 'data-focus-key': 'det-' + x._key, 'aria-label': t('details_for', { name: o.title(x) }),
        onclick: function () { a.expanded[x._key] = !a.expanded[x._key]; a.showAgain(); } }, open ? '−' : '+')));
      tbody.appendChild(tr);
      if (open) {
        var dl = h('dl', { class: 'gs-figures' });
        o.facts(x, dl, true, resp);
        var p = UI.catalog.providerOf(a.view, x);
        if (p && p.billing && typeof p.billing.text === 'string') o.kv(dl, t('k_billing'), h('bdi', {}, p.billing.text));
        tbody.appendChild(h('tr', { class: 'gs-detrow', id: detId, 'data-key': 'det-' + x._key }, h('td', { colspan: String(cols.length + 1) }, [dl, o.notes(x)])));
      }
    });
    var dated = cols.some(function (c) { return c.id === 'price_date'; });
    return h('table', { class: 'gs-table' + (dated ? ' gs-dated' : ''), id: 'gs-table' }, [thead, tbody]);
  }

  function exportCsv(a) {
    if (!a.lastOk) return;
    var o = UI.options(a);
    var cols = o.columns(a.lastOk);
    var data = o.rows(a.lastOk);
    var lines = [cols.map(function (c) { return F.csvCell(c.csvLabel || c.label); }).join(',')];
    data.rows.forEach(function (x) { lines.push(cols.map(function (c) { return F.csvCell(c.csv(x)); }).join(',')); });
    var blob = new Blob(['\uFEFF' + lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' });
    var url = URL.createObjectURL(blob);
    var link = h('a', { href: url, download: 'gpu-sizer-options.csv', hidden: true });
    a.rootEl.appendChild(link);
    link.click();
    a.rootEl.removeChild(link);
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  UI.views.table = table;
})(GpuSizerUI);
