/* <gpu-sizer> custom element. Shadow DOM; attributes view (full | compact | card), model, task, gpu, lang,
   compact, permalink, catalog-src, theme, height, calculator, prompt-tokens, output-tokens, concurrency
   (reflected to properties). Every widget on a page shares the one core that GpuSizerUI.loadCore() starts.
   Themable from the host page with CSS custom properties (--gpu-sizer-accent, --gpu-sizer-bg, --gpu-sizer-surface,
   --gpu-sizer-fg, --gpu-sizer-font, --gpu-sizer-radius, --gpu-sizer-max-height, --gpu-sizer-card-*) and ::part()
   (card, title, fits, pick, class, speed, cost, price, link, notice, scroll). Works under
   default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' (constructed style sheets only).
   Every result dispatches a `gpu-sizer-result` CustomEvent ({ detail: { response, request, view } }) on the element.
   An attribute value the widget cannot use is shown in the widget, in its language, and logged with console.warn
   (never console.error: a page's error monitor and the strict-CSP test count errors, and a typo in an attribute is
   the embedding page's to fix, not a failure of the widget). */
/* global GpuSizerUI, GPU_SIZER_CSS, GpuSizerMessages */
(function () {
  'use strict';
  if (typeof window === 'undefined' || !window.customElements || window.customElements.get('gpu-sizer')) return;
  var css = typeof GPU_SIZER_CSS === 'string' ? GPU_SIZER_CSS : '';
  // Where this script was loaded from: the full calculator (index.html) ships beside it in dist/.
  var scriptSrc = document.currentScript && document.currentScript.src ? document.currentScript.src : location.href;

  // The card's own styles and the notice line; custom properties let the host size and theme it.
  var WIDGET_CSS = [
    ':host { display: block; }',
    ':host([hidden]) { display: none; }',
    '.gsw-scroll { max-height: var(--gpu-sizer-max-height, none); overflow: auto; }',
    '.gsw-notice { margin: 0 0 8px; padding: 6px 10px; border-radius: 6px; font: 14px/1.4 var(--gpu-sizer-font, system-ui, sans-serif);',
    '  background: var(--gpu-sizer-notice-bg, #fff4d6); color: var(--gpu-sizer-notice-fg, #5c4300); border: 1px solid #e8cf86; }',
    '.gsw-notice p { margin: 0; }',
    '.gsw-card { box-sizing: border-box; width: 100%; max-width: var(--gpu-sizer-card-max-width, 700px);',
    '  max-height: var(--gpu-sizer-card-max-height, 420px); overflow: hidden; padding: var(--gpu-sizer-card-padding, 14px 16px);',
    '  border-radius: var(--gpu-sizer-radius, 10px); border: 1px solid var(--gpu-sizer-border, #d9dde4);',
    '  background: var(--gpu-sizer-surface, #ffffff); color: var(--gpu-sizer-fg, #1b1e24);',
    '  font: var(--gpu-sizer-card-font-size, 15px)/1.45 var(--gpu-sizer-font, system-ui, "Segoe UI", Roboto, "DejaVu Sans", "Noto Sans Arabic", sans-serif); }',
    // Dark: its own accent (--gpu-sizer-accent-dark), since a page's light-theme accent rarely has the contrast on dark.
    '.gsw-card[data-theme="dark"] { background: var(--gpu-sizer-surface, #1d2128); color: var(--gpu-sizer-fg, #e8eaee); border-color: var(--gpu-sizer-border, #3a404b); }',
    '.gsw-card[data-theme="dark"] .gsw-link { color: var(--gpu-sizer-accent-dark, #8ab4ff); }',
    '.gsw-card[data-theme="dark"] .gsw-no { color: var(--gpu-sizer-bad-dark, #ffb4ab); }',
    '@media (prefers-color-scheme: dark) { .gsw-card:not([data-theme="light"]) { background: var(--gpu-sizer-surface, #1d2128); color: var(--gpu-sizer-fg, #e8eaee); border-color: var(--gpu-sizer-border, #3a404b); }',
    '  .gsw-card:not([data-theme="light"]) .gsw-link { color: var(--gpu-sizer-accent-dark, #8ab4ff); } .gsw-card:not([data-theme="light"]) .gsw-no { color: var(--gpu-sizer-bad-dark, #ffb4ab); } }',
    '.gsw-title { margin: 0 0 8px; font-size: 1.05em; font-weight: 650; overflow-wrap: anywhere; }',
    '.gsw-rows { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }',
    '.gsw-rows dt { font-weight: 600; opacity: 0.8; }',
    '.gsw-rows dd { margin: 0; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }',
    '.gsw-no { color: var(--gpu-sizer-bad, #b3261e); font-weight: 600; }',
    '.gsw-link { display: inline-block; margin-top: 10px; color: var(--gpu-sizer-accent, #1f5fbf); font-weight: 600; }',
    '.gsw-foot { margin: 8px 0 0; font-size: 0.85em; opacity: 0.75; }',
    '@media (max-width: 360px) { .gsw-rows { grid-template-columns: 1fr; gap: 0 0; } .gsw-rows dd { margin-bottom: 4px; } }'
  ].join('\n');

  var sheets = null;
  function adoptStyles(root) {
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
      try {
        if (!sheets) {
          var ui = new CSSStyleSheet(); ui.replaceSync(css);
          var own = new CSSStyleSheet(); own.replaceSync(WIDGET_CSS);
          sheets = [ui, own];
        }
        root.adoptedStyleSheets = sheets;
        return;
      } catch (e) { /* fall back to <style> elements */ }
    }
    // Browsers without constructed style sheets: a <style> element (a strict style-src blocks it there).
    [css, WIDGET_CSS].forEach(function (text) {
      var el = document.createElement('style');
      el.textContent = text;
      root.appendChild(el);
    });
  }

  var STRING_ATTRS = ['view', 'model', 'task', 'gpu', 'permalink', 'catalog-src', 'theme', 'height', 'calculator',
    'prompt-tokens', 'output-tokens', 'concurrency'];
  function propName(attr) { return attr.replace(/-([a-z])/g, function (m, c) { return c.toUpperCase(); }); }

  var VIEWS = ['full', 'compact', 'card'];
  // task attribute → [the calculator's tab, the workload kind]; inference and video are aliases.
  var TASKS = { serve: 'serve', inference: 'serve', finetune: 'finetune', pretrain: 'pretrain', image: 'image', video: 'image', audio: 'audio' };
  var TASK_MODEL_KINDS = { serve: ['llm'], finetune: ['llm'], pretrain: ['llm'], image: ['image', 'video'], audio: ['audio'] };
  // The card's numeric attributes: the calculator's field (permalink key and default: web/ui/fields.js) and range.
  var NUMBERS = {
    'prompt-tokens': { field: 'prompt', link: 'pt', def: 2000, min: 1, max: 10000000, to: 'prompt_tokens' },
    'output-tokens': { field: 'output', link: 'ot', def: 500, min: 1, max: 10000000, to: 'output_tokens' },
    concurrency: { field: 'conc', link: 'c', def: 8, min: 1, max: 100000, to: 'concurrency' },
    height: { min: 120, max: 10000 }
  };

  // ------------------------------------------------------------------ strings (web/messages.js, widget block)
  function normLang(l) { return String(l || '').toLowerCase().slice(0, 2) === 'ar' ? 'ar' : 'en'; }
  function t(lang, key, params) {
    var M = typeof GpuSizerMessages === 'object' && GpuSizerMessages ? GpuSizerMessages : { en: {}, ar: {} };
    var msg = (M[lang] && M[lang][key]) || (M.en && M.en[key]) || key;
    var iso = lang === 'ar';
    if (params) msg = msg.replace(/\{(\w+)\}/g, function (m, k) { return params[k] === undefined ? m : iso ? '\u2068' + params[k] + '\u2069' : String(params[k]); });
    return msg;
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { if (c !== null && c !== undefined) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }

  // ------------------------------------------------------------------ the shared core and its catalog, once
  // An index of a catalog's models, GPUs and providers by id; its offerings' index is built when first needed.
  function catalogIndex(sizer, cat, offerings) {
    var ix = { sizer: sizer, model: {}, gpu: {}, provider: {}, offering: null, offerings: offerings || null, as_of: cat.as_of };
    [['models', 'model'], ['gpus', 'gpu'], ['providers', 'provider']].forEach(function (p) {
      (Array.isArray(cat[p[0]]) ? cat[p[0]] : []).forEach(function (x) { if (x && typeof x.id === 'string') ix[p[1]][x.id] = x; });
    });
    return ix;
  }
  var shared = null;
  function loadShared() {
    if (!shared) {
      shared = GpuSizerUI.loadCore().then(function (sizer) {
        // Without the offerings: the full and compact views read their own after the first paint (web/ui/app.js);
        // the card reads them when it names its pick (offeringIndex).
        return catalogIndex(sizer, sizer.catalog({ offerings: false }));
      });
    }
    return shared;
  }
  function offeringIndex(ix) {
    if (!ix.offering) {
      ix.offering = {};
      (ix.offerings || ix.sizer.offerings()).forEach(function (x) { if (x && typeof x.id === 'string') ix.offering[x.id] = x; });
    }
    return ix.offering;
  }

  // ------------------------------------------------------------------ the card's catalog (issue 33: the live path)
  // The catalog the card prices with, as the calculator chooses its own (web/ui/app.js loadCatalogSrc,
  // loadLiveCatalog): the element's catalog-src (a file on this site: used when it validates), else the page's
  // <meta name="gpu-sizer-live-catalog" content="catalog.json"> (used only when newer than the bundled catalog; a
  // missing or older file is the normal case and stays silent). Never requested from file:// or another origin.
  // The file is JSON, merged over the bundled catalog and validated by the core like an import; nothing of it is
  // parsed as HTML (the card writes text nodes only). Resolves to null (the bundled catalog), to
  // { src, text, ix } (the merged catalog's text for evaluate and its index for names), or to { src, problem }.
  var liveCatalogs = {};
  function metaCatalog() {
    var meta = document.querySelector('meta[name="gpu-sizer-live-catalog"]');
    return meta ? meta.getAttribute('content') : null;
  }
  function cardCatalog(host, ix) {
    var explicit = host.getAttribute('catalog-src');
    var src = explicit || metaCatalog();
    if (!src) return Promise.resolve(null);
    var url = null;
    try { url = new URL(src, location.href); } catch (e) { /* not a URL: refused below */ }
    if (!url || url.origin !== location.origin || !/^https?:$/.test(url.protocol)) {
      return Promise.resolve(explicit ? { src: src, problem: { key: 'wg_catalog_failed', params: { src: src, msg: t(host._langNow || 'en', 'catalog_src_origin') } } } : null);
    }
    var key = (explicit ? 'src ' : 'live ') + url.href;
    if (!liveCatalogs[key]) {
      liveCatalogs[key] = fetch(url.href, { credentials: 'same-origin', cache: 'no-cache' }).then(function (r) {
        if (!r.ok) { if (!explicit) return null; throw new Error('HTTP ' + r.status); }
        return r.text();
      }).then(function (text) {
        return text === null ? null : checkCatalog(ix, src, text, !!explicit);
      }, function (e) {
        // Offline or blocked: the page's own meta file stays silent, the element's attribute is named.
        return explicit ? { src: src, problem: { key: 'wg_catalog_failed', params: { src: src, msg: e && e.message ? e.message : String(e) } } } : null;
      });
    }
    return liveCatalogs[key];
  }
  function checkCatalog(ix, src, text, explicit) {
    function failed(msg) { return { src: src, problem: { key: 'wg_catalog_failed', params: { src: src, msg: msg } } }; }
    var obj;
    try { obj = JSON.parse(text); } catch (e) { return failed(e.message); }
    var C = GpuSizerUI.catalog, F = GpuSizerUI.format;
    if (!F.isObj(obj) || !Object.keys(obj).some(function (k) { return C.KEYS.indexOf(k) >= 0; })) return failed('not a catalog');
    // The page's file is used only when it is newer than the bundled catalog (its as_of, a date).
    if (!explicit && (typeof obj.as_of !== 'string' || !F.parseDate(obj.as_of) || (ix.as_of && obj.as_of <= ix.as_of))) return null;
    var base = ix.sizer.catalog({ offerings: false });
    base.offerings = ix.sizer.offerings();
    var merged = C.merge(base, obj);
    var res = ix.sizer.validateCatalog(merged);
    if (!res || !res.ok) {
      var first = res && res.errors && res.errors[0];
      return failed(first ? (first.path ? first.path + ': ' : '') + (first.message || first.code) : 'invalid');
    }
    var live = catalogIndex(ix.sizer, merged, Array.isArray(merged.offerings) ? merged.offerings : []);
    live.voc = ix.voc;
    return { src: src, text: JSON.stringify(merged), ix: live };
  }
  function modelKind(m) { return m && typeof m.kind === 'string' ? m.kind : 'llm'; }
  function fieldDefault(name, fallback) {
    var FL = GpuSizerUI.fields;
    var f = FL && typeof FL.get === 'function' ? FL.get(name) : null;
    var v = f && typeof f.def === 'string' ? parseInt(f.def, 10) : NaN;
    return v > 0 ? v : fallback;
  }
  function linkKey(name, fallback) {
    var FL = GpuSizerUI.fields;
    var f = FL && typeof FL.get === 'function' ? FL.get(name) : null;
    return f && typeof f.link === 'string' ? f.link : fallback;
  }

  // Reads the attributes against the catalog: what to use, and a sentence for each value that cannot be used.
  function readAttrs(host, ix, lang) {
    var problems = [];
    function bad(key, params) { problems.push({ key: key, params: params }); }
    var out = { lang: lang };
    var view = host.getAttribute('view');
    out.view = host.hasAttribute('compact') ? 'compact' : 'full';
    if (view !== null) {
      if (VIEWS.indexOf(view) >= 0) out.view = view;
      else bad('wg_bad_view', { value: view, views: VIEWS.join(', '), used: out.view });
    }
    var own = host.getAttribute('lang');
    if (own && ['en', 'ar'].indexOf(own.toLowerCase().slice(0, 2)) < 0) bad('wg_bad_lang', { value: own });
    var theme = host.getAttribute('theme');
    if (theme && theme !== 'light' && theme !== 'dark') bad('wg_bad_theme', { value: theme });
    out.theme = theme === 'light' || theme === 'dark' ? theme : null;
    var task = host.getAttribute('task');
    out.task = null;
    if (task) {
      if (TASKS[task]) out.task = TASKS[task];
      else bad('wg_bad_task', { value: task, tasks: 'serve, finetune, pretrain, image, audio' });
    }
    var model = host.getAttribute('model');
    out.model = null;
    if (model) {
      var m = ix.model[model];
      if (!m) bad('wg_bad_model', { value: model });
      else if (out.task && TASK_MODEL_KINDS[out.task].indexOf(modelKind(m)) < 0) bad('wg_model_task', { value: model, task: task });
      else out.model = model;
    }
    var gpu = host.getAttribute('gpu');
    out.gpu = null;
    if (gpu) {
      if (ix.gpu[gpu]) out.gpu = gpu;
      else bad('wg_bad_gpu', { value: gpu });
    }
    Object.keys(NUMBERS).forEach(function (name) {
      var spec = NUMBERS[name], raw = host.getAttribute(name);
      if (raw === null || raw === '') return;
      var n = /^\s*\d+\s*$/.test(raw) ? parseInt(raw, 10) : NaN;
      if (!(n >= spec.min && n <= spec.max)) bad('wg_bad_number', { name: name, value: raw, min: spec.min, max: spec.max });
      else out[name] = n;
    });
    return { use: out, problems: problems };
  }

  function noticeNode(lang, problems) {
    if (!problems.length) return null;
    return el('div', { class: 'gsw-notice', part: 'notice', role: 'status', 'data-problems': String(problems.length) },
      problems.map(function (p) { return el('p', {}, [t(lang, p.key, p.params)]); }));
  }
  function warn(host, problems) {
    problems.forEach(function (p) {
      if (typeof console !== 'undefined' && console.warn) console.warn('<gpu-sizer' + (host.id ? ' id="' + host.id + '"' : '') + '>: ' + t('en', p.key, p.params));
    });
  }

  // ------------------------------------------------------------------ the card view
  function cardRequest(use, ix) {
    var task = use.task || 'serve';
    var model = use.model;
    if (model && !use.task) {
      // A model of another kind opens the task for it, as in the calculator.
      var kind = modelKind(ix.model[model]);
      task = kind === 'llm' ? 'serve' : kind === 'audio' ? 'audio' : 'image';
    }
    if (!model) model = task === 'image' ? 'flux.1-dev' : task === 'audio' ? 'whisper-large-v3' : 'llama-3.1-8b';
    var kindOf = modelKind(ix.model[model]);
    var req = { model: model, locale: use.lang, limit: 3 };
    if (task === 'serve') {
      req.workload = { kind: 'inference' };
      ['prompt-tokens', 'output-tokens', 'concurrency'].forEach(function (name) {
        var spec = NUMBERS[name];
        req.workload[spec.to] = use[name] || fieldDefault(spec.field, spec.def);
      });
      req.engine = 'vllm';
    } else if (task === 'image') {
      req.workload = { kind: kindOf === 'video' ? 'video' : 'image', images: fieldDefault('images', 100) };
    } else if (task === 'audio') {
      req.workload = { kind: 'audio', audio_seconds: fieldDefault('audio_seconds', 3600) };
    } else {
      req.workload = { kind: task };
    }
    if (use.gpu) req.hardware = { gpu: use.gpu, count: 1 };
    else req.filters = { pricing: 'on_demand' };
    return { request: req, task: task };
  }

  // The full calculator with the same inputs: its permalink keys (web/ui/fields.js), in the URL hash.
  function calculatorUrl(host, use, built) {
    var base;
    try { base = new URL(host.getAttribute('calculator') || 'index.html', scriptSrc); } catch (e) { base = new URL('index.html', location.href); }
    var p = new URLSearchParams();
    var req = built.request;
    if (built.task !== 'serve') p.set(linkKey('task', 't'), built.task);
    if (use.lang !== 'en') p.set(linkKey('lang', 'l'), use.lang);
    var modelField = built.task === 'image' ? 'img_model' : built.task === 'audio' ? 'audio_model' : 'model';
    p.set(linkKey(modelField, built.task === 'image' ? 'im' : built.task === 'audio' ? 'am' : 'm'), req.model);
    if (built.task === 'serve') {
      ['prompt-tokens', 'output-tokens', 'concurrency'].forEach(function (name) {
        var spec = NUMBERS[name];
        p.set(linkKey(spec.field, spec.link), String(req.workload[spec.to]));
      });
    }
    if (use.gpu) { p.set(linkKey('hw', 'hw'), 'pin'); p.set(linkKey('gpu', 'g'), use.gpu); }
    base.hash = p.toString();
    return base.href;
  }

  function numberFormat(lang, opts) {
    try { return new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-US', opts); } catch (e) { return new Intl.NumberFormat('en-US', opts); }
  }
  function fmtNum(lang, v, digits) { return numberFormat(lang, { maximumFractionDigits: digits }).format(v); }
  function fmtUsd(lang, v) {
    var d = v < 1 ? 3 : v < 100 ? 2 : 0;
    return numberFormat(lang, { style: 'currency', currency: 'USD', minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
  }
  function fmtDuration(lang, s) {
    if (s < 120) return t(lang, 'wg_seconds', { n: fmtNum(lang, s, s < 10 ? 1 : 0) });
    if (s < 7200) return t(lang, 'wg_minutes', { n: fmtNum(lang, s / 60, 0) });
    if (s < 172800) return t(lang, 'wg_hours', { n: fmtNum(lang, s / 3600, 1) });
    return t(lang, 'wg_days', { n: fmtNum(lang, s / 86400, 1) });
  }
  function isNum(v) { return typeof v === 'number' && isFinite(v); }

  function cardRows(lang, resp, ix, pinned) {
    var o = resp.options && resp.options[0];
    var rows = [];
    function row(part, label, value, cls) {
      rows.push(el('dt', { part: part + '-label' }, [label]));
      rows.push(el('dd', { part: part, class: cls || null }, [].concat(value)));
    }
    if (!o || !o.fits) {
      row('fits', t(lang, 'wg_fits_on'), pinned ? t(lang, 'wg_no_fit_pinned') : t(lang, 'wg_no_fit'), 'gsw-no');
      return rows;
    }
    var gpu = ix.gpu[o.gpu];
    row('fits', t(lang, 'wg_fits_on'), t(lang, 'wg_gpus', { n: fmtNum(lang, o.gpus, 0), gpu: gpu && gpu.name ? gpu.name : o.gpu }));
    if (o.provider) {
      var prov = ix.provider[o.provider];
      var machine = GpuSizerUI.catalog.displayName({ offering: offeringIndex(ix), gpu: ix.gpu }, o) || '';
      row('pick', t(lang, 'wg_top_pick'), t(lang, o.pricing === 'spot' ? 'wg_pick_spot' : 'wg_pick', { provider: prov && prov.name ? prov.name : o.provider, machine: machine }));
    }
    var speed = null;
    if (isNum(o.output_tokens_per_s)) {
      speed = t(lang, 'wg_speed_tokens', { total: fmtNum(lang, o.output_tokens_per_s, 0), user: fmtNum(lang, o.decode_output_tokens_per_s_per_user, 1) });
      if (isNum(o.ttft_s)) speed += ' · ' + t(lang, 'wg_ttft', { s: fmtNum(lang, o.ttft_s, o.ttft_s < 10 ? 2 : 1) });
    } else if (isNum(o.train_s)) {
      speed = t(lang, 'wg_speed_train', { time: fmtDuration(lang, o.train_s), tps: fmtNum(lang, o.train_tokens_per_s, 0) });
    } else if (isNum(o.real_time_factor)) {
      speed = t(lang, 'wg_speed_audio', { rtf: fmtNum(lang, o.real_time_factor, 3) });
    } else if (isNum(o.seconds_per_image)) {
      speed = t(lang, 'wg_speed_image', { s: fmtNum(lang, o.seconds_per_image, o.seconds_per_image < 10 ? 2 : 1) });
    }
    // The class the guide's rules put the pick in and the rule it cites, short (the card is at most 420 px tall): a row
    // of its own only when the pick is not plainly eligible (asked for, outside the rules); the core's sentence saying
    // why, in the card's language, is its title, and the pick row's title when it is eligible.
    var cls = o.eligibility;
    if (cls && typeof cls.class === 'string' && t(lang, 'wg_class_' + cls.class) !== 'wg_class_' + cls.class) {
      var why = typeof cls.reason === 'string' ? cls.reason : '';
      if (cls.class === 'eligible') {
        var pickRow = rows.length ? rows[rows.length - 1] : null;
        if (pickRow && pickRow.getAttribute('part') === 'pick') pickRow.setAttribute('title', why);
      } else {
        var label = t(lang, 'wg_class_' + cls.class) + (isNum(cls.rule) && cls.rule > 0 ? ' · ' + t(lang, 'wg_rule', { n: fmtNum(lang, cls.rule, 0) }) : '');
        rows.push(el('dt', { part: 'class-label' }, [t(lang, 'wg_class')]));
        rows.push(el('dd', { part: 'class', title: why }, [label]));
      }
    }
    if (speed) row('speed', t(lang, 'wg_speed'), speed);
    if (isNum(o.usd_per_hour)) {
      var cost = t(lang, 'wg_per_hour', { usd: fmtUsd(lang, o.usd_per_hour) });
      if (isNum(o.usd_per_million_output_tokens)) cost += ' · ' + t(lang, 'wg_per_mtok', { usd: fmtUsd(lang, o.usd_per_million_output_tokens) });
      else if (isNum(o.usd_total)) cost = t(lang, 'wg_total', { usd: fmtUsd(lang, o.usd_total) }) + ' · ' + cost;
      // The price's confidence and the date it was seen (issue 33), and a doubtful price's listed figure: in the cost
      // row (a row of its own overflows the card's 420 px at 320 px wide).
      var C = GpuSizerUI.catalog, V = GpuSizerUI.vocab;
      var view = { offering: offeringIndex(ix), provider: ix.provider };
      var conf = C.confidenceOf(view, o), seen = C.priceSeen(view, o);
      if (!ix.voc) ix.voc = V.load(ix.sizer);
      var price = (conf ? V.label(ix.voc, 'price_confidence', conf, lang) : '—') + ' · ' + (seen || t(lang, 'date_unknown'));
      if (isNum(o.listed_usd_per_hour) && o.gpus > 0) {
        price += ' · ' + t(lang, 'wg_price_doubtful', { usd: fmtUsd(lang, o.listed_usd_per_hour / o.gpus) });
      }
      row('cost', t(lang, 'wg_cost'), [cost, ' · ', el('span', { part: 'price', class: conf ? 'gsw-conf-' + conf.replace(/_/g, '-') : null }, [price])]);
    }
    return rows;
  }

  function renderCard(host, box, ix, read, live) {
    var use = read.use, lang = use.lang;
    if (live && live.ix) ix = live.ix;
    var built = cardRequest(use, ix);
    var resp;
    try { resp = ix.sizer.evaluate(built.request, live && live.text ? { catalog: live.text } : undefined); } catch (e) { resp = { ok: false, errors: [{ code: 'internal', path: '', message: String(e && e.message ? e.message : e) }] }; }
    var model = ix.model[built.request.model];
    var card = el('section', { class: 'gsw-card', part: 'card', dir: lang === 'ar' ? 'rtl' : 'ltr', lang: lang, 'data-theme': use.theme,
      'aria-label': t(lang, 'widget_label'), 'data-ready': resp && resp.ok ? 'true' : 'false' });
    var notice = noticeNode(lang, read.problems);
    if (notice) card.appendChild(notice);
    card.appendChild(el('h2', { class: 'gsw-title', part: 'title' }, [model && model.name ? model.name : built.request.model]));
    if (resp && resp.ok) card.appendChild(el('dl', { class: 'gsw-rows' }, cardRows(lang, resp, ix, !!use.gpu)));
    else card.appendChild(el('p', { class: 'gsw-no', role: 'alert' }, [((resp && resp.errors) || []).map(function (e) { return (e.path ? e.path + ': ' : '') + e.message; }).join(' ')]));
    card.appendChild(el('a', { class: 'gsw-link', part: 'link', href: calculatorUrl(host, use, built), target: '_blank', rel: 'noopener' }, [t(lang, 'wg_open_full')]));
    // Which catalog priced the card and its date: the bundled one, or the site's file by the name it was given.
    if (resp && resp.ok && resp.catalog_as_of) {
      card.appendChild(el('p', { class: 'gsw-foot', part: 'foot', 'data-catalog': live && live.ix ? 'live' : 'bundled' },
        [live && live.ix ? t(lang, 'wg_prices_live', { date: resp.catalog_as_of, src: live.src }) : t(lang, 'wg_prices_as_of', { date: resp.catalog_as_of })]));
    }
    while (box.firstChild) box.removeChild(box.firstChild);
    box.appendChild(card);
    return { response: resp, request: built.request };
  }

  // ------------------------------------------------------------------ the element
  class GpuSizerElement extends HTMLElement {
    static get observedAttributes() { return STRING_ATTRS.concat(['lang', 'compact']); }

    constructor() {
      super();
      this._shadow = this.attachShadow({ mode: 'open' });
      adoptStyles(this._shadow);
      this._ui = null;
      this._card = null;
      this._generation = 0;
    }

    connectedCallback() { if (!this._ui && !this._card) this._mount(); }

    disconnectedCallback() { this._unmount(); }

    attributeChangedCallback(name, oldValue, value) {
      if ((!this._ui && !this._card) || oldValue === value) return;
      // The card, the view, the sizing and the permalink key are read at mount: mount again.
      if (this._card || name === 'compact' || name === 'permalink' || name === 'view' || name === 'height' || name === 'calculator' || NUMBERS[name]) {
        this._unmount(); this._mount(); return;
      }
      if (name === 'theme') { this._applyHostTheme(); this._check(); return; }
      this._ui.set(name, value);
      this._check();
    }

    // The widget's theme (issue 32): its own `theme` attribute; else the host page's: a color-scheme of only dark or
    // only light where the widget sits (the computed value inherits from the page's :root or body), or the page's
    // own switch on <html> or <body> (data-theme="dark", class "dark"); else null, and the styles follow the OS
    // (prefers-color-scheme).
    _theme() {
      var own = this.getAttribute('theme');
      if (own === 'light' || own === 'dark') return own;
      var cs = '';
      try { cs = String(getComputedStyle(this).colorScheme || '').trim(); } catch (e) { /* detached */ }
      var words = cs.split(/\s+/).filter(function (w) { return w === 'light' || w === 'dark'; });
      if (words.length === 1) return words[0];
      var marks = [document.documentElement, document.body];
      for (var i = 0; i < marks.length; i++) {
        var m = marks[i];
        if (!m) continue;
        var dt = m.getAttribute('data-theme') || m.getAttribute('data-color-scheme') || m.getAttribute('data-bs-theme');
        if (dt === 'dark' || dt === 'light') return dt;
        if (m.classList.contains('dark') || m.classList.contains('theme-dark')) return 'dark';
        if (m.classList.contains('light') || m.classList.contains('theme-light')) return 'light';
      }
      return null;
    }
    _applyHostTheme() {
      var theme = this._theme();
      if (theme === this._appliedTheme) return;
      this._appliedTheme = theme;
      if (this._ui) this._ui.set('theme', theme);
      var card = this._card && this._card.box && this._card.box.querySelector('.gsw-card');
      if (card) { if (theme) card.setAttribute('data-theme', theme); else card.removeAttribute('data-theme'); }
    }
    // A host page that switches its theme changes an attribute of <html> or <body> (class, data-theme, style).
    _watchHost() {
      var self = this;
      if (this._hostWatch) return;
      this._hostWatch = new MutationObserver(function () { self._applyHostTheme(); });
      [document.documentElement, document.body].forEach(function (n) { if (n) self._hostWatch.observe(n, { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-color-scheme', 'data-bs-theme'] }); });
    }

    _lang() {
      var own = this.getAttribute('lang');
      if (own) return normLang(own);
      var up = this.parentElement && this.parentElement.closest('[lang]');
      return normLang(up ? up.getAttribute('lang') : 'en');
    }

    _unmount() {
      this._generation++;
      if (this._observer) { this._observer.disconnect(); this._observer = null; }
      if (this._hostWatch) { this._hostWatch.disconnect(); this._hostWatch = null; }
      this._appliedTheme = undefined;
      if (this._ui) { this._ui.destroy(); this._ui = null; }
      this._card = null;
      if (this._wrap && this._wrap.parentNode) this._wrap.parentNode.removeChild(this._wrap);
      this._wrap = null;
    }

    _emit(response, request, view) {
      this._lastResponse = response;
      this.dispatchEvent(new CustomEvent('gpu-sizer-result', { bubbles: true, composed: true, detail: { response: response, request: request || null, view: view } }));
    }

    // The notice above the full and compact views: re-read after each attribute change.
    _check() {
      var self = this, gen = this._generation;
      loadShared().then(function (ix) {
        if (gen !== self._generation || !self._noticeBox) return;
        var read = readAttrs(self, ix, self._lang());
        var key = read.use.lang + JSON.stringify(read.problems); // a new language re-phrases the notice
        if (key === self._problemsKey) return;
        self._problemsKey = key;
        while (self._noticeBox.firstChild) self._noticeBox.removeChild(self._noticeBox.firstChild);
        var n = noticeNode(read.use.lang, read.problems);
        if (n) self._noticeBox.appendChild(n);
        var warned = JSON.stringify(read.problems);
        if (warned !== self._warned) { self._warned = warned; warn(self, read.problems); }
      });
    }

    _mount() {
      var self = this, gen = ++this._generation;
      var wrap = document.createElement('div');
      wrap.className = 'gsw-scroll';
      wrap.setAttribute('part', 'scroll');
      var height = parseInt(this.getAttribute('height'), 10);
      if (height >= NUMBERS.height.min && height <= NUMBERS.height.max) wrap.style.setProperty('--gpu-sizer-max-height', height + 'px'); // CSSOM: allowed by style-src
      this._wrap = wrap;
      this._shadow.appendChild(wrap);
      var noticeBox = document.createElement('div');
      var box = document.createElement('div');
      wrap.appendChild(noticeBox);
      wrap.appendChild(box);
      this._noticeBox = noticeBox;
      this._problemsKey = null;
      var viewAttr = this.getAttribute('view');
      if (viewAttr === 'card') {
        this._card = { box: box };
        box.appendChild(el('p', { class: 'gsw-card', part: 'card', role: 'status', 'data-ready': 'false' }, [t(this._lang(), 'loading')]));
        loadShared().then(function (ix) {
          self._langNow = self._lang();
          return cardCatalog(self, ix).then(function (live) { return { ix: ix, live: live }; });
        }).then(function (got) {
          var ix = got.ix, live = got.live;
          if (gen !== self._generation) return;
          var read = readAttrs(self, live && live.ix ? live.ix : ix, self._lang());
          if (live && live.problem) read.problems.push(live.problem);
          var warned = JSON.stringify(read.problems);
          if (warned !== self._warned) { self._warned = warned; warn(self, read.problems); }
          read.use.theme = self._theme();
          var out = renderCard(self, box, ix, read, live);
          self._appliedTheme = read.use.theme;
          self._watchHost();
          self._emit(out.response, out.request, 'card');
        }).catch(function (e) {
          if (gen !== self._generation) return;
          while (box.firstChild) box.removeChild(box.firstChild);
          box.appendChild(el('p', { class: 'gsw-card gsw-no', part: 'card', role: 'alert' }, [t(self._lang(), 'load_failed', { msg: e && e.message ? e.message : String(e) })]));
        });
        return;
      }
      var compact = viewAttr === 'compact' || (viewAttr !== 'full' && this.hasAttribute('compact'));
      var ui = GpuSizerUI.mount(box, {
        embedded: true,
        compact: compact,
        permalink: this.hasAttribute('permalink') ? (this.getAttribute('permalink') || 'gpu-sizer') : null,
        lang: this._lang(),
        task: this.getAttribute('task'),
        model: this.getAttribute('model'),
        gpu: this.getAttribute('gpu'),
        theme: this._theme(),
        catalogSrc: this.getAttribute('catalog-src'),
        // Without catalog-src, the newer catalog the site publishes, as the page uses it (web/page.js).
        liveCatalog: metaCatalog(),
        onLangChange: function (lang) { if (self.getAttribute('lang') !== lang) self.setAttribute('lang', lang); }
      });
      this._ui = ui;
      this._appliedTheme = this._theme();
      this._watchHost();
      // Each evaluation re-renders the view: after a render with a response not yet announced, announce it.
      this._observer = new MutationObserver(function () {
        if (gen !== self._generation || !self._ui) return;
        var resp = self._ui.response();
        if (resp && resp !== self._lastResponse) self._emit(resp, null, compact ? 'compact' : 'full');
      });
      this._observer.observe(box, { childList: true, subtree: true, characterData: true, attributes: true });
      this._check();
    }

    get compact() { return this.hasAttribute('compact'); }
    set compact(v) { if (v) this.setAttribute('compact', ''); else this.removeAttribute('compact'); }
    /** The widget's current form state (a copy), or null while the core loads or in the card view. */
    get state() { return this._ui ? this._ui.state() : null; }
    /** The last response of the core (CONTRACT.md), or null. */
    get response() { return this._ui ? this._ui.response() : this._lastResponse || null; }
  }
  // view, model, task, gpu, permalink, catalog-src (catalogSrc), theme, height, calculator, prompt-tokens
  // (promptTokens), output-tokens (outputTokens), concurrency: reflected string properties. `lang` is HTMLElement's own.
  STRING_ATTRS.forEach(function (attr) {
    Object.defineProperty(GpuSizerElement.prototype, propName(attr), {
      configurable: true, enumerable: true,
      get: function () { return this.getAttribute(attr); },
      set: function (v) { if (v === null || v === undefined || v === false) this.removeAttribute(attr); else this.setAttribute(attr, String(v)); }
    });
  });

  window.customElements.define('gpu-sizer', GpuSizerElement);
  /** How many times this script has started the WASM core (1 however many widgets are on the page). */
  GpuSizerElement.coreStarts = function () { return GpuSizerUI.coreStarts(); };
  window.GpuSizerElement = GpuSizerElement;
})();
