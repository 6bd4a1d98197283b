/* gpu-sizer UI: one calculator mounted into a container (the page's <div id="app"> or a widget's shadow root).
   Holds the state of one mount, reads and writes the permalink, evaluates, and renders the views into the DOM in
   place (UI.dom.patch). Needs `createSizer` (dist/gpu-sizer.js) and `GpuSizerMessages` (messages.js) in scope. */
/* global createSizer, GpuSizerMessages */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, FL = UI.fields, C = UI.catalog, V = UI.vocab;
  var h = D.h;

  // ---------------------------------------------------------------- shared core (one per script)
  var corePromise = null, coreStarts = 0, catalogFetches = {}, mountCount = 0, bundledOfferings = null;
  function loadCore() {
    if (!corePromise) {
      corePromise = Promise.resolve().then(function () {
        coreStarts++;
        // The offline page starts the core right after its module script (scripts/bundle.js earlyStart): that start.
        var early = typeof window !== 'undefined' ? window.gpuSizerCoreStarted : null;
        if (early && typeof early.then === 'function') { window.gpuSizerCoreStarted = null; return early; }
        return createSizer();
      });
    }
    return corePromise;
  }
  function modelKind(m) { return m && typeof m.kind === 'string' ? m.kind : 'llm'; }
  // CLDR plural categories for whole numbers (unicode.org/cldr plural rules: en one = 1; ar zero, one, two, few
  // = n % 100 in 3..10, many = n % 100 in 11..99), written out so that no Intl.PluralRules is made on the way.
  function pluralOf(lang, n) {
    if (lang !== 'ar') return n === 1 ? 'one' : 'other';
    var r = n % 100;
    return n === 0 ? 'zero' : n === 1 ? 'one' : n === 2 ? 'two' : r >= 3 && r <= 10 ? 'few' : r >= 11 && r <= 99 ? 'many' : 'other';
  }
  function normLang(l) { return String(l || '').toLowerCase().slice(0, 2) === 'ar' ? 'ar' : 'en'; }
  function copyState(x) {
    var o = {};
    Object.keys(x).forEach(function (k) { o[k] = Array.isArray(x[k]) ? x[k].slice() : x[k]; });
    return o;
  }

  function mount(container, opts) {
    opts = opts || {};
    var embedded = !!opts.embedded, compact = !!opts.compact;
    var a = {
      opts: opts, embedded: embedded, compact: compact, uid: ++mountCount,
      feat: {
        header: !embedded, tabs: !compact, custom: !compact, advanced: !compact, providers: !compact,
        guidance: !compact, chart: !compact, math: !compact, csv: !compact, importer: !embedded, fitview: !compact,
        tableTools: !compact, theme: !embedded, copyLink: !embedded || !!opts.permalink, footer: !embedded
      },
      permalinkKey: opts.permalink === undefined || opts.permalink === null ? null : String(opts.permalink),
      st: null, defaults: null, sizer: null, bundled: null, view: null, voc: {},
      active: { cat: null, text: null, label: null }, note: null, themeDark: null,
      lastResp: null, lastOk: null, lastOkTask: null, lastReq: null, expanded: {},
      issues: [], fieldIssues: {}, assumed: {}, copied: null,
      fmt: F.makeFmt('en'), destroyed: false
    };
    var lastHash = null;

    a.t = function (key, params) {
      var lang = a.st && a.st.lang === 'ar' ? 'ar' : 'en';
      // A count (params.count, a number) picks the message's plural form where it has one: key#one, key#few, …
      // (CLDR's categories; English: one for 1; Arabic: few for 3–10 of each hundred, the plural noun).
      if (params && typeof params.count === 'number') {
        var pk = key + '#' + pluralOf(lang, params.count);
        if (GpuSizerMessages[lang][pk] !== undefined) key = pk;
      }
      var msg = GpuSizerMessages[lang][key];
      if (msg === undefined || msg === '') msg = lang === 'ar' && GpuSizerMessages.en[key] !== '' ? GpuSizerMessages.en[key] : msg;
      if (msg === undefined) msg = key;
      // In Arabic, each substituted value is a bidi isolate (FSI … PDI) so Latin names and numbers keep their order.
      var iso = lang === 'ar';
      if (params) msg = msg.replace(/\{(\w+)\}/g, function (m, k) { return params[k] === undefined ? m : iso ? '\u2068' + params[k] + '\u2069' : String(params[k]); });
      return msg;
    };
    a.task = function () { return FL.taskOf(a.st && a.st.task); };
    a.modelsOf = function (kinds) { return a.view.models.filter(function (m) { return kinds.indexOf(modelKind(m)) >= 0; }); };
    a.model = function () { var m = a.view.model[a.st[a.task().modelKey]]; return m && a.task().models.indexOf(modelKind(m)) >= 0 ? m : null; };
    a.modelKind = modelKind;
    // The context the field table reads.
    a.ctx = function () {
      return { st: a.st, task: a.task(), feat: a.feat, view: a.view, voc: a.voc, t: a.t, fmt: a.fmt, compact: compact, model: a.model, pick: pick };
    };
    function pick(kinds, preferred) {
      var list = a.modelsOf(kinds);
      return list.some(function (m) { return m.id === preferred; }) ? preferred : (list[0] ? list[0].id : '');
    }

    a.rootEl = h('div', { class: 'gs' + (embedded ? ' gs-embedded' : ' gs-page') + (compact ? ' gs-compact' : '') });
    container.appendChild(a.rootEl);
    setLoading(a.t('loading'));
    function setLoading(text) { D.patch(a.rootEl, h('p', { class: 'gs-loading', role: 'status' }, text)); }

    loadCore().then(function (sizer) {
      if (a.destroyed) return;
      a.sizer = sizer;
      a.voc = V.load(sizer);
      FL.TASKS.forEach(function (task) {
        // The tabs name the core's workload and model kinds; a kind the core does not have is a bug to see.
        if (a.voc.workload_kinds.length && !V.has(a.voc, 'workload_kinds', task.kind)) V.complain('the task ' + task.id + ' sends workload kind ' + task.kind + ', which the core does not know');
        task.models.forEach(function (k) { if (a.voc.model_kinds && a.voc.model_kinds.length && !V.has(a.voc, 'model_kinds', k)) V.complain('the task ' + task.id + ' lists model kind ' + k + ', which the core does not know'); });
      });
      if (opts.theme === 'dark' || opts.theme === 'light') a.rootEl.setAttribute('data-theme', opts.theme);
      // The catalog without its offerings (issue 16: instant): the form draws from the GPUs, providers and models,
      // and the first result needs none of it (the core has its own copy). The offerings (~1,000 rows: names, the
      // pinned GPU's prices, the provider list's counts) are read once the first result is painted.
      a.bundled = sizer.catalog({ offerings: false });
      a.offeringsPending = true;
      setCatalog(a.bundled, null, null);
      a.defaults = FL.defaults(a.ctx());
      a.st = copyState(a.defaults);
      if (opts.lang) a.st.lang = normLang(opts.lang);
      applyAttrs(opts);
      if (opts.initialState) FL.applyLink(a.st, opts.initialState, a.voc);
      if (a.permalinkKey !== null) readHash();
      fixState();
      if (a.feat.theme) initTheme();
      scheduleOfferings();
      run();
      if (a.permalinkKey !== null) window.addEventListener('hashchange', onHashChange);
      if (opts.catalogSrc) loadCatalogSrc(opts.catalogSrc);
      // The live path (issue 33): a site may publish a newer catalog beside the page (scripts/catalog-publish.sh,
      // .github/workflows/catalog-refresh.yml). Served over http(s), the page uses it when it validates like an
      // import and is newer than the bundled one. From file:// no request is made: the bundled prices stay.
      else if (opts.liveCatalog && /^https?:$/.test(location.protocol)) loadLiveCatalog(opts.liveCatalog);
    }).catch(function (e) {
      a.st = a.st || { lang: normLang(opts.lang) };
      setLoading(a.t('load_failed', { msg: e && e.message ? e.message : String(e) }));
      if (typeof console !== 'undefined') console.error(e);
    });

    // ------------------------------------------------------------ state
    function applyAttrs(o) {
      if (o.task) {
        var tk = String(o.task);
        tk = tk === 'inference' ? 'serve' : tk === 'video' ? 'image' : tk;
        if (FL.values(FL.get('task'), a.voc).indexOf(tk) >= 0) a.st.task = tk;
      }
      if (o.model) setModel(String(o.model), !o.task);
      if (o.gpu) { a.st.hw = 'pin'; a.st.gpu = String(o.gpu); }
    }
    // A preset id goes to the model slot of its kind; a model of another kind than the task's moves to a task for it.
    function setModel(id, moveTask) {
      var m = a.view.model[id];
      var kind = m ? modelKind(m) : 'llm';
      if (kind === 'llm') { a.st.src = 'preset'; a.st.model = id; } else if (kind === 'audio') a.st.audio_model = id; else a.st.img_model = id;
      if (moveTask && m && a.task().models.indexOf(kind) < 0) a.st.task = kind === 'llm' ? 'serve' : kind === 'audio' ? 'audio' : 'image';
      a.st.q = '';
    }
    function fixState() {
      var st = a.st, d = a.defaults;
      function known(kinds, id) { return a.modelsOf(kinds).some(function (m) { return m.id === id; }); }
      if (st.src === 'preset' && !known(['llm'], st.model)) { st.model = d.model; if (!st.model) st.src = 'custom'; }
      if (!known(['image', 'video'], st.img_model)) st.img_model = d.img_model;
      if (!known(['audio'], st.audio_model)) st.audio_model = d.audio_model;
      if (!a.view.gpu[st.gpu]) st.gpu = a.view.gpus[0] ? a.view.gpus[0].id : '';
      if (st.providers) st.providers = st.providers.filter(function (p) { return !!a.view.provider[p]; });
      if (st.tiers) {
        var tiers = V.ids(a.voc, 'tiers');
        st.tiers = st.tiers.filter(function (x) { return tiers.indexOf(x) >= 0; });
        if (tiers.every(function (x) { return st.tiers.indexOf(x) >= 0; })) st.tiers = null;
      }
    }

    // ------------------------------------------------------------ permalink
    function hashParams() { return new URLSearchParams((location.hash || '').replace(/^#/, '')); }
    function readHash() {
      var p = hashParams();
      if (a.permalinkKey === '') FL.applyLink(a.st, p, a.voc);
      else if (p.has(a.permalinkKey)) FL.applyLink(a.st, new URLSearchParams(p.get(a.permalinkKey)), a.voc);
    }
    function writeHash() {
      if (a.permalinkKey === null || !a.st) return;
      var ser = FL.serialize(a.st, a.defaults), next;
      if (a.permalinkKey === '') next = ser;
      else {
        var p = hashParams();
        if (ser) p.set(a.permalinkKey, ser); else p.delete(a.permalinkKey);
        next = p.toString();
      }
      if (next === (location.hash || '').replace(/^#/, '')) return;
      lastHash = next;
      try { history.replaceState(history.state, '', next ? '#' + next : location.pathname + location.search); } catch (e) { /* ignore */ }
    }
    function onHashChange() {
      if ((location.hash || '').replace(/^#/, '') === lastHash) return;
      var lang = a.st.lang;
      a.st = copyState(a.defaults);
      a.st.lang = lang;
      readHash();
      fixState();
      run();
    }
    a.shareUrl = function () { if (a.permalinkKey !== null) writeHash(); return location.href; };

    // ------------------------------------------------------------ theme (page only)
    function initTheme() {
      var stored = null;
      try { stored = localStorage.getItem('gpu-sizer-theme'); } catch (e) { /* file:// or blocked */ }
      if (stored === 'dark' || stored === 'light') a.themeDark = stored === 'dark';
      else a.themeDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
      applyTheme();
    }
    function applyTheme() {
      var v = a.themeDark ? 'dark' : 'light';
      a.rootEl.setAttribute('data-theme', v);
      if (!embedded) document.documentElement.setAttribute('data-theme', v);
    }
    a.toggleTheme = function () {
      a.themeDark = !a.themeDark;
      try { localStorage.setItem('gpu-sizer-theme', a.themeDark ? 'dark' : 'light'); } catch (e) { /* ignore */ }
      applyTheme();
      render();
    };

    // ------------------------------------------------------------ catalog
    function setCatalog(cat, text, label) {
      a.active = { cat: cat, text: text, label: label };
      a.view = C.index(cat);
      a.view.pending = cat === a.bundled && !!a.offeringsPending;
    }
    // The bundled offerings into this mount's catalog (one parse shared by every mount of the script); true when
    // they came now. Before an import (merged over the whole bundled catalog) and after the first paint.
    function loadOfferings() {
      if (!a.offeringsPending || a.destroyed) return false;
      if (!bundledOfferings) bundledOfferings = a.sizer.offerings();
      a.offeringsPending = false;
      a.bundled.offerings = bundledOfferings;
      if (a.active.cat === a.bundled) setCatalog(a.bundled, null, null);
      return true;
    }
    // After the first result's frame (a timeout set in a frame callback runs after that frame's paint), before the
    // every-option pass (scheduled after this); a page in a background tab gets no frames: the timeout then.
    function scheduleOfferings() {
      var go = function () { if (loadOfferings()) render(); };
      raf(function () { setTimeout(go, 0); });
      setTimeout(go, 100);
    }
    function catalogChanged() { a.defaults = FL.defaults(a.ctx()); fixState(); }
    function importText(text, file) {
      var obj;
      try { obj = JSON.parse(text); } catch (e) {
        a.note = { kind: 'error', key: 'import_bad_json', params: { file: file, msg: e.message }, errors: [] };
        return false;
      }
      if (!F.isObj(obj) || !Object.keys(obj).some(function (k) { return C.KEYS.indexOf(k) >= 0; })) {
        a.note = { kind: 'error', key: 'import_not_object', params: { file: file }, errors: [] };
        return false;
      }
      loadOfferings();
      var merged = C.merge(a.bundled, obj);
      var res = a.sizer.validateCatalog(merged);
      if (!res || !res.ok) {
        a.note = { kind: 'error', key: 'import_invalid', params: { file: file, n: ((res && res.errors) || []).length }, errors: (res && res.errors) || [] };
        return false;
      }
      setCatalog(merged, JSON.stringify(merged), file);
      catalogChanged();
      a.note = { kind: 'ok', key: 'import_ok', params: { file: file, keys: Object.keys(obj).join(', ') }, errors: res.warnings || [] };
      return true;
    }
    a.importFile = function (input) {
      var file = input.files && input.files[0];
      if (!file) return;
      var name = file.name;
      file.text().then(function (text) {
        importText(text, name);
        input.value = '';
        run();
      });
    };
    a.resetCatalog = function () {
      setCatalog(a.bundled, null, null);
      catalogChanged();
      a.note = { kind: 'ok', key: 'import_reset_done', params: null, errors: [] };
      run();
      var imp = a.rootEl.querySelector('#gs-import');
      if (imp) imp.focus(); // the reset button is gone with the import
    };
    // A missing file is the normal case (a site that publishes none): the bundled catalog stays, silently. An
    // older or equal one is not used. A newer one that does not validate is named, and the bundled one stays.
    function loadLiveCatalog(src) {
      var url = new URL(src, location.href);
      if (url.origin !== location.origin) return;
      fetch(url.href, { credentials: 'same-origin', cache: 'no-cache' }).then(function (r) {
        return r.ok ? r.text() : null;
      }).then(function (text) {
        if (a.destroyed || text === null) return;
        var obj;
        try { obj = JSON.parse(text); } catch (e) { obj = null; }
        var bundledAsOf = a.bundled && a.bundled.as_of;
        if (!obj || typeof obj.as_of !== 'string' || !F.parseDate(obj.as_of) || (bundledAsOf && obj.as_of <= bundledAsOf)) return;
        if (importText(text, src)) a.note = { kind: 'ok', key: 'catalog_live_ok', params: { src: src, date: a.fmt.date(obj.as_of) }, errors: [] };
        run();
      }, function () { /* offline or blocked: the bundled catalog stays */ });
    }
    function loadCatalogSrc(src) {
      var url;
      try { url = new URL(src, location.href); } catch (e) { url = null; }
      if (!url || url.origin !== location.origin || !/^https?:$/.test(url.protocol)) {
        a.note = { kind: 'error', key: 'catalog_src_error', params: { src: src, msg: a.t('catalog_src_origin') }, errors: [] };
        render(); return;
      }
      var key = url.href;
      if (!catalogFetches[key]) {
        catalogFetches[key] = fetch(url.href, { credentials: 'same-origin' }).then(function (r) {
          if (!r.ok) throw new Error('HTTP ' + r.status);
          return r.text();
        });
      }
      catalogFetches[key].then(function (text) {
        if (a.destroyed) return;
        if (importText(text, src)) a.note = { kind: 'ok', key: 'catalog_src_ok', params: { src: src }, errors: [] };
        run();
      }, function (e) {
        if (a.destroyed) return;
        a.note = { kind: 'error', key: 'catalog_src_error', params: { src: src, msg: e.message || String(e) }, errors: [] };
        render();
      });
    }

    // ------------------------------------------------------------ changes from the views
    // A field's new value: text fields re-evaluate after a pause, choices at once (the form may change shape).
    a.set = function (key, value, typed) {
      a.st[key] = value;
      if (typed) { schedule(); return; }
      render();
      schedule();
    };
    a.selectTask = function (id) {
      if (a.st.task !== id) { a.st.sort = ''; a.st.dir = 'asc'; a.st.fgpu = ''; a.expanded = {}; }
      a.st.task = id;
      run();
    };
    a.selectModel = function (key, id) {
      a.st[key] = id;
      // The media fields follow the model (native size, frames, speech direction): evaluate at once.
      if (a.task().models[0] !== 'llm') { run(); return; }
      render(); schedule();
    };
    a.setLang = function (l) {
      a.st.lang = normLang(l);
      if (!embedded) { try { localStorage.setItem('gpu-sizer-lang', a.st.lang); } catch (x) { /* ignore */ } }
      if (opts.onLangChange) opts.onLangChange(a.st.lang);
      run();
    };
    // Table controls: no new evaluation, the same response shown another way.
    a.showAgain = function () { render(); writeHash(); };
    a.more = function () { a.st.limit = String((parseInt(a.st.limit, 10) || 25) + 25); run(); };
    a.render = render;
    a.run = function () { run(); };

    // ------------------------------------------------------------ evaluate
    // Two passes (issue 16: instant). The first asks the core for the rows the table shows (QUICK: the ranking is
    // the same, and its first rule puts the options that fit and meet the targets first, so the top pick, the
    // summary and the first rows are exact); the options' notes, their text and JSON.parse grow with the options
    // returned, so this is the cheap pass. The page's table tools, chart, CSV and guidance read every evaluated
    // option: a second pass asks for all of them after the first result is painted, and re-renders.
    // Typing evaluates the cheap pass once per animation frame (the input event, then the result in the same
    // frame); the every-option pass waits until typing pauses for FULL_DELAY_MS, since it blocks the page for
    // several frames (~100–250 ms in Chromium at 1,387 options: `npm run bench`) and would make typing stutter.
    var FULL_DELAY_MS = 150;
    var fullTimer = null, fullGen = 0, frame = null;
    function cancelFull() { clearTimeout(fullTimer); fullTimer = null; fullGen++; }
    function quickLimit() { return Math.min(1000, Math.max(25, parseInt(a.st.limit, 10) || 25)); }
    function evalNow(req) {
      try {
        return a.sizer.evaluate(req, a.active.text ? { catalog: a.active.text } : undefined);
      } catch (e) {
        return { ok: false, errors: [{ code: 'internal', path: '', message: String(e && e.message ? e.message : e) }] };
      }
    }
    var raf = window.requestAnimationFrame ? window.requestAnimationFrame.bind(window) : function (f) { return setTimeout(f, 16); };
    var unraf = window.cancelAnimationFrame ? window.cancelAnimationFrame.bind(window) : clearTimeout;
    // (A page in a background tab gets no frames: the timeout runs it there.)
    // The first change since the last frame is evaluated at once, in its input event, so that its result is in the
    // DOM before the next frame and painted by it, instead of a frame later (waiting for the frame callback first
    // cost up to a frame of the 16.7 ms); changes after it wait for that frame, so fast typing still evaluates at
    // most once a frame.
    var frameTimer = null, ranFrame = null;
    function schedule() {
      if (frame !== null) return;
      if (ranFrame === null) {
        ranFrame = raf(function () { ranFrame = null; });
        run(true);
        return;
      }
      frame = raf(function () { cancelPending(); run(true); });
      frameTimer = setTimeout(function () { cancelPending(); run(true); }, 100);
    }
    function cancelPending() {
      if (frame !== null) { unraf(frame); frame = null; }
      clearTimeout(frameTimer);
    }
    // The every-option response of the shown request, or null while it is pending; now: evaluate it at once
    // (a table filter, sort or "show more" before the second pass landed).
    a.fullResp = function (now) {
      if (a.full && a.full.req === a.lastReq) return a.full.resp;
      if (!now || !a.lastReq || !a.lastOk) return null;
      runFull();
      if (!a.full || a.full.req !== a.lastReq) return null;
      cancelFull();
      a.pending = false;
      return a.full.resp;
    };
    function runFull() {
      cancelFull();
      var req = a.lastReq;
      if (!req || a.destroyed || (a.full && a.full.req === req)) return;
      var resp = evalNow(req);
      if (!resp || !resp.ok || a.lastReq !== req) return;
      a.full = { req: req, resp: resp, task: a.lastOkTask };
      a.lastResp = resp;
    }
    function scheduleFull(delay) {
      cancelFull();
      var gen = fullGen;
      var go = function () {
        if (gen !== fullGen) return;
        var req = a.lastReq;
        runFull();
        if (a.lastReq === req && a.full && a.full.req === req) { a.pending = false; a.deferBelow = false; render(); }
      };
      if (delay) { fullTimer = setTimeout(go, delay); return; }
      // No delay: still after the first result is painted (a timeout set in a frame callback runs after that
      // frame's paint); a page in a background tab gets no frames, so the timeout below runs it then.
      raf(function () { setTimeout(go, 0); });
      fullTimer = setTimeout(go, 100);
    }
    // While typing, the permalink is written once the typing pauses (with the every-option pass, just before it):
    // history.replaceState took 1–5 ms of each keystroke in Chromium.
    var hashTimer = null;
    // While typing, the memory panel and the fit list follow a frame later (a.deferBelow; results.js says why): drawn
    // after the frame that paints the keystroke's result (a timeout set in a frame callback runs after that frame's
    // paint; drawn in the callback itself, they would hold that paint back), so they are painted by the next one. A
    // page in a background tab gets no frames: the longer timeout draws them there.
    var belowFrame = null, belowTimer = null, belowAfter = null;
    function cancelBelow() {
      if (belowFrame !== null) { unraf(belowFrame); belowFrame = null; }
      clearTimeout(belowTimer); clearTimeout(belowAfter);
    }
    function renderBelowSoon() {
      cancelBelow();
      var go = function () { cancelBelow(); if (!a.deferBelow || a.destroyed) return; a.deferBelow = false; render(); };
      belowFrame = raf(function () { belowFrame = null; belowAfter = setTimeout(go, 0); });
      belowTimer = setTimeout(go, 100);
    }
    function run(delayFull) {
      cancelPending();
      cancelBelow();
      a.deferBelow = false;
      if (!a.sizer || a.destroyed) return;
      clearTimeout(hashTimer);
      if (delayFull) hashTimer = setTimeout(writeHash, FULL_DELAY_MS); else writeHash();
      a.fmt = F.makeFmt(a.st.lang);
      var c = a.ctx();
      var built = FL.buildRequest(c);
      var issues = built.errors;
      a.pending = false;
      cancelFull();
      if (!issues.length) {
        var req = built.request;
        var quick = req.limit > quickLimit() ? quickLimit() : 0;
        var resp = evalNow(quick ? Object.assign({}, req, { limit: quick }) : req);
        if (resp && resp.ok) {
          a.lastOk = resp; a.lastOkTask = a.st.task; a.lastReq = req;
          // Every option came back already (few candidates, or pinned hardware): that is the full response.
          if (!quick || (resp.options || []).length >= (resp.options_evaluated || 0)) { a.full = { req: req, resp: resp, task: a.st.task }; a.lastResp = resp; }
          else { a.pending = true; scheduleFull(delayFull ? FULL_DELAY_MS : 0); }
        } else {
          a.lastResp = resp;
          issues = (resp && resp.errors) || [];
        }
      }
      // Each issue beside its field when that field is shown; the rest in the alert.
      a.issues = [];
      a.fieldIssues = {};
      issues.forEach(function (e) {
        var name = e.field || FL.fieldForPath(e.path, c);
        if (name) {
          (a.fieldIssues[name] = a.fieldIssues[name] || []).push(e);
          // The banner names the field too (its label and what is wrong), so that a problem is never only off-screen.
          a.issues.push({ field: name, path: e.path, message: a.t('issue_field', { field: FL.fieldName(name, c), msg: String(e.message || e.code || '') }) });
        } else a.issues.push(e);
      });
      a.failed = issues.length > 0;
      a.assumed = a.failed ? {} : assumedNotes(a.lastOk, c);
      a.deferBelow = !!delayFull && !a.failed;
      render();
      if (a.deferBelow) renderBelowSoon();
    }
    // Workload defaults the core filled in (dataset size, token budget): its note beside the blank field; and the
    // estimated numbers of a custom architecture.
    function assumedNotes(resp, c) {
      var out = {};
      (resp.warnings || []).forEach(function (w) {
        if (w.code !== 'assumed_field' || String(w.path || '').indexOf('/workload/') !== 0) return;
        var name = FL.fieldForPath(w.path, c);
        // In the request's locale. The core's sentence opens with the API field it was not given ("deadline_s" was
        // not given; …): beside the field's own label that clause says nothing to a person, so the page shows
        // the rest (issue 32: no API names in the UI).
        if (name) out[name] = [h('bdi', {}, withoutFieldClause(String(w.message || '')))];
      });
      // A number field left blank (issue 32: a cleared field fell back to another value than the one it showed): the
      // core fills in its default or, for the batch on pinned hardware, chooses one. Where the placeholder does not
      // say the value the core used, the field says it (the core's own note, above, wins where it gave one).
      FL.FIELDS.forEach(function (f) {
        if (f.type !== 'num' || out[f.key] || !f.to || f.to.indexOf('workload.') !== 0 || f.to.split('.').length !== 2) return;
        if (!FL.shown(f, c) || String(a.st[f.key] || '').trim()) return;
        var used = resp.workload ? resp.workload[f.to.split('.')[1]] : undefined;
        if (!F.isNum(used)) return;
        used /= f.unit || 1;
        var ph = F.parseNum(String(FL.placeholder(f, c) || ''));
        if (ph !== null && Math.abs(ph - used) <= 1e-9 * Math.max(1, Math.abs(used))) return;
        out[f.key] = [a.t('blank_used', { v: a.fmt.num(used, 2) })];
      });
      if (resp.model && a.st.src === 'custom' && a.task().models[0] === 'llm' && a.feat.custom) {
        (resp.model.assumed || []).forEach(function (path) {
          var key = String(path).split('/').pop();
          if (FL.get('c_' + key) && F.isNum(resp.model[key])) out['c_' + key] = [a.t('assumed_value', { v: a.fmt.num(resp.model[key], 2) })];
        });
      }
      return out;
    }

    function withoutFieldClause(msg) {
      var m = /^[^;؛"“«]*["“«][^"”»]*["”»][^;؛]*[;؛]\s*(.+)$/.exec(msg);
      if (!m) return msg;
      return m[1].charAt(0).toUpperCase() + m[1].slice(1);
    }
    // ------------------------------------------------------------ render: every view, patched into the DOM
    function render() {
      if (!a.st || !a.sizer || a.destroyed) return;
      a.fmt = F.makeFmt(a.st.lang);
      var st = a.st, root = a.rootEl, dir = st.lang === 'ar' ? 'rtl' : 'ltr';
      // Only when they change: Chromium restyles and lays out the whole subtree again when lang or dir is set, even to
      // the value it had (~15 ms of the frame after each keystroke at 1400 px, before the result could be painted).
      attr(root, 'dir', dir);
      attr(root, 'lang', st.lang);
      if (!embedded) {
        attr(document.documentElement, 'lang', st.lang);
        attr(document.documentElement, 'dir', dir);
        var title = a.t('app_title') + ' · ' + a.t('title_suffix');
        if (document.title !== title) document.title = title;
      } else {
        attr(root, 'role', 'region');
        attr(root, 'aria-label', a.t('widget_label'));
      }
      var task = a.task();
      var Vw = UI.views;
      var panel = h('div', { id: 'gs-panel', role: a.feat.tabs ? 'tabpanel' : null, 'aria-labelledby': a.feat.tabs ? 'gs-tab-' + task.id : null, 'data-task': task.id },
        [Vw.answer(a), h('div', { class: 'gs-grid' }, [Vw.form(a), Vw.results(a)])]);
      D.patch(root, [
        a.feat.header ? Vw.header(a) : Vw.widgetBar(a),
        a.feat.tabs ? Vw.tabs(a) : null,
        h(embedded ? 'div' : 'main', { class: 'gs-main' }, panel),
        a.feat.footer ? Vw.footer(a) : null
      ]);
      // Measures what only the laid-out page knows (does the table scroll?); the first pass keeps the table and chart.
      if (Vw.afterPatch && !a.pending) Vw.afterPatch(a);
      // data-pending while the every-option pass is still to come (tests and `npm run bench` wait on it).
      // (and while the offerings, or the panels below the fold drawn a frame later, are still to come).
      var later = a.pending || a.offeringsPending;
      if (later || a.deferBelow) root.setAttribute('data-pending', ''); else root.removeAttribute('data-pending');
      if (a.lastOk) mark(later ? 'first-result' : 'settled');
    }
    function attr(el, name, value) { if (el.getAttribute(name) !== value) el.setAttribute(name, value); }
    var marked = {};
    function mark(name) {
      if (marked[name] || typeof performance === 'undefined' || !performance.mark) return;
      marked[name] = true;
      performance.mark('gpu-sizer:' + name + (a.uid > 1 ? ':' + a.uid : ''));
    }
    // A new width can change the chart's size and which table columns show: render again once resizing pauses.
    var resizeTimer = null, lastWidth = 0;
    function onResize() {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(function () {
        var w = a.rootEl.clientWidth;
        if (w && Math.abs(w - lastWidth) > 24) { lastWidth = w; render(); }
      }, 120);
    }
    window.addEventListener('resize', onResize);

    return {
      set: function (name, value) {
        if (!a.st || !a.sizer) { opts[name === 'catalog-src' ? 'catalogSrc' : name] = value; return; }
        if (name === 'lang') { var l = normLang(value); if (l === a.st.lang) return; a.st.lang = l; }
        else if (name === 'model') { if (!value) return; setModel(String(value), true); fixState(); }
        else if (name === 'gpu') { if (value) { a.st.hw = 'pin'; a.st.gpu = String(value); fixState(); } else a.st.hw = 'rank'; }
        else if (name === 'task') { applyAttrs({ task: value || 'serve' }); a.st.sort = ''; a.st.fgpu = ''; }
        else if (name === 'catalog-src') { if (value) loadCatalogSrc(value); return; }
        else if (name === 'theme') { if (value === 'dark' || value === 'light') a.rootEl.setAttribute('data-theme', value); else a.rootEl.removeAttribute('data-theme'); return; }
        run();
      },
      state: function () { return a.st ? copyState(a.st) : null; },
      response: function () { return a.lastResp; },
      evaluateNow: function () { run(); },
      destroy: function () {
        a.destroyed = true;
        cancelPending();
        cancelFull();
        cancelBelow();
        clearTimeout(hashTimer);
        window.removeEventListener('hashchange', onHashChange);
        window.removeEventListener('resize', onResize);
        clearTimeout(resizeTimer);
        if (a.rootEl.parentNode) a.rootEl.parentNode.removeChild(a.rootEl);
      }
    };
  }

  UI.mount = mount;
  UI.loadCore = loadCore;
  UI.coreStarts = function () { return coreStarts; };
})(GpuSizerUI);
