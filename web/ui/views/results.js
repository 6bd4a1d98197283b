/* gpu-sizer UI view: the results column: the one-line summary, the alert (errors, stale results), then the panels
   (top pick, guidance, memory, fit list, options table, cost-vs-speed chart, show the math). */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, h = D.h, isNum = F.isNum, dg = F.digits;

  function results(a) {
    var t = a.t, Vw = UI.views;
    var resp = a.lastOk && a.lastOkTask === a.st.task ? a.lastOk : null;
    var o = UI.options(a);
    // The first pass holds the ranking's first rows; a table filter, sort or more rows needs every option at once.
    var full = resp ? a.fullResp(needsAll(a, resp)) : null;
    var data = resp ? o.rows(full || resp) : null;
    if (data && !full) data.total = resp.options_evaluated;
    // Until the every-option pass lands (a.pending), the panels below the fit list are not built again: those on
    // the page stay as they are, marked busy (D.keep), and the first load shows them with the second pass. They
    // read every option (the guidance counts the listed ones) or the variants, and building them is most of a
    // render's time; the summary, the top card, the memory and the fit list above them are the first pass's own.
    var later = !!(resp && a.pending);
    function panel(id, build) { return later ? D.keep(id, { 'aria-busy': 'true' }) : build(); }
    // A keystroke's result is the summary and the top card (issue 16: within the frame): the memory panel and the fit
    // list beneath them follow a frame later (a.deferBelow, app.js), kept as they are meanwhile (or built, the first
    // time). They are below the top card, off screen at desktop widths (1,000 px and more down at 1280 and
    // 1400 px) and below the form on a phone; building and patching them was ~4 ms of a keystroke in Chromium
    // (scripts/profile-keystroke.js).
    var below = !!(resp && a.deferBelow);
    function next(id, build) { return below ? D.keep(id, { 'aria-busy': 'true' }, build) : build(); }
    var top = data ? pickTop(data.all) : null;
    // Every problem is in a.issues once (a field's problem also sits beside its field, the same problem).
    var summary = a.failed ? t('errors_title') + ': ' + a.fmt.int(a.issues.length)
      : resp ? summaryText(a, o, resp, top, data.all) : '';
    var alert = h('div', { class: 'gs-alert', id: 'gs-alert' });
    if (a.failed) {
      alert.appendChild(h('p', { class: 'gs-warn' }, t('stale')));
      if (a.issues.length) {
        alert.appendChild(h('div', { class: 'gs-card gs-errors', role: 'alert' }, [h('h3', { class: 'gs-h3' }, t('errors_title')),
          h('ul', { class: 'gs-issues' }, a.issues.map(function (e) {
            return h('li', {}, [e.path ? h('code', { dir: 'ltr' }, e.path) : null, e.path ? ' ' : null].concat(Vw.issueText(a, e)));
          }))]));
      }
    }
    var out = h('div', { class: 'gs-out' + (a.failed ? ' gs-stale' : ''), id: 'gs-out' });
    function add(el) { if (el) out.appendChild(el); }
    if (resp) {
      add(h('div', { class: 'gs-toprow', id: 'gs-toprow' }, [Vw.top(a, o, resp, top, data.all),
        a.feat.guidance && resp.guidance && resp.guidance.length ? panel('gs-guidance', function () { return Vw.guidance(a, resp); }) : null]));
      add(next('gs-memory', function () { return Vw.memory(a, o, resp); }));
      if (a.feat.fitview && Array.isArray(resp.fit_by_gpu) && resp.fit_by_gpu.length) {
        add(next('gs-fit', function () { return Vw.fit(a, o, resp); }));
        add(panel('gs-fitgrid', function () { return Vw.fitgrid(a, o, resp); }));
      }
      if (a.feat.fitview) add(panel('gs-compare', function () { return Vw.compare(a, o, resp); }));
      add(panel('gs-options', function () { return Vw.table(a, o, full || resp, data); }));
      if (o.fam(resp) === 'train' && a.st.hw === 'rank') add(panel('gs-scaling', function () { return Vw.scaling(a, o, resp); }));
      if (a.feat.chart && a.st.hw === 'rank') add(panel('gs-chart', function () { return Vw.chart(a, o, full || resp, data.rows); }));
      if (a.feat.math && resp.explain && resp.explain.length) add(panel('gs-math', function () { return Vw.math(a, o, resp); }));
    }
    return h('section', { class: 'gs-results', id: 'gs-results', tabindex: '-1', 'aria-labelledby': 'gs-results-h' }, [
      h('h2', { id: 'gs-results-h', class: 'gs-vh' }, t('results')),
      h('p', { class: 'gs-summary', role: 'status', id: 'gs-summary' }, summary),
      alert, out
    ]);
  }
  function needsAll(a, resp) {
    var st = a.st;
    return !!(String(st.filt || '').trim() || st.fgpu || st.fitonly || (st.sort && st.sort !== 'rank') || st.dir === 'desc' ||
      (parseInt(st.limit, 10) || 25) > (resp.options || []).length);
  }
  function pickTop(all) {
    for (var i = 0; i < all.length; i++) if (all[i].fits && all[i].meets_targets) return all[i];
    return null;
  }
  function summaryText(a, o, resp, top, all) {
    var t = a.t, fmt = a.fmt;
    var fam = o.fam(resp);
    var mem = resp.memory && isNum(resp.memory.total_bytes) ? fmt.gb(resp.memory.total_bytes) : '—';
    if (!all.length) return t(fam === 'serve' ? 'summary_none' : 'summary_none_job', { mem: mem });
    var pin = a.st.hw === 'pin';
    var x = pin ? all[0] : top;
    if (fam !== 'serve' && !pin && !x && all[0].fits) {
      // Options fit but none meets the targets: for a job that is the deadline, so say how long the fastest takes.
      var fastest = all.filter(function (y) { return y.fits && isNum(y._job); }).sort(function (p, q) { return p._job - q._job; })[0];
      return fastest ? t('summary_missall_job', { time: o.dur(fastest._job), what: o.title(fastest) }) : t('summary_missall');
    }
    if (!x || !x.fits) return t('summary_nofit', { reason: ((x || all[0]).reasons && (x || all[0]).reasons[0]) || '' });
    var what = pin ? o.title(x) : o.title(x) + ' (' + fmt.int(x.gpus) + ' × ' + o.gpuName(x.gpu) + ')';
    var miss = x.meets_targets ? '' : ' ' + t('summary_misses');
    if (fam === 'serve') {
      if (pin) {
        if (x.meets_targets) return t('summary_pinned', { what: what, tps: o.tps(x.decode_output_tokens_per_s_per_user), agg: o.tps(x.output_tokens_per_s), ttft: o.secs(x.ttft_s), mem: mem });
        return t('summary_pinned_target', { what: what, tps: o.tps(x.decode_output_tokens_per_s_per_user), ttft: o.secs(x.ttft_s) });
      }
      return t('summary_top', {
        what: what,
        usd_h: isNum(x.usd_per_hour) ? t('u_per_h', { n: fmt.usd(x.usd_per_hour, 2) }) : '—',
        tps: o.tps(x.decode_output_tokens_per_s_per_user),
        usd_m: isNum(x.usd_per_million_output_tokens) ? fmt.usd(x.usd_per_million_output_tokens, dg.usdM(x.usd_per_million_output_tokens)) : '—',
        mem: mem
      });
    }
    var p = { what: what, mem: mem, time: o.dur(x._job), usd: o.usdTotal(x.usd_total) };
    var key;
    if (fam === 'train') {
      p.gpuh = isNum(x.gpu_hours) ? fmt.fixed(x.gpu_hours, dg.hours(x.gpu_hours)) : '—';
      p.mfu = isNum(x.mfu) ? fmt.int(x.mfu * 100) + '%' : '—';
      key = 'summary_train';
    } else if (fam === 'image') {
      p.spi = o.secs(x.seconds_per_image);
      p.n = fmt.int(o.jobItems());
      p.count = o.jobItems();
      key = o.isVideo(resp) ? 'summary_video' : 'summary_image';
    } else {
      p.audio = o.audio(o.jobAudio());
      p.rtf = o.rtf(x.real_time_factor);
      key = 'summary_audio';
    }
    // A pinned GPU has no price: the same sentence without the cost.
    return (pin ? '' : t('summary_top_prefix')) + t(key + (isNum(x.usd_total) ? '' : '_nocost'), p) + miss;
  }

  // The top pick (or the pinned GPUs) as a card.
  function top(a, o, resp, best, all) {
    var t = a.t, pin = a.st.hw === 'pin';
    var x = pin ? all[0] : (best || all[0]);
    var card = h('section', { class: 'gs-card gs-top', id: 'gs-top' });
    // Options that fit but miss a target (a deadline, a speed): the closest is shown, not "nothing fits".
    card.appendChild(h('h3', { class: 'gs-h3', id: 'gs-top-h' }, pin ? t('pinned_title') : best ? t('top_title') : x && x.fits ? t('miss_title') : t('nofit_title')));
    if (!x) { card.appendChild(h('p', {}, t('summary_none', { mem: resp.memory ? a.fmt.gb(resp.memory.total_bytes) : '—' }))); return card; }
    card.appendChild(h('p', { class: 'gs-pick' }, [h('bdi', {}, o.title(x)), ' ', h('bdi', { class: 'gs-muted gs-pick-gpus' }, a.fmt.int(x.gpus) + ' × ' + o.gpuName(x.gpu))]));
    if (o.hasDisplayName(x)) card.appendChild(h('p', { class: 'gs-muted gs-pick-sku' }, h('bdi', { dir: 'ltr' }, o.sku(x))));
    card.appendChild(o.badgeList(x));
    var dl = h('dl', { class: 'gs-figures' });
    o.facts(x, dl, false, resp);
    if (a.feat.math && isFirst(resp, x)) howBeside(a, resp, dl);
    card.appendChild(dl);
    var pl = o.priceLink(x);
    if (pl) card.appendChild(h('p', { class: 'gs-pricepara' }, pl));
    // What the "≈ 80% range" beside the figures is, once per card.
    if (o.hasRanges(x)) card.appendChild(h('details', { class: 'gs-details gs-range-about', id: 'gs-range-about' }, [h('summary', {}, t('range80_about')), h('p', { class: 'gs-hint' }, t('range80_about_text'))]));
    var wi = UI.views.whatif(a, o, resp);
    if (wi) card.appendChild(wi);
    card.appendChild(o.notes(x));
    return card;
  }
  // The explanations are the first listed option's: the card shows them only when it shows that option.
  function isFirst(resp, x) {
    var f = resp.options && resp.options[0];
    return !!f && f.gpu === x.gpu && f.gpus === x.gpus && (f.offering_id || '') === (x.offering_id || '') && (f.pricing || '') === (x.pricing || '');
  }
  // A "how?" disclosure in each headline figure's cell that the core explains (labels as options.js writes them).
  var FIGURE_OF_LABEL = [['k_tps_user', 'decode_output_tokens_per_s_per_user'], ['k_tps', 'output_tokens_per_s'], ['k_ttft', 'ttft_s'],
    ['k_usd_m', 'usd_per_million_output_tokens'], ['k_usd_month', 'usd_per_month'], ['k_time', 'train_s'], ['k_s_image', 'seconds_per_image'],
    ['k_s_clip', 'seconds_per_image'], ['k_rtf', 'real_time_factor'], ['k_usd_total', 'usd_total']];
  function howBeside(a, resp, dl) {
    var byLabel = {};
    FIGURE_OF_LABEL.forEach(function (p) { byLabel[a.t(p[0])] = p[1]; });
    Array.prototype.forEach.call(dl.querySelectorAll('.gs-kv'), function (row) {
      var dt = row.querySelector('dt'), dd = row.querySelector('dd');
      var fig = dt && byLabel[dt.textContent];
      var how = fig ? UI.views.how(a, resp, 'options.0.' + fig) : null;
      if (how && dd) dd.appendChild(how);
    });
  }

  // The answer bar (issue 32): the top pick and its key figures in one short block above the form, kept on screen
  // (sticky) while the person scrolls the inputs. Shown where the results sit below the form (a one-column page
  // under 820 px, the compact widget); styles.css hides it where the results column is beside the form.
  function answer(a) {
    var t = a.t, fmt = a.fmt;
    var resp = a.lastOk && a.lastOkTask === a.st.task ? a.lastOk : null;
    var bar = h('div', { class: 'gs-answer' + (a.failed ? ' gs-answer-stale' : ''), id: 'gs-answer' });
    if (!resp) return bar;
    var o = UI.options(a), pin = a.st.hw === 'pin';
    var all = o.rows(resp).all;
    var x = pin ? all[0] : pickTop(all);
    // Nothing meets the targets but options fit: the closest, as the top card shows it.
    var closest = !x && !pin && all[0] && all[0].fits;
    if (closest) x = all[0];
    var head = pin ? t('pinned_title') : closest ? t('miss_title') : x ? t('top_title') : t('nofit_title');
    var figs = x ? keyFigures(a, o, resp, x) : [];
    bar.appendChild(h('a', { class: 'gs-answer-link', href: '#gs-top', onclick: function (e) {
      var el = a.rootEl.querySelector('#gs-top');
      if (el) { e.preventDefault(); el.scrollIntoView({ block: 'start' }); var r = a.rootEl.querySelector('#gs-results'); if (r) r.focus({ preventScroll: true }); }
    } }, [
      h('span', { class: 'gs-answer-head' }, head),
      x ? h('bdi', { class: 'gs-answer-pick', id: 'gs-answer-pick' }, o.title(x)) : null,
      figs.length ? h('span', { class: 'gs-answer-figs', id: 'gs-answer-figs' }, figs.map(function (f, i) { return h('bdi', {}, (i ? ' · ' : '') + f); })) : null,
      h('span', { class: 'gs-answer-go', 'aria-hidden': 'true' }, ' ↓')
    ]));
    return bar;
  }
  // The figures a person compares first, per kind of work (the summary sentence says them at length).
  function keyFigures(a, o, resp, x) {
    var t = a.t, fmt = a.fmt, fam = o.fam(resp), out = [];
    if (fam === 'serve') {
      if (isNum(x.usd_per_hour)) out.push(t('u_per_h', { n: fmt.usd(x.usd_per_hour, 2) }));
      if (isNum(x.decode_output_tokens_per_s_per_user)) out.push(o.tps(x.decode_output_tokens_per_s_per_user));
      if (isNum(x.usd_per_million_output_tokens)) out.push(t('u_per_1m', { n: fmt.usd(x.usd_per_million_output_tokens, dg.usdM(x.usd_per_million_output_tokens)) }));
    } else {
      var job = o.jobSeconds(x, fam);
      if (isNum(job)) out.push(o.dur(job));
      if (isNum(x.usd_total)) out.push(o.usdTotal(x.usd_total));
      if (fam === 'image' && isNum(x.seconds_per_image)) out.push(o.secs(x.seconds_per_image));
    }
    return out;
  }

  UI.views.results = results;
  UI.views.answer = answer;
  UI.views.top = top;
})(GpuSizerUI);
