/* gpu-sizer UI: the catalog as the page reads it: indexed by id, merged with an import, and the facts the page shows
   beside an option (the offering's display name, the provider's tier, how old each provider's prices are). Every
   field beyond the ids is optional: a catalog without display names, tiers or price dates works as before. */
(function (UI) {
  'use strict';
  var F = UI.format;
  var KEYS = ['as_of', 'gpus', 'providers', 'offerings', 'models'];
  var OLD_DAYS = 90;

  function merge(base, imported) {
    var out = {};
    Object.keys(base).forEach(function (k) { out[k] = base[k]; });
    Object.keys(imported).forEach(function (k) { out[k] = imported[k]; });
    return out;
  }
  function index(cat) {
    var v = { asOf: cat.as_of, gpus: [], providers: [], offerings: [], models: [], gpu: {}, provider: {}, offering: {}, model: {} };
    function each(list, into, map) {
      (Array.isArray(list) ? list : []).forEach(function (x) { if (F.isObj(x) && typeof x.id === 'string') { into.push(x); if (map) map[x.id] = x; } });
    }
    each(cat.gpus, v.gpus, v.gpu);
    each(cat.providers, v.providers, v.provider);
    each(cat.offerings, v.offerings, v.offering);
    each(cat.models, v.models, null);
    function byName(a, b) { return F.byText(a.name || a.id, b.name || b.id); }
    v.gpus.sort(byName); v.providers.sort(byName); v.models.sort(byName);
    v.models.forEach(function (m) { v.model[m.id] = m; });
    return v;
  }
  function str(v) { return typeof v === 'string' && v ? v : null; }
  function offeringOf(view, o) { return o && o.offering_id ? view.offering[o.offering_id] || null : null; }
  function providerOf(view, o) { return o && o.provider ? view.provider[o.provider] || null : null; }
  // The provider's kind (one of the core's vocabulary().tiers: a hyperscaler, a GPU cloud, a marketplace of
  // listings); null when the catalog does not say or says something the core does not know.
  function tierOf(view, o, tiers) {
    var p = providerOf(view, o), off = offeringOf(view, o);
    var tier = (p && str(p.tier)) || (off && str(off.tier));
    return tier && tiers.indexOf(tier) >= 0 ? tier : null;
  }
  // The name to show for an option's machine: the offering's display name; for an offering without one (an
  // imported catalog) the same name derived from its figures, as scripts/lib/refresh.js writes the bundled ones
  // ("4× A100 SXM 80 GB · 112 vCPU · 448 GiB RAM": host figures only where the catalog has them); else the SKU.
  function displayName(view, o) {
    var off = offeringOf(view, o);
    return (off && str(off.display_name)) || derivedName(view, off || o) || (o && str(o.instance)) || null;
  }
  function shortGpu(name) {
    return String(name || '').replace(/^(NVIDIA|AMD|Google|AWS|Intel)\s+/, '').replace(/\s*\([^)]*\)\s*$/, '')
      .replace(/\b\d+\s?GB\b\s*/i, '').replace(/\s+/g, ' ').trim();
  }
  function figure(v) { return Number.isInteger(v) ? String(v) : String(Math.round(v * 10) / 10); }
  function derivedName(view, x) {
    if (!x || !str(x.gpu) || !F.isNum(x.gpus) || !(x.gpus > 0)) return null;
    var g = view.gpu[x.gpu];
    var mem = F.isNum(x.gpu_mem_gb) ? x.gpu_mem_gb : g && F.isNum(g.vram_gib) ? g.vram_gib : null;
    var s = figure(x.gpus) + '× ' + (g && shortGpu(g.name) || x.gpu) + (mem !== null ? ' ' + figure(mem) + ' GB' : '');
    if (F.isNum(x.vcpus)) s += ' · ' + figure(x.vcpus) + ' vCPU';
    if (F.isNum(x.ram_gib)) s += ' · ' + figure(x.ram_gib) + ' GiB RAM';
    return s;
  }
  // The date its price was checked: the offering's own, else its provider's.
  function priceAsOf(view, o) {
    var off = offeringOf(view, o), p = providerOf(view, o);
    return (off && F.parseDate(off.price_as_of) && off.price_as_of) || (p && F.parseDate(p.price_as_of) && p.price_as_of) || null;
  }
  // The price's provenance (issue 33): the date it was seen in a dated source (null: unknown; never the day a
  // snapshot was read) and how sure the catalog is of it: the option's own (the core's), else the offering's.
  function priceSeen(view, o) {
    var off = offeringOf(view, o);
    var d = (o && str(o.price_seen)) || (off && str(off.price_seen));
    return d && F.parseDate(d) ? d : null;
  }
  function confidenceOf(view, o) {
    if (o && str(o.price_confidence)) return o.price_confidence;
    var off = offeringOf(view, o);
    if (!off) return null;
    return (o && o.pricing === 'spot' && str(off.spot_confidence)) || str(off.price_confidence);
  }
  // Providers whose prices are older than OLD_DAYS: [{provider, asOf, days}], oldest first. A provider's age is
  // that of its oldest price (its own price_as_of, or any of its offerings').
  // Remembered on the view for the day (every render asks; the catalog's 1,000 offerings are read once).
  function staleProviders(view, now) {
    var day = Math.floor((now === undefined ? Date.now() : now) / 86400000);
    if (!view._stale || view._stale.day !== day) view._stale = { day: day, list: findStale(view, now) };
    return view._stale.list;
  }
  function findStale(view, now) {
    var oldest = {};
    function see(pid, iso) {
      if (!pid || !F.parseDate(iso)) return;
      if (!oldest[pid] || iso < oldest[pid]) oldest[pid] = iso;
    }
    view.providers.forEach(function (p) { see(p.id, p.price_as_of); });
    view.offerings.forEach(function (o) { if (view.provider[o.provider]) see(o.provider, o.price_as_of); });
    return Object.keys(oldest).map(function (pid) { return { provider: view.provider[pid], asOf: oldest[pid], days: F.ageDays(oldest[pid], now) }; })
      .filter(function (x) { return x.days > OLD_DAYS; })
      .sort(function (a, b) { return b.days - a.days || F.byText(a.provider.name || a.provider.id, b.provider.name || b.provider.id); });
  }

  // The provider's price page (issue 32): its own price_page_url when the catalog has one, else the first https
  // address in its `source` (the bundled catalog lists the price page first there). Only https addresses: a
  // catalog is untrusted, and the page renders this as a link's href, never as HTML.
  function pricePage(view, o) {
    var p = providerOf(view, o);
    if (!p) return null;
    var list = [str(p.price_page_url)].concat(String(typeof p.source === 'string' ? p.source : '').match(/https:\/\/[^\s;,]+/g) || []);
    for (var i = 0; i < list.length; i++) {
      if (!list[i]) continue;
      try { var u = new URL(list[i]); if (u.protocol === 'https:' && !u.username && !u.password) return u.href; } catch (e) { /* not an address */ }
    }
    return null;
  }
  UI.catalog = { KEYS: KEYS, OLD_DAYS: OLD_DAYS, merge: merge, index: index, offeringOf: offeringOf, providerOf: providerOf, pricePage: pricePage,
    tierOf: tierOf, displayName: displayName, priceAsOf: priceAsOf, staleProviders: staleProviders,
    priceSeen: priceSeen, confidenceOf: confidenceOf };
  UI.mergeCatalog = merge;
})(GpuSizerUI);
