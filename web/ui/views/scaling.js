/* gpu-sizer UI view: scale-out. For pretraining and full fine-tunes the core prices the top option's GPU kind at its
   provider on more or fewer machines (response.scaling): one row per size, with the whole job's time in days, its
   total cost and whether it meets the deadline. The row of the top option's own size is marked in words. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, isNum = F.isNum, dg = F.digits;

  function rowsOf(resp) {
    return (Array.isArray(resp.scaling) ? resp.scaling : []).filter(function (r) { return F.isObj(r) && isNum(r.gpus) && r.gpus > 0; });
  }
  function scaling(a, o, resp) {
    var t = a.t, fmt = a.fmt;
    var rows = rowsOf(resp);
    var top = (resp.options || [])[0];
    if (!rows.length || !top) return null;
    var box = h('section', { class: 'gs-card gs-scaling', id: 'gs-scaling', 'aria-labelledby': 'gs-scale-h' }, [
      h('h3', { class: 'gs-h3', id: 'gs-scale-h' }, t('scale_title', { gpu: o.gpuName(top.gpu), provider: o.provName(top) }))
    ]);
    var hint = [t('scale_hint')];
    var w = resp.workload || {};
    if (isNum(w.deadline_s) && w.deadline_s > 0) {
      var assumed = (resp.warnings || []).some(function (x) { return x && x.path === '/workload/deadline_s'; });
      hint.push(t(assumed ? 'scale_deadline_assumed' : 'scale_deadline', { d: o.dur(w.deadline_s) }));
    }
    box.appendChild(h('p', { class: 'gs-hint', id: 'gs-scale-hint' }, hint.join(' ')));
    var multi = rows.some(function (r) { return r.instances > 1; });
    var head = [h('th', { scope: 'col', class: 'gs-num' }, t('col_scale_gpus'))];
    if (multi) head.push(h('th', { scope: 'col', class: 'gs-num' }, t('col_scale_instances')));
    head.push(h('th', { scope: 'col', class: 'gs-num' }, t('col_scale_days')), h('th', { scope: 'col', class: 'gs-num' }, t('col_scale_usd')),
      h('th', { scope: 'col' }, t('col_scale_meets')));
    var body = h('tbody', {}, rows.map(function (r) {
      var days = isNum(r.job_s) ? r.job_s / 86400 : null;
      var mine = r.gpus === top.gpus && (r.instances || 1) === (top.instances || 1);
      var gpus = h('th', { scope: 'row', class: 'gs-num' }, [fmt.int(r.gpus)]);
      if (mine) gpus.appendChild(h('span', { class: 'gs-scale-top' }, ' (' + t('scale_top') + ')'));
      var meets = r.meets_targets === true ? 'yes' : r.meets_targets === false ? 'no' : null;
      var cells = [gpus];
      if (multi) cells.push(h('td', { class: 'gs-num' }, isNum(r.instances) ? fmt.int(r.instances) : '—'));
      cells.push(
        h('td', { class: 'gs-num', 'data-col': 'days' }, days === null ? '—' : fmt.fixed(days, days < 10 ? 1 : 0)),
        h('td', { class: 'gs-num', 'data-col': 'usd' }, isNum(r.usd_total) ? fmt.usd(r.usd_total, dg.usdTotal(r.usd_total)) : '—'),
        h('td', { 'data-col': 'meets' }, meets ? h('span', { class: 'gs-fit gs-fit-' + (meets === 'yes' ? '2' : '1') }, t(meets === 'yes' ? 'scale_meets' : 'scale_misses')) : '—'));
      return h('tr', { class: 'gs-scale-row' + (mine ? ' gs-scale-mine' : ''), 'data-key': 'scale-' + r.gpus + '-' + (r.instances || 1),
        'data-gpus': String(r.gpus), 'data-meets': meets || '', 'aria-current': mine ? 'true' : null }, cells);
    }));
    box.appendChild(h('div', { class: 'gs-tablewrap gs-scalewrap', tabindex: '0', role: 'region', 'aria-labelledby': 'gs-scale-h' },
      h('table', { class: 'gs-table gs-scaletable', id: 'gs-scale-table' }, [h('caption', { class: 'gs-vh' }, t('scale_caption')), h('thead', {}, h('tr', {}, head)), body])));
    return box;
  }

  UI.views.scaling = scaling;
})(GpuSizerUI);
