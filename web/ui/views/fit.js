/* gpu-sizer UI view: which GPU classes can hold one replica, and how many of each it takes (whatever the prices). */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, isNum = F.isNum;
  var GIB = 1073741824;

  function fit(a, o, resp) {
    var t = a.t, fmt = a.fmt, fam = o.fam(resp);
    var box = h('section', { class: 'gs-card gs-fitgpus', id: 'gs-fit', 'aria-labelledby': 'gs-fit-h' },
      [h('h3', { class: 'gs-h3', id: 'gs-fit-h' }, t('fit_title'))]);
    box.appendChild(h('p', { class: 'gs-hint' }, t(fam === 'train' ? 'fit_hint_train' : fam === 'serve' ? 'fit_hint' : 'fit_hint_pipe')));
    // One row per GPU count: "1 GPU: L4 (24 GiB), RTX 4090 (24 GiB), …", fewest first; then those that cannot hold it.
    var groups = {}, counts = [], too = [];
    resp.fit_by_gpu.forEach(function (f) {
      if (!F.isObj(f)) return;
      if (!(isNum(f.gpus_needed) && f.gpus_needed > 0)) { too.push(f); return; }
      if (!groups[f.gpus_needed]) { groups[f.gpus_needed] = []; counts.push(f.gpus_needed); }
      groups[f.gpus_needed].push(f);
    });
    counts.sort(function (x, y) { return x - y; });
    if (counts.length) {
      box.appendChild(h('dl', { class: 'gs-fitlist' }, counts.map(function (n) {
        var list = groups[n];
        var used = list.map(function (f) { return f.used_bytes_per_gpu; }).filter(isNum);
        var lo = used.length ? Math.min.apply(null, used) : null, hi = used.length ? Math.max.apply(null, used) : null;
        var per = lo === null ? '' : fmt.gb(lo) === fmt.gb(hi) ? fmt.gb(lo) : t('range_val', { low: fmt.gb(lo), high: fmt.gb(hi) });
        return h('div', { class: 'gs-fitrow' + (n === 1 ? ' gs-fit-single' : ''), 'data-gpus': String(n), 'data-key': 'fit-' + n }, [
          h('dt', {}, [h('span', { class: 'gs-fitneed' }, n === 1 ? t('fit_one') : t('fit_n', { n: fmt.int(n) })),
            per ? h('span', { class: 'gs-muted gs-fitper' }, t('fit_per_gpu', { v: per })) : null]),
          h('dd', {}, h('ul', { class: 'gs-fitchips' }, list.map(function (f) {
            var title = isNum(f.used_bytes_per_gpu) && isNum(f.vram_bytes_per_gpu) ? t('fit_used', { used: fmt.gb(f.used_bytes_per_gpu), total: fmt.gb(f.vram_bytes_per_gpu) }) : null;
            return h('li', { class: 'gs-fitchip', 'data-gpu': String(f.gpu), title: title }, [h('bdi', {}, o.gpuShort(f.gpu)),
              ' ', isNum(f.vram_bytes_per_gpu) ? h('bdi', { class: 'gs-muted' }, fmt.gib(f.vram_bytes_per_gpu / GIB)) : null]);
          })))
        ]);
      })));
    } else {
      box.appendChild(h('p', {}, t('fit_none')));
    }
    if (too.length) {
      box.appendChild(h('p', { class: 'gs-muted gs-fittoo' }, [t('fit_too_small') + ' ', h('bdi', {}, too.map(function (f) { return o.gpuShort(f.gpu); }).join(', '))]));
    }
    return box;
  }

  UI.views.fit = fit;
})(GpuSizerUI);
