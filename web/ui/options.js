/* gpu-sizer UI: what the views say about one option of a response: its name (the catalog's display name), badges
   (tier, FP8, NVLink, HBM, spot, billing), figures, job time and cost, and the table's columns. Shared by the top
   pick, the table, the CSV and the chart so that they always agree. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, C = UI.catalog, V = UI.vocab, h = D.h, isNum = F.isNum, dg = F.digits;

  function O(a) {
    var t = a.t, fmt = a.fmt, view = a.view;
    var o = {};
    o.provName = function (x) {
      if (!x.provider) return '—';
      var p = view.provider[x.provider];
      return p && p.name ? String(p.name) : String(x.provider);
    };
    o.gpuName = function (id) { var g = view.gpu[id]; return g && g.name ? String(g.name) : String(id || '—'); };
    // Table cells drop the vendor word ("NVIDIA H100 SXM" -> "H100 SXM"); the full name is in the details and cards.
    o.gpuShort = function (id) { return o.gpuName(id).replace(/^(NVIDIA|AMD|Intel|Google|AWS)\s+/i, ''); };
    o.key = function (x, i) { return x.offering_id ? x.offering_id + '|' + (x.pricing || '') : 'pinned|' + x.gpu + '|' + x.gpus + '|' + i; };
    // The machine's name: the catalog's display name when it has one, else the raw SKU.
    o.machine = function (x) { return C.displayName(view, x); };
    o.sku = function (x) { return x.instance ? String(x.instance) : null; };
    o.hasDisplayName = function (x) { var n = o.machine(x); return !!n && n !== o.sku(x); };
    o.title = function (x) {
      if (x.instance) return o.provName(x) + ' ' + (x.instances > 1 ? fmt.int(x.instances) + ' × ' : '') + o.machine(x);
      return fmt.int(x.gpus) + ' × ' + o.gpuName(x.gpu);
    };
    o.instanceText = function (x) {
      if (!x.instance) return t('pinned_instance');
      return o.hasDisplayName(x) ? o.machine(x) + ' (' + o.sku(x) + ')' : o.sku(x);
    };
    // The instance cell: the display name, and the SKU in small type beneath (the brackets only for text and CSV).
    o.instanceCell = function (x) {
      if (!x.instance) return h('bdi', {}, t('pinned_instance'));
      if (!o.hasDisplayName(x)) return h('bdi', { class: 'gs-sku gs-sku-only' }, o.sku(x));
      return [h('bdi', { class: 'gs-offer-name', dir: 'ltr' }, o.machine(x)),
        h('span', { class: 'gs-sku-line' }, [h('span', { class: 'gs-paren' }, ' ('), h('bdi', { class: 'gs-sku', dir: 'ltr' }, o.sku(x)), h('span', { class: 'gs-paren' }, ')')])];
    };
    // The option's tier as the core gives it (else as the catalog says).
    o.tier = function (x) {
      var tiers = V.ids(a.voc, 'tiers');
      return typeof x.tier === 'string' && tiers.indexOf(x.tier) >= 0 ? x.tier : C.tierOf(view, x, tiers);
    };
    o.priceAsOf = function (x) { return C.priceAsOf(view, x); };
    o.priceSeen = function (x) { return C.priceSeen(view, x); };
    o.confidence = function (x) { return C.confidenceOf(view, x); };
    o.confLabel = function (x) { var c = o.confidence(x); return c ? o.vocabLabel('price_confidence', c) : '—'; };
    // "Stale · 20 Sep 2026" / "Single source · date unknown": the price's confidence and date at a glance.
    o.provenance = function (x) {
      var d = o.priceSeen(x);
      return o.confLabel(x) + ' · ' + (d ? fmt.shortDate(d) : t('date_unknown'));
    };
    o.priceOld = function (x) { var d = F.ageDays(o.priceAsOf(x)); return d !== null && d > C.OLD_DAYS; };
    o.badges = function (x) {
      var out = [];
      var tier = o.tier(x);
      // The class the guide's rules put the option in (the core's label), its reason as the title: shown on every row,
      // so an option outside the rules says so without opening the row.
      var el = x.eligibility;
      if (el && typeof el.class === 'string') out.push(['class-' + el.class.replace(/_/g, '-'), o.vocabLabel('eligibility', el.class), typeof el.reason === 'string' ? el.reason : '']);
      // The provider's tier (the core's words); a marketplace row is one host's listing.
      if (tier) out.push(['tier-' + tier.replace(/_/g, '-'), tier === 'marketplace' ? t('tier_marketplace_row') : o.vocabLabel('tiers', tier), t('t_tier_' + tier)]);
      var g = view.gpu[x.gpu] || {};
      var tf = g.tflops || {};
      if (isNum(tf.fp8)) out.push(['fp8', t('badge_fp8'), t('t_fp8')]);
      var off = C.offeringOf(view, x);
      var ic = x.interconnect || (off && off.interconnect);
      if (ic === 'nvlink' && x.gpus > 1) out.push(['nvlink', t('badge_nvlink'), t('t_nvlink')]);
      if (typeof g.memory_type === 'string' && /^HBM/i.test(g.memory_type)) out.push(['hbm', t('badge_hbm'), t('t_hbm') + ': ' + g.memory_type]);
      if (x.pricing === 'spot') out.push(['spot', t('badge_spot'), t('t_spot')]);
      // A doubtful price (the core ranked it at its GPU's median): the listed figure, never silently.
      if (isNum(x.listed_usd_per_hour) && x.gpus > 0) out.push(['doubtful', t('badge_doubtful', { usd: fmt.usd(x.listed_usd_per_hour / x.gpus, 2) }), t('t_doubtful')]);
      var p = C.providerOf(view, x);
      if (p && p.billing && isNum(p.billing.granularity_s) && t('billing_' + p.billing.granularity_s) !== 'billing_' + p.billing.granularity_s) {
        var label = t('billing_' + p.billing.granularity_s);
        if (isNum(p.billing.minimum_s) && p.billing.minimum_s > p.billing.granularity_s) label += ', ' + t('billing_min', { d: fmt.duration(p.billing.minimum_s) });
        // Where the catalog assumed the granularity (not found in any source read), the badge says so.
        var assumed = p.billing.basis === 'assumed';
        if (assumed) label += ' (' + t('billing_assumed') + ')';
        out.push(['billing', label, t('t_billing') + (assumed ? '. ' + t('t_billing_assumed') : '')]);
      }
      return out;
    };
    o.badgeList = function (x) {
      return h('span', { class: 'gs-badges' }, o.badges(x).map(function (b) { return h('span', { class: 'gs-badge gs-badge-' + b[0], title: b[2] }, b[1]); }));
    };
    // Why an option sits where it does (issue 32: the ranking at a glance): the rule of the ranking that decides its
    // place (docs/CONTRACT.md "Ranking"), from the option's own facts and notes: it does not fit, it misses a
    // target, the guide's judgement weighed it (its `judgement` notes, whose sentences are the tip), spot behind an
    // endpoint, else the order's figure. Returns [id, label, tip].
    o.why = function (x, resp) {
      var fam = o.fam(resp), order = (a.lastReq && a.lastReq.order) || 'best';
      if (!x.fits) return ['nofit', t('why_nofit'), null];
      if (!x.meets_targets) return ['miss', t('why_miss'), null];
      var judged = (x.notes || []).filter(function (n) { return n && n.code === 'judgement'; });
      if (judged.length && order === 'best') {
        var f = judged.reduce(function (m, n) { var v = n.params && n.params.margin; return isNum(v) ? (1 + m) * (1 + v) - 1 : m; }, 0);
        return ['judged', t('why_judged', { pct: fmt.int(Math.round(f * 100)) + '%' }), judged.map(function (n) { return String(n.text || ''); }).join(' ')];
      }
      if (fam === 'serve' && x.pricing === 'spot' && order === 'best') return ['spot', t('why_spot'), t('t_spot')];
      var by = order === 'cheapest_per_hour' ? 'why_by_hour' : order === 'fastest' ? 'why_by_speed' : fam === 'serve' ? 'why_by_m' : 'why_by_total';
      return ['order', t(by), null];
    };
    o.whyBadge = function (x, resp) {
      var w = o.why(x, resp);
      return h('span', { class: 'gs-why gs-why-' + w[0], title: w[2] || null, 'data-why': w[0] }, w[1]);
    };
    o.fitsRank = function (x) { return x.fits ? (x.meets_targets ? 2 : 1) : 0; };
    o.fitsText = function (x) { return x.fits ? (x.meets_targets ? t('fits_yes') : t('fits_target')) : t('fits_no'); };

    // What a response is about: serving, training (fine-tune and pretrain), image/video, or audio.
    o.fam = function (resp) {
      var k = (resp && resp.workload_kind) || (a.lastReq && a.lastReq.workload.kind) || a.task().kind;
      return k === 'finetune' || k === 'pretrain' ? 'train' : k === 'image' || k === 'video' ? 'image' : k === 'audio' ? 'audio' : 'serve';
    };
    o.isVideo = function (resp) { return !!resp && resp.workload_kind === 'video'; };
    // Images or clips the shown response was asked for (the core makes one when none is given), and audio seconds.
    o.jobItems = function () { var w = (a.lastReq && a.lastReq.workload) || {}; return isNum(w.images) ? w.images : 1; };
    o.jobAudio = function () { var w = (a.lastReq && a.lastReq.workload) || {}; return isNum(w.audio_seconds) ? w.audio_seconds : null; };
    // Wall-clock time of the whole job on one option: the training time, or the requested items at the option's rate.
    // Training: the training time (what the core holds against the deadline; the start-up beside it, the whole
    // job in the details). Image and audio: the core's job_s when it gives one, start-up included (it is billed).
    o.jobSeconds = function (x, fam) {
      if (fam === 'train') return x.train_s;
      if ((fam === 'image' || fam === 'audio') && isNum(x.job_s)) return x.job_s;
      if (fam !== 'image' && fam !== 'audio') return undefined;
      if (isNum(x.items_per_s) && x.items_per_s > 0) return (fam === 'image' ? o.jobItems() : 1) / x.items_per_s;
      return undefined;
    };
    o.usdTotal = function (v) { return isNum(v) ? fmt.usd(v, dg.usdTotal(v)) : '—'; };
    o.dur = function (sec) {
      if (!isNum(sec)) return '—';
      if (sec < 60) return t('u_s', { n: fmt.fixed(sec, sec < 10 ? 1 : 0) });
      if (sec < 3600) return t('u_min', { n: fmt.fixed(sec / 60, sec < 600 ? 1 : 0) });
      if (sec < 172800) return t('u_h', { n: fmt.fixed(sec / 3600, sec < 36000 ? 1 : 0) });
      var d = sec / 86400;
      return t('u_days', { n: fmt.fixed(d, d < 10 ? 1 : 0) });
    };
    // How many times faster than real time the whole job runs (all copies of the model together).
    o.audioSpeed = function (x) {
      var au = o.jobAudio();
      if (isNum(au) && isNum(x._job) && x._job > 0) return au / x._job;
      return isNum(x.real_time_factor) && x.real_time_factor > 0 ? 1 / x.real_time_factor : undefined;
    };
    // A requested amount of audio: "1 h", "90 min" when it is whole minutes, else like any duration.
    o.audio = function (sec) { return isNum(sec) && sec >= 60 && sec % 60 === 0 ? fmt.duration(sec) : o.dur(sec); };
    o.rtf = function (v) { return isNum(v) ? fmt.fixed(v, dg.rtf(v)) : '—'; };
    o.tps = function (v) { return isNum(v) ? t('u_tps', { n: fmt.fixed(v, dg.tps(v)) }) : '—'; };
    o.secs = function (v) { return isNum(v) ? t('u_s', { n: fmt.fixed(v, dg.ttft(v)) }) : '—'; };
    o.usdGpuH = function (x) {
      if (isNum(x.usd_per_gpu_hour)) return x.usd_per_gpu_hour;
      return isNum(x.usd_per_hour) && x.gpus > 0 ? x.usd_per_hour / x.gpus : undefined;
    };
    o.startup = function (x) { return isNum(x.startup_s) && x.startup_s > 0 ? x.startup_s : undefined; };
    // The layout as tensor × pipeline × data (× expert, when it is used).
    o.layout = function (x) {
      var p = x.parallelism;
      if (!p) return null;
      var parts = [p.tensor, p.pipeline, p.data];
      if (p.expert > 1) parts.push(p.expert);
      return parts.map(function (v) { return fmt.int(v || 1); }).join(' × ');
    };
    o.shard = function (x) {
      var sh = x.sharding ? (x.sharding === 'none' ? t('sh_none') : x.sharding === 'fsdp' ? 'FSDP' : String(x.sharding).replace(/^zero(\d)$/, 'ZeRO-$1')) : '—';
      var tp = x.parallelism && x.parallelism.tensor > 1 ? x.parallelism.tensor : 0;
      return tp ? t('sh_tp', { sh: sh, tp: fmt.int(tp) }) : sh;
    };
    o.usdTotalLabel = function (resp, fam) {
      if (fam === 'image') return t(o.isVideo(resp) ? 'col_usd_clips' : 'col_usd_images', { n: fmt.int(o.jobItems()), count: o.jobItems() });
      if (fam === 'audio' && isNum(o.jobAudio())) return t('col_usd_audio', { d: o.audio(o.jobAudio()) });
      return t('col_usd_total');
    };
    o.vocabLabel = function (key, id) { return V.label(a.voc, key, id, a.st.lang); };

    // ---------------------------------------------------------------- the table's columns
    o.columns = function (resp) {
      var fam = o.fam(resp), video = o.isVideo(resp);
      function numCol(id, label, get, digits, usd, more) {
        var c = {
          id: id, label: label, num: true, sortVal: get,
          text: function (x) { var v = get(x); return isNum(v) ? (usd ? fmt.usd(v, digits(v)) : fmt.fixed(v, digits(v))) : '—'; },
          csv: function (x) { var v = get(x); return isNum(v) ? F.csvFixed(v, digits(v)) : ''; }
        };
        if (more) Object.keys(more).forEach(function (k) { c[k] = more[k]; });
        return c;
      }
      var cols = [
        { id: 'rank', label: t('col_rank'), num: true, sortVal: function (x) { return x._rank; }, text: function (x) { return fmt.int(x._rank); }, csv: function (x) { return String(x._rank); } },
        { id: 'provider', label: t('col_provider'), sortVal: function (x) { return o.provName(x).toLowerCase(); }, text: o.provName, csv: o.provName, compact: true },
        { id: 'instance', label: t('col_instance'), sortVal: function (x) { return String(o.machine(x) || '').toLowerCase(); },
          text: o.instanceText, csv: o.instanceText, cell: o.instanceCell, compact: true },
        { id: 'gpus', label: t('col_gpus'), num: true, sortVal: function (x) { return x.gpus; },
          text: function (x) { return fmt.int(x.gpus) + ' × ' + o.gpuShort(x.gpu); }, csv: function (x) { return x.gpus + ' × ' + o.gpuShort(x.gpu); }, compact: true }
      ];
      var usdH = numCol('usd_h', t('col_usd_h'), function (x) { return x.usd_per_hour; }, function () { return 2; }, true);
      var usdGpuH = numCol('usd_gpu_h', t('col_usd_gpu_h'), o.usdGpuH, function (v) { return v < 0.1 ? 3 : 2; }, true);
      // Start-up (boot, image pull, weight download, load): billed, and inside the job time beside it.
      var startup = { id: 'startup', label: t('col_startup'), csvLabel: t('col_startup_csv'), num: true, sortVal: o.startup, text: function (x) { return o.dur(o.startup(x)); },
        csv: function (x) { var v = o.startup(x); return isNum(v) ? F.csvFixed(v, 0) : ''; } };
      var usdTotal = numCol('usd_total', o.usdTotalLabel(resp, fam), function (x) { return x.usd_total; }, dg.usdTotal, true, { compact: true });
      var job = { id: 'job', label: t('col_job'), csvLabel: t('col_job_csv'), num: true, sortVal: function (x) { return x._job; },
        text: function (x) { return o.dur(x._job); },
        csv: function (x) { return isNum(x._job) ? F.csvFixed(x._job, 1) : ''; } };
      if (fam === 'serve') {
        usdH.compact = true;
        cols.push(usdH, usdGpuH,
          numCol('tps_user', t('col_tps_user'), function (x) { return x.decode_output_tokens_per_s_per_user; }, dg.tps, false, { desc: true, compact: true }),
          numCol('tps', t('col_tps'), function (x) { return x.output_tokens_per_s; }, dg.tps, false, { desc: true }),
          numCol('ttft', t('col_ttft'), function (x) { return x.ttft_s; }, dg.ttft),
          numCol('usd_m', t('col_usd_m'), function (x) { return x.usd_per_million_output_tokens; }, dg.usdM, true, { compact: true }));
      } else if (fam === 'train') {
        // Instances (nodes) only when some option spans several.
        if ((resp.options || []).some(function (x) { return x.instances > 1; })) cols.push(numCol('instances', t('col_instances'), function (x) { return x.instances || 1; }, function () { return 0; }));
        var timeH = numCol('time_h', t('col_time_h'), function (x) { return isNum(x._job) ? x._job / 3600 : undefined; }, dg.hours, false, { compact: true });
        cols.push(usdH, usdGpuH,
          { id: 'sharding', label: t('col_sharding'), sortVal: o.shard, text: o.shard, csv: o.shard },
          timeH, startup,
          numCol('gpu_h', t('col_gpu_h'), function (x) { return x.gpu_hours; }, dg.hours),
          numCol('mfu', t('col_mfu'), function (x) { return isNum(x.mfu) ? x.mfu * 100 : undefined; }, function () { return 0; }, false, { desc: true }),
          usdTotal);
      } else if (fam === 'image') {
        cols.push(usdH, usdGpuH,
          numCol('s_item', t(video ? 'col_s_clip' : 'col_s_image'), function (x) { return x.seconds_per_image; }, dg.ttft, false, { compact: true }),
          numCol('items_h', t(video ? 'col_clips_h' : 'col_images_h'), function (x) { return isNum(x.items_per_s) ? x.items_per_s * 3600 : undefined; }, dg.perHour, false, { desc: true }),
          job, startup, usdTotal);
      } else {
        cols.push(usdH, usdGpuH, numCol('rtf', t('col_rtf'), function (x) { return x.real_time_factor; }, dg.rtf, false, { compact: true }), job, startup, usdTotal);
      }
      cols.push(
        { id: 'fits', label: t('col_fits'), sortVal: o.fitsRank, text: o.fitsText, csv: o.fitsText, compact: true, desc: true },
        { id: 'badges', label: t('col_badges'), nosort: true, text: function (x) { return o.badges(x).map(function (b) { return b[1]; }).join(' | '); },
          csv: function (x) { return o.badges(x).map(function (b) { return b[1]; }).join(' | '); } });
      // How sure the catalog is of each price, and the date it was seen (compact: the widget's table shows it too);
      // the CSV cell is the table's (the CSV has the table's columns, tests/browser/csv.test.js).
      if ((resp.options || []).some(function (x) { return !!o.confidence(x); })) {
        var confRank = { confirmed: 0, single_source: 1, stale: 2 };
        cols.push({ id: 'price_confidence', label: t('col_price_confidence'), compact: true,
          sortVal: function (x) { var c = o.confidence(x); return c in confRank ? confRank[c] : 3; },
          text: o.provenance,
          cell: function (x) { var c = o.confidence(x) || 'none'; return h('span', { class: 'gs-conf gs-conf-' + c.replace(/_/g, '-') }, o.provenance(x)); },
          csv: o.provenance });
      }
      // When the catalog dates its prices: the date of each row's price (old ones marked).
      if ((resp.options || []).some(function (x) { return !!o.priceAsOf(x); })) {
        cols.push({ id: 'price_date', label: t('col_price_date'), sortVal: function (x) { return o.priceAsOf(x) || ''; },
          text: function (x) { var d = o.priceAsOf(x); return d ? fmt.shortDate(d) : '—'; },
          csv: function (x) { var d = o.priceAsOf(x); return d ? fmt.shortDate(d) : ''; }, old: o.priceOld });
      }
      // Only in the CSV, after the table's columns (the table shows them in the fit and details cells): why the
      // option sits where it does, and the provider's price page.
      cols.push({ id: 'why', label: t('col_why'), csvOnly: true, nosort: true, text: function (x) { return o.why(x, resp)[1]; },
        csv: function (x) { var w = o.why(x, resp); return w[2] ? w[1] + ': ' + w[2] : w[1]; } },
      { id: 'price_page', label: t('k_price_page'), csvOnly: true, nosort: true, text: function (x) { return C.pricePage(view, x) || ''; }, csv: function (x) { return C.pricePage(view, x) || ''; } });
      return a.compact ? cols.filter(function (c) { return c.compact; }) : cols;
    };
    o.rows = function (resp) {
      var st = a.st, fam = o.fam(resp);
      var all = (resp.options || []).map(function (x, i) {
        var c = Object.assign({}, x);
        c._rank = i + 1; c._key = o.key(x, i); c._job = o.jobSeconds(x, fam);
        return c;
      });
      var q = String(st.filt || '').trim();
      // Every word of the filter, in any order, over the option's names (provider, machine, SKU, GPU, region, tier).
      var rows = all.filter(function (x) {
        if (st.fitonly && !x.fits) return false;
        if (st.fgpu && x.gpu !== st.fgpu) return false;
        if (!q) return true;
        var tier = o.tier(x);
        return F.matchWords(q, [o.provName(x), x.provider, x.instance, o.machine(x), o.gpuName(x.gpu), x.gpu, x.region, tier ? o.vocabLabel('tiers', tier) : '', tier]);
      });
      var col = o.columns(resp).filter(function (c) { return c.id === st.sort && !c.nosort; })[0];
      if (col) {
        var dir = st.dir === 'desc' ? -1 : 1;
        rows.sort(function (x, y) {
          var u = col.sortVal(x), v = col.sortVal(y);
          var mu = u === undefined || u === null || (typeof u === 'number' && !isFinite(u));
          var mv = v === undefined || v === null || (typeof v === 'number' && !isFinite(v));
          if (mu || mv) return mu === mv ? x._rank - y._rank : mu ? 1 : -1;
          if (u < v) return -dir; if (u > v) return dir;
          return x._rank - y._rank;
        });
      }
      return { all: all, rows: rows };
    };

    // ---------------------------------------------------------------- figures of one option (cards, details)
    function kv(dl, label, value) {
      if (value === null || value === undefined || value === '') return;
      dl.appendChild(h('div', { class: 'gs-kv' }, [h('dt', {}, label), h('dd', {}, value)]));
    }
    o.kv = kv;
    function rangeText(x) {
      var r = x.range;
      if (!r || !isNum(r.low) || !isNum(r.high)) return null;
      var m = String(r.metric || '');
      var f = /tokens_per_s/.test(m) ? function (v) { return fmt.fixed(v, dg.tps(v)); }
        : m === 'real_time_factor' ? o.rtf
        : /seconds|_s$/.test(m) ? function (v) { return fmt.fixed(v, dg.ttft(v)); }
        : function (v) { return fmt.sig(v, 3); };
      return t('range_val', { low: f(r.low), high: f(r.high) });
    }
    function rangeLabel(x) {
      var key = 'range_' + String((x.range && x.range.metric) || '');
      var l = t(key);
      return l === key ? t('k_range') : l;
    }
    // The option's ~80% interval around one figure (options[i].ranges, docs/CONTRACT.md): the 10th–90th percentile
    // of the calculator's cross-validated error on similar published measurements, in the figure's unit.
    var RANGE_TEXT = {
      decode_output_tokens_per_s_per_user: function (l, u) { return t('u_tps', { n: fmt.fixed(l, dg.tps(l)) + '–' + fmt.fixed(u, dg.tps(u)) }); },
      output_tokens_per_s: function (l, u) { return t('u_tps', { n: fmt.fixed(l, dg.tps(l)) + '–' + fmt.fixed(u, dg.tps(u)) }); },
      train_tokens_per_s: function (l, u) { return t('u_tps', { n: fmt.fixed(l, dg.tps(l)) + '–' + fmt.fixed(u, dg.tps(u)) }); },
      ttft_s: function (l, u) { return t('u_s', { n: fmt.fixed(l, dg.ttft(l)) + '–' + fmt.fixed(u, dg.ttft(u)) }); },
      seconds_per_image: function (l, u) { return t('u_s', { n: fmt.fixed(l, dg.ttft(l)) + '–' + fmt.fixed(u, dg.ttft(u)) }); },
      train_s: function (l, u) { return o.dur(l) + '–' + o.dur(u); },
      gpu_hours: function (l, u) { return fmt.fixed(l, dg.hours(l)) + '–' + fmt.fixed(u, dg.hours(u)); }, // the label says GPU-hours
      real_time_factor: function (l, u) { return o.rtf(l) + '–' + o.rtf(u); }
    };
    o.RANGE_FIGURES = Object.keys(RANGE_TEXT);
    o.hasRanges = function (x) { return F.isObj(x.ranges) && o.RANGE_FIGURES.some(function (k) { return o.rangeOf(x, k); }); };
    o.rangeOf = function (x, fig) {
      var r = F.isObj(x.ranges) ? x.ranges[fig] : null;
      return F.isObj(r) && isNum(r.low) && isNum(r.high) && RANGE_TEXT[fig] ? r : null;
    };
    // "≈ 80% range: 41–58 tok/s", with what it is in its tooltip (how many measurements, which table row).
    o.rangeSpan = function (x, fig) {
      var r = o.rangeOf(x, fig);
      if (!r) return null;
      var n = isNum(r.cases) ? fmt.int(r.cases) : '—';
      return h('span', { class: 'gs-range80', 'data-range': fig, title: t('range80_title', { n: n, basis: String(r.basis || '') }) },
        [' ', h('bdi', {}, t('range80', { r: RANGE_TEXT[fig](r.low, r.high) }))]);
    };
    // A figure and, beside it, its range when the option has one.
    function withRange(x, fig, text) { return isNum(x[fig]) ? [text].concat(o.rangeSpan(x, fig) || []) : null; }
    o.facts = function (x, dl, full, resp) {
      var fam = o.fam(resp), video = o.isVideo(resp);
      if (fam === 'serve') {
        kv(dl, t('k_tps_user'), withRange(x, 'decode_output_tokens_per_s_per_user', o.tps(x.decode_output_tokens_per_s_per_user)));
        kv(dl, t('k_tps'), withRange(x, 'output_tokens_per_s', o.tps(x.output_tokens_per_s)));
        kv(dl, t('k_ttft'), withRange(x, 'ttft_s', o.secs(x.ttft_s)));
        kv(dl, t('k_usd_h'), isNum(x.usd_per_hour) ? fmt.usd(x.usd_per_hour, 2) : null);
        kv(dl, t('k_usd_m'), isNum(x.usd_per_million_output_tokens) ? fmt.usd(x.usd_per_million_output_tokens, dg.usdM(x.usd_per_million_output_tokens)) : null);
        kv(dl, t('k_usd_month'), isNum(x.usd_per_month) ? fmt.usd(x.usd_per_month, 0) : null);
      } else {
        if (fam === 'train') {
          kv(dl, t('k_time'), withRange(x, 'train_s', o.dur(x.train_s)));
          if (isNum(x.job_s) && o.startup(x)) kv(dl, t('k_job_total'), o.dur(x.job_s));
          kv(dl, t('k_train_tps'), withRange(x, 'train_tokens_per_s', o.tps(x.train_tokens_per_s)));
          kv(dl, t('k_gpu_hours'), withRange(x, 'gpu_hours', fmt.fixed(x.gpu_hours, dg.hours(x.gpu_hours))));
          kv(dl, t('k_mfu'), isNum(x.mfu) ? fmt.int(x.mfu * 100) + '%' : null);
          kv(dl, t('k_sharding'), x.sharding ? o.shard(x) : null);
          if (x.instances > 1) kv(dl, t('k_instances'), fmt.int(x.instances));
        } else if (fam === 'image') {
          kv(dl, t(video ? 'k_s_clip' : 'k_s_image'), withRange(x, 'seconds_per_image', o.secs(x.seconds_per_image)));
          kv(dl, t(video ? 'k_clips_h' : 'k_images_h'), isNum(x.items_per_s) ? fmt.fixed(x.items_per_s * 3600, dg.perHour(x.items_per_s * 3600)) : null);
          kv(dl, t(video ? 'k_job_clips' : 'k_job_images', { n: fmt.int(o.jobItems()), count: o.jobItems() }), isNum(x._job) ? o.dur(x._job) : null);
        } else {
          kv(dl, t('k_rtf'), withRange(x, 'real_time_factor', o.rtf(x.real_time_factor)));
          var sp = o.audioSpeed(x);
          kv(dl, t('k_speed'), isNum(sp) ? t('u_x_realtime', { n: fmt.num(sp, sp < 10 ? 1 : 0) }) : null);
          kv(dl, isNum(o.jobAudio()) ? t('k_job_audio', { d: o.audio(o.jobAudio()) }) : t('k_job'), isNum(x._job) ? o.dur(x._job) : null);
        }
        kv(dl, t('k_usd_total'), isNum(x.usd_total) ? o.usdTotal(x.usd_total) : null);
        kv(dl, t('k_usd_h'), isNum(x.usd_per_hour) ? fmt.usd(x.usd_per_hour, 2) : null);
      }
      if (isNum(o.usdGpuH(x)) && x.gpus > 1) kv(dl, t('k_usd_gpu_h'), fmt.usd(o.usdGpuH(x), o.usdGpuH(x) < 0.1 ? 3 : 2));
      kv(dl, t(fam === 'serve' ? 'k_startup_serve' : 'k_startup'), o.startup(x) ? o.dur(o.startup(x)) : null);
      if (isNum(x.used_bytes_per_gpu) && isNum(x.vram_bytes_per_gpu)) kv(dl, t('k_mem_gpu'), t('used_of', { used: fmt.gb(x.used_bytes_per_gpu), total: fmt.gb(x.vram_bytes_per_gpu) }));
      // How sure the catalog is of this price and when it was seen (issue 33), before the day the catalog read it:
      // a stale price must not look fresh in the top card.
      if (o.confidence(x)) kv(dl, t('col_price_confidence'), h('span', { class: 'gs-conf gs-conf-' + o.confidence(x).replace(/_/g, '-') }, o.provenance(x)));
      var asOf = o.priceAsOf(x);
      if (asOf) kv(dl, t('k_price_date'), h('span', { class: o.priceOld(x) ? 'gs-old' : null }, fmt.date(asOf)));
      if (!full) return;
      if (o.hasDisplayName(x)) kv(dl, t('k_sku'), h('bdi', { dir: 'ltr' }, o.sku(x)));
      if (fam === 'serve') {
        kv(dl, t('k_max_conc'), isNum(x.max_concurrency) ? fmt.int(x.max_concurrency) : null);
        kv(dl, t('k_max_ctx'), isNum(x.max_context_tokens) ? t('u_tokens', { n: fmt.int(x.max_context_tokens) }) : null);
      } else {
        if (isNum(x.usd_compute)) {
          var money = function (v) { return isNum(v) && v > 0 ? o.usdTotal(v) : fmt.usd(0, 0); };
          kv(dl, t('k_cost_split'), t('cost_split', { c: money(x.usd_compute), s: money(x.usd_storage), e: money(x.usd_egress) }));
        }
        kv(dl, t('k_billed'), isNum(x.billed_s) ? o.dur(x.billed_s) : null);
        kv(dl, t('k_spot_extra'), isNum(x.spot_extra_s) && x.spot_extra_s > 0 ? o.dur(x.spot_extra_s) : null);
        if (fam !== 'train' && x.parallelism && x.parallelism.data > 0) kv(dl, t('k_copies'), fmt.int(x.parallelism.data));
      }
      if (x.parallelism && (fam === 'serve' || fam === 'train')) kv(dl, t(x.parallelism.expert > 1 ? 'k_parallel_ep' : 'k_parallel'), h('span', { class: 'gs-layout-val' }, o.layout(x)));
      if (x.bottleneck) kv(dl, t('k_bottleneck'), o.vocabLabel('bottlenecks', x.bottleneck));
      if (x.interconnect) kv(dl, t('k_interconnect'), o.vocabLabel('interconnects', x.interconnect));
      // The old single range only where the option has none of the per-figure ranges (shown beside each figure).
      var rt = o.hasRanges(x) ? null : rangeText(x);
      if (rt) kv(dl, rangeLabel(x), rt);
      if (x.region) kv(dl, t('k_region'), h('bdi', {}, String(x.region)));
      var pl = o.priceLink(x);
      if (pl) kv(dl, t('k_price_page'), pl);
    };
    // A link to the provider's prices (a plain href; rel keeps the page and its address from the other site).
    o.priceLink = function (x) {
      var url = x.provider ? C.pricePage(view, x) : null;
      if (!url) return null;
      return h('a', { class: 'gs-pricelink', href: url, target: '_blank', rel: 'noopener noreferrer' }, t('price_page', { provider: o.provName(x) }));
    };
    o.notes = function (x) {
      var box = h('div', { class: 'gs-notes' });
      if (x.reasons && x.reasons.length) {
        box.appendChild(h('h4', { class: 'gs-h4' }, t('reasons')));
        box.appendChild(h('ul', { class: 'gs-reasons' }, x.reasons.map(function (r) { return h('li', { dir: 'auto' }, String(r)); })));
      }
      if (x.warnings && x.warnings.length) {
        box.appendChild(h('h4', { class: 'gs-h4' }, t('warnings')));
        box.appendChild(h('ul', { class: 'gs-warnings' }, x.warnings.map(function (r) { return h('li', { dir: 'auto' }, String(r)); })));
      }
      return box;
    };
    return o;
  }

  UI.options = O;
})(GpuSizerUI);
