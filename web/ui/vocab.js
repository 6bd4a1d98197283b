/* gpu-sizer UI: the core's vocabulary (sizer.vocabulary()): the ids the core accepts for every enum and their labels
   in English and Arabic. The page keeps no list of its own: every enum select is built from these. */
(function (UI) {
  'use strict';
  var KEYS = ['weight_formats', 'kv_formats', 'engines', 'workload_kinds', 'methods', 'optimizers', 'lora_targets', 'sharding',
    'precisions', 'pricing', 'order', 'tiers', 'bottlenecks', 'interconnects', 'locales', 'price_confidence'];

  function complain(msg) { if (typeof console !== 'undefined' && console.error) console.error('gpu-sizer: ' + msg); }

  // Reads the vocabulary from a started core. Without one (an old core) every list is empty and the failure is
  // loud in the console: the page does not fall back to a copy of the lists.
  function load(sizer) {
    var raw = null, voc = {};
    if (!sizer || typeof sizer.vocabulary !== 'function') complain('the core has no vocabulary(): the enum selects are empty (rebuild the WASM module)');
    else {
      try { raw = sizer.vocabulary(); if (typeof raw === 'string') raw = JSON.parse(raw); } catch (e) { complain('vocabulary() failed: ' + (e && e.message ? e.message : e)); raw = null; }
    }
    KEYS.concat(raw ? Object.keys(raw).filter(function (k) { return KEYS.indexOf(k) < 0; }) : []).forEach(function (k) {
      var list = raw && Array.isArray(raw[k]) ? raw[k] : null;
      if (raw && !list) complain('vocabulary().' + k + ' is missing');
      voc[k] = (list || []).filter(function (e) { return e && typeof e.id === 'string'; }).map(function (e) {
        var label = e.label && typeof e.label === 'object' ? e.label : {};
        return { id: e.id, label: { en: typeof label.en === 'string' ? label.en : e.id, ar: typeof label.ar === 'string' ? label.ar : '' } };
      });
    });
    return voc;
  }
  function ids(voc, key) { return (voc[key] || []).map(function (e) { return e.id; }); }
  function has(voc, key, id) { return ids(voc, key).indexOf(id) >= 0; }
  // The label of one id in a language (Arabic falls back to English, an unknown id to itself).
  function label(voc, key, id, lang) {
    var e = (voc[key] || []).filter(function (x) { return x.id === id; })[0];
    if (!e) return String(id);
    return (lang === 'ar' && e.label.ar) || e.label.en || e.id;
  }
  // [[id, label], …] for a select.
  function options(voc, key, lang) { return (voc[key] || []).map(function (e) { return [e.id, (lang === 'ar' && e.label.ar) || e.label.en || e.id]; }); }

  UI.vocab = { KEYS: KEYS, load: load, ids: ids, has: has, label: label, options: options, complain: complain };
})(GpuSizerUI);
