/* gpu-sizer UI view: which GPU classes can hold one replica, and how many of each it takes (whatever the prices). */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, isNum = F.isNum;

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
              ' ', isNum(f.vram_bytes_per_gpu) ? h('bdi', { class: 'gs-muted' }, fmt.gb(f.vram_bytes_per_gpu)) : null]);
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

/* gpu-sizer UI views: the fit grid (weight formats × GPUs), the format comparison (bf16, fp8, int4 side by side)
   and the what-if lines. All three re-evaluate the request with one thing changed, through the same core (fast:
   milliseconds a request), and read the variants' own responses: nothing here is estimated in the page. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, isNum = F.isNum;
  var COMPARE_FORMATS = ['bf16', 'fp8', 'int4'];
  var GRID_FORMATS = ['bf16', 'fp8', 'int8', 'int4'];
  // Bits per weight of each format: which formats are lighter than the one asked for (formats.cpp's table).
  var BITS = { fp32: 32, bf16: 16, fp16: 16, fp8: 8, int8: 8, int4: 4, nf4: 4, fp4: 4 };
  var KV_LIGHTER = { fp16: ['fp8', 'q4'], bf16: ['fp8', 'q4'], fp8: ['q4'], int8: ['q4'], q4: [] };
  // A cell is "tight" when one GPU holds the replica with less than this share of its memory to spare: the
  // placement stage already keeps its reserve, so this only warns that a longer prompt or a bigger batch would not fit.
  var TIGHT_USED_FRACTION = 0.8;
  // Columns of the fit grid: the GPUs people rent, by size, where the catalog has them.
  var GRID_GPUS = ['rtx-4090', 'l4', 'a10g', 'l40s', 'rtx-pro-6000', 'a100-40gb', 'a100-80gb-sxm', 'h100-sxm', 'h200-sxm', 'mi300x', 'b200'];

  function clone(x) { return JSON.parse(JSON.stringify(x)); }
  function evalReq(a, req) {
    try {
      var r = a.sizer.evaluate(req, a.active && a.active.text ? { catalog: a.active.text } : undefined);
      return r && r.ok ? r : null;
    } catch (e) { return null; }
  }
  // The variants of the last request, evaluated once per request (renders for theme or language reuse them).
  // Each asks for one option and for its figures only (docs/CONTRACT.md `detail`): every panel here reads the
  // variant's memory, fit_by_gpu (whatever the limit) and its pick, the first option that fits and meets the
  // targets, which the ranking's first rule puts first when any does (ranking.cpp: by_fit); the options' notes,
  // the guidance and the explanations are most of a response's cost, and no panel here shows them.
  var VARIANT_LIMIT = 1;
  function variants(a) {
    var req = a.lastReq;
    if (!req || !a.sizer) return null;
    var key = JSON.stringify(req) + '|' + (a.active && a.active.text ? a.active.text.length : 0);
    if (a._variants && a._variants.key === key) return a._variants;
    var v = { key: key, req: req, cache: {} };
    v.get = function (name, change) {
      if (!(name in v.cache)) { var r = clone(req); change(r); r.limit = VARIANT_LIMIT; r.detail = 'figures'; v.cache[name] = evalReq(a, r); }
      return v.cache[name];
    };
    a._variants = v;
    return v;
  }
  function weightsOf(resp, req) {
    var w = (resp && resp.workload && resp.workload.weights) || (req.workload && req.workload.weights);
    return w ? String(w) : '';
  }
  function pinned(req) { return !!req.hardware; }
  // The option a variant's answer rests on: pinned hardware's one option; else the best that fits and meets the targets.
  function pickOf(resp, req) {
    if (!resp || !Array.isArray(resp.options)) return null;
    if (pinned(req)) return resp.options[0] || null;
    for (var i = 0; i < resp.options.length; i++) if (resp.options[i].fits && resp.options[i].meets_targets) return resp.options[i];
    return null;
  }
  function good(x) { return !!x && x.fits && x.meets_targets; }
  function hasFormat(a, id) { return !a.voc || !a.voc.weight_formats || a.voc.weight_formats.some(function (f) { return (f.id || f) === id; }); }
  function hasKv(a, id) { return !a.voc || !a.voc.kv_formats || a.voc.kv_formats.some(function (f) { return (f.id || f) === id; }); }
  function withWeights(id) { return function (r) { r.workload = r.workload || {}; r.workload.weights = id; }; }

  // ---- fit grid: formats × GPUs
  function cellOf(f) {
    if (!f || !(isNum(f.gpus_needed) && f.gpus_needed > 0)) return { cls: 'no', n: null };
    if (f.gpus_needed > 1) return { cls: 'multi', n: f.gpus_needed };
    var share = isNum(f.used_bytes_per_gpu) && isNum(f.vram_bytes_per_gpu) && f.vram_bytes_per_gpu > 0 ? f.used_bytes_per_gpu / f.vram_bytes_per_gpu : 0;
    return { cls: share > TIGHT_USED_FRACTION ? 'tight' : 'fits', n: 1 };
  }
  function gridGpus(resp) {
    var have = {};
    (resp.fit_by_gpu || []).forEach(function (f) { if (F.isObj(f)) have[f.gpu] = f; });
    var cols = GRID_GPUS.filter(function (id) { return have[id]; });
    if (cols.length < 4) cols = (resp.fit_by_gpu || []).slice().sort(function (x, y) { return x.vram_bytes_per_gpu - y.vram_bytes_per_gpu; }).map(function (f) { return f.gpu; }).slice(0, 10);
    return cols;
  }
  function fitgrid(a, o, resp) {
    var t = a.t, fmt = a.fmt, v = variants(a);
    if (!v || !Array.isArray(resp.fit_by_gpu) || !resp.fit_by_gpu.length) return null;
    var cur = weightsOf(resp, v.req);
    var formats = GRID_FORMATS.filter(function (id) { return hasFormat(a, id); });
    if (cur && formats.indexOf(cur) < 0) formats.unshift(cur);
    var cols = gridGpus(resp);
    var head = h('tr', {}, [h('th', { scope: 'col' }, t('grid_format'))].concat(cols.map(function (id) {
      var f = resp.fit_by_gpu.filter(function (x) { return x.gpu === id; })[0];
      return h('th', { scope: 'col' }, [h('bdi', {}, o.gpuShort(id)), h('br'), h('span', { class: 'gs-muted' }, isNum(f && f.vram_bytes_per_gpu) ? fmt.gb(f.vram_bytes_per_gpu) : '')]);
    })));
    // Formats the core rejects for this workload (int4 for a full fine-tune, say) get no row.
    var results = formats.map(function (id) { return { id: id, r: id === cur ? resp : v.get('w:' + id, withWeights(id)) }; }).filter(function (x) { return x.r; });
    if (results.length < 2) return null;
    var rows = results.map(function (x) {
      var id = x.id, r = x.r;
      var fits = {};
      ((r && r.fit_by_gpu) || []).forEach(function (f) { fits[f.gpu] = f; });
      return h('tr', { 'data-format': id, class: id === cur ? 'gs-grid-cur' : null }, [h('th', { scope: 'row' }, [h('bdi', { dir: 'auto' }, o.vocabLabel('weight_formats', id)),
        r && r.memory && isNum(r.memory.total_bytes) ? h('span', { class: 'gs-muted gs-grid-mem' }, ' ' + fmt.gb(r.memory.total_bytes)) : null])].concat(cols.map(function (g) {
        var c = r ? cellOf(fits[g]) : { cls: 'no', n: null };
        var f = fits[g];
        var text = c.cls === 'fits' ? t('grid_fits') : c.cls === 'tight' ? t('grid_tight') : c.cls === 'multi' ? t('grid_n', { n: fmt.int(c.n) }) : t('grid_no');
        var tip = f && isNum(f.used_bytes_per_gpu) && isNum(f.vram_bytes_per_gpu) ? t('fit_used', { used: fmt.gb(f.used_bytes_per_gpu), total: fmt.gb(f.vram_bytes_per_gpu) }) : null;
        return h('td', { class: 'gs-cell gs-cell-' + c.cls, 'data-gpu': g, 'data-fit': c.cls, 'data-gpus': c.n ? String(c.n) : '', title: tip }, [h('span', { class: 'gs-cell-mark', 'aria-hidden': 'true' }, c.cls === 'fits' ? '✓' : c.cls === 'tight' ? '!' : c.cls === 'multi' ? '' : '✗'), ' ', h('span', {}, text)]);
      })));
    });
    return h('section', { class: 'gs-card gs-fitgrid', id: 'gs-fitgrid', 'aria-labelledby': 'gs-fitgrid-h' }, [
      h('h3', { class: 'gs-h3', id: 'gs-fitgrid-h' }, t('grid_title')),
      h('p', { class: 'gs-hint' }, t('grid_hint', { pct: fmt.int(TIGHT_USED_FRACTION * 100) })),
      h('div', { class: 'gs-grid-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'gs-fitgrid-h' }, h('table', { class: 'gs-fgt' }, [h('thead', {}, head), h('tbody', {}, rows)]))
    ]);
  }

  // ---- the comparison: two or three formats for the chosen model
  function speedText(a, o, fam, x, r) {
    if (!x || !x.fits) return '—';
    if (fam === 'serve') return o.tps(x.decode_output_tokens_per_s_per_user);
    if (fam === 'train') return o.dur(x.train_s);
    if (fam === 'image') return o.secs(x.seconds_per_image);
    return o.rtf(x.real_time_factor) + ' × ' + a.t('cmp_realtime_unit');
  }
  function costText(a, o, fam, x) {
    if (!x || !x.fits) return '—';
    var fmt = a.fmt;
    if (fam === 'serve') {
      if (isNum(x.usd_per_million_output_tokens)) return a.t('mu_per_million', { n: fmt.usd(x.usd_per_million_output_tokens, 2) }) + (isNum(x.usd_per_hour) ? ' · ' + a.t('u_per_h', { n: fmt.usd(x.usd_per_hour, 2) }) : '');
      return isNum(x.usd_per_hour) ? a.t('u_per_h', { n: fmt.usd(x.usd_per_hour, 2) }) : a.t('cmp_no_price');
    }
    return isNum(x.usd_total) ? o.usdTotal(x.usd_total) : a.t('cmp_no_price');
  }
  function compare(a, o, resp) {
    var t = a.t, fmt = a.fmt, v = variants(a), fam = o.fam(resp);
    if (!v) return null;
    var cur = weightsOf(resp, v.req);
    var formats = COMPARE_FORMATS.filter(function (id) { return hasFormat(a, id); });
    if (cur && formats.indexOf(cur) < 0) formats = [cur].concat(formats).slice(0, 3);
    var cols = formats.map(function (id) {
      var r = id === cur ? resp : v.get('w:' + id, withWeights(id));
      return { id: id, r: r, x: pickOf(r, v.req) };
    }).filter(function (c) { return c.r; });
    if (cols.length < 2) return null;
    function row(label, key, fn) {
      return h('tr', { 'data-row': key }, [h('th', { scope: 'row' }, label)].concat(cols.map(function (c) { return h('td', { 'data-format': c.id }, c.r ? fn(c) : t('cmp_invalid')); })));
    }
    var table = h('table', { class: 'gs-compare' }, [
      h('thead', {}, h('tr', {}, [h('th', { scope: 'col' }, t('cmp_figure'))].concat(cols.map(function (c) {
        return h('th', { scope: 'col', class: c.id === cur ? 'gs-grid-cur' : null }, [h('bdi', { dir: 'auto' }, o.vocabLabel('weight_formats', c.id)), c.id === cur ? h('span', { class: 'gs-muted' }, ' (' + t('cmp_current') + ')') : null]);
      })))),
      h('tbody', {}, [
        row(t('cmp_memory'), 'memory', function (c) { return c.r.memory && isNum(c.r.memory.total_bytes) ? fmt.gb(c.r.memory.total_bytes) : '—'; }),
        row(t(pinned(v.req) ? 'cmp_fits_pinned' : 'cmp_fits_on'), 'fits', function (c) {
          if (!c.x) return t(pinned(v.req) ? 'cmp_no_fit' : 'cmp_nothing');
          if (!c.x.fits) return t('cmp_no_fit');
          return [h('bdi', {}, fmt.int(c.x.gpus) + ' × ' + o.gpuShort(c.x.gpu)), c.x.meets_targets ? null : h('span', { class: 'gs-muted' }, ' · ' + t('cmp_misses'))];
        }),
        row(t(fam === 'serve' ? 'cmp_speed_serve' : fam === 'train' ? 'cmp_speed_train' : fam === 'image' ? 'cmp_speed_image' : 'cmp_speed_audio'), 'speed', function (c) { return speedText(a, o, fam, c.x, c.r); }),
        row(t(fam === 'serve' ? 'cmp_cost_serve' : 'cmp_cost_job'), 'cost', function (c) { return costText(a, o, fam, c.x); })
      ])
    ]);
    return h('section', { class: 'gs-card gs-compare-card', id: 'gs-compare', 'aria-labelledby': 'gs-compare-h' }, [
      h('h3', { class: 'gs-h3', id: 'gs-compare-h' }, t('cmp_title')),
      h('p', { class: 'gs-hint' }, t('cmp_hint')),
      h('div', { class: 'gs-grid-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'gs-compare-h' }, table)
    ]);
  }

  // ---- what-if: when the pick does not fit or misses the target, the changes that would make it work
  function whatifLines(a, o, resp) {
    var t = a.t, fmt = a.fmt, v = variants(a);
    if (!v) return null;
    var req = v.req, pin = pinned(req), fam = o.fam(resp);
    var now = pickOf(resp, req);
    if (good(now)) return null;
    var lines = [];
    function where(x) { return fmt.int(x.gpus) + ' × ' + o.gpuShort(x.gpu); }
    function tryOne(name, change, say) {
      var r = v.get(name, change), x = pickOf(r, req);
      if (good(x)) { lines.push(say(x)); return true; }
      return false;
    }
    var cur = weightsOf(resp, req);
    var curBits = BITS[cur] || 16;
    // Lighter weights, lightest last: the first that works is the smallest change.
    ['fp8', 'int8', 'int4'].some(function (id) {
      if (!hasFormat(a, id) || !(BITS[id] < curBits)) return false;
      return tryOne('w:' + id, withWeights(id), function (x) { return t(pin ? 'wi_weights_pinned' : 'wi_weights', { fmt: o.vocabLabel('weight_formats', id), where: where(x) }); });
    });
    if (fam === 'serve') {
      var kvNow = (resp.workload && resp.workload.kv_cache) || (req.workload && req.workload.kv_cache) || 'fp16';
      (KV_LIGHTER[kvNow] || []).some(function (id) {
        if (!hasKv(a, id)) return false;
        return tryOne('kv:' + id, function (r) { r.workload.kv_cache = id; }, function (x) { return t('wi_kv', { fmt: o.vocabLabel('kv_formats', id), where: where(x) }); });
      });
      var w = req.workload || {}, prompt = isNum(w.prompt_tokens) ? w.prompt_tokens : null, out = isNum(w.output_tokens) ? w.output_tokens : 0;
      if (prompt !== null && prompt + out > 32768 && out < 32768) {
        tryOne('ctx:32k', function (r) { r.workload.prompt_tokens = 32768 - out; delete r.workload.context_tokens; }, function (x) { return t('wi_context', { n: fmt.int(32768), where: where(x) }); });
      } else if (prompt !== null && prompt > 1024) {
        var half = Math.round(prompt / 2);
        tryOne('ctx:half', function (r) { r.workload.prompt_tokens = half; delete r.workload.context_tokens; }, function (x) { return t('wi_prompt', { n: fmt.int(half), where: where(x) }); });
      }
      var conc = isNum(w.concurrency) ? w.concurrency : (resp.workload && resp.workload.concurrency);
      if (isNum(conc) && conc > 1) {
        var hc = Math.max(1, Math.floor(conc / 2));
        tryOne('conc:half', function (r) { r.workload.concurrency = hc; }, function (x) { return t('wi_concurrency', { n: fmt.int(hc), where: where(x) }); });
      }
    }
    // A job past its deadline (training, image, audio): the same job given twice the time.
    var dl = req.workload && req.workload.deadline_s;
    if (isNum(dl) && dl > 0 && fam !== 'serve') {
      tryOne('dl:x2', function (r) { r.workload.deadline_s = 2 * dl; }, function (x) { return t('wi_deadline', { d: o.dur(2 * dl), where: where(x) }); });
    }
    if (pin) {
      var n = isNum(req.hardware.count) ? req.hardware.count : 1;
      var more = [2, 4, 8, 16, 32, 64].filter(function (m) { return m > n; });
      var moreWorks = null;
      more.some(function (m) {
        var ok = tryOne('n:' + m, function (r) { r.hardware.count = m; }, function (x) { return t('wi_more_gpus', { n: fmt.int(m), gpu: o.gpuShort(x.gpu) }); });
        if (ok) moreWorks = m;
        return ok;
      });
      // Lighter weights on fewer extra GPUs than the current format needs: "INT4 weights on 4 × L4".
      ['fp8', 'int4'].forEach(function (id) {
        if (!hasFormat(a, id) || !(BITS[id] < curBits) || good(pickOf(v.cache['w:' + id], req))) return;
        more.filter(function (m) { return moreWorks === null || m < moreWorks; }).some(function (m) {
          return tryOne('w:' + id + ':n:' + m, function (r) { withWeights(id)(r); r.hardware.count = m; },
            function (x) { return t('wi_weights_more', { fmt: o.vocabLabel('weight_formats', id), n: fmt.int(m), gpu: o.gpuShort(x.gpu) }); });
        });
      });
    }
    var anyFits = (resp.options || []).some(function (x) { return x.fits; });
    return { lines: lines, fits: !!(now && now.fits) || anyFits, serve: fam === 'serve' };
  }
  function whatif(a, o, resp) {
    var w = whatifLines(a, o, resp);
    if (!w) return null;
    var t = a.t;
    return h('div', { class: 'gs-whatif', id: 'gs-whatif', role: 'note' }, [
      h('h4', { class: 'gs-h4' }, t(w.fits ? 'wi_title_target' : 'wi_title_fit')),
      w.lines.length ? h('ul', { class: 'gs-whatif-list' }, w.lines.map(function (l) { return h('li', {}, l); })) : h('p', {}, t(w.serve ? 'wi_none' : 'wi_none_job'))
    ]);
  }

  UI.views.fitgrid = fitgrid;
  UI.views.compare = compare;
  UI.views.whatif = whatif;
})(GpuSizerUI);
