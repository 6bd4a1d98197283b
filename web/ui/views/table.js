/* gpu-sizer UI view: the options table over every evaluated option (the page asks the core for all of them):
   filter, GPU filter, fits-only, marketplace toggle, sort, CSV and chart act on the whole evaluation; the table
   shows the first `limit` rows of the result. Columns have a priority: those a narrow table cannot show are hidden
   and listed in the row's details instead; a table that still scrolls sideways says so. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h;

  // Column priority: 1 always shown; 2 from a table about 560 px wide, 3 from 760 px, 4 from 980 px (styles.css,
  // part A block). The family's main cost and speed figures rank first, so a phone still sees what to rent and
  // what it costs; the rest are in the row's details while hidden.
  var PRI = { instance: 1, fits: 1, usd_m: 1, usd_total: 1,
    provider: 2, gpus: 2, usd_h: 2, tps_user: 2, time_h: 2, s_item: 2, rtf: 2,
    rank: 3, usd_gpu_h: 3 };
  function priority(id) { return PRI[id] || 4; }
  var STEP = 25;

  function marketToggle(a) {
    var st = a.st, t = a.t;
    var tiers = UI.vocab.ids(a.voc, 'tiers');
    if (tiers.indexOf('marketplace') < 0 || !a.view.offerings.some(function (o) { return o.tier === 'marketplace' || (a.view.provider[o.provider] || {}).tier === 'marketplace'; })) return null;
    var on = !st.tiers || st.tiers.indexOf('marketplace') >= 0;
    return h('span', { class: 'gs-check gs-market' }, [
      h('input', { type: 'checkbox', id: 'gs-market', checked: on, onchange: function (e) {
        var cur = st.tiers ? st.tiers.slice() : tiers.slice();
        var next = e.target.checked ? cur.concat(cur.indexOf('marketplace') < 0 ? ['marketplace'] : []) : cur.filter(function (x) { return x !== 'marketplace'; });
        a.set('tiers', tiers.every(function (x) { return next.indexOf(x) >= 0; }) ? null : next);
      } }),
      h('label', { for: 'gs-market', title: t('hint_tiers') }, t('marketplace_toggle'))
    ]);
  }

  // Sort by any column, shown or not (a phone hides most headers): a select and the direction.
  function sortTools(a, o, resp) {
    var st = a.st, t = a.t;
    var cols = o.columns(resp).filter(function (c) { return !c.nosort && !c.csvOnly; });
    var cur = st.sort || 'rank';
    var sel = h('select', { id: 'gs-sortby', class: 'gs-input gs-input-auto', onchange: function (e) {
      var c = cols.filter(function (x) { return x.id === e.target.value; })[0];
      if (!c) return;
      st.sort = c.id; st.dir = c.desc ? 'desc' : 'asc';
      a.showAgain();
    } }, cols.map(function (c) { return h('option', { value: c.id }, F.optionLabel(c.label, st.lang)); }));
    D.withValue(sel, cur);
    var desc = st.dir === 'desc';
    return h('div', { class: 'gs-field gs-inline gs-sortby' }, [h('label', { for: 'gs-sortby' }, t('sort_by')), sel,
      h('button', { type: 'button', class: 'gs-btn gs-btn-small', id: 'gs-sortdir', 'aria-label': t(desc ? 'sort_desc' : 'sort_asc'), title: t(desc ? 'sort_desc' : 'sort_asc'),
        onclick: function () { st.sort = cur; st.dir = desc ? 'asc' : 'desc'; a.showAgain(); } }, desc ? '▼' : '▲')]);
  }

  function table(a, o, resp, data) {
    var t = a.t, st = a.st, fmt = a.fmt;
    var box = h('section', { class: 'gs-card gs-options', id: 'gs-options' }, [h('h3', { class: 'gs-h3', id: 'gs-opt-h' }, t('table_title'))]);
    var csvBtn = a.feat.csv ? h('button', { type: 'button', class: 'gs-btn', id: 'gs-csv', onclick: function () { exportCsv(a); } }, [D.icon('download'), t('export_csv')]) : null;
    if (a.feat.tableTools && st.hw === 'rank') {
      var gsel = h('select', { id: 'gs-fgpu', class: 'gs-input', onchange: function (e) { st.fgpu = e.target.value; a.showAgain(); } }, [h('option', { value: '' }, t('any_gpu'))]);
      // Every GPU of the whole evaluation, by name.
      var seen = {}, gids = [];
      data.all.forEach(function (x) { if (!seen[x.gpu]) { seen[x.gpu] = 1; gids.push(x.gpu); } });
      if (st.fgpu && !seen[st.fgpu]) gids.push(st.fgpu);
      gids.sort(function (p, q) { return F.byText(o.gpuName(p), o.gpuName(q)); })
        .forEach(function (g) { gsel.appendChild(h('option', { value: g }, F.optionLabel(o.gpuName(g), st.lang))); });
      D.withValue(gsel, st.fgpu);
      box.appendChild(h('div', { class: 'gs-tabletools' }, [
        h('div', { class: 'gs-field gs-inline' }, [h('label', { for: 'gs-filt' }, t('filter_text')),
          h('input', { type: 'search', id: 'gs-filt', class: 'gs-input', value: st.filt, autocomplete: 'off', placeholder: t('filter_ph'), oninput: function (e) { st.filt = e.target.value; a.showAgain(); } })]),
        h('div', { class: 'gs-field gs-inline' }, [h('label', { for: 'gs-fgpu' }, t('filter_gpu')), gsel]),
        h('span', { class: 'gs-check' }, [h('input', { type: 'checkbox', id: 'gs-fitonly', checked: st.fitonly, onchange: function (e) { st.fitonly = e.target.checked; a.showAgain(); } }),
          h('label', { for: 'gs-fitonly' }, t('fits_only'))]),
        sortTools(a, o, resp),
        marketToggle(a),
        csvBtn
      ]));
    } else if (csvBtn) {
      box.appendChild(h('div', { class: 'gs-tabletools' }, csvBtn));
    }
    var limit = parseInt(st.limit, 10) || STEP;
    var shown = data.rows.slice(0, limit);
    // While only the first pass is in, the rows are the ranking's first and the total is every evaluated option.
    var total = data.total !== undefined ? data.total : data.rows.length;
    box.appendChild(h('p', { class: 'gs-scrollhint', id: 'gs-table-scroll', hidden: true, 'aria-hidden': 'true' }, t('table_scroll')));
    box.appendChild(h('div', { class: 'gs-tablewrap', id: 'gs-tablewrap', tabindex: '0', role: 'region', 'aria-labelledby': 'gs-opt-h' }, grid(a, o, resp, shown)));
    box.appendChild(h('p', { class: 'gs-muted', id: 'gs-table-info' },
      t('showing', { shown: fmt.int(shown.length), total: fmt.int(total), evaluated: fmt.int(resp.options_evaluated || data.all.length) })));
    if (total > shown.length) {
      box.appendChild(h('button', { type: 'button', class: 'gs-btn', id: 'gs-more', onclick: function () {
        st.limit = String(Math.min(1000, limit + STEP));
        a.showAgain();
      } }, t('show_more')));
    } else if ((resp.options_evaluated || 0) > (resp.options || []).length && st.hw === 'rank' && !a.feat.tableTools) {
      // The compact widget asks the core for its few rows only: more means asking again.
      box.appendChild(h('button', { type: 'button', class: 'gs-btn', id: 'gs-more', onclick: a.more }, t('show_more')));
    }
    return box;
  }

  function grid(a, o, resp, rows) {
    var t = a.t, st = a.st;
    var cols = o.columns(resp).filter(function (c) { return !c.csvOnly; });
    var sortCol = st.sort || 'rank';
    function pcls(c, more) { return ['gs-p' + priority(c.id), c.num ? 'gs-num' : null, more].filter(Boolean).join(' '); }
    var thead = h('thead', {}, h('tr', {}, cols.map(function (c) {
      var th = h('th', { scope: 'col', class: pcls(c), 'data-col': c.id, 'data-key': 'h-' + c.id });
      if (c.nosort) { th.appendChild(h('bdi', {}, c.label)); return th; }
      var on = sortCol === c.id;
      if (on) th.setAttribute('aria-sort', st.dir === 'desc' ? 'descending' : 'ascending');
      th.appendChild(h('button', { type: 'button', class: 'gs-sort', 'data-focus-key': 'sort-' + c.id, onclick: function () {
        if ((st.sort || 'rank') === c.id) st.dir = st.dir === 'asc' ? 'desc' : 'asc';
        else st.dir = c.desc ? 'desc' : 'asc';
        st.sort = c.id;
        a.showAgain();
      } }, [h('bdi', {}, c.label), h('span', { class: 'gs-sortmark', 'aria-hidden': 'true' }, on ? (st.dir === 'desc' ? ' ▼' : ' ▲') : ' ↕')]));
      return th;
    }).concat([h('th', { scope: 'col', class: 'gs-p1', 'data-col': 'details', 'data-key': 'h-details' }, h('span', { class: 'gs-vh' }, t('col_details')))])));
    var tbody = h('tbody', {});
    rows.forEach(function (x) {
      var tier = o.tier(x);
      var tr = h('tr', { class: 'gs-opt' + (x.fits ? '' : ' gs-nofit') + (x.fits && !x.meets_targets ? ' gs-miss' : ''), 'data-key': x._key, 'data-tier': tier || null });
      cols.forEach(function (c) {
        var td = h(c.id === 'instance' ? 'th' : 'td', { class: pcls(c), 'data-col': c.id, scope: c.id === 'instance' ? 'row' : null });
        if (c.id === 'badges') td.appendChild(o.badgeList(x));
        else if (c.id === 'fits') {
          td.appendChild(h('span', { class: 'gs-fit gs-fit-' + o.fitsRank(x) }, c.text(x)));
          // Why it sits here (issue 32: the ranking at a glance), under the fit, in every width's table.
          td.appendChild(h('span', { class: 'gs-whycell' }, o.whyBadge(x, resp)));
        }
        else if (c.id === 'instance') {
          // The provider above the name while its column is hidden (a phone).
          td.appendChild(h('bdi', { class: 'gs-narrowline gs-provline' }, o.provName(x)));
          D.append(td, c.cell ? c.cell(x) : c.text(x));
          // The tier beside the name (a marketplace row is one host's listing), when the badge column is hidden.
          // Why it sits here, under the name in a narrow table (the fit column is too narrow for it there).
          td.appendChild(h('span', { class: 'gs-narrowline gs-whyline' }, o.whyBadge(x, resp)));
          if (tier) td.appendChild(h('span', { class: 'gs-narrowline gs-tierline gs-badge gs-badge-tier-' + tier.replace(/_/g, '-') }, tier === 'marketplace' ? t('tier_marketplace_row') : o.vocabLabel('tiers', tier)));
        } else if (c.cell) D.append(td, c.cell(x));
        else if (c.id === 'provider' || c.id === 'gpus' || c.id === 'sharding') td.appendChild(h('bdi', {}, c.text(x)));
        else if (c.old && c.old(x)) td.appendChild(h('span', { class: 'gs-old', title: t('price_old_row', { days: a.fmt.int(UI.catalog.OLD_DAYS) }) }, c.text(x)));
        else td.textContent = c.text(x);
        tr.appendChild(td);
      });
      var open = !!a.expanded[x._key];
      var detId = 'gs-det-' + x._rank;
      tr.appendChild(h('td', { class: 'gs-detcell gs-p1', 'data-col': 'details' }, h('button', { type: 'button', class: 'gs-btn gs-btn-small gs-disclose', 'aria-expanded': open ? 'true' : 'false',
        'aria-controls': open ? detId : null, 'data-focus-key': 'det-' + x._key, 'aria-label': t('details_for', { name: o.title(x) }),
        onclick: function () { a.expanded[x._key] = !a.expanded[x._key]; a.showAgain(); } }, open ? '−' : '+')));
      tbody.appendChild(tr);
      if (open) {
        // The columns this width hides (styles.css shows each entry only while its column is hidden).
        var more = h('dl', { class: 'gs-figures gs-colfacts' });
        cols.forEach(function (c) {
          if (priority(c.id) === 1) return;
          // Isolated: "1 × A30" would show as "A30 × 1" in a right-to-left line.
          var v = c.id === 'badges' ? o.badgeList(x) : h('bdi', {}, c.text(x));
          more.appendChild(h('div', { class: 'gs-kv gs-p' + priority(c.id), 'data-col': c.id }, [h('dt', {}, h('bdi', {}, c.label)), h('dd', {}, v)]));
        });
        var dl = h('dl', { class: 'gs-figures' });
        o.facts(x, dl, true, resp);
        var p = UI.catalog.providerOf(a.view, x);
        if (p && p.billing && typeof p.billing.text === 'string') o.kv(dl, t('k_billing'), h('bdi', { class: 'gs-longtext' }, p.billing.text));
        tbody.appendChild(h('tr', { class: 'gs-detrow', id: detId, 'data-key': 'det-' + x._key }, h('td', { colspan: String(cols.length + 1) }, h('div', { class: 'gs-detbox' }, [more, dl, o.notes(x)]))));
      }
    });
    var dated = cols.some(function (c) { return c.id === 'price_date'; });
    return h('table', { class: 'gs-table' + (dated ? ' gs-dated' : ''), id: 'gs-table' }, [thead, tbody]);
  }

  // After the page is laid out: does the table scroll sideways at this width? Then say so (and mark the edge).
  function afterPatch(a) {
    // The first render drew the chart before its card had a width: draw it again at the card's width (once).
    if (UI.views.chartStale && UI.views.chartStale(a) && !a._chartRedraw) { a._chartRedraw = true; a.render(); a._chartRedraw = false; return; }
    var wrap = a.rootEl.querySelector('#gs-tablewrap');
    var hint = a.rootEl.querySelector('#gs-table-scroll');
    if (!wrap || !hint) return;
    var scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    wrap.classList.toggle('gs-scrolls', scrolls);
    hint.hidden = !scrolls;
    // A row's details as wide as the box, held at its start edge, so that they read whole while the table scrolls.
    Array.prototype.forEach.call(wrap.querySelectorAll('.gs-detbox'), function (b) { b.style.width = scrolls ? Math.max(200, wrap.clientWidth - 16) + 'px' : ''; });
  }

  function exportCsv(a) {
    var resp = a.fullResp(true);
    if (!resp) return;
    var o = UI.options(a);
    var cols = o.columns(resp);
    var data = o.rows(resp);
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
  UI.views.afterPatch = afterPatch;
  UI.views.tablePriority = priority;
})(GpuSizerUI);
