'use strict';
// Where each price comes from, how old it is and how sure we are (issue 33). Three steps of the build:
//   readEvidence(dir)        a refresh folder's optional evidence.csv sidecar (dated readings of price pages)
//   applyEvidence(...)       its rows onto the offerings adopted so far (dates, currency, resale upstream)
//   finishProvenance(...)    after every folder: resale upstream, form factor (re-filing the GPU where the
//                            upstream id names another card), spot region, resale deferral, confidence.
// The confidence rule is written in catalog/README.md ("Confidence"); the constants below are its figures.

const fs = require('fs');
const path = require('path');
const { parseCsvObjects } = require('./csv');
const { providerId } = require('./providers');
const { DATE_RE } = require('./constants');

const EVIDENCE_COLUMNS = ['provider', 'instance_type', 'price_seen', 'source_url', 'currency', 'source_amount', 'fx_rate',
  'fx_date', 'fx_source', 'resale_of_provider', 'resale_of_instance', 'confidence_note'];
// Optional columns this build also reads: the price the dated source shows, per GPU-hour in the source's
// currency (on demand and spot), and `snapshot_predates` (yes: the dated source shows the row's snapshot is
// older than it, without a price for this row).
const EVIDENCE_OPTIONAL = ['observed_usd_per_gpu_hour', 'observed_spot_usd_per_gpu_hour', 'snapshot_predates'];

// The rule's figures (catalog/README.md "Confidence"): a dated price is current for 60 days (the window the
// issue 33 audit used, audit-2026-12 README F); two prices agree within 10 %.
const FRESH_DAYS = 60;
const AGREE_FRACTION = 0.10;
const CONFIDENCE_IDS = ['confirmed', 'single_source', 'stale'];

function days(from, to) { return Math.round((Date.parse(to) - Date.parse(from)) / 86400000); }
const num = (v) => typeof v === 'number' && Number.isFinite(v);
const round4 = (v) => Math.round(v * 10000) / 10000;

// evidence.csv of `dir` -> [{ provider, instance, prefix, line, ... }], or [] when the folder has none.
// `instance_type` is an instance id, `PREFIX*` (every instance starting so) or `*` (every row of the
// provider); a more specific row wins. Throws on a malformed row, naming file and line.
function readEvidence(dir) {
  const file = path.join(dir, 'evidence.csv');
  if (!fs.existsSync(file)) return [];
  const { header, rows } = parseCsvObjects(fs.readFileSync(file, 'utf8'));
  const missing = EVIDENCE_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new Error(`${file}: missing column(s) ${missing.join(', ')}`);
  return rows.map((r) => {
    const line = r._line + 1; // the record's line when no field spans lines (the header is line 1)
    const bad = (msg) => { throw new Error(`${file}:${line}: ${msg}`); };
    const t = (k) => String(r[k] === undefined ? '' : r[k]).trim();
    const provider = providerId(t('provider')) || t('provider').toLowerCase();
    if (!provider) bad('provider is empty');
    const inst = t('instance_type');
    if (!inst) bad('instance_type is empty (use * for every row of the provider)');
    const date = (k) => { const v = t(k); if (v && !DATE_RE.test(v)) bad(`${k} "${v}" is not YYYY-MM-DD`); return v || null; };
    const positive = (k) => {
      const v = t(k);
      if (!v) return null;
      const x = Number(v);
      if (!Number.isFinite(x) || x <= 0) bad(`${k} "${v}" is not a positive number`);
      return x;
    };
    const currency = (t('currency') || 'USD').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) bad(`currency "${t('currency')}" is not a 3-letter ISO 4217 code`);
    const e = {
      line, provider, instance: inst.endsWith('*') ? null : inst, prefix: inst.endsWith('*') ? inst.slice(0, -1) : null,
      price_seen: date('price_seen'), source_url: t('source_url') || null, currency,
      source_amount: positive('source_amount'), fx_rate: positive('fx_rate'), fx_date: date('fx_date'),
      fx_source: t('fx_source') || null,
      resale_of_provider: t('resale_of_provider') ? (providerId(t('resale_of_provider')) || t('resale_of_provider').toLowerCase()) : null,
      resale_of_instance: t('resale_of_instance') || null,
      note: t('confidence_note') || null,
      observed: positive('observed_usd_per_gpu_hour'), observed_spot: positive('observed_spot_usd_per_gpu_hour'),
      predates: /^yes/i.test(t('snapshot_predates')),
    };
    if (currency !== 'USD' && !(e.fx_rate && e.fx_date && e.fx_source)) {
      bad(`currency ${currency}: fx_rate, fx_date and fx_source are required (the dated rate used to convert to USD)`);
    }
    if (!e.source_url && (e.price_seen || e.observed)) bad('source_url is required where a price or date is given');
    return e;
  });
}

// The most specific evidence row for `o` (exact id, then the longest prefix, then `*`); later rows win ties.
function evidenceFor(list, o) {
  let best = null;
  let bestRank = -1;
  for (const e of list) {
    if (e.provider !== o.provider) continue;
    let rank = -1;
    if (e.instance !== null) rank = e.instance === o.instance ? 1e6 : -1;
    else if (o.instance.startsWith(e.prefix)) rank = e.prefix.length;
    if (rank >= 0 && rank >= bestRank) { best = e; bestRank = rank; }
  }
  return best;
}

// Applies `evidence` (readEvidence) to `offerings`; returns new objects for the rows it touches. A source in
// another currency converts the row's prices at the row's fx_rate (once: a row already converted keeps its
// amounts). Fields starting with "_" are the rule's inputs, removed by finishProvenance.
function applyEvidence(offerings, evidence, folder) {
  if (!evidence.length) return offerings;
  return offerings.map((o) => {
    const e = evidenceFor(evidence, o);
    if (!e) return o;
    const out = { ...o };
    if (e.source_url) out.price_evidence = e.source_url;
    if (e.currency !== 'USD' && !o.currency) {
      out.currency = e.currency;
      out.source_amount = e.source_amount !== null ? e.source_amount : o.usd_per_hour;
      if (num(o.spot_usd_per_hour)) out.source_spot_amount = o.spot_usd_per_hour;
      out.fx_rate = e.fx_rate;
      out.fx_date = e.fx_date;
      out.fx_source = e.fx_source;
      if (num(out.source_amount)) out.usd_per_hour = round4(out.source_amount * e.fx_rate);
      if (num(out.source_spot_amount)) out.spot_usd_per_hour = round4(out.source_spot_amount * e.fx_rate);
      out.notes = `${out.notes ? out.notes + ' ' : ''}Prices converted from ${e.currency} at ${e.fx_rate} USD/${e.currency} (${e.fx_date}).`;
    }
    if (e.resale_of_provider) out.resale_of = { provider: e.resale_of_provider, instance: e.resale_of_instance };
    // The observed price is in the source's currency per GPU-hour; compared with the row's own amount.
    const amount = (usd, src) => (num(src) ? src : usd);
    const rowOd = num(amount(o.usd_per_hour, out.source_amount)) ? amount(o.usd_per_hour, out.source_amount) / o.gpus : null;
    const rowSpot = num(amount(o.spot_usd_per_hour, out.source_spot_amount)) ? amount(o.spot_usd_per_hour, out.source_spot_amount) / o.gpus : null;
    const disagrees = (seen, row) => seen !== null && row !== null && Math.abs(seen - row) > AGREE_FRACTION * row;
    out._evidence = {
      folder, price_seen: e.price_seen, predates: e.predates,
      od: e.observed === null ? null : { seen: e.observed, agrees: !disagrees(e.observed, rowOd) },
      spot: e.observed_spot === null ? null : { seen: e.observed_spot, agrees: !disagrees(e.observed_spot, rowSpot) },
    };
    // The note of a row named by its id goes on the row; a provider-wide note stays in evidence.csv (price_evidence
    // names the source; the note repeated on every row would weigh on the embedded catalog's bytes).
    if (e.note && e.instance !== null) out.notes = `${out.notes ? out.notes + ' ' : ''}Evidence: ${e.note.replace(/([^.])$/, '$1.')}`;
    return out;
  });
}

// Form factor named by an instance or GPU name: "…PCIE…", "…_pcie" -> pcie; "…SXM…" -> sxm; "NVL" (not
// NVLink) -> nvl; null when it names none.
function formFactorIn(text) {
  const t = String(text || '');
  if (/pcie/i.test(t)) return 'pcie';
  if (/sxm/i.test(t)) return 'sxm';
  if (/nvl(?!ink)/i.test(t)) return 'nvl';
  return null;
}

// GPU ids of one chip in several form factors (catalog/gpus.json form_factor): the id to re-file a row under
// when its upstream id names another form factor. 80 GB H100 NVLink-bridged PCIe cards are h100-pcie, not the
// 94 GB h100-nvl (audit-2026-12 C2).
const FAMILIES = [
  { sxm: 'h100-sxm', pcie: 'h100-pcie', nvl: 'h100-nvl' },
  { sxm: 'h200-sxm', nvl: 'h200-nvl' },
  { sxm: 'a100-80gb-sxm', pcie: 'a100-80gb-pcie' },
  { sxm: 'a100-40gb', pcie: 'a100-40gb-pcie' },
];
const FAMILY_OF = new Map();
for (const f of FAMILIES) for (const [ff, id] of Object.entries(f)) FAMILY_OF.set(id, { family: f, ff });

// The text after "upstream id " in a row's notes (Prime Intellect names it), else null.
function upstreamIdInNotes(notes) {
  const m = /upstream id ([A-Za-z0-9_.-]+)/.exec(notes || '');
  return m ? m[1] : null;
}

// Per row, after every folder: resale upstream, form factor, spot region, deferral to the upstream's own row,
// and the confidence. `catalogDate`: the offerings' as_of (the date "60 days old" is counted to).
function finishProvenance(offerings, { providers, gpus, catalogDate }) {
  const byId = new Map(offerings.map((o) => [o.id, o]));
  const resells = new Set(providers.filter((p) => p.resells).map((p) => p.id));
  const out = offerings.map((o0) => {
    const o = { ...o0 };
    // 1. resale upstream: from the evidence, else the provider's "upstream" and the id the notes name.
    if (!o.resale_of && resells.has(o.provider)) {
      const m = /upstream(?: cloud)? = ([A-Za-z0-9_-]+)/.exec(o.notes || '');
      if (m) o.resale_of = { provider: providerId(m[1].replace(/labs$|cloud$/, '')) || providerId(m[1]) || m[1].toLowerCase(), instance: upstreamIdInNotes(o.notes) };
      if (o.resale_of && o.resale_of.provider === 'data-crunch') o.resale_of.provider = 'verda';
    }
    // 2. form factor, for chips made in several: from the upstream instance id, else the upstream's own row
    // in this catalog, else the row's own instance id; never from the GPU id alone.
    const fam = FAMILY_OF.get(o.gpu);
    if (fam) {
      const up = o.resale_of && o.resale_of.instance ? byId.get(`${o.resale_of.provider}/${o.resale_of.instance}`) : null;
      let ff = null;
      let from = null;
      if (o.resale_of && o.resale_of.instance && formFactorIn(o.resale_of.instance)) { ff = formFactorIn(o.resale_of.instance); from = 'upstream_id'; }
      else if (up && FAMILY_OF.get(up.gpu)) { ff = FAMILY_OF.get(up.gpu).ff; from = 'upstream_row'; }
      else if (formFactorIn(o.instance)) { ff = formFactorIn(o.instance); from = 'instance_id'; }
      else if (!o.resale_of && o._gpuNameForm) { ff = o._gpuNameForm; from = 'gpu_name'; }
      o.form_factor = ff;
      o.form_factor_from = from || 'not_stated';
      if (ff && ff !== fam.ff && fam.family[ff]) {
        const to = fam.family[ff];
        o.notes = `${o.notes ? o.notes + ' ' : ''}Re-filed from ${o.gpu} to ${to}: the ${from === 'upstream_row' ? 'upstream\'s own row' : 'instance id'} names a ${ff.toUpperCase()} card.`;
        o.gpu = to;
        if (up) o.interconnect = up.interconnect;
        else if (o.gpus > 1 && /nvlink assumed/.test(o.notes)) o.interconnect = gpus.get(to) ? gpus.get(to).interconnect.kind : o.interconnect;
        if (num(o.gpu_mem_gb) && gpus.get(to) && Math.abs(o.gpu_mem_gb - gpus.get(to).vram_gib) > 0.1 * gpus.get(to).vram_gib) delete o.gpu_mem_gb;
      }
    }
    // 3. spot region when the spot price is another region's (the refresh notes name it).
    const sr = /spot = cheapest across all \d+ rows(?: outside AWS Local Zones)?: ([A-Za-z0-9-]+)(?:\/([A-Za-z0-9-]+))?/.exec(o.notes || '');
    if (sr && num(o.spot_usd_per_hour) && sr[1] !== o.region) o.spot_region = sr[2] ? `${sr[1]} (${sr[2]})` : sr[1];
    return o;
  });
  // 4. resale deferral and confidence, upstream rows first (a resale row reads its upstream's verdict).
  const outById = new Map(out.map((o) => [o.id, o]));
  const final = new Map();
  const judge = (o) => {
    if (final.has(o.id)) return final.get(o.id);
    const ev = o._evidence || null;
    const r = { ...o };
    delete r._evidence; delete r._gpuNameForm;
    let seen = o.price_seen || (ev && ev.price_seen && !(ev.od && !ev.od.agrees) && !ev.predates ? ev.price_seen : null) || (o.price_dated ? o.price_as_of : null);
    let conf;
    let basis;
    const age = seen ? days(seen, catalogDate) : null;
    if (o.stale) { conf = 'stale'; basis = 'older_snapshot'; }
    else if (ev && ev.od && !ev.od.agrees) {
      conf = 'stale'; basis = 'newer_source_differs';
      r.newer_price = { usd_per_gpu_hour: o.currency ? round4(ev.od.seen * o.fx_rate) : ev.od.seen, seen: ev.price_seen, source: o.price_evidence };
      seen = null;
    } else if (ev && ev.predates) { conf = 'stale'; basis = 'snapshot_predates_source'; seen = null; }
    else if (seen && age > FRESH_DAYS) { conf = 'stale'; basis = 'older_than_60_days'; }
    else if (seen) { conf = 'confirmed'; basis = 'dated_source'; }
    else { conf = 'single_source'; basis = 'undated_snapshot'; }
    // A resale row defers to its upstream's own row: below it by more than 10 % it is stale (the upstream's
    // price is the current one); within 10 % it takes the upstream's verdict and date.
    const up = o.resale_of && o.resale_of.instance ? outById.get(`${o.resale_of.provider}/${o.resale_of.instance}`) : null;
    if (up && up.gpus > 0 && num(up.usd_per_hour) && num(o.usd_per_hour)) {
      const upJ = judge(up);
      const mine = o.usd_per_hour / o.gpus;
      const theirs = up.usd_per_hour / up.gpus;
      r.defers_to = up.id;
      if (mine < theirs * (1 - AGREE_FRACTION)) {
        conf = 'stale'; basis = 'below_upstream'; seen = null;
        r.newer_price = { usd_per_gpu_hour: round4(theirs), seen: upJ.price_seen || null, source: up.id };
      } else if (Math.abs(mine - theirs) <= AGREE_FRACTION * theirs && conf !== 'stale') {
        conf = upJ.price_confidence; basis = 'as_upstream'; seen = upJ.price_seen || seen;
      }
    }
    if (seen) r.price_seen = seen; else delete r.price_seen;
    r.price_confidence = conf;
    // Why, where it is not plain: a single_source row is one undated snapshot.
    if (basis !== 'undated_snapshot') r.confidence_basis = basis;
    // The spot price: confirmed only by a dated spot reading; stale with its row; else one undated source.
    if (num(o.spot_usd_per_hour)) {
      let spot = conf === 'stale' ? 'stale' : 'single_source';
      if (conf !== 'stale' && ev && ev.spot) spot = !ev.spot.agrees ? 'stale' : (seen && days(seen, catalogDate) <= FRESH_DAYS ? 'confirmed' : 'stale');
      if (spot !== conf) r.spot_confidence = spot;
    }
    final.set(o.id, r);
    return r;
  };
  return out.map(judge);
}

// Per provider: rows, newest evidence date (a row's price_seen or its newer_price's date), confidence counts (the
// README table).
function confidenceTable(offerings) {
  const by = new Map();
  for (const o of offerings) {
    if (!by.has(o.provider)) by.set(o.provider, { provider: o.provider, rows: 0, newest: null, confirmed: 0, single_source: 0, stale: 0 });
    const r = by.get(o.provider);
    r.rows++;
    r[o.price_confidence]++;
    // The newest dated evidence about the row: the date its price was seen, or that of a newer price shown.
    for (const d of [o.price_seen, o.newer_price && o.newer_price.seen]) if (d && (!r.newest || d > r.newest)) r.newest = d;
  }
  const rows = [...by.values()].sort((a, b) => (a.provider < b.provider ? -1 : 1));
  const lines = ['| provider | rows | newest evidence | confirmed | single_source | stale |', '| --- | ---: | --- | ---: | ---: | ---: |'];
  const t = { rows: 0, confirmed: 0, single_source: 0, stale: 0 };
  for (const r of rows) {
    lines.push(`| ${r.provider} | ${r.rows} | ${r.newest || 'none'} | ${r.confirmed} | ${r.single_source} | ${r.stale} |`);
    for (const k of Object.keys(t)) t[k] += r[k];
  }
  lines.push(`| **total** | ${t.rows} | | ${t.confirmed} | ${t.single_source} | ${t.stale} |`);
  return lines.join('\n');
}

// A published term price's confidence (commitments.csv, issue 30), by the same window as an offering's price: no
// dated reading is one undated source; a reading more than FRESH_DAYS before the catalog date is stale; else confirmed.
function termConfidence(seen, catalogDate) {
  if (!seen) return 'single_source';
  return days(seen, catalogDate) > FRESH_DAYS ? 'stale' : 'confirmed';
}

module.exports = {
  termConfidence,
  readEvidence, applyEvidence, evidenceFor, finishProvenance, formFactorIn, confidenceTable,
  EVIDENCE_COLUMNS, EVIDENCE_OPTIONAL, CONFIDENCE_IDS, FRESH_DAYS, AGREE_FRACTION, FAMILIES,
};
