/* gpu-sizer UI: builds the calculator into a container (the page's <div id="app"> or a widget's shadow root).
   Classic script, no framework. Every DOM node is built with createElement/textContent: no string from the
   catalog, an import, the core or the URL is ever parsed as HTML. Needs `createSizer` (dist/gpu-sizer.js) and
   `GpuSizerMessages` (messages.js) in scope. Exposes `GpuSizerUI`. */
/* global createSizer, GpuSizerMessages */
var GpuSizerUI = (function () {
  'use strict';

  var SVGNS = 'http://www.w3.org/2000/svg';
  var GIB = 1073741824;
  var DEBOUNCE_MS = 150;
  var OLD_CATALOG_DAYS = 90;

  var WEIGHTS = [
    ['bf16', 'BF16 (16-bit)'], ['fp16', 'FP16 (16-bit)'], ['fp8', 'FP8 (8-bit float)'], ['int8', 'INT8'],
    ['int4', 'INT4 (GPTQ/AWQ, g128)'], ['nf4', 'NF4 (bitsandbytes)'], ['fp4', 'FP4 (NVFP4/MXFP4)'], ['fp32', 'FP32'],
    ['gguf-q8_0', 'GGUF Q8_0'], ['gguf-q6_k', 'GGUF Q6_K'], ['gguf-q5_k_m', 'GGUF Q5_K_M'],
    ['gguf-q4_k_m', 'GGUF Q4_K_M'], ['gguf-q3_k_m', 'GGUF Q3_K_M'], ['gguf-q2_k', 'GGUF Q2_K']
  ];
  var KV_FORMATS = [['fp16', 'FP16'], ['bf16', 'BF16'], ['fp8', 'FP8'], ['int8', 'INT8'], ['q4', 'Q4 (4-bit)']];
  var ENGINES = [['vllm', 'vLLM'], ['sglang', 'SGLang'], ['tensorrt-llm', 'TensorRT-LLM'], ['llama.cpp', 'llama.cpp'],
    ['transformers', 'Hugging Face Transformers'], ['generic', 'Generic']];
  var PRICING = ['on_demand', 'spot', 'any'];
  // Task tabs and the workload kind each sends (the image tab sends "video" when a video model is chosen).
  var TASKS = [
    { id: 'serve', kind: 'inference', fam: 'serve', models: ['llm'], modelKey: 'model' },
    { id: 'finetune', kind: 'finetune', fam: 'train', models: ['llm'], modelKey: 'model' },
    { id: 'pretrain', kind: 'pretrain', fam: 'train', models: ['llm'], modelKey: 'model' },
    { id: 'image', kind: 'image', fam: 'image', models: ['image', 'video'], modelKey: 'img_model' },
    { id: 'audio', kind: 'audio', fam: 'audio', models: ['audio'], modelKey: 'audio_model' }
  ];
  var METHODS = ['lora', 'qlora', 'full'];
  var OPTIMIZERS = ['adamw', 'adamw_8bit', 'adafactor', 'sgd'];
  var LORA_TARGETS = ['attention', 'all_linear'];
  var SHARDING = ['auto', 'none', 'zero1', 'zero2', 'zero3', 'fsdp'];
  var PRECISIONS = ['bf16', 'fp8'];
  var TRISTATE = ['', 'on', 'off'];
  var CUSTOM_FIELDS = [
    ['params_b', 'cp', 'decimal'], ['layers', 'cl', 'numeric'], ['hidden', 'ch', 'numeric'], ['heads', 'cn', 'numeric'],
    ['kv_heads', 'ck', 'numeric'], ['head_dim', 'cd', 'numeric'], ['vocab', 'cv', 'numeric'], ['max_context', 'cx', 'numeric']
  ];
  var MEM_PARTS = [
    ['weights_bytes', 'mem_weights', 'weights'], ['kv_cache_bytes', 'mem_kv', 'kv'], ['activations_bytes', 'mem_act', 'act'],
    ['gradients_bytes', 'mem_grad', 'grad'], ['optimizer_bytes', 'mem_opt', 'opt'], ['adapter_bytes', 'mem_adapter', 'adapter'],
    ['overhead_bytes', 'mem_overhead', 'overhead']
  ];
  var COMMON_VRAM_GIB = [16, 24, 32, 48, 80, 96, 141, 192, 288];
  // state key -> permalink key (string values)
  var LINK_KEYS = [
    ['task', 't'], ['lang', 'l'], ['src', 's'], ['model', 'm'], ['hf', 'hf'], ['weights', 'w'], ['kv', 'kv'],
    ['prompt', 'pt'], ['output', 'ot'], ['conc', 'c'], ['engine', 'e'], ['tps', 'tps'], ['ttft', 'ttft'],
    ['method', 'fm'], ['ft_weights', 'fw'], ['optimizer', 'op'], ['lora_rank', 'lr'], ['lora_targets', 'lt'],
    ['ft_seq', 'fs'], ['micro_batch', 'mb'], ['grad_ckpt', 'gc'], ['sharding', 'sh'], ['dataset_tokens', 'dt'],
    ['epochs', 'ep'], ['precision', 'pp'], ['deadline_h', 'dl'], ['ckpt_min', 'ck'], ['pt_tokens', 'ptk'], ['pt_seq', 'ps'], ['pt_deadline_h', 'pdl'],
    ['img_model', 'im'], ['width', 'iw'], ['height', 'ih'], ['frames', 'if'], ['steps', 'is'], ['img_batch', 'ib'],
    ['images', 'ni'], ['guidance', 'gd'], ['img_weights', 'iwf'],
    ['audio_model', 'am'], ['audio_seconds', 'as'], ['audio_batch', 'ab'], ['audio_weights', 'aw'],
    ['hw', 'hw'], ['gpu', 'g'], ['count', 'n'], ['pricing', 'pr'], ['maxg', 'mg'], ['maxusd', 'mu'],
    ['sort', 'so'], ['dir', 'sd'], ['filt', 'f'], ['fgpu', 'fg'], ['limit', 'lim']
  ].concat(CUSTOM_FIELDS.map(function (c) { return ['c_' + c[0], c[1]]; }));

  // ---------------------------------------------------------------- shared core (one per script)
  var corePromise = null, coreStarts = 0;
  function loadCore() {
    if (!corePromise) corePromise = Promise.resolve().then(function () { coreStarts++; return createSizer(); });
    return corePromise;
  }
  var catalogFetches = {};

  // ---------------------------------------------------------------- DOM helpers (text only)
  function setAttrs(el, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k.slice(0, 2) === 'on' && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'text') el.textContent = String(v);
      else if (k === 'value' && 'value' in el && el.tagName !== 'OPTION' && el.tagName !== 'BUTTON') el.value = String(v);
      else if (k === 'checked' || k === 'selected') el[k] = !!v;
      else el.setAttribute(k, v === true ? '' : String(v));
    });
  }
  function append(el, kids) {
    if (kids === null || kids === undefined || kids === false) return;
    if (Array.isArray(kids)) { kids.forEach(function (k) { append(el, k); }); return; }
    el.appendChild(typeof kids === 'object' ? kids : document.createTextNode(String(kids)));
  }
  function h(tag, attrs, kids) { var el = document.createElement(tag); setAttrs(el, attrs); append(el, kids); return el; }
  function s(tag, attrs, kids) { var el = document.createElementNS(SVGNS, tag); setAttrs(el, attrs); append(el, kids); return el; }
  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }
  function isNum(v) { return typeof v === 'number' && isFinite(v); }
  function isObj(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }
  function modelKind(m) { return m && typeof m.kind === 'string' ? m.kind : 'llm'; }

  // Numbers typed by people: Arabic-Indic digits, Arabic separators and grouping commas are accepted.
  function parseNum(raw) {
    var t = String(raw).trim()
      .replace(/[\u0660-\u0669]/g, function (d) { return String(d.charCodeAt(0) - 0x660); })
      .replace(/[\u06F0-\u06F9]/g, function (d) { return String(d.charCodeAt(0) - 0x6F0); })
      .replace(/\u066B/g, '.').replace(/[\u066C,\s\u00A0\u202F_]/g, '').replace(/\u2212/g, '-');
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
    var v = Number(t);
    return isFinite(v) ? v : null;
  }

  // Digits shown for each figure; the table, the CSV and the cards use the same rules.
  function tpsDigits(v) { return v >= 100 ? 0 : 1; }
  function ttftDigits(v) { return v < 0.1 ? 3 : v < 10 ? 2 : 1; }
  function usdMDigits(v) { return v < 1 ? 3 : 2; }

  function makeFmt(lang) {
    var loc = lang === 'ar' ? 'ar-u-nu-latn' : 'en-US';
    var cache = {};
    function nf(key, o) { return cache[key] || (cache[key] = new Intl.NumberFormat(loc, o)); }
    var fmt = {
      locale: loc,
      fixed: function (v, d) { return nf('f' + d, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v); },
      num: function (v, maxD) { return nf('n' + maxD, { maximumFractionDigits: maxD === undefined ? 2 : maxD }).format(v); },
      sig: function (v, d) { return nf('s' + d, { maximumSignificantDigits: d || 4 }).format(v); },
      int: function (v) { return nf('i', { maximumFractionDigits: 0 }).format(v); },
      usd: function (v, d) {
        // Arabic CLDR writes "3.29 US$", which a right-to-left line scrambles; a left-to-right isolate keeps "$3.29".
        if (lang === 'ar') return '\u2066$' + nf('f' + d, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v) + '\u2069';
        return nf('u' + d, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
      },
      gb: function (bytes) {
        var v = bytes / 1e9;
        var d = v < 1 ? 2 : v < 100 ? 1 : 0;
        return nf('gb' + d, { style: 'unit', unit: 'gigabyte', unitDisplay: 'short', minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
      },
      gib: function (gib) { return nf('gib', { maximumFractionDigits: 0 }).format(gib) + ' GiB'; },
      date: function (iso) {
        var d = parseDate(iso);
        if (!d) return String(iso || '');
        return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(d);
      },
      duration: function (sec) {
        if (sec >= 3600 && sec % 3600 === 0) return nf('i', {}).format(sec / 3600) + (lang === 'ar' ? ' ساعة' : ' h');
        if (sec >= 60 && sec % 60 === 0) return nf('i', {}).format(sec / 60) + (lang === 'ar' ? ' دقيقة' : ' min');
        return nf('i', {}).format(sec) + (lang === 'ar' ? ' ث' : ' s');
      }
    };
    return fmt;
  }
  function parseDate(iso) {
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso || ''));
    if (!m) return null;
    var d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
    return isNaN(d.getTime()) ? null : d;
  }
  // Plain-number form for the CSV: same digits as shown, no grouping, '.' decimal.
  var csvNf = {};
  function csvFixed(v, d) {
    return (csvNf[d] || (csvNf[d] = new Intl.NumberFormat('en-US', { useGrouping: false, minimumFractionDigits: d, maximumFractionDigits: d }))).format(v);
  }
  function csvCell(v) {
    var t = String(v === undefined || v === null ? '' : v);
    return /[",\n\r]/.test(t) ? '"' + t.replace(/"/g, '""') + '"' : t;
  }

  // ---------------------------------------------------------------- catalog helpers
  var CATALOG_KEYS = ['as_of', 'gpus', 'providers', 'offerings', 'models'];
  function mergeCatalog(base, imported) {
    var out = {};
    Object.keys(base).forEach(function (k) { out[k] = base[k]; });
    Object.keys(imported).forEach(function (k) { out[k] = imported[k]; });
    return out;
  }
  function catalogView(cat) {
    var v = { asOf: cat.as_of, gpus: [], providers: [], offerings: [], models: [], gpu: {}, provider: {}, offering: {} };
    (Array.isArray(cat.gpus) ? cat.gpus : []).forEach(function (g) { if (isObj(g) && typeof g.id === 'string') { v.gpus.push(g); v.gpu[g.id] = g; } });
    (Array.isArray(cat.providers) ? cat.providers : []).forEach(function (p) { if (isObj(p) && typeof p.id === 'string') { v.providers.push(p); v.provider[p.id] = p; } });
    (Array.isArray(cat.offerings) ? cat.offerings : []).forEach(function (o) { if (isObj(o) && typeof o.id === 'string') { v.offerings.push(o); v.offering[o.id] = o; } });
    (Array.isArray(cat.models) ? cat.models : []).forEach(function (m) {
      if (isObj(m) && typeof m.id === 'string') v.models.push(m);
    });
    function byName(a, b) { return String(a.name || a.id).localeCompare(String(b.name || b.id), 'en', { numeric: true }); }
    v.gpus.sort(byName); v.providers.sort(byName); v.models.sort(byName);
    v.model = {};
    v.models.forEach(function (m) { v.model[m.id] = m; });
    return v;
  }

  // ---------------------------------------------------------------- the calculator
  function mount(container, opts) {
    opts = opts || {};
    var embedded = !!opts.embedded;
    var compact = !!opts.compact;
    var feat = {
      header: !embedded, tabs: !compact, custom: !compact, advanced: !compact, providers: !compact,
      guidance: !compact, chart: !compact, math: !compact, csv: !compact, importer: !embedded, fitview: !compact,
      tableTools: !compact, theme: !embedded, copyLink: !embedded || !!opts.permalink, footer: !embedded
    };
    var permalinkKey = opts.permalink === undefined || opts.permalink === null ? null : String(opts.permalink);
    var st = null, defaults = null;
    var sizer = null, bundled = null, view = null;
    var active = { cat: null, text: null, label: null };
    var refs = {}, fields = {};
    var lastResp = null, lastOk = null, lastOkTask = null, lastReq = null, timer = null, expanded = {}, lastHash = null;
    var destroyed = false;
    var fmt = makeFmt('en');
    var catalogNote = null; // {kind: 'ok'|'error', text, errors[]}
    var themeDark = null;

    function t(key, params) {
      var lang = st && st.lang === 'ar' ? 'ar' : 'en';
      var msg = GpuSizerMessages[lang][key];
      if (msg === undefined || msg === '') msg = lang === 'ar' && GpuSizerMessages.en[key] !== '' ? GpuSizerMessages.en[key] : msg;
      if (msg === undefined) msg = key;
      // In Arabic, each substituted value is a bidi isolate (FSI … PDI) so Latin names and numbers keep their order.
      var iso = lang === 'ar';
      if (params) msg = msg.replace(/\{(\w+)\}/g, function (m, k) { return params[k] === undefined ? m : iso ? '\u2068' + params[k] + '\u2069' : String(params[k]); });
      return msg;
    }

    var rootEl = h('div', { class: 'gs' + (embedded ? ' gs-embedded' : ' gs-page') + (compact ? ' gs-compact' : '') });
    container.appendChild(rootEl);
    setLoading(t('loading'));

    function setLoading(text) {
      clear(rootEl);
      rootEl.appendChild(h('p', { class: 'gs-loading', role: 'status' }, text));
    }

    loadCore().then(function (s) {
      if (destroyed) return;
      sizer = s;
      if (opts.theme === 'dark' || opts.theme === 'light') rootEl.setAttribute('data-theme', opts.theme);
      bundled = sizer.catalog();
      setCatalog(bundled, null, null);
      defaults = makeDefaults();
      st = copyState(defaults);
      if (opts.lang) st.lang = normLang(opts.lang);
      applyAttrs(opts);
      if (opts.initialState) applyLinkParams(opts.initialState);
      if (permalinkKey !== null) readHash();
      fixStateAgainstCatalog();
      if (feat.theme) initTheme();
      build();
      run(true);
      if (permalinkKey !== null) window.addEventListener('hashchange', onHashChange);
      if (opts.catalogSrc) loadCatalogSrc(opts.catalogSrc);
    }).catch(function (e) {
      st = st || { lang: normLang(opts.lang) };
      setLoading(t('load_failed', { msg: e && e.message ? e.message : String(e) }));
    });

    // ------------------------------------------------------------ state
    function makeDefaults() {
      function pick(kinds, preferred) {
        var list = modelsOf(kinds);
        return list.some(function (m) { return m.id === preferred; }) ? preferred : (list[0] ? list[0].id : '');
      }
      var model = pick(['llm'], 'llama-3.1-8b');
      var gpu = view.gpu['h100-sxm'] ? 'h100-sxm' : (view.gpus[0] ? view.gpus[0].id : '');
      var d = {
        task: 'serve', lang: 'en', src: model ? 'preset' : 'custom', model: model, q: '', hf: '',
        weights: 'bf16', kv: 'fp16', prompt: '2000', output: '500', conc: '8', engine: 'vllm', tps: '', ttft: '',
        method: 'lora', ft_weights: '', optimizer: 'adamw', lora_rank: '16', lora_targets: 'attention', ft_seq: '2048',
        micro_batch: '1', grad_ckpt: '', sharding: 'auto', dataset_tokens: '', epochs: '1', precision: 'bf16',
        deadline_h: '', ckpt_min: '', pt_tokens: '', pt_seq: '4096', pt_deadline_h: '',
        img_model: pick(['image', 'video'], 'flux.1-dev'), width: '', height: '', frames: '', steps: '', img_batch: '',
        images: '100', guidance: '', img_weights: '',
        audio_model: pick(['audio'], 'whisper-large-v3'), audio_seconds: '3600', audio_batch: '', audio_weights: '',
        hw: 'rank', gpu: gpu, count: '1', providers: null, pricing: 'on_demand', maxg: '', maxusd: '',
        sort: '', dir: 'asc', filt: '', fitonly: false, fgpu: '', limit: compact ? '5' : '25'
      };
      CUSTOM_FIELDS.forEach(function (c) { d['c_' + c[0]] = c[0] === 'params_b' ? '8' : ''; });
      return d;
    }
    function copyState(x) {
      var o = {};
      Object.keys(x).forEach(function (k) { o[k] = Array.isArray(x[k]) ? x[k].slice() : x[k]; });
      return o;
    }
    function modelsOf(kinds) { return view.models.filter(function (m) { return oneOf(modelKind(m), kinds); }); }
    function taskOf(id) { var k = id || (st && st.task); return TASKS.filter(function (x) { return x.id === k; })[0] || TASKS[0]; }
    function curModel() { var m = view.model[st[taskOf().modelKey]]; return m && oneOf(modelKind(m), taskOf().models) ? m : null; }
    function normLang(l) { return String(l || '').toLowerCase().slice(0, 2) === 'ar' ? 'ar' : 'en'; }
    function oneOf(v, list) { return list.indexOf(v) >= 0; }
    function ids(list) { return list.map(function (x) { return Array.isArray(x) ? x[0] : x.id || x; }); }

    function applyAttrs(o) {
      if (o.task) {
        var tk = String(o.task);
        tk = tk === 'inference' ? 'serve' : tk === 'video' ? 'image' : tk;
        if (oneOf(tk, ids(TASKS))) st.task = tk;
      }
      if (o.model) setModel(String(o.model), !o.task);
      if (o.gpu) { st.hw = 'pin'; st.gpu = String(o.gpu); }
    }
    // A preset id goes to the model slot of its kind; a model of another kind than the task's moves to a task for it
    // (unless keepTask: then an unknown or mismatched id falls back to the default).
    function setModel(id, moveTask) {
      var m = view.model[id];
      var kind = m ? modelKind(m) : 'llm';
      if (kind === 'llm') { st.src = 'preset'; st.model = id; } else if (kind === 'audio') st.audio_model = id; else st.img_model = id;
      if (moveTask && m && !oneOf(kind, taskOf().models)) st.task = kind === 'llm' ? 'serve' : kind === 'audio' ? 'audio' : 'image';
      st.q = '';
    }

    function fixStateAgainstCatalog() {
      if (st.src === 'preset' && !modelsOf(['llm']).some(function (m) { return m.id === st.model; })) {
        st.model = defaults.model;
        if (!st.model) st.src = 'custom';
      }
      if (!modelsOf(['image', 'video']).some(function (m) { return m.id === st.img_model; })) st.img_model = defaults.img_model;
      if (!modelsOf(['audio']).some(function (m) { return m.id === st.audio_model; })) st.audio_model = defaults.audio_model;
      if (!view.gpu[st.gpu]) st.gpu = view.gpus[0] ? view.gpus[0].id : '';
      if (st.providers) st.providers = st.providers.filter(function (p) { return !!view.provider[p]; });
    }

    // ------------------------------------------------------------ permalink
    function serialize() {
      var p = new URLSearchParams();
      LINK_KEYS.forEach(function (kv) {
        var v = st[kv[0]];
        if (v !== undefined && String(v) !== String(defaults[kv[0]])) p.set(kv[1], String(v));
      });
      if (st.fitonly) p.set('fo', '1');
      if (st.providers) p.set('pv', st.providers.length ? st.providers.join(',') : '-');
      return p.toString();
    }
    function applyLinkParams(p) {
      if (typeof p === 'string') p = new URLSearchParams(p);
      var enums = {
        task: ids(TASKS), lang: ['en', 'ar'], src: ['preset', 'custom', 'hf'], weights: ids(WEIGHTS), kv: ids(KV_FORMATS),
        engine: ids(ENGINES), hw: ['rank', 'pin'], pricing: PRICING, dir: ['asc', 'desc'],
        method: METHODS, optimizer: OPTIMIZERS, lora_targets: LORA_TARGETS, sharding: SHARDING, precision: PRECISIONS,
        grad_ckpt: TRISTATE, guidance: TRISTATE, ft_weights: [''].concat(ids(WEIGHTS)), img_weights: [''].concat(ids(WEIGHTS)),
        audio_weights: [''].concat(ids(WEIGHTS))
      };
      LINK_KEYS.forEach(function (kv) {
        if (!p.has(kv[1])) return;
        var v = String(p.get(kv[1])).slice(0, kv[0] === 'hf' ? 200000 : 200);
        if (enums[kv[0]] && !oneOf(v, enums[kv[0]])) return;
        if (kv[0] === 'limit') { var n = parseInt(v, 10); if (!(n >= 1 && n <= 1000)) return; v = String(n); }
        st[kv[0]] = v;
      });
      if (p.has('fo')) st.fitonly = p.get('fo') === '1';
      if (p.has('pv')) {
        var pv = String(p.get('pv'));
        st.providers = pv === '-' ? [] : pv.split(',').filter(Boolean).slice(0, 500);
      }
    }
    function hashParams() {
      var raw = (location.hash || '').replace(/^#/, '');
      return new URLSearchParams(raw);
    }
    function readHash() {
      var p = hashParams();
      if (permalinkKey === '') applyLinkParams(p);
      else if (p.has(permalinkKey)) applyLinkParams(new URLSearchParams(p.get(permalinkKey)));
    }
    function writeHash() {
      if (permalinkKey === null || !st) return;
      var ser = serialize();
      var next;
      if (permalinkKey === '') next = ser;
      else {
        var p = hashParams();
        if (ser) p.set(permalinkKey, ser); else p.delete(permalinkKey);
        next = p.toString();
      }
      var cur = (location.hash || '').replace(/^#/, '');
      if (next === cur) return;
      lastHash = next;
      try { history.replaceState(history.state, '', next ? '#' + next : location.pathname + location.search); } catch (e) { /* ignore */ }
    }
    function onHashChange() {
      var cur = (location.hash || '').replace(/^#/, '');
      if (cur === lastHash) return;
      var lang = st.lang;
      st = copyState(defaults);
      st.lang = lang;
      readHash();
      fixStateAgainstCatalog();
      build();
      run(true);
    }
    function shareUrl() {
      if (permalinkKey === null) return location.href;
      writeHash();
      return location.href;
    }

    // ------------------------------------------------------------ theme (page only)
    function initTheme() {
      var stored = null;
      try { stored = localStorage.getItem('gpu-sizer-theme'); } catch (e) { /* file:// or blocked */ }
      if (stored === 'dark' || stored === 'light') themeDark = stored === 'dark';
      else themeDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
      applyTheme();
    }
    function applyTheme() {
      var v = themeDark ? 'dark' : 'light';
      rootEl.setAttribute('data-theme', v);
      if (!embedded) document.documentElement.setAttribute('data-theme', v);
    }

    // ------------------------------------------------------------ catalog
    function setCatalog(cat, text, label) {
      active = { cat: cat, text: text, label: label };
      view = catalogView(cat);
    }
    function applyImported(obj, label) {
      var merged = mergeCatalog(bundled, obj);
      var res = sizer.validateCatalog(merged);
      if (!res || !res.ok) return { ok: false, errors: (res && res.errors) || [], warnings: (res && res.warnings) || [] };
      setCatalog(merged, JSON.stringify(merged), label);
      defaults = makeDefaults();
      fixStateAgainstCatalog();
      return { ok: true, errors: [], warnings: res.warnings || [], keys: Object.keys(obj) };
    }
    function importText(text, file) {
      var obj;
      try { obj = JSON.parse(text); } catch (e) {
        catalogNote = { kind: 'error', text: t('import_bad_json', { file: file, msg: e.message }), errors: [] };
        return false;
      }
      if (!isObj(obj) || !Object.keys(obj).some(function (k) { return oneOf(k, CATALOG_KEYS); })) {
        catalogNote = { kind: 'error', text: t('import_not_object', { file: file }), errors: [] };
        return false;
      }
      var r = applyImported(obj, file);
      if (!r.ok) {
        catalogNote = { kind: 'error', text: t('import_invalid', { file: file, n: r.errors.length }), errors: r.errors };
        return false;
      }
      catalogNote = { kind: 'ok', text: t('import_ok', { file: file, keys: r.keys.join(', ') }), errors: r.warnings };
      return true;
    }
    function onImportFile(ev) {
      var file = ev.target.files && ev.target.files[0];
      if (!file) return;
      var name = file.name;
      file.text().then(function (text) {
        importText(text, name);
        ev.target.value = '';
        build('gs-import');
        run(true);
      });
    }
    function resetCatalog() {
      setCatalog(bundled, null, null);
      defaults = makeDefaults();
      fixStateAgainstCatalog();
      catalogNote = { kind: 'ok', text: t('import_reset_done'), errors: [] };
      build('gs-import');
      run(true);
    }
    function loadCatalogSrc(src) {
      var url;
      try { url = new URL(src, location.href); } catch (e) { url = null; }
      if (!url || url.origin !== location.origin || !/^https?:$/.test(url.protocol)) {
        catalogNote = { kind: 'error', text: t('catalog_src_error', { src: src, msg: t('catalog_src_origin') }), errors: [] };
        build(); return;
      }
      var key = url.href;
      if (!catalogFetches[key]) {
        catalogFetches[key] = fetch(url.href, { credentials: 'same-origin' }).then(function (r) {
          if (!r.ok) throw new Error('HTTP ' + r.status);
          return r.text();
        });
      }
      catalogFetches[key].then(function (text) {
        if (destroyed) return;
        if (importText(text, src)) catalogNote = { kind: 'ok', text: t('catalog_src_ok', { src: src }), errors: [] };
        build(); run(true);
      }, function (e) {
        if (destroyed) return;
        catalogNote = { kind: 'error', text: t('catalog_src_error', { src: src, msg: e.message || String(e) }), errors: [] };
        build();
      });
    }

    // ------------------------------------------------------------ building the UI
    function build(focusId) {
      var focusTarget = focusId || (rootEl.getRootNode().activeElement && rootEl.getRootNode().activeElement.id) || null;
      fmt = makeFmt(st.lang);
      fields = {};
      refs = {};
      clear(rootEl);
      rootEl.setAttribute('dir', st.lang === 'ar' ? 'rtl' : 'ltr');
      rootEl.setAttribute('lang', st.lang);
      if (!embedded) {
        document.documentElement.setAttribute('lang', st.lang);
        document.documentElement.setAttribute('dir', st.lang === 'ar' ? 'rtl' : 'ltr');
        document.title = t('app_title') + ' · ' + (st.lang === 'ar' ? 'أي معالج رسومي تستأجر' : 'which GPU to rent');
      } else {
        rootEl.setAttribute('role', 'region');
        rootEl.setAttribute('aria-label', t('widget_label'));
      }
      if (feat.theme) applyTheme();

      if (feat.header) rootEl.appendChild(buildHeader());
      else rootEl.appendChild(buildWidgetBar());
      if (feat.tabs) rootEl.appendChild(buildTabs());
      var task = taskOf();
      var body = h('div', { id: 'gs-panel', role: feat.tabs ? 'tabpanel' : null, 'aria-labelledby': feat.tabs ? 'gs-tab-' + task.id : null,
        'data-task': task.id });
      body.appendChild(h('div', { class: 'gs-grid' }, [buildForm(), buildResults()]));
      rootEl.appendChild(h(embedded ? 'div' : 'main', { class: 'gs-main' }, body));
      if (feat.footer) rootEl.appendChild(buildFooter());
      if (lastOk && lastOkTask === task.id) renderResults(lastOk);
      if (focusTarget) {
        var el = rootEl.querySelector('#' + cssId(focusTarget));
        if (el && el.focus) el.focus();
      }
    }
    function cssId(id) { return String(id).replace(/[^a-zA-Z0-9_-]/g, function (c) { return '\\' + c; }); }

    function logo() {
      return s('svg', { class: 'gs-logo', viewBox: '0 0 32 32', width: '32', height: '32', 'aria-hidden': 'true', focusable: 'false' }, [
        s('rect', { x: '7', y: '7', width: '18', height: '18', rx: '3', class: 'gs-logo-chip' }),
        s('rect', { x: '12', y: '12', width: '8', height: '8', rx: '1', class: 'gs-logo-core' }),
        s('path', { d: 'M11 3v4M16 3v4M21 3v4M11 25v4M16 25v4M21 25v4M3 11h4M3 16h4M3 21h4M25 11h4M25 16h4M25 21h4', class: 'gs-logo-pins' })
      ]);
    }
    function langSelect() {
      var sel = h('select', { id: 'gs-lang', class: 'gs-input gs-input-auto', onchange: function (e) {
        st.lang = normLang(e.target.value);
        if (!embedded) { try { localStorage.setItem('gpu-sizer-lang', st.lang); } catch (x) { /* ignore */ } }
        if (opts.onLangChange) opts.onLangChange(st.lang);
        build('gs-lang'); run(true);
      } }, [h('option', { value: 'en', lang: 'en' }, 'English'), h('option', { value: 'ar', lang: 'ar' }, 'العربية')]);
      sel.value = st.lang;
      return h('div', { class: 'gs-tool' }, [h('label', { for: 'gs-lang' }, t('language')), sel]);
    }
    function copyLinkTool() {
      var out = h('span', { class: 'gs-copy-out', id: 'gs-copy-out', 'aria-live': 'polite' });
      var btn = h('button', { type: 'button', class: 'gs-btn', id: 'gs-copy', onclick: function () {
        var url = shareUrl();
        clear(out);
        var inp = h('input', { type: 'text', readonly: true, class: 'gs-link', 'aria-label': t('link_select'), value: url });
        out.appendChild(inp);
        inp.select();
        var done = function () { out.insertBefore(h('span', {}, t('link_copied') + ' '), inp); };
        if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, function () { /* selected for manual copy */ });
      } }, [icon('link'), t('copy_link')]);
      return h('div', { class: 'gs-tool gs-copy' }, [btn, out]);
    }
    function icon(name) {
      var paths = {
        link: 'M10 13a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 11a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1',
        download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
        moon: 'M20 14A8 8 0 1 1 10 4a6 6 0 0 0 10 10z',
        upload: 'M12 21V9M7 14l5-5 5 5M4 5h16'
      };
      return s('svg', { class: 'gs-icon', viewBox: '0 0 24 24', width: '16', height: '16', 'aria-hidden': 'true', focusable: 'false' },
        [s('path', { d: paths[name] })]);
    }
    function buildHeader() {
      var themeBtn = h('button', { type: 'button', class: 'gs-btn', id: 'gs-theme', 'aria-pressed': themeDark ? 'true' : 'false', onclick: function () {
        themeDark = !themeDark;
        try { localStorage.setItem('gpu-sizer-theme', themeDark ? 'dark' : 'light'); } catch (e) { /* ignore */ }
        applyTheme();
        themeBtn.setAttribute('aria-pressed', themeDark ? 'true' : 'false');
      } }, [icon('moon'), t('theme_dark')]);
      return h('header', { class: 'gs-header' }, [
        h('a', { class: 'gs-skip', id: 'gs-skip', href: '#gs-results', onclick: function (e) {
          e.preventDefault();
          var r = rootEl.querySelector('#gs-results');
          if (r) r.focus();
        } }, t('skip')),
        h('div', { class: 'gs-brand' }, [logo(), h('div', {}, [h('h1', {}, t('app_title')), h('p', { class: 'gs-tagline' }, t('tagline'))])]),
        h('div', { class: 'gs-tools' }, [langSelect(), h('div', { class: 'gs-tool' }, themeBtn), copyLinkTool()])
      ]);
    }
    function buildWidgetBar() {
      return h('div', { class: 'gs-wbar' }, [
        h('div', { class: 'gs-brand gs-brand-small' }, [logo(), h('h2', {}, t('app_title'))]),
        h('div', { class: 'gs-tools' }, [langSelect(), feat.copyLink ? copyLinkTool() : null])
      ]);
    }
    function buildTabs() {
      var list = h('div', { class: 'gs-tabs', role: 'tablist', 'aria-label': t('tasks') });
      TASKS.forEach(function (task, i) {
        var selected = task.id === st.task;
        list.appendChild(h('button', {
          type: 'button', role: 'tab', id: 'gs-tab-' + task.id, 'aria-selected': selected ? 'true' : 'false',
          'aria-controls': 'gs-panel', tabindex: selected ? '0' : '-1', class: 'gs-tab',
          onclick: function () { selectTask(task.id); },
          onkeydown: function (e) {
            var dir = st.lang === 'ar' ? -1 : 1, j = null;
            if (e.key === 'ArrowRight') j = i + dir; else if (e.key === 'ArrowLeft') j = i - dir;
            else if (e.key === 'Home') j = 0; else if (e.key === 'End') j = TASKS.length - 1;
            if (j === null) return;
            e.preventDefault();
            selectTask(TASKS[(j + TASKS.length) % TASKS.length].id);
          }
        }, t('task_' + task.id)));
      });
      return list;
    }
    function selectTask(id) {
      if (st.task !== id) { st.sort = ''; st.dir = 'asc'; st.fgpu = ''; expanded = {}; }
      st.task = id;
      build('gs-tab-' + id);
      run(true);
    }

    // ------------------------------------------------------------ form
    function fieldBox(name, labelText, control, hintText, extraClass) {
      var id = 'gs-' + name;
      control.id = id;
      var hintId = hintText ? id + '-hint' : null;
      if (hintId) control.setAttribute('aria-describedby', hintId);
      var err = h('p', { id: id + '-err', class: 'gs-err', hidden: true });
      var assumed = h('p', { id: id + '-assumed', class: 'gs-assumed', hidden: true });
      fields[name] = { input: control, err: err, hintId: hintId, assumed: assumed };
      return h('div', { class: 'gs-field' + (extraClass ? ' ' + extraClass : '') }, [
        h('label', { for: id }, labelText), control,
        hintText ? h('p', { id: hintId, class: 'gs-hint' }, hintText) : null, assumed, err
      ]);
    }
    function numInput(name, mode, placeholder) {
      return h('input', {
        type: 'text', inputmode: mode || 'numeric', autocomplete: 'off', spellcheck: 'false', value: st[name],
        placeholder: placeholder || null, class: 'gs-input',
        oninput: function (e) { st[name] = e.target.value; schedule(); }
      });
    }
    function selectInput(name, options, onChange) {
      var sel = h('select', { class: 'gs-input', onchange: function (e) { st[name] = e.target.value; if (onChange) onChange(); schedule(); } });
      options.forEach(function (o) {
        if (o.group) {
          var g = h('optgroup', { label: o.group });
          o.items.forEach(function (it) { g.appendChild(h('option', { value: it[0] }, it[1])); });
          sel.appendChild(g);
        } else sel.appendChild(h('option', { value: o[0] }, o[1]));
      });
      sel.value = st[name];
      return sel;
    }
    function radios(name, legend, choices, onChange) {
      var fs = h('fieldset', { class: 'gs-radios', id: 'gs-' + name + '-group' }, [h('legend', {}, legend)]);
      choices.forEach(function (c) {
        var id = 'gs-' + name + '-' + c[0];
        fs.appendChild(h('span', { class: 'gs-radio' }, [
          h('input', { type: 'radio', name: 'gs-' + name + '-' + uid, id: id, value: c[0], checked: st[name] === c[0], onchange: function () {
            st[name] = c[0]; onChange(); schedule();
          } }),
          h('label', { for: id }, c[1])
        ]));
      });
      return fs;
    }

    function buildForm() {
      var task = taskOf();
      var llm = task.models[0] === 'llm';
      var form = h('form', { class: 'gs-form', novalidate: true, 'aria-label': t('sec_workload'), onsubmit: function (e) { e.preventDefault(); run(true); } });

      // Model: presets for every task; a custom architecture or a config.json for language models.
      var model = h('fieldset', { class: 'gs-card gs-section' }, [h('legend', {}, t('sec_model'))]);
      var custom = llm && feat.custom;
      var srcChoices = [['preset', t('src_preset')]];
      if (custom) srcChoices.push(['custom', t('src_custom')], ['hf', t('src_hf')]);
      if (srcChoices.length > 1) model.appendChild(radios('src', t('model_source'), srcChoices, showModelSource));
      refs.preset = h('div', { class: 'gs-sub' });
      buildPreset(refs.preset, task);
      model.appendChild(refs.preset);
      if (custom) {
        refs.custom = h('div', { class: 'gs-sub gs-cols' });
        refs.hf = h('div', { class: 'gs-sub' });
        refs.custom.appendChild(h('p', { class: 'gs-hint gs-span' }, t('custom_hint')));
        CUSTOM_FIELDS.forEach(function (c) {
          refs.custom.appendChild(fieldBox('c_' + c[0], t('f_' + c[0]), numInput('c_' + c[0], c[2], c[0] === 'params_b' ? null : t('placeholder_auto'))));
        });
        var ta = h('textarea', { class: 'gs-input gs-code', rows: '7', spellcheck: 'false', placeholder: '{ "hidden_size": 4096, "num_hidden_layers": 32, … }',
          oninput: function (e) { st.hf = e.target.value; schedule(); } });
        ta.value = st.hf;
        ta.setAttribute('dir', 'ltr');
        refs.hf.appendChild(fieldBox('hf', t('hf_label'), ta, t('hf_hint')));
        model.appendChild(refs.custom);
        model.appendChild(refs.hf);
      }
      form.appendChild(model);
      showModelSource();

      // Workload
      var wl = h('fieldset', { class: 'gs-card gs-section gs-cols' }, [h('legend', {}, t('sec_workload'))]);
      var adv = feat.advanced;
      function add(name, label, control, hint, cls) { var box = fieldBox(name, label, control, hint, cls); wl.appendChild(box); return box; }
      function choices(list, prefix) { return list.map(function (v) { return [v, t(prefix + (v || 'default'))]; }); }
      if (task.id === 'serve') {
        add('weights', t('f_weights'), selectInput('weights', WEIGHTS));
        if (adv) add('kv', t('f_kv'), selectInput('kv', KV_FORMATS));
        add('prompt', t('f_prompt'), numInput('prompt', 'numeric', '1000'), t('hint_tokens'));
        add('output', t('f_output'), numInput('output', 'numeric', '250'), t('hint_tokens'));
        add('conc', t('f_conc'), numInput('conc', 'numeric', '1'), t('hint_conc'));
        if (adv) add('engine', t('f_engine'), selectInput('engine', ENGINES));
      } else if (task.id === 'finetune') {
        add('method', t('f_method'), selectInput('method', choices(METHODS, 'method_'), showLora), null, 'gs-span');
        add('ft_weights', t('f_ft_weights'), selectInput('ft_weights', [['', t('w_default_ft')]].concat(WEIGHTS)), null, 'gs-span');
        refs.lora = [];
        if (adv) refs.lora.push(add('lora_targets', t('f_lora_targets'), selectInput('lora_targets', choices(LORA_TARGETS, 'lt_')), null, 'gs-span'));
        refs.lora.push(add('lora_rank', t('f_lora_rank'), numInput('lora_rank', 'numeric', '16')));
        add('epochs', t('f_epochs'), numInput('epochs', 'decimal', '1'));
        add('dataset_tokens', t('f_dataset_tokens'), numInput('dataset_tokens', 'decimal', '100000000'), t('hint_dataset_tokens'), 'gs-span');
        add('ft_seq', t('f_seq'), numInput('ft_seq', 'numeric', '2048'), t('hint_seq'));
        if (adv) add('micro_batch', t('f_micro_batch'), numInput('micro_batch', 'numeric', '1'), t('hint_micro_batch'));
        if (adv) trainAdvanced(add, choices);
        showLora();
      } else if (task.id === 'pretrain') {
        add('pt_tokens', t('f_pt_tokens'), numInput('pt_tokens', 'decimal', t('ph_pt_tokens')), t('hint_pt_tokens'), 'gs-span');
        add('pt_seq', t('f_seq'), numInput('pt_seq', 'numeric', '4096'), t('hint_seq'));
        if (adv) trainAdvanced(add, choices);
      } else if (task.id === 'image') {
        var im = curModel() || {};
        var video = modelKind(im) === 'video';
        add('width', t('f_width'), numInput('width', 'numeric', isNum(im.native_width) ? String(im.native_width) : t('placeholder_auto')), t('hint_native'));
        add('height', t('f_height'), numInput('height', 'numeric', isNum(im.native_height) ? String(im.native_height) : t('placeholder_auto')), t('hint_native'));
        if (video) add('frames', t('f_frames'), numInput('frames', 'numeric', isNum(im.default_frames) ? String(im.default_frames) : t('placeholder_auto')),
          isNum(im.default_frames) && isNum(im.fps) ? t('hint_frames', { fps: fmt.int(im.fps), s: fmt.num(im.default_frames / im.fps, 1) }) : t('hint_native'));
        add('steps', t('f_steps'), numInput('steps', 'numeric', isNum(im.default_steps) ? String(im.default_steps) : t('placeholder_auto')), t('hint_steps'));
        add('images', t(video ? 'f_clips' : 'f_images'), numInput('images', 'numeric', '1'), t('hint_images'));
        if (adv) add('img_batch', t('f_img_batch'), numInput('img_batch', 'numeric', '1'), t('hint_img_batch'));
        if (adv) add('guidance', t('f_guidance'), selectInput('guidance', choices(TRISTATE, 'guid_')),
          im.guidance_distilled ? t('hint_guidance_distilled') : t('hint_guidance'), 'gs-span');
        add('img_weights', t('f_weights'), selectInput('img_weights', [['', t('w_default')]].concat(WEIGHTS)));
      } else if (task.id === 'audio') {
        var am = curModel() || {};
        add('audio_seconds', t(am.task === 'tts' ? 'f_audio_tts' : 'f_audio_stt'), numInput('audio_seconds', 'decimal', '60'), t('hint_audio_seconds'), 'gs-span');
        if (adv) add('audio_batch', t('f_audio_batch'), numInput('audio_batch', 'numeric', '1'), t('hint_audio_batch'));
        add('audio_weights', t('f_weights'), selectInput('audio_weights', [['', t('w_default')]].concat(WEIGHTS)));
      }
      form.appendChild(wl);

      if (adv && (task.id === 'serve' || task.fam === 'train')) {
        var tg = h('fieldset', { class: 'gs-card gs-section gs-cols' }, [h('legend', {}, t('sec_targets'))]);
        if (task.id === 'serve') {
          tg.appendChild(fieldBox('tps', t('f_tps'), numInput('tps', 'decimal')));
          tg.appendChild(fieldBox('ttft', t('f_ttft'), numInput('ttft', 'decimal')));
        } else {
          var dl = task.id === 'pretrain' ? 'pt_deadline_h' : 'deadline_h';
          tg.appendChild(fieldBox(dl, t('f_deadline'), numInput(dl, 'decimal'), t('hint_deadline'), 'gs-span'));
        }
        form.appendChild(tg);
      }

      // Hardware
      var hw = h('fieldset', { class: 'gs-card gs-section' }, [h('legend', {}, t('sec_hardware'))]);
      hw.appendChild(radios('hw', t('hw_mode'), [['rank', t('hw_rank')], ['pin', t('hw_pin')]], showHw));
      refs.pin = h('div', { class: 'gs-sub gs-cols' });
      var vendors = {};
      view.gpus.forEach(function (g) { (vendors[g.vendor || 'other'] = vendors[g.vendor || 'other'] || []).push([g.id, g.name + ' · ' + fmt.gib(g.vram_gib)]); });
      var gpuOpts = Object.keys(vendors).sort().map(function (v) { return { group: v.toUpperCase(), items: vendors[v] }; });
      refs.pin.appendChild(fieldBox('gpu', t('f_gpu'), selectInput('gpu', gpuOpts), null, 'gs-span'));
      refs.pin.appendChild(fieldBox('count', t('f_count'), numInput('count', 'numeric', '1')));
      refs.rank = h('div', { class: 'gs-sub gs-cols' });
      if (feat.providers) refs.rank.appendChild(buildProviders());
      refs.rank.appendChild(fieldBox('pricing', t('f_pricing'), selectInput('pricing', PRICING.map(function (p) { return [p, t('pricing_' + p)]; }))));
      if (feat.advanced) {
        refs.rank.appendChild(fieldBox('maxg', t('f_maxg'), numInput('maxg', 'numeric')));
        refs.rank.appendChild(fieldBox('maxusd', t('f_maxusd'), numInput('maxusd', 'decimal')));
      }
      hw.appendChild(refs.pin);
      hw.appendChild(refs.rank);
      form.appendChild(hw);
      showHw();

      form.appendChild(buildCatalogBox());
      return h('div', { class: 'gs-formcol' }, form);
    }

    function buildPreset(box, task) {
      var key = task.modelKey;
      var all = modelsOf(task.models);
      if (!all.length) { box.appendChild(h('p', { class: 'gs-hint' }, t(task.models[0] === 'llm' ? 'no_presets' : 'no_presets_kind'))); return; }
      var rebuild = task.models[0] !== 'llm'; // the workload fields follow the model (native size, frames, speech direction)
      var sel = h('select', { class: 'gs-input', onchange: function (e) {
        st[key] = e.target.value;
        if (rebuild) { build('gs-model'); run(true); return; }
        showFacts(); schedule();
      } });
      var withSearch = all.length > 10;
      var search = withSearch ? h('input', { type: 'search', class: 'gs-input', autocomplete: 'off', value: st.q, oninput: function (e) {
        st.q = e.target.value; fillModels(); schedule();
      } }) : null;
      var noMatch = h('p', { class: 'gs-hint', id: 'gs-model-nomatch', 'aria-live': 'polite' });
      var facts = h('p', { class: 'gs-facts', id: 'gs-model-facts' });
      function matches(m, q) { return !q || String(m.name).toLowerCase().indexOf(q) >= 0 || String(m.id).toLowerCase().indexOf(q) >= 0; }
      function groupOf(m) {
        var k = modelKind(m);
        if (k === 'audio') return m.task === 'tts' ? 'grp_tts' : 'grp_stt';
        return k === 'video' ? 'grp_video' : k === 'image' ? 'grp_image' : null;
      }
      function fillModels() {
        var q = withSearch ? st.q.trim().toLowerCase() : '';
        var list = all.filter(function (m) { return matches(m, q); });
        clear(sel);
        if (list.length && !list.some(function (m) { return m.id === st[key]; })) st[key] = list[0].id;
        var cur = view.model[st[key]];
        if (!list.length && cur) list = [cur];
        var groups = {}, order = [];
        list.forEach(function (m) {
          var g = groupOf(m) || '';
          if (!groups[g]) { groups[g] = []; order.push(g); }
          groups[g].push(m);
        });
        order.forEach(function (g) {
          var parent = g && order.length > 1 ? sel.appendChild(h('optgroup', { label: t(g) })) : sel;
          groups[g].forEach(function (m) { parent.appendChild(h('option', { value: m.id }, m.name + (isNum(m.params_b) ? ' · ' + fmt.num(m.params_b, m.params_b < 1 ? 3 : 1) + ' B' : ''))); });
        });
        sel.value = st[key];
        noMatch.textContent = q && !all.some(function (m) { return matches(m, q); }) ? t('no_match', { q: st.q }) : '';
        showFacts();
      }
      function showFacts() {
        var m = view.model[st[key]];
        var parts = [];
        if (m) {
          var k = modelKind(m);
          if (isNum(m.params_b)) parts.push(t('facts_params', { v: fmt.num(m.params_b, m.params_b < 1 ? 3 : 2) }));
          if (isNum(m.active_params_b) && m.active_params_b !== m.params_b) parts.push(t('facts_active', { v: fmt.num(m.active_params_b, 2) }));
          if (k === 'llm') {
            if (isNum(m.layers)) parts.push(t('facts_layers', { v: fmt.int(m.layers) }));
            if (isNum(m.kv_heads)) parts.push(t('facts_kv', { v: fmt.int(m.kv_heads) }));
            if (isNum(m.head_dim)) parts.push(t('facts_head_dim', { v: fmt.int(m.head_dim) }));
            if (isNum(m.max_context)) parts.push(t('facts_ctx', { v: fmt.int(m.max_context) }));
          } else if (k === 'image' || k === 'video') {
            if (typeof m.backbone === 'string') parts.push(t('facts_backbone', { v: m.backbone === 'dit' ? 'DiT' : m.backbone === 'unet' ? 'UNet' : m.backbone }));
            if (isNum(m.native_width) && isNum(m.native_height)) parts.push(t('facts_native', { size: fmt.int(m.native_width) + '×' + fmt.int(m.native_height) }));
            if (k === 'video' && isNum(m.default_frames)) parts.push(t('facts_frames', { v: fmt.int(m.default_frames), fps: isNum(m.fps) ? fmt.int(m.fps) : '—' }));
            if (isNum(m.default_steps)) parts.push(t('facts_steps', { v: fmt.int(m.default_steps) }));
            if (m.guidance_distilled) parts.push(t('facts_distilled'));
          } else if (k === 'audio') {
            parts.push(t(m.task === 'tts' ? 'facts_tts' : 'facts_stt'));
            if (isNum(m.sample_rate_hz)) parts.push(t('facts_rate', { v: fmt.num(m.sample_rate_hz / 1000, 1) }));
            if (isNum(m.chunk_seconds)) parts.push(t('facts_chunk', { v: fmt.int(m.chunk_seconds) }));
          }
        }
        facts.textContent = parts.join(' · ');
      }
      if (search) box.appendChild(fieldBox('q', t('model_search'), search));
      box.appendChild(fieldBox('model', t('model_preset'), sel));
      sel.setAttribute('aria-describedby', 'gs-model-facts');
      box.appendChild(noMatch);
      box.appendChild(facts);
      fillModels();
    }
    function trainAdvanced(add, choices) {
      add('optimizer', t('f_optimizer'), selectInput('optimizer', choices(OPTIMIZERS, 'opt_')));
      add('precision', t('f_precision'), selectInput('precision', choices(PRECISIONS, 'prec_')));
      add('sharding', t('f_sharding'), selectInput('sharding', choices(SHARDING, 'shard_')), t('hint_sharding'), 'gs-span');
      add('grad_ckpt', t('f_grad_ckpt'), selectInput('grad_ckpt', choices(TRISTATE, 'gc_')), t(st.task === 'pretrain' ? 'hint_gc_pretrain' : 'hint_gc'), 'gs-span');
      add('ckpt_min', t('f_ckpt'), numInput('ckpt_min', 'decimal', t('placeholder_none')), t('hint_ckpt'));
    }
    function showLora() {
      (refs.lora || []).forEach(function (b) { b.hidden = st.method === 'full'; });
    }
    function showModelSource() {
      if (refs.preset) refs.preset.hidden = !!refs.custom && st.src !== 'preset';
      if (refs.custom) refs.custom.hidden = st.src !== 'custom';
      if (refs.hf) refs.hf.hidden = st.src !== 'hf';
    }
    function showHw() {
      if (refs.pin) refs.pin.hidden = st.hw !== 'pin';
      if (refs.rank) refs.rank.hidden = st.hw !== 'rank';
    }
    function buildProviders() {
      var fs = h('fieldset', { class: 'gs-providers gs-span', id: 'gs-providers' }, [h('legend', {}, t('f_providers'))]);
      var list = h('div', { class: 'gs-checks' });
      var boxes = [];
      function sync() {
        var chosen = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
        st.providers = chosen.length === boxes.length ? null : chosen;
        schedule();
      }
      view.providers.forEach(function (p) {
        var id = 'gs-prov-' + p.id;
        var cb = h('input', { type: 'checkbox', id: id, value: p.id, checked: !st.providers || st.providers.indexOf(p.id) >= 0, onchange: sync });
        boxes.push(cb);
        list.appendChild(h('span', { class: 'gs-check' }, [cb, h('label', { for: id }, p.name || p.id)]));
      });
      var all = h('button', { type: 'button', class: 'gs-btn gs-btn-small', onclick: function () { boxes.forEach(function (b) { b.checked = true; }); sync(); } }, t('all'));
      var none = h('button', { type: 'button', class: 'gs-btn gs-btn-small', onclick: function () { boxes.forEach(function (b) { b.checked = false; }); sync(); } }, t('none'));
      var err = h('p', { id: 'gs-providers-err', class: 'gs-err', hidden: true });
      fs.appendChild(h('div', { class: 'gs-checks-tools' }, [all, none]));
      fs.appendChild(list);
      fs.appendChild(err);
      fields.providers = { input: fs, err: err, group: boxes };
      return fs;
    }

    function buildCatalogBox() {
      var box = h('section', { class: 'gs-card gs-section gs-catalog' }, [h('h2', { id: 'gs-catalog-h', class: 'gs-h3' }, t('sec_catalog'))]);
      var asOf = active.cat.as_of;
      box.appendChild(h('p', { id: 'gs-asof' }, [t('catalog_date', { date: fmt.date(asOf) }), active.label ? h('span', { class: 'gs-muted' }, [' (', h('bdi', {}, active.label), ')']) : null]));
      var d = parseDate(asOf);
      if (d) {
        var days = Math.floor((Date.now() - d.getTime()) / 86400000);
        if (days > OLD_CATALOG_DAYS) box.appendChild(h('p', { class: 'gs-warn', id: 'gs-catalog-old' }, t('catalog_old', { days: fmt.int(days) })));
      }
      box.appendChild(h('p', { class: 'gs-muted' }, t('catalog_counts', {
        gpus: fmt.int(view.gpus.length), providers: fmt.int(view.providers.length),
        offerings: fmt.int(view.offerings.length), models: fmt.int(view.models.length)
      })));
      if (feat.importer) {
        var input = h('input', { type: 'file', id: 'gs-import', accept: '.json,application/json', class: 'gs-file', 'aria-describedby': 'gs-import-hint', onchange: onImportFile });
        box.appendChild(h('div', { class: 'gs-field' }, [
          h('label', { for: 'gs-import', class: 'gs-filelabel' }, [icon('upload'), t('import_label')]), input,
          h('p', { class: 'gs-hint', id: 'gs-import-hint' }, t('import_hint'))
        ]));
        if (active.label) box.appendChild(h('button', { type: 'button', class: 'gs-btn', id: 'gs-import-reset', onclick: resetCatalog }, t('import_reset')));
      }
      var status = h('div', { id: 'gs-import-status', 'aria-live': 'polite' });
      if (catalogNote) {
        status.appendChild(h('p', { class: catalogNote.kind === 'error' ? 'gs-err' : 'gs-ok' }, catalogNote.text));
        if (catalogNote.errors && catalogNote.errors.length) {
          if (catalogNote.kind === 'ok') status.appendChild(h('p', { class: 'gs-muted' }, t('import_warnings')));
          var ul = h('ul', { class: 'gs-issues', id: 'gs-import-errors' });
          catalogNote.errors.slice(0, 200).forEach(function (e) {
            ul.appendChild(h('li', {}, [h('code', { dir: 'ltr' }, e.path || '/'), ' ', h('bdi', {}, e.message || e.code || '')]));
          });
          status.appendChild(ul);
        }
      }
      box.appendChild(status);
      return box;
    }

    function buildResults() {
      var res = h('section', { class: 'gs-results', id: 'gs-results', tabindex: '-1', 'aria-labelledby': 'gs-results-h' }, [
        h('h2', { id: 'gs-results-h', class: 'gs-vh' }, t('results')),
        refs.summary = h('p', { class: 'gs-summary', role: 'status', id: 'gs-summary' }),
        refs.alert = h('div', { class: 'gs-alert', id: 'gs-alert' }),
        refs.out = h('div', { class: 'gs-out', id: 'gs-out' })
      ]);
      return res;
    }
    function buildFooter() {
      var offline = document.documentElement.hasAttribute('data-offline');
      return h('footer', { class: 'gs-footer' }, [
        h('p', {}, t('footer_private')),
        offline ? null : h('p', {}, h('a', { href: 'gpu-sizer.html', download: 'gpu-sizer.html' }, [icon('download'), t('footer_offline')]))
      ]);
    }

    // ------------------------------------------------------------ request
    function buildRequest() {
      var errs = [];
      var task = taskOf();
      var w = { kind: task.kind };
      var req = { workload: w, locale: st.lang, limit: parseInt(st.limit, 10) || 25 };
      var adv = feat.advanced;
      function num(name, required) {
        var raw = String(st[name] || '').trim();
        if (!raw) { if (required) errs.push({ field: name, message: t('err_required') }); return undefined; }
        var v = parseNum(raw);
        if (v === null) { errs.push({ field: name, message: t('err_number') }); return undefined; }
        return v;
      }
      // Fields in hours or minutes: checked here, since the core's messages speak of seconds.
      function dur(name, unit) {
        var v = num(name);
        if (v === undefined) return undefined;
        if (!(v > 0)) { errs.push({ field: name, message: t('err_positive') }); return undefined; }
        return v * unit;
      }
      function put(key, name) { var v = num(name); if (v !== undefined) w[key] = v; }
      function tri(key, name) { if (st[name] === 'on') w[key] = true; else if (st[name] === 'off') w[key] = false; }
      var llm = task.models[0] === 'llm';
      if (llm && st.src === 'custom' && feat.custom) {
        var m = {};
        CUSTOM_FIELDS.forEach(function (c) { var v = num('c_' + c[0], c[0] === 'params_b'); if (v !== undefined) m[c[0]] = v; });
        req.model = m;
      } else if (llm && st.src === 'hf' && feat.custom) {
        var text = st.hf.trim();
        if (!text) errs.push({ field: 'hf', message: t('hf_empty') });
        else {
          var cfg;
          try { cfg = JSON.parse(text); } catch (e) { errs.push({ field: 'hf', message: t('hf_bad', { msg: e.message }) }); }
          if (cfg !== undefined && !isObj(cfg)) errs.push({ field: 'hf', message: t('hf_not_object') });
          else if (cfg) req.hf_config = cfg;
        }
      } else {
        req.model = st[task.modelKey];
        if (!req.model) errs.push({ field: 'model', message: t('no_presets_kind') });
      }
      var v;
      if (task.id === 'serve') {
        w.weights = st.weights;
        w.kv_cache = st.kv;
        put('prompt_tokens', 'prompt');
        put('output_tokens', 'output');
        put('concurrency', 'conc');
        if (adv) { put('min_output_tokens_per_s_per_user', 'tps'); put('max_ttft_s', 'ttft'); }
        req.engine = st.engine;
      } else if (task.fam === 'train') {
        if (task.id === 'finetune') {
          w.method = st.method;
          if (st.ft_weights) w.weights = st.ft_weights;
          if (st.method !== 'full') {
            put('lora_rank', 'lora_rank');
            if (adv) w.lora_targets = st.lora_targets;
          }
          put('dataset_tokens', 'dataset_tokens');
          put('epochs', 'epochs');
          put('seq_len', 'ft_seq');
          if (adv) put('micro_batch', 'micro_batch');
        } else {
          put('tokens', 'pt_tokens');
          put('seq_len', 'pt_seq');
        }
        if (adv) {
          w.optimizer = st.optimizer;
          w.precision = st.precision;
          w.sharding = st.sharding;
          tri('grad_checkpointing', 'grad_ckpt');
          if ((v = dur('ckpt_min', 60)) !== undefined) w.checkpoint_every_s = v;
          if ((v = dur(task.id === 'pretrain' ? 'pt_deadline_h' : 'deadline_h', 3600)) !== undefined) w.deadline_s = v;
        }
      } else if (task.id === 'image') {
        var im = curModel();
        if (im && modelKind(im) === 'video') { w.kind = 'video'; put('frames', 'frames'); }
        put('width', 'width');
        put('height', 'height');
        put('steps', 'steps');
        put('images', 'images');
        if (adv) { put('batch', 'img_batch'); tri('guidance', 'guidance'); }
        if (st.img_weights) w.weights = st.img_weights;
      } else if (task.id === 'audio') {
        put('audio_seconds', 'audio_seconds');
        if (adv) put('batch', 'audio_batch');
        if (st.audio_weights) w.weights = st.audio_weights;
      }
      if (st.hw === 'pin') {
        req.hardware = { gpu: st.gpu };
        if ((v = num('count')) !== undefined) req.hardware.count = v;
      } else {
        req.filters = { pricing: st.pricing };
        if (st.providers) {
          if (!st.providers.length) errs.push({ field: 'providers', message: t('providers_none') });
          else req.filters.providers = st.providers.slice();
        }
        if (adv) {
          if ((v = num('maxg')) !== undefined) req.filters.max_gpus = v;
          if ((v = num('maxusd')) !== undefined) req.filters.max_usd_per_hour = v;
        }
      }
      return { request: req, errors: errs };
    }

    // error path (JSON Pointer) -> field name
    function fieldForPath(path) {
      var task = taskOf();
      var map = [
        ['/workload/kv_cache', 'kv'], ['/workload/prompt_tokens', 'prompt'],
        ['/workload/context_tokens', 'prompt'], ['/workload/output_tokens', 'output'], ['/workload/concurrency', 'conc'],
        ['/workload/min_output_tokens_per_s_per_user', 'tps'], ['/workload/max_ttft_s', 'ttft'], ['/engine', 'engine'],
        ['/workload/method', 'method'], ['/workload/optimizer', 'optimizer'], ['/workload/lora_rank', 'lora_rank'],
        ['/workload/lora_targets', 'lora_targets'], ['/workload/micro_batch', 'micro_batch'], ['/workload/grad_checkpointing', 'grad_ckpt'],
        ['/workload/sharding', 'sharding'], ['/workload/dataset_tokens', 'dataset_tokens'], ['/workload/epochs', 'epochs'],
        ['/workload/checkpoint_every_s', 'ckpt_min'], ['/workload/precision', 'precision'], ['/workload/deadline_s', task.id === 'pretrain' ? 'pt_deadline_h' : 'deadline_h'],
        ['/workload/tokens', 'pt_tokens'], ['/workload/seq_len', task.id === 'pretrain' ? 'pt_seq' : 'ft_seq'],
        ['/workload/width', 'width'], ['/workload/height', 'height'], ['/workload/frames', 'frames'], ['/workload/steps', 'steps'],
        ['/workload/images', 'images'], ['/workload/guidance', 'guidance'], ['/workload/audio_seconds', 'audio_seconds'],
        ['/workload/batch', task.id === 'audio' ? 'audio_batch' : 'img_batch'],
        ['/workload/weights', { serve: 'weights', finetune: 'ft_weights', image: 'img_weights', audio: 'audio_weights' }[task.id] || 'weights'],
        ['/workload/kind', 'model'],
        ['/hardware/gpu', 'gpu'], ['/hardware/count', 'count'], ['/hardware', 'gpu'], ['/filters/providers', 'providers'],
        ['/filters/pricing', 'pricing'], ['/filters/max_gpus', 'maxg'], ['/filters/max_usd_per_hour', 'maxusd'],
        ['/hf_config', 'hf']
      ];
      CUSTOM_FIELDS.forEach(function (c) { map.push(['/model/' + c[0], 'c_' + c[0]]); });
      map.push(['/model', task.models[0] === 'llm' && st.src === 'custom' ? 'c_params_b' : task.models[0] === 'llm' && st.src === 'hf' ? 'hf' : 'model']);
      var p = String(path || '');
      for (var i = 0; i < map.length; i++) {
        var k = map[i][0];
        if ((p === k || p.indexOf(k + '/') === 0) && fields[map[i][1]] && !isHidden(fields[map[i][1]].input)) return map[i][1];
      }
      return null;
    }
    function isHidden(el) {
      for (var n = el; n && n !== rootEl; n = n.parentNode) if (n.hidden) return true;
      return false;
    }

    function clearFieldErrors() {
      Object.keys(fields).forEach(function (k) {
        var f = fields[k];
        if (!f.err) return;
        f.err.hidden = true;
        f.err.textContent = '';
        if (f.group) f.group.forEach(function (b) { b.removeAttribute('aria-invalid'); });
        else f.input.removeAttribute('aria-invalid');
        if (f.group) f.input.removeAttribute('aria-describedby');
        else if (f.hintId) f.input.setAttribute('aria-describedby', f.hintId);
        else f.input.removeAttribute('aria-describedby');
      });
    }
    function errorText(e) {
      var prefix = st.lang === 'ar' ? GpuSizerMessages.ar['ec_' + e.code] : '';
      return prefix ? [prefix, ' ', h('bdi', {}, e.message)] : [e.message];
    }
    function showErrors(list) {
      // list items: {field, message} (client) or {code, path, message} (core)
      var general = [];
      list.forEach(function (e) {
        var name = e.field || fieldForPath(e.path);
        var f = name && fields[name];
        if (!f) { general.push(e); return; }
        if (f.err.textContent) f.err.appendChild(document.createTextNode(' '));
        append(f.err, e.field ? e.message : errorText(e));
        f.err.hidden = false;
        if (f.group) {
          f.group.forEach(function (b) { b.setAttribute('aria-invalid', 'true'); b.setAttribute('aria-describedby', f.err.id); });
          f.input.setAttribute('aria-describedby', f.err.id);
        } else {
          f.input.setAttribute('aria-invalid', 'true');
          f.input.setAttribute('aria-describedby', (f.hintId ? f.hintId + ' ' : '') + f.err.id);
        }
      });
      clear(refs.alert);
      refs.alert.appendChild(h('p', { class: 'gs-warn' }, t('stale')));
      if (general.length) {
        var ul = h('ul', { class: 'gs-issues' });
        general.forEach(function (e) { ul.appendChild(h('li', {}, [e.path ? h('code', { dir: 'ltr' }, e.path) : null, e.path ? ' ' : null].concat(e.field ? [e.message] : errorText(e)))); });
        refs.alert.appendChild(h('div', { class: 'gs-card gs-errors', role: 'alert' }, [h('h3', { class: 'gs-h3' }, t('errors_title')), ul]));
      }
      if (refs.out) refs.out.classList.add('gs-stale');
      refs.summary.textContent = t('errors_title') + ': ' + list.length;
    }

    // ------------------------------------------------------------ evaluate
    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(function () { run(false); }, DEBOUNCE_MS);
    }
    function run() {
      clearTimeout(timer);
      if (!sizer || destroyed) return;
      writeHash();
      if (!refs.summary) return;
      clearFieldErrors();
      clearAssumed();
      var built = buildRequest();
      if (built.errors.length) { showErrors(built.errors); return; }
      var resp;
      try {
        resp = sizer.evaluate(built.request, active.text ? { catalog: active.text } : undefined);
      } catch (e) {
        resp = { ok: false, errors: [{ code: 'internal', path: '', message: String(e && e.message ? e.message : e) }] };
      }
      lastResp = resp;
      if (!resp || !resp.ok) { showErrors((resp && resp.errors) || []); return; }
      lastOk = resp;
      lastOkTask = st.task;
      lastReq = built.request;
      clear(refs.alert);
      renderResults(resp);
    }
    function clearAssumed() {
      Object.keys(fields).forEach(function (k) { var f = fields[k]; if (f.assumed) { f.assumed.hidden = true; f.assumed.textContent = ''; } });
    }
    function showAssumed(resp) {
      // Workload defaults the core filled in (dataset size, token budget): its note beside the blank field.
      (resp.warnings || []).forEach(function (w) {
        if (w.code !== 'assumed_field' || String(w.path || '').indexOf('/workload/') !== 0) return;
        var name = fieldForPath(w.path);
        var f = name && fields[name];
        if (!f || !f.assumed) return;
        clear(f.assumed);
        append(f.assumed, st.lang === 'ar' ? [t('assumed_default'), ' ', h('bdi', {}, String(w.message || ''))] : String(w.message || ''));
        f.assumed.hidden = false;
      });
      if (!resp.model || st.src !== 'custom' || taskOf().models[0] !== 'llm') return;
      (resp.model.assumed || []).forEach(function (path) {
        var key = String(path).split('/').pop();
        var f = fields['c_' + key];
        if (f && isNum(resp.model[key])) { f.assumed.textContent = t('assumed_value', { v: fmt.num(resp.model[key], 2) }); f.assumed.hidden = false; }
      });
    }

    // ------------------------------------------------------------ results
    function provName(o) {
      if (!o.provider) return '—';
      var p = view.provider[o.provider];
      return p && p.name ? String(p.name) : String(o.provider);
    }
    function gpuName(id) { var g = view.gpu[id]; return g && g.name ? String(g.name) : String(id || '—'); }
    // Table cells drop the vendor word ("NVIDIA H100 SXM" -> "H100 SXM"); the full name is in the details and cards.
    function gpuShort(id) { return gpuName(id).replace(/^(NVIDIA|AMD|Intel|Google|AWS)\s+/i, ''); }
    function optionKey(o, i) { return o.offering_id ? o.offering_id + '|' + (o.pricing || '') : 'pinned|' + o.gpu + '|' + o.gpus + '|' + i; }
    function optionTitle(o) {
      if (o.instance) return provName(o) + ' ' + (o.instances > 1 ? fmt.int(o.instances) + ' × ' : '') + o.instance;
      return fmt.int(o.gpus) + ' × ' + gpuName(o.gpu);
    }
    function badges(o) {
      var out = [];
      var g = view.gpu[o.gpu] || {};
      var tf = g.tflops || {};
      if (isNum(tf.fp8)) out.push(['fp8', t('badge_fp8'), t('t_fp8')]);
      var off = o.offering_id ? view.offering[o.offering_id] : null;
      var ic = o.interconnect || (off && off.interconnect);
      if (ic === 'nvlink' && o.gpus > 1) out.push(['nvlink', t('badge_nvlink'), t('t_nvlink')]);
      if (typeof g.memory_type === 'string' && /^HBM/i.test(g.memory_type)) out.push(['hbm', t('badge_hbm'), t('t_hbm') + ': ' + g.memory_type]);
      if (o.pricing === 'spot') out.push(['spot', t('badge_spot'), t('t_spot')]);
      var p = o.provider ? view.provider[o.provider] : null;
      if (p && p.billing && isNum(p.billing.granularity_s) && t('billing_' + p.billing.granularity_s) !== 'billing_' + p.billing.granularity_s) {
        var label = t('billing_' + p.billing.granularity_s);
        if (isNum(p.billing.minimum_s) && p.billing.minimum_s > p.billing.granularity_s) label += ', ' + t('billing_min', { d: fmt.duration(p.billing.minimum_s) });
        out.push(['billing', label, t('t_billing')]);
      }
      return out;
    }
    function fitsRank(o) { return o.fits ? (o.meets_targets ? 2 : 1) : 0; }
    function fitsText(o) { return o.fits ? (o.meets_targets ? t('fits_yes') : t('fits_target')) : t('fits_no'); }

    // What a response is about: serving, training (fine-tune and pretrain), image/video, or audio.
    function famOf(resp) {
      var k = (resp && resp.workload_kind) || (lastReq && lastReq.workload.kind) || taskOf().kind;
      return k === 'finetune' || k === 'pretrain' ? 'train' : k === 'image' || k === 'video' ? 'image' : k === 'audio' ? 'audio' : 'serve';
    }
    function isVideo(resp) { return !!resp && resp.workload_kind === 'video'; }
    // Images or clips the shown response was asked for (the core makes one when none is given), and audio seconds.
    function jobItems() { var w = (lastReq && lastReq.workload) || {}; return isNum(w.images) ? w.images : 1; }
    function jobAudio() { var w = (lastReq && lastReq.workload) || {}; return isNum(w.audio_seconds) ? w.audio_seconds : null; }
    // Wall-clock time of the whole job on one option: the training time, or the requested items at the option's rate.
    function jobSeconds(o, fam) {
      if (fam === 'train') return o.train_s;
      if (fam !== 'image' && fam !== 'audio') return undefined;
      if (isNum(o.items_per_s) && o.items_per_s > 0) return (fam === 'image' ? jobItems() : 1) / o.items_per_s;
      return undefined;
    }
    function usdTotalDigits(v) { return v < 0.01 ? 4 : v < 1 ? 3 : v < 1000 ? 2 : 0; }
    function hoursDigits(v) { return v < 1 ? 2 : v < 100 ? 1 : 0; }
    function rtfDigits(v) { return v < 0.01 ? 4 : v < 1 ? 3 : 2; }
    function perHourDigits(v) { return v < 10 ? 1 : 0; }
    function fmtUsdTotal(v) { return isNum(v) ? fmt.usd(v, usdTotalDigits(v)) : '—'; }
    function fmtDur(sec) {
      if (!isNum(sec)) return '—';
      if (sec < 60) return t('u_s', { n: fmt.fixed(sec, sec < 10 ? 1 : 0) });
      if (sec < 3600) return t('u_min', { n: fmt.fixed(sec / 60, sec < 600 ? 1 : 0) });
      if (sec < 172800) return t('u_h', { n: fmt.fixed(sec / 3600, sec < 36000 ? 1 : 0) });
      var d = sec / 86400;
      return t('u_days', { n: fmt.fixed(d, d < 10 ? 1 : 0) });
    }
    // How many times faster than real time the whole job runs (all copies of the model together).
    function audioSpeed(o) {
      var a = jobAudio();
      if (isNum(a) && isNum(o._job) && o._job > 0) return a / o._job;
      return isNum(o.real_time_factor) && o.real_time_factor > 0 ? 1 / o.real_time_factor : undefined;
    }
    // A requested amount of audio: "1 h", "90 min" when it is whole minutes, else like any duration.
    function fmtAudio(sec) { return isNum(sec) && sec >= 60 && sec % 60 === 0 ? fmt.duration(sec) : fmtDur(sec); }
    function fmtRtf(v) { return isNum(v) ? fmt.fixed(v, rtfDigits(v)) : '—'; }
    function shardText(o) {
      var sh = o.sharding ? (o.sharding === 'none' ? t('sh_none') : o.sharding === 'fsdp' ? 'FSDP' : String(o.sharding).replace(/^zero(\d)$/, 'ZeRO-$1')) : '—';
      var tp = o.parallelism && o.parallelism.tensor > 1 ? o.parallelism.tensor : 0;
      return tp ? t('sh_tp', { sh: sh, tp: fmt.int(tp) }) : sh;
    }
    function usdTotalLabel(resp, fam) {
      if (fam === 'image') return t(isVideo(resp) ? 'col_usd_clips' : 'col_usd_images', { n: fmt.int(jobItems()) });
      if (fam === 'audio' && isNum(jobAudio())) return t('col_usd_audio', { d: fmtAudio(jobAudio()) });
      return t('col_usd_total');
    }

    function columns(resp) {
      var fam = famOf(resp);
      var video = isVideo(resp);
      function numCol(id, label, get, digits, usd, more) {
        var c = {
          id: id, label: label, num: true, sortVal: get,
          text: function (o) { var v = get(o); return isNum(v) ? (usd ? fmt.usd(v, digits(v)) : fmt.fixed(v, digits(v))) : '—'; },
          csv: function (o) { var v = get(o); return isNum(v) ? csvFixed(v, digits(v)) : ''; }
        };
        if (more) Object.keys(more).forEach(function (k) { c[k] = more[k]; });
        return c;
      }
      var cols = [
        { id: 'rank', label: t('col_rank'), num: true, sortVal: function (o) { return o._rank; }, text: function (o) { return fmt.int(o._rank); }, csv: function (o) { return String(o._rank); } },
        { id: 'provider', label: t('col_provider'), sortVal: function (o) { return provName(o).toLowerCase(); }, text: provName, csv: provName, compact: true },
        { id: 'instance', label: t('col_instance'), sortVal: function (o) { return String(o.instance || '').toLowerCase(); },
          text: function (o) { return o.instance ? String(o.instance) : t('pinned_instance'); }, csv: function (o) { return o.instance ? String(o.instance) : t('pinned_instance'); }, compact: true },
        { id: 'gpus', label: t('col_gpus'), num: true, sortVal: function (o) { return o.gpus; },
          text: function (o) { return fmt.int(o.gpus) + ' × ' + gpuShort(o.gpu); }, csv: function (o) { return o.gpus + ' × ' + gpuShort(o.gpu); }, compact: true }
      ];
      var usdH = numCol('usd_h', t('col_usd_h'), function (o) { return o.usd_per_hour; }, function () { return 2; }, true);
      var usdTotal = numCol('usd_total', usdTotalLabel(resp, fam), function (o) { return o.usd_total; }, usdTotalDigits, true, { compact: true });
      var job = { id: 'job', label: t('col_job'), csvLabel: t('col_job_csv'), num: true, sortVal: function (o) { return o._job; },
        text: function (o) { return fmtDur(o._job); }, csv: function (o) { return isNum(o._job) ? csvFixed(o._job, 1) : ''; } };
      if (fam === 'serve') {
        usdH.compact = true;
        cols.push(usdH,
          numCol('tps_user', t('col_tps_user'), function (o) { return o.decode_output_tokens_per_s_per_user; }, tpsDigits, false, { desc: true, compact: true }),
          numCol('tps', t('col_tps'), function (o) { return o.output_tokens_per_s; }, tpsDigits, false, { desc: true }),
          numCol('ttft', t('col_ttft'), function (o) { return o.ttft_s; }, ttftDigits),
          numCol('usd_m', t('col_usd_m'), function (o) { return o.usd_per_million_output_tokens; }, usdMDigits, true, { compact: true }));
      } else if (fam === 'train') {
        // Instances (nodes) only when some option spans several.
        if ((resp.options || []).some(function (o) { return o.instances > 1; })) cols.push(numCol('instances', t('col_instances'), function (o) { return o.instances || 1; }, function () { return 0; }));
        cols.push(usdH,
          { id: 'sharding', label: t('col_sharding'), sortVal: function (o) { return shardText(o); }, text: shardText, csv: shardText },
          numCol('time_h', t('col_time_h'), function (o) { return isNum(o.train_s) ? o.train_s / 3600 : undefined; }, hoursDigits, false, { compact: true }),
          numCol('gpu_h', t('col_gpu_h'), function (o) { return o.gpu_hours; }, hoursDigits),
          numCol('mfu', t('col_mfu'), function (o) { return isNum(o.mfu) ? o.mfu * 100 : undefined; }, function () { return 0; }, false, { desc: true }),
          usdTotal);
      } else if (fam === 'image') {
        cols.push(usdH,
          numCol('s_item', t(video ? 'col_s_clip' : 'col_s_image'), function (o) { return o.seconds_per_image; }, ttftDigits, false, { compact: true }),
          numCol('items_h', t(video ? 'col_clips_h' : 'col_images_h'), function (o) { return isNum(o.items_per_s) ? o.items_per_s * 3600 : undefined; }, perHourDigits, false, { desc: true }),
          job, usdTotal);
      } else {
        cols.push(usdH,
          numCol('rtf', t('col_rtf'), function (o) { return o.real_time_factor; }, rtfDigits, false, { compact: true }),
          job, usdTotal);
      }
      cols.push(
        { id: 'fits', label: t('col_fits'), sortVal: fitsRank, text: fitsText, csv: fitsText, compact: true, desc: true },
        { id: 'badges', label: t('col_badges'), nosort: true, text: function (o) { return badges(o).map(function (b) { return b[1]; }).join(' | '); },
          csv: function (o) { return badges(o).map(function (b) { return b[1]; }).join(' | '); } });
      return compact ? cols.filter(function (c) { return c.compact; }) : cols;
    }
    function shownRows(resp) {
      var fam = famOf(resp);
      var opts = (resp.options || []).map(function (o, i) {
        var c = Object.assign({}, o);
        c._rank = i + 1; c._key = optionKey(o, i); c._job = jobSeconds(o, fam);
        return c;
      });
      var q = st.filt.trim().toLowerCase();
      var rows = opts.filter(function (o) {
        if (st.fitonly && !o.fits) return false;
        if (st.fgpu && o.gpu !== st.fgpu) return false;
        if (!q) return true;
        return [provName(o), o.provider, o.instance, gpuName(o.gpu), o.gpu, o.region].some(function (x) { return x && String(x).toLowerCase().indexOf(q) >= 0; });
      });
      var col = columns(resp).filter(function (c) { return c.id === st.sort && !c.nosort; })[0];
      if (col) {
        var dir = st.dir === 'desc' ? -1 : 1;
        rows.sort(function (a, b) {
          var x = col.sortVal(a), y = col.sortVal(b);
          var mx = x === undefined || x === null || (typeof x === 'number' && !isFinite(x));
          var my = y === undefined || y === null || (typeof y === 'number' && !isFinite(y));
          if (mx || my) return mx === my ? a._rank - b._rank : mx ? 1 : -1;
          if (x < y) return -dir; if (x > y) return dir;
          return a._rank - b._rank;
        });
      }
      return { all: opts, rows: rows };
    }

    function renderResults(resp) {
      if (!refs.out) return;
      var focusKey = null;
      var ae = rootEl.getRootNode().activeElement;
      if (ae && refs.out.contains(ae)) focusKey = ae.getAttribute('data-focus-key');
      refs.out.classList.remove('gs-stale');
      clear(refs.out);
      showAssumed(resp);
      var data = shownRows(resp);
      var top = pickTop(data.all);
      refs.summary.textContent = summaryText(resp, top, data.all);

      var row = h('div', { class: 'gs-toprow' });
      row.appendChild(renderTop(resp, top, data.all));
      if (feat.guidance && resp.guidance && resp.guidance.length) row.appendChild(renderGuidance(resp));
      refs.out.appendChild(row);
      refs.out.appendChild(renderMemory(resp));
      if (feat.fitview && Array.isArray(resp.fit_by_gpu) && resp.fit_by_gpu.length) refs.out.appendChild(renderFit(resp));
      refs.out.appendChild(renderOptions(resp, data));
      if (feat.chart && st.hw === 'rank') refs.out.appendChild(refs.chartBox = h('section', { class: 'gs-card' }));
      if (feat.chart && st.hw === 'rank') renderChart(data.rows);
      if (feat.math && resp.explain && resp.explain.length) refs.out.appendChild(renderMath(resp));
      if (focusKey) {
        var el = refs.out.querySelector('[data-focus-key="' + cssEsc(focusKey) + '"]');
        if (el) el.focus();
      }
    }
    function cssEsc(v) { return String(v).replace(/["\\]/g, '\\$&'); }
    function pickTop(all) {
      for (var i = 0; i < all.length; i++) if (all[i].fits && all[i].meets_targets) return all[i];
      return null;
    }
    function summaryText(resp, top, all) {
      var fam = famOf(resp);
      var mem = resp.memory && isNum(resp.memory.total_bytes) ? fmt.gb(resp.memory.total_bytes) : '—';
      if (!all.length) return t(fam === 'serve' ? 'summary_none' : 'summary_none_job', { mem: mem });
      var pin = st.hw === 'pin';
      var o = pin ? all[0] : top;
      if (fam !== 'serve' && !pin && !o && all[0].fits) {
        // Options fit but none meets the targets: for a job that is the deadline, so say how long the fastest takes.
        var fastest = all.filter(function (x) { return x.fits && isNum(x._job); }).sort(function (a, b) { return a._job - b._job; })[0];
        return fastest ? t('summary_missall_job', { time: fmtDur(fastest._job), what: optionTitle(fastest) }) : t('summary_missall');
      }
      if (!o || !o.fits) return t('summary_nofit', { reason: ((o || all[0]).reasons && (o || all[0]).reasons[0]) || '' });
      var what = pin ? optionTitle(o) : optionTitle(o) + ' (' + fmt.int(o.gpus) + ' × ' + gpuName(o.gpu) + ')';
      var miss = o.meets_targets ? '' : ' ' + t('summary_misses');
      if (fam === 'serve') {
        if (pin) {
          if (o.meets_targets) return t('summary_pinned', { what: what, tps: fmtTps(o.decode_output_tokens_per_s_per_user), agg: fmtTps(o.output_tokens_per_s), ttft: fmtS(o.ttft_s), mem: mem });
          return t('summary_pinned_target', { what: what, tps: fmtTps(o.decode_output_tokens_per_s_per_user), ttft: fmtS(o.ttft_s) });
        }
        return t('summary_top', {
          what: what,
          usd_h: isNum(o.usd_per_hour) ? t('u_per_h', { n: fmt.usd(o.usd_per_hour, 2) }) : '—',
          tps: fmtTps(o.decode_output_tokens_per_s_per_user),
          usd_m: isNum(o.usd_per_million_output_tokens) ? fmt.usd(o.usd_per_million_output_tokens, usdMDigits(o.usd_per_million_output_tokens)) : '—',
          mem: mem
        });
      }
      var p = { what: what, mem: mem, time: fmtDur(o._job), usd: fmtUsdTotal(o.usd_total) };
      var key;
      if (fam === 'train') {
        p.gpuh = isNum(o.gpu_hours) ? fmt.fixed(o.gpu_hours, hoursDigits(o.gpu_hours)) : '—';
        p.mfu = isNum(o.mfu) ? fmt.int(o.mfu * 100) + '%' : '—';
        key = 'summary_train';
      } else if (fam === 'image') {
        p.spi = fmtS(o.seconds_per_image);
        p.n = fmt.int(jobItems());
        key = isVideo(resp) ? 'summary_video' : 'summary_image';
      } else {
        p.audio = fmtAudio(jobAudio());
        p.rtf = fmtRtf(o.real_time_factor);
        key = 'summary_audio';
      }
      // A pinned GPU has no price: the same sentence without the cost.
      return (pin ? '' : t('summary_top_prefix')) + t(key + (isNum(o.usd_total) ? '' : '_nocost'), p) + miss;
    }
    function fmtTps(v) { return isNum(v) ? t('u_tps', { n: fmt.fixed(v, tpsDigits(v)) }) : '—'; }
    function fmtS(v) { return isNum(v) ? t('u_s', { n: fmt.fixed(v, ttftDigits(v)) }) : '—'; }

    function kv(dl, label, value) {
      if (value === null || value === undefined || value === '') return;
      dl.appendChild(h('div', { class: 'gs-kv' }, [h('dt', {}, label), h('dd', {}, value)]));
    }
    function rangeText(o) {
      var r = o.range;
      if (!r || !isNum(r.low) || !isNum(r.high)) return null;
      var m = String(r.metric || '');
      var f = /tokens_per_s/.test(m) ? function (v) { return fmt.fixed(v, tpsDigits(v)); }
        : m === 'real_time_factor' ? fmtRtf
        : /seconds|_s$/.test(m) ? function (v) { return fmt.fixed(v, ttftDigits(v)); }
        : function (v) { return fmt.sig(v, 3); };
      return t('range_val', { low: f(r.low), high: f(r.high) });
    }
    function rangeLabel(o) {
      var key = 'range_' + String((o.range && o.range.metric) || '');
      var l = t(key);
      return l === key ? t('k_range') : l;
    }
    function optionFacts(o, dl, full, resp) {
      var fam = famOf(resp || lastOk);
      var video = isVideo(resp || lastOk);
      if (fam === 'serve') {
        kv(dl, t('k_tps_user'), isNum(o.decode_output_tokens_per_s_per_user) ? fmtTps(o.decode_output_tokens_per_s_per_user) : null);
        kv(dl, t('k_tps'), isNum(o.output_tokens_per_s) ? fmtTps(o.output_tokens_per_s) : null);
        kv(dl, t('k_ttft'), isNum(o.ttft_s) ? fmtS(o.ttft_s) : null);
        kv(dl, t('k_usd_h'), isNum(o.usd_per_hour) ? fmt.usd(o.usd_per_hour, 2) : null);
        kv(dl, t('k_usd_m'), isNum(o.usd_per_million_output_tokens) ? fmt.usd(o.usd_per_million_output_tokens, usdMDigits(o.usd_per_million_output_tokens)) : null);
        kv(dl, t('k_usd_month'), isNum(o.usd_per_month) ? fmt.usd(o.usd_per_month, 0) : null);
      } else {
        if (fam === 'train') {
          kv(dl, t('k_time'), isNum(o.train_s) ? fmtDur(o.train_s) : null);
          kv(dl, t('k_train_tps'), isNum(o.train_tokens_per_s) ? fmtTps(o.train_tokens_per_s) : null);
          kv(dl, t('k_gpu_hours'), isNum(o.gpu_hours) ? fmt.fixed(o.gpu_hours, hoursDigits(o.gpu_hours)) : null);
          kv(dl, t('k_mfu'), isNum(o.mfu) ? fmt.int(o.mfu * 100) + '%' : null);
          kv(dl, t('k_sharding'), o.sharding ? shardText(o) : null);
          if (o.instances > 1) kv(dl, t('k_instances'), fmt.int(o.instances));
        } else if (fam === 'image') {
          kv(dl, t(video ? 'k_s_clip' : 'k_s_image'), isNum(o.seconds_per_image) ? fmtS(o.seconds_per_image) : null);
          kv(dl, t(video ? 'k_clips_h' : 'k_images_h'), isNum(o.items_per_s) ? fmt.fixed(o.items_per_s * 3600, perHourDigits(o.items_per_s * 3600)) : null);
          kv(dl, t(video ? 'k_job_clips' : 'k_job_images', { n: fmt.int(jobItems()) }), isNum(o._job) ? fmtDur(o._job) : null);
        } else {
          kv(dl, t('k_rtf'), isNum(o.real_time_factor) ? fmtRtf(o.real_time_factor) : null);
          var sp = audioSpeed(o);
          kv(dl, t('k_speed'), isNum(sp) ? t('u_x_realtime', { n: fmt.num(sp, sp < 10 ? 1 : 0) }) : null);
          kv(dl, isNum(jobAudio()) ? t('k_job_audio', { d: fmtAudio(jobAudio()) }) : t('k_job'), isNum(o._job) ? fmtDur(o._job) : null);
        }
        kv(dl, t('k_usd_total'), isNum(o.usd_total) ? fmtUsdTotal(o.usd_total) : null);
        kv(dl, t('k_usd_h'), isNum(o.usd_per_hour) ? fmt.usd(o.usd_per_hour, 2) : null);
      }
      if (isNum(o.used_bytes_per_gpu) && isNum(o.vram_bytes_per_gpu)) kv(dl, t('k_mem_gpu'), t('used_of', { used: fmt.gb(o.used_bytes_per_gpu), total: fmt.gb(o.vram_bytes_per_gpu) }));
      if (!full) return;
      if (fam === 'serve') {
        kv(dl, t('k_max_conc'), isNum(o.max_concurrency) ? fmt.int(o.max_concurrency) : null);
        kv(dl, t('k_max_ctx'), isNum(o.max_context_tokens) ? t('u_tokens', { n: fmt.int(o.max_context_tokens) }) : null);
      } else {
        if (isNum(o.usd_compute)) {
          var money = function (v) { return isNum(v) && v > 0 ? fmtUsdTotal(v) : fmt.usd(0, 0); };
          kv(dl, t('k_cost_split'), t('cost_split', { c: money(o.usd_compute), s: money(o.usd_storage), e: money(o.usd_egress) }));
        }
        kv(dl, t('k_billed'), isNum(o.billed_s) ? fmtDur(o.billed_s) : null);
        kv(dl, t('k_spot_extra'), isNum(o.spot_extra_s) && o.spot_extra_s > 0 ? fmtDur(o.spot_extra_s) : null);
        if (fam !== 'train' && o.parallelism && o.parallelism.data > 0) kv(dl, t('k_copies'), fmt.int(o.parallelism.data));
      }
      if (o.parallelism && (fam === 'serve' || fam === 'train')) kv(dl, t('k_parallel'), [o.parallelism.tensor, o.parallelism.pipeline, o.parallelism.data].map(function (x) { return fmt.int(x || 1); }).join(' × '));
      if (o.bottleneck) kv(dl, t('k_bottleneck'), t('bn_' + o.bottleneck));
      if (o.interconnect) kv(dl, t('k_interconnect'), o.interconnect);
      var rt = rangeText(o);
      if (rt) kv(dl, rangeLabel(o), rt);
      if (o.region) kv(dl, t('k_region'), h('bdi', {}, String(o.region)));
    }
    function notes(o) {
      var box = h('div', { class: 'gs-notes' });
      if (o.reasons && o.reasons.length) {
        box.appendChild(h('h4', { class: 'gs-h4' }, t('reasons')));
        var ul = h('ul', { class: 'gs-reasons' });
        o.reasons.forEach(function (r) { ul.appendChild(h('li', { dir: 'auto' }, String(r))); });
        box.appendChild(ul);
      }
      if (o.warnings && o.warnings.length) {
        box.appendChild(h('h4', { class: 'gs-h4' }, t('warnings')));
        var wl = h('ul', { class: 'gs-warnings' });
        o.warnings.forEach(function (r) { wl.appendChild(h('li', { dir: 'auto' }, String(r))); });
        box.appendChild(wl);
      }
      return box;
    }
    function badgeList(o) {
      var span = h('span', { class: 'gs-badges' });
      badges(o).forEach(function (b) { span.appendChild(h('span', { class: 'gs-badge gs-badge-' + b[0], title: b[2] }, b[1])); });
      return span;
    }
    function renderTop(resp, top, all) {
      var o = st.hw === 'pin' ? all[0] : (top || all[0]);
      var card = h('section', { class: 'gs-card gs-top' });
      var title = st.hw === 'pin' ? t('pinned_title') : top ? t('top_title') : t('nofit_title');
      card.appendChild(h('h3', { class: 'gs-h3', id: 'gs-top-h' }, title));
      if (!o) { card.appendChild(h('p', {}, t('summary_none', { mem: resp.memory ? fmt.gb(resp.memory.total_bytes) : '—' }))); return card; }
      card.appendChild(h('p', { class: 'gs-pick' }, [h('bdi', {}, optionTitle(o)), ' ', h('bdi', { class: 'gs-muted gs-pick-gpus' }, fmt.int(o.gpus) + ' × ' + gpuName(o.gpu))]));
      card.appendChild(badgeList(o));
      var dl = h('dl', { class: 'gs-figures' });
      optionFacts(o, dl, false, resp);
      card.appendChild(dl);
      card.appendChild(notes(o));
      return card;
    }
    // The core's answers, one disclosure each: the memory question and the one about this kind of task start open.
    function renderGuidance(resp) {
      var box = h('section', { class: 'gs-card gs-guidance' }, [h('h3', { class: 'gs-h3', id: 'gs-guid-h' }, t('guidance_title'))]);
      var open = { vram_needed: true, task_tier: true };
      var list = h('div', { class: 'gs-qa' });
      resp.guidance.forEach(function (g, i) {
        var isOpen = g.id ? !!open[g.id] : i === 0;
        list.appendChild(h('details', { class: 'gs-q', open: isOpen ? true : null, 'data-id': g.id ? String(g.id) : null }, [
          h('summary', { dir: 'auto' }, String(g.question || '')),
          h('p', { dir: 'auto' }, String(g.answer || ''))
        ]));
      });
      box.appendChild(list);
      return box;
    }

    // memory breakdown: stacked bar against VRAM lines of the catalog's GPU sizes
    function renderMemory(resp) {
      var mem = resp.memory || {};
      var fam = famOf(resp);
      var box = h('section', { class: 'gs-card gs-memory' }, [h('h3', { class: 'gs-h3', id: 'gs-mem-h' },
        t(fam === 'train' ? 'mem_title_train' : fam === 'serve' ? 'mem_title' : 'mem_title_pipe'))]);
      var parts = MEM_PARTS.filter(function (p) { return isNum(mem[p[0]]) && mem[p[0]] > 0; });
      var total = isNum(mem.total_bytes) ? mem.total_bytes : parts.reduce(function (a, p) { return a + mem[p[0]]; }, 0);
      if (!(total > 0)) return box;

      var sizes = {};
      view.gpus.forEach(function (g) { if (isNum(g.vram_gib) && g.vram_gib > 0) (sizes[g.vram_gib] = sizes[g.vram_gib] || []).push(String(g.name || g.id)); });
      var lines = Object.keys(sizes).map(Number).sort(function (a, b) { return a - b; }).map(function (gib) { return { gib: gib, bytes: gib * GIB, names: sizes[gib] }; });
      var next = lines.filter(function (l) { return l.bytes >= total; })[0];
      var maxB = Math.max(total, next ? next.bytes : 0) * 1.08;
      var shown = lines.filter(function (l) { return l.bytes <= maxB; });
      if (shown.length > 7) shown = shown.filter(function (l) { return COMMON_VRAM_GIB.indexOf(l.gib) >= 0 || l === next; });
      if (shown.length > 7) shown = shown.slice(shown.length - 7);

      var W = 640, L = 8, R = 8, barY = 50, barH = 34;
      var X = function (b) { return L + (W - L - R) * b / maxB; };
      var svgEl = s('svg', { viewBox: '0 0 ' + W + ' 120', class: 'gs-chart gs-memchart', role: 'img', dir: 'ltr',
        'aria-label': t('mem_chart_label', { total: fmt.gb(total), parts: parts.map(function (p) { return t(p[1]) + ' ' + fmt.gb(mem[p[0]]); }).join(', ') }) });
      svgEl.appendChild(s('rect', { x: L, y: barY, width: W - L - R, height: barH, class: 'gs-bar-bg', rx: '3' }));
      var x0 = 0;
      parts.forEach(function (p) {
        var w = (W - L - R) * mem[p[0]] / maxB;
        svgEl.appendChild(s('rect', { x: X(x0), y: barY, width: Math.max(w, 0.5), height: barH, class: 'gs-seg gs-seg-' + p[2] },
          [s('title', {}, t(p[1]) + ': ' + fmt.gb(mem[p[0]]))]));
        x0 += mem[p[0]];
      });
      // VRAM lines with staggered labels
      var rowsEnd = [-Infinity, -Infinity, -Infinity];
      shown.forEach(function (l) {
        var x = X(l.bytes);
        var label = fmt.gib(l.gib);
        var w = label.length * 6.2 + 6;
        var lx = Math.min(Math.max(x, L + w / 2), W - R - w / 2);
        var row = 0;
        while (row < 2 && rowsEnd[row] > lx - w / 2) row++;
        rowsEnd[row] = lx + w / 2;
        var ty = 12 + row * 13;
        var g = s('g', { class: 'gs-vram' + (l === next ? ' gs-vram-next' : '') }, [
          s('title', {}, t('mem_gpus_of', { size: label, names: l.names.join(', ') })),
          s('line', { x1: x, x2: x, y1: ty + 3, y2: barY + barH + 6 }),
          s('text', { x: lx, y: ty, 'text-anchor': 'middle' }, label)
        ]);
        svgEl.appendChild(g);
      });
      // axis
      var step = niceStep(maxB / 1e9 / 5);
      for (var v = 0; v * 1e9 <= maxB; v += step) {
        var tx = X(v * 1e9);
        svgEl.appendChild(s('line', { x1: tx, x2: tx, y1: barY + barH + 8, y2: barY + barH + 12, class: 'gs-tick' }));
        svgEl.appendChild(s('text', { x: tx, y: barY + barH + 26, 'text-anchor': v === 0 ? 'start' : 'middle', class: 'gs-axis' }, fmt.num(v, step < 1 ? 1 : 0) + ' GB'));
      }
      box.appendChild(h('figure', { class: 'gs-figure' }, [svgEl, h('figcaption', { class: 'gs-hint' }, t('mem_lines'))]));

      var ul = h('ul', { class: 'gs-legend' });
      parts.forEach(function (p) {
        ul.appendChild(h('li', {}, [h('span', { class: 'gs-swatch gs-seg-' + p[2], 'aria-hidden': 'true' }), h('span', {}, t(p[1])),
          h('span', { class: 'gs-val', 'data-part': p[0] }, fmt.gb(mem[p[0]])), h('span', { class: 'gs-muted' }, fmt.num(100 * mem[p[0]] / total, 0) + '%')]));
      });
      ul.appendChild(h('li', { class: 'gs-total' }, [h('span', { class: 'gs-swatch', 'aria-hidden': 'true' }), h('span', {}, t('mem_total')),
        h('span', { class: 'gs-val', id: 'gs-mem-total', 'data-part': 'total_bytes' }, fmt.gb(total)), h('span', {})]));
      box.appendChild(ul);
      if (fam === 'train') box.appendChild(h('p', { class: 'gs-hint', id: 'gs-mem-shard' }, t('mem_shard_note')));
      var info = [];
      if (resp.model && resp.model.name) info.push(t('model_used', { name: resp.model.name }));
      if (isNum(mem.kv_bytes_per_token)) info.push(t('mem_kv_token', { v: fmt.num(mem.kv_bytes_per_token / 1024, 1) + ' KiB' }));
      if (info.length) box.appendChild(h('p', { class: 'gs-muted' }, info.join(' · ')));
      var warns = resp.warnings || [];
      if (warns.length) {
        var det = h('details', { class: 'gs-details' }, [h('summary', {}, t('warnings_title') + ' (' + fmt.int(warns.length) + ')')]);
        var wl = h('ul', { class: 'gs-issues' });
        warns.forEach(function (w) { wl.appendChild(h('li', {}, [h('code', { dir: 'ltr' }, w.path || '/'), ' ', h('bdi', {}, w.message || w.code)])); });
        det.appendChild(wl);
        box.appendChild(det);
      }
      return box;
    }
    // Which GPU classes can hold one replica at all, and how many of each it takes (whatever the offers and prices).
    function renderFit(resp) {
      var fam = famOf(resp);
      var box = h('section', { class: 'gs-card gs-fitgpus', id: 'gs-fit', 'aria-labelledby': 'gs-fit-h' },
        [h('h3', { class: 'gs-h3', id: 'gs-fit-h' }, t('fit_title'))]);
      box.appendChild(h('p', { class: 'gs-hint' }, t(fam === 'train' ? 'fit_hint_train' : fam === 'serve' ? 'fit_hint' : 'fit_hint_pipe')));
      // One row per GPU count: "1 GPU: L4 (24 GiB), RTX 4090 (24 GiB), …", fewest first; then those that cannot hold it.
      var groups = {}, counts = [], too = [];
      resp.fit_by_gpu.forEach(function (f) {
        if (!isObj(f)) return;
        if (!(isNum(f.gpus_needed) && f.gpus_needed > 0)) { too.push(f); return; }
        if (!groups[f.gpus_needed]) { groups[f.gpus_needed] = []; counts.push(f.gpus_needed); }
        groups[f.gpus_needed].push(f);
      });
      counts.sort(function (a, b) { return a - b; });
      if (counts.length) {
        var dl = h('dl', { class: 'gs-fitlist' });
        counts.forEach(function (n) {
          var list = groups[n];
          var used = list.map(function (f) { return f.used_bytes_per_gpu; }).filter(isNum);
          var lo = used.length ? Math.min.apply(null, used) : null, hi = used.length ? Math.max.apply(null, used) : null;
          var per = lo === null ? '' : fmt.gb(lo) === fmt.gb(hi) ? fmt.gb(lo) : t('range_val', { low: fmt.gb(lo), high: fmt.gb(hi) });
          dl.appendChild(h('div', { class: 'gs-fitrow' + (n === 1 ? ' gs-fit-single' : ''), 'data-gpus': String(n) }, [
            h('dt', {}, [h('span', { class: 'gs-fitneed' }, n === 1 ? t('fit_one') : t('fit_n', { n: fmt.int(n) })),
              per ? h('span', { class: 'gs-muted gs-fitper' }, t('fit_per_gpu', { v: per })) : null]),
            h('dd', {}, h('ul', { class: 'gs-fitchips' }, list.map(function (f) {
              var title = isNum(f.used_bytes_per_gpu) && isNum(f.vram_bytes_per_gpu) ? t('fit_used', { used: fmt.gb(f.used_bytes_per_gpu), total: fmt.gb(f.vram_bytes_per_gpu) }) : null;
              return h('li', { class: 'gs-fitchip', 'data-gpu': String(f.gpu), title: title }, [h('bdi', {}, gpuShort(f.gpu)),
                ' ', isNum(f.vram_bytes_per_gpu) ? h('bdi', { class: 'gs-muted' }, fmt.gib(f.vram_bytes_per_gpu / GIB)) : null]);
            })))
          ]));
        });
        box.appendChild(dl);
      } else {
        box.appendChild(h('p', {}, t('fit_none')));
      }
      if (too.length) {
        box.appendChild(h('p', { class: 'gs-muted gs-fittoo' }, [t('fit_too_small') + ' ',
          h('bdi', {}, too.map(function (f) { return gpuShort(f.gpu); }).join(', '))]));
      }
      return box;
    }
    function niceStep(raw) {
      if (!(raw > 0)) return 1;
      var p = Math.pow(10, Math.floor(Math.log10(raw)));
      var f = raw / p;
      return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
    }

    // options table
    function renderOptions(resp, data) {
      var box = h('section', { class: 'gs-card gs-options' }, [h('h3', { class: 'gs-h3', id: 'gs-opt-h' }, t('table_title'))]);
      if (feat.tableTools && st.hw === 'rank') {
        var tools = h('div', { class: 'gs-tabletools' });
        tools.appendChild(h('div', { class: 'gs-field gs-inline' }, [h('label', { for: 'gs-filt' }, t('filter_text')),
          h('input', { type: 'search', id: 'gs-filt', class: 'gs-input', value: st.filt, autocomplete: 'off', oninput: function (e) { st.filt = e.target.value; refreshTable(); } })]));
        var gsel = h('select', { id: 'gs-fgpu', class: 'gs-input', onchange: function (e) { st.fgpu = e.target.value; refreshTable(); } }, [h('option', { value: '' }, t('any_gpu'))]);
        var seen = {};
        data.all.forEach(function (o) { if (!seen[o.gpu]) { seen[o.gpu] = 1; gsel.appendChild(h('option', { value: o.gpu }, gpuName(o.gpu))); } });
        if (st.fgpu && !seen[st.fgpu]) gsel.appendChild(h('option', { value: st.fgpu }, gpuName(st.fgpu)));
        gsel.value = st.fgpu;
        tools.appendChild(h('div', { class: 'gs-field gs-inline' }, [h('label', { for: 'gs-fgpu' }, t('filter_gpu')), gsel]));
        tools.appendChild(h('span', { class: 'gs-check' }, [h('input', { type: 'checkbox', id: 'gs-fitonly', checked: st.fitonly, onchange: function (e) { st.fitonly = e.target.checked; refreshTable(); } }),
          h('label', { for: 'gs-fitonly' }, t('fits_only'))]));
        if (feat.csv) tools.appendChild(h('button', { type: 'button', class: 'gs-btn', id: 'gs-csv', onclick: exportCsv }, [icon('download'), t('export_csv')]));
        box.appendChild(tools);
      } else if (feat.csv) {
        box.appendChild(h('div', { class: 'gs-tabletools' }, h('button', { type: 'button', class: 'gs-btn', id: 'gs-csv', onclick: exportCsv }, [icon('download'), t('export_csv')])));
      }
      refs.tableWrap = h('div', { class: 'gs-tablewrap', tabindex: '0', role: 'region', 'aria-labelledby': 'gs-opt-h' });
      box.appendChild(refs.tableWrap);
      refs.tableInfo = h('p', { class: 'gs-muted', id: 'gs-table-info' });
      box.appendChild(refs.tableInfo);
      if (st.hw === 'rank' && (resp.options || []).length >= (parseInt(st.limit, 10) || 25) && (resp.options_evaluated || 0) > resp.options.length) {
        box.appendChild(h('button', { type: 'button', class: 'gs-btn', id: 'gs-more', onclick: function () {
          st.limit = String((parseInt(st.limit, 10) || 25) + 25); run(true);
        } }, t('show_more')));
      }
      fillTable(resp, data);
      return box;
    }
    function refreshTable() {
      if (!lastOk) return;
      var data = shownRows(lastOk);
      fillTable(lastOk, data);
      if (refs.chartBox) renderChart(data.rows);
      writeHash();
    }
    function fillTable(resp, data) {
      var cols = columns(resp);
      var ncols = cols.length + 1;
      var table = h('table', { class: 'gs-table', id: 'gs-table' });
      var sortCol = st.sort || 'rank';
      var thead = h('thead', {}, h('tr', {}, cols.map(function (c) {
        var th = h('th', { scope: 'col', class: c.num ? 'gs-num' : null, 'data-col': c.id });
        if (c.nosort) { th.textContent = c.label; return th; }
        var on = sortCol === c.id;
        if (on) th.setAttribute('aria-sort', st.dir === 'desc' ? 'descending' : 'ascending');
        th.appendChild(h('button', { type: 'button', class: 'gs-sort', 'data-focus-key': 'sort-' + c.id, onclick: function () {
          if ((st.sort || 'rank') === c.id) st.dir = st.dir === 'asc' ? 'desc' : 'asc';
          else st.dir = c.desc ? 'desc' : 'asc';
          st.sort = c.id;
          refreshTable();
          var b = refs.tableWrap.querySelector('[data-focus-key="sort-' + c.id + '"]');
          if (b) b.focus();
        } }, [c.label, h('span', { class: 'gs-sortmark', 'aria-hidden': 'true' }, on ? (st.dir === 'desc' ? ' ▼' : ' ▲') : ' ↕')]));
        return th;
      }).concat([h('th', { scope: 'col', 'data-col': 'details' }, h('span', { class: 'gs-vh' }, t('col_details')))])));
      table.appendChild(thead);
      var tbody = h('tbody', {});
      data.rows.forEach(function (o) {
        var tr = h('tr', { class: 'gs-opt' + (o.fits ? '' : ' gs-nofit') + (o.fits && !o.meets_targets ? ' gs-miss' : ''), 'data-key': o._key });
        cols.forEach(function (c) {
          var td = h(c.id === 'instance' ? 'th' : 'td', { class: c.num ? 'gs-num' : null, 'data-col': c.id, scope: c.id === 'instance' ? 'row' : null });
          if (c.id === 'badges') td.appendChild(badgeList(o));
          else if (c.id === 'fits') td.appendChild(h('span', { class: 'gs-fit gs-fit-' + fitsRank(o) }, c.text(o)));
          else if (c.id === 'instance' || c.id === 'provider' || c.id === 'gpus' || c.id === 'sharding') td.appendChild(h('bdi', {}, c.text(o)));
          else td.textContent = c.text(o);
          tr.appendChild(td);
        });
        var open = !!expanded[o._key];
        var detId = 'gs-det-' + o._rank;
        tr.appendChild(h('td', { class: 'gs-detcell' }, h('button', { type: 'button', class: 'gs-btn gs-btn-small gs-disclose', 'aria-expanded': open ? 'true' : 'false',
          'aria-controls': open ? detId : null, 'data-focus-key': 'det-' + o._key, 'aria-label': t('details_for', { name: optionTitle(o) }),
          onclick: function () {
            expanded[o._key] = !expanded[o._key];
            refreshTable();
            var b = refs.tableWrap.querySelector('[data-focus-key="det-' + cssEsc(o._key) + '"]');
            if (b) b.focus();
          } }, open ? '−' : '+')));
        tbody.appendChild(tr);
        if (open) {
          var dl = h('dl', { class: 'gs-figures' });
          optionFacts(o, dl, true, resp);
          var p = o.provider ? view.provider[o.provider] : null;
          if (p && p.billing && typeof p.billing.text === 'string') kv(dl, t('k_billing'), h('bdi', {}, p.billing.text));
          tbody.appendChild(h('tr', { class: 'gs-detrow', id: detId }, h('td', { colspan: String(ncols) }, [dl, notes(o)])));
        }
      });
      table.appendChild(tbody);
      clear(refs.tableWrap).appendChild(table);
      refs.tableInfo.textContent = t('showing', { shown: fmt.int(data.rows.length), total: fmt.int(data.all.length), evaluated: fmt.int(resp.options_evaluated || data.all.length) });
    }
    function exportCsv() {
      if (!lastOk) return;
      var cols = columns(lastOk);
      var data = shownRows(lastOk);
      var lines = [cols.map(function (c) { return csvCell(c.csvLabel || c.label); }).join(',')];
      data.rows.forEach(function (o) { lines.push(cols.map(function (c) { return csvCell(c.csv(o)); }).join(',')); });
      var blob = new Blob(['\uFEFF' + lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' });
      var url = URL.createObjectURL(blob);
      var a = h('a', { href: url, download: 'gpu-sizer-options.csv', hidden: true });
      rootEl.appendChild(a);
      a.click();
      rootEl.removeChild(a);
      setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    }

    // cost vs speed scatter, Pareto front marked; the axes follow the kind of work
    function chartSpec(resp) {
      var fam = famOf(resp);
      var video = isVideo(resp);
      if (fam === 'serve') return {
        x: function (o) { return o.usd_per_million_output_tokens; }, y: function (o) { return o.decode_output_tokens_per_s_per_user; },
        high: true, xl: t('chart_x'), yl: t('chart_y'),
        tip: function (o) { return fmt.usd(o.usd_per_million_output_tokens, usdMDigits(o.usd_per_million_output_tokens)) + ' / 1M, ' + fmtTps(o.decode_output_tokens_per_s_per_user); }
      };
      var x = function (o) { return o.usd_total; };
      if (fam === 'train') return {
        x: x, y: function (o) { return isNum(o.train_s) ? o.train_s / 3600 : undefined; }, high: false,
        xl: t('chart_x_total'), yl: t('chart_y_train'), tip: function (o) { return fmtUsdTotal(o.usd_total) + ', ' + fmtDur(o.train_s); }
      };
      if (fam === 'image') return {
        x: x, y: function (o) { return isNum(o.items_per_s) ? o.items_per_s * 3600 : undefined; }, high: true,
        xl: t(video ? 'chart_x_clips' : 'chart_x_images', { n: fmt.int(jobItems()) }), yl: t(video ? 'chart_y_clips' : 'chart_y_images'),
        tip: function (o) { return fmtUsdTotal(o.usd_total) + ', ' + fmtS(o.seconds_per_image); }
      };
      return {
        x: x, y: audioSpeed, high: true,
        xl: t('chart_x_total'), yl: t('chart_y_audio'), tip: function (o) { return fmtUsdTotal(o.usd_total) + ', ' + fmtDur(o._job); }
      };
    }
    // A linear or (for wide ranges) logarithmic scale from v0..v1 onto p0..p1, with tick values.
    function scale(lo, hi, p0, p1, count) {
      var log = lo > 0 && hi / lo > 20;
      var a, b, ticks = [];
      if (log) {
        a = Math.pow(10, Math.floor(Math.log10(lo))); b = Math.pow(10, Math.ceil(Math.log10(hi)));
        for (var dec = a; dec <= b * 1.0001; dec *= 10) [1, 2, 5].forEach(function (m) { var v = dec * m; if (v >= a && v <= b * 1.0001) ticks.push(v); });
        if (ticks.length > 10) ticks = ticks.filter(function (v) { return Math.abs(Math.log10(v) % 1) < 1e-9; });
        return { log: true, ticks: ticks, map: function (v) { return p0 + (p1 - p0) * (Math.log10(v) - Math.log10(a)) / (Math.log10(b) - Math.log10(a)); } };
      }
      a = 0; b = hi * 1.1 || 1;
      var step = niceStep(b / count);
      for (var v = 0; v <= b + 1e-12; v += step) ticks.push(v);
      return { log: false, ticks: ticks, step: step, map: function (v) { return p0 + (p1 - p0) * (v - a) / (b - a); } };
    }
    function tickText(v, usd, sc) {
      var txt = sc.log ? fmt.sig(v, 2) : fmt.num(v, sc.step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(sc.step) - 1e-9)));
      return (usd ? '$' : '') + txt;
    }
    function renderChart(rows) {
      var box = clear(refs.chartBox);
      var spec = chartSpec(lastOk);
      box.appendChild(h('h3', { class: 'gs-h3', id: 'gs-chart-h' }, t('chart_title')));
      var pts = rows.filter(function (o) { var x = spec.x(o), y = spec.y(o); return o.fits && isNum(x) && x > 0 && isNum(y) && y > 0; });
      if (!pts.length) { box.appendChild(h('p', { class: 'gs-muted' }, t('chart_empty'))); return; }
      var W = 640, H = 300, ml = 56, mr = 16, mt = 14, mb = 46;
      var xs = pts.map(spec.x), ys = pts.map(spec.y);
      var sx = scale(Math.min.apply(null, xs), Math.max.apply(null, xs), ml, W - mr, 6);
      var sy = scale(Math.min.apply(null, ys), Math.max.apply(null, ys), H - mb, mt, 5);
      var X = sx.map, Y = sy.map;
      // Pareto front: no other option is both cheaper and better on the speed axis; sweep by cost ascending.
      var better = function (a, b) { return spec.high ? a > b : a < b; };
      var sorted = pts.slice().sort(function (a, b) { return spec.x(a) - spec.x(b) || (spec.high ? spec.y(b) - spec.y(a) : spec.y(a) - spec.y(b)); });
      var best = null, front = [];
      sorted.forEach(function (o) { if (best === null || better(spec.y(o), best)) { best = spec.y(o); front.push(o); } });
      var onFront = {};
      front.forEach(function (o) { onFront[o._key] = true; });

      var svgEl = s('svg', { viewBox: '0 0 ' + W + ' ' + H, class: 'gs-chart gs-scatter', role: 'img', dir: 'ltr', id: 'gs-scatter',
        'aria-label': t('chart_label', { n: fmt.int(pts.length), p: fmt.int(front.length) }) + ' ' + spec.xl + '; ' + spec.yl + '.' });
      sy.ticks.forEach(function (v) {
        if (sy.log && v <= 0) return;
        svgEl.appendChild(s('line', { x1: ml, x2: W - mr, y1: Y(v), y2: Y(v), class: 'gs-gridline' }));
        svgEl.appendChild(s('text', { x: ml - 6, y: Y(v) + 4, 'text-anchor': 'end', class: 'gs-axis' }, tickText(v, false, sy)));
      });
      sx.ticks.forEach(function (v) {
        svgEl.appendChild(s('line', { x1: X(v), x2: X(v), y1: mt, y2: H - mb, class: 'gs-gridline' }));
        svgEl.appendChild(s('text', { x: X(v), y: H - mb + 16, 'text-anchor': 'middle', class: 'gs-axis' }, tickText(v, true, sx)));
      });
      svgEl.appendChild(s('line', { x1: ml, x2: W - mr, y1: H - mb, y2: H - mb, class: 'gs-axisline' }));
      svgEl.appendChild(s('line', { x1: ml, x2: ml, y1: mt, y2: H - mb, class: 'gs-axisline' }));
      svgEl.appendChild(s('text', { x: (ml + W - mr) / 2, y: H - 8, 'text-anchor': 'middle', class: 'gs-axislabel', id: 'gs-chart-x' }, spec.xl));
      svgEl.appendChild(s('text', { x: 14, y: (mt + H - mb) / 2, 'text-anchor': 'middle', class: 'gs-axislabel', id: 'gs-chart-y', transform: 'rotate(-90 14 ' + ((mt + H - mb) / 2) + ')' }, spec.yl));
      if (front.length > 1) {
        var d = front.map(function (o, i) { return (i ? 'L' : 'M') + X(spec.x(o)).toFixed(1) + ' ' + Y(spec.y(o)).toFixed(1); }).join(' ');
        svgEl.appendChild(s('path', { d: d, class: 'gs-front' }));
      }
      pts.forEach(function (o) {
        var f = !!onFront[o._key];
        svgEl.appendChild(s('circle', { cx: X(spec.x(o)).toFixed(1), cy: Y(spec.y(o)).toFixed(1), r: f ? 6 : 4.5,
          class: 'gs-pt' + (f ? ' gs-pt-front' : '') + (o.pricing === 'spot' ? ' gs-pt-spot' : ''), 'data-key': o._key },
          [s('title', {}, optionTitle(o) + ' — ' + spec.tip(o))]));
      });
      box.appendChild(h('figure', { class: 'gs-figure' }, [svgEl, h('figcaption', { class: 'gs-hint' }, t('chart_pareto'))]));
    }

    // show the math
    function renderMath(resp) {
      var det = h('details', { class: 'gs-card gs-math', id: 'gs-math' }, [h('summary', {}, t('math_title'))]);
      resp.explain.forEach(function (e) {
        var key = String(e.figure || '').split('.').pop();
        var label = t('fig_' + key);
        if (label === 'fig_' + key) label = String(e.figure || '');
        var art = h('article', { class: 'gs-explain' }, [h('h4', { class: 'gs-h4' }, [label, ' ', h('code', { class: 'gs-muted', dir: 'ltr' }, String(e.figure || ''))])]);
        var dl = h('dl', { class: 'gs-mathdl' });
        dl.appendChild(h('dt', {}, t('math_formula')));
        dl.appendChild(h('dd', {}, h('code', { dir: 'ltr', class: 'gs-formula' }, String(e.formula || ''))));
        if (e.values && isObj(e.values)) {
          var tb = h('table', { class: 'gs-values' }, [h('caption', { class: 'gs-vh' }, t('math_values'))]);
          var body = h('tbody', {});
          Object.keys(e.values).forEach(function (k) {
            var v = e.values[k];
            body.appendChild(h('tr', {}, [h('th', { scope: 'row' }, h('code', { dir: 'ltr' }, k)), h('td', { class: 'gs-num' }, isNum(v) ? fmt.sig(v, 6) : String(v))]));
          });
          tb.appendChild(body);
          dl.appendChild(h('dt', {}, t('math_values')));
          dl.appendChild(h('dd', {}, tb));
        }
        if (isNum(e.result)) {
          var r = /_bytes$/.test(key) ? fmt.gb(e.result) + ' (' + fmt.int(e.result) + ' B)'
            : /(^|_)s$|^seconds_/.test(key) ? t('u_s', { n: fmt.sig(e.result, 6) }) + (e.result >= 60 ? ' (' + fmtDur(e.result) + ')' : '')
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

    var uid = ++mountCount;
    return {
      set: function (name, value) {
        if (!st || !sizer) { opts[name === 'catalog-src' ? 'catalogSrc' : name] = value; return; }
        if (name === 'lang') { var l = normLang(value); if (l === st.lang) return; st.lang = l; }
        else if (name === 'model') { if (!value) return; setModel(String(value), true); fixStateAgainstCatalog(); }
        else if (name === 'gpu') { if (value) { st.hw = 'pin'; st.gpu = String(value); fixStateAgainstCatalog(); } else st.hw = 'rank'; }
        else if (name === 'task') { applyAttrs({ task: value || 'serve' }); st.sort = ''; st.fgpu = ''; }
        else if (name === 'catalog-src') { if (value) loadCatalogSrc(value); return; }
        else if (name === 'theme') { if (value === 'dark' || value === 'light') rootEl.setAttribute('data-theme', value); else rootEl.removeAttribute('data-theme'); return; }
        build(); run(true);
      },
      state: function () { return st ? copyState(st) : null; },
      response: function () { return lastResp; },
      evaluateNow: function () { run(true); },
      destroy: function () {
        destroyed = true;
        clearTimeout(timer);
        window.removeEventListener('hashchange', onHashChange);
        if (rootEl.parentNode) rootEl.parentNode.removeChild(rootEl);
      }
    };
  }
  var mountCount = 0;

  return { mount: mount, loadCore: loadCore, coreStarts: function () { return coreStarts; }, mergeCatalog: mergeCatalog, parseNum: parseNum };
})();
