'use strict';
// The catalog pipeline past the single CSV row: reading a refresh folder (SkyPilot vms.csv files, one per
// cloud, and/or CSVs in the reference offerings.csv columns), adopting its rows per provider as
// catalog/reference/refresh-policy.csv says, and adding the fields every offering carries
// (price_as_of, price_dated, price_type, display_name, gpu_mem_gb, upstream, stale). Also the diff of two
// catalogs and the per-provider summary the build prints.

const fs = require('fs');
const path = require('path');
const { parseCsvObjects } = require('./csv');
const { offeringFromReferenceRow, offeringsFromSkypilotRows, detectDialect } = require('./offerings');
const { providerId } = require('./providers');
const { slug } = require('./gpu-names');
const { DATE_RE } = require('./constants');

// merge: adopt the refresh's rows and keep the rows it does not list as they are (a partial refresh that does
// not contradict them); merge-stale: the same, but the rows it does not list are marked stale.
const MODES = ['replace', 'merge', 'merge-stale', 'keep', 'keep-stale', 'add', 'skip'];

function readCsvFile(file) {
  return parseCsvObjects(fs.readFileSync(file, 'utf8'));
}

// refresh-policy.csv -> Map provider id -> { mode, reason }.
function readPolicy(file) {
  const policy = new Map();
  if (!file || !fs.existsSync(file)) return policy;
  for (const r of readCsvFile(file).rows) {
    const id = String(r.provider || '').trim();
    const mode = String(r.mode || '').trim();
    if (!MODES.includes(mode)) throw new Error(`${file}: provider ${id}: unknown mode "${mode}" (one of ${MODES.join(', ')})`);
    policy.set(id, { mode, reason: String(r.reason || '').trim() });
  }
  return policy;
}

// The cloud a SkyPilot file belongs to: FOLDER/<cloud>/vms.csv, FOLDER/<cloud>.csv or FOLDER/<cloud>_v9_<commit>.csv.
function cloudOfFile(rel) {
  const parts = rel.split(/[\\/]/);
  const base = parts[parts.length - 1].replace(/\.csv$/i, '');
  const name = base === 'vms' && parts.length > 1 ? parts[parts.length - 2] : base.split(/[_.]/)[0];
  return providerId(name) || slug(name);
}

// CSV files directly in `dir` and in its immediate subfolders (SkyPilot's <cloud>/vms.csv), sorted.
function csvFilesIn(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isFile() && /\.csv$/i.test(e.name)) out.push(e.name);
    else if (e.isDirectory()) {
      for (const f of fs.readdirSync(path.join(dir, e.name))) if (/\.csv$/i.test(f)) out.push(path.join(e.name, f));
    }
  }
  return out.sort();
}

// Reads one refresh folder. Returns { results: [{ provider, offering } | { provider, dropped, instance, gpu }],
// files: [{ file, dialect, rows }] }. `collected` is the date the folder's data was read (the date used where
// a row's price carries no date of its own).
function readRefreshFolder(dir, ctx, { collected }) {
  const results = [];
  const files = [];
  for (const rel of csvFilesIn(dir)) {
    const { header, rows } = readCsvFile(path.join(dir, rel));
    const dialect = detectDialect(header);
    if (!dialect) continue; // files_read.csv, gpu-name-map.csv and the like
    files.push({ file: rel, dialect, rows: rows.length });
    if (dialect === 'reference') {
      for (const row of rows) {
        const res = offeringFromReferenceRow(row, ctx, null, { collected });
        const provider = res.offering ? res.offering.provider : (providerId(row.provider) || slug(row.provider));
        results.push({ provider, instance: String(row.instance_type).trim(), gpu: row.gpu_model, ...res });
      }
    } else {
      const provider = cloudOfFile(rel);
      const source = `SkyPilot-style ${path.basename(dir)}/${rel.split(path.sep).join('/')}`;
      const res = offeringsFromSkypilotRows(rows, ctx, { provider, source, asOf: collected });
      for (const r of res.results) {
        if (r.offering) { r.offering.price_as_of = collected; r.offering.price_dated = false; }
        results.push({ provider, instance: r.offering ? r.offering.instance : `row ${r.line}`, gpu: '', ...r });
      }
    }
  }
  // One instance name for two GPUs (Vast lists 40 GB and 80 GB A100 hosts under one type name): each
  // such row's instance gets the GPU named in brackets, so ids stay unique.
  const count = new Map();
  for (const r of results) if (r.offering) count.set(r.offering.id, (count.get(r.offering.id) || 0) + 1);
  for (const r of results) {
    if (!r.offering || count.get(r.offering.id) < 2) continue;
    const o = r.offering;
    r.originalId = o.id;
    o.instance = `${o.instance} (${r.gpu || o.gpu})`;
    o.id = `${o.provider}/${o.instance}`;
    o.notes = `${o.notes ? o.notes + ' ' : ''}The source lists one type name for several GPUs; the GPU is added to the instance name.`;
  }
  return { results, files };
}

// Baseline offerings + a refresh's offerings, per provider as `policy` says. Providers a policy does not
// name: merge-stale when the baseline has them, add otherwise. Returns { offerings, decisions, dropped }.
function adopt(baseline, refresh, policy) {
  const baseBy = new Map();
  for (const o of baseline) {
    if (!baseBy.has(o.provider)) baseBy.set(o.provider, []);
    baseBy.get(o.provider).push(o);
  }
  const refBy = new Map();
  const refDropped = new Map();
  for (const r of refresh) {
    const map = r.offering ? refBy : refDropped;
    if (!map.has(r.provider)) map.set(r.provider, []);
    map.get(r.provider).push(r.offering || r);
  }
  const originalIds = new Set(refresh.filter((r) => r.originalId).map((r) => r.originalId));
  const order = [...new Set([...baseBy.keys(), ...refBy.keys(), ...refDropped.keys()])];
  const offerings = [];
  const decisions = [];
  const dropped = [];
  for (const p of order) {
    const base = baseBy.get(p) || [];
    const fresh = refBy.get(p) || [];
    const given = policy.get(p);
    const mode = given ? given.mode : (base.length ? 'merge-stale' : 'add');
    const useRefresh = ['replace', 'merge', 'merge-stale', 'add'].includes(mode) && (fresh.length > 0 || (refDropped.get(p) || []).length > 0);
    const d = { provider: p, mode, reason: given ? given.reason : 'no policy row (default)', baseline: base.length,
      refresh: fresh.length, kept: 0, adopted: 0, stale: 0 };
    if (!useRefresh) {
      const stale = mode === 'keep-stale';
      for (const o of base) offerings.push(stale ? markStale(o, 'an older snapshot than the rest of the catalog') : o);
      d.kept = base.length;
      if (stale) d.stale = base.length;
    } else {
      const seen = new Set([...fresh.map((o) => o.id), ...originalIds]);
      for (const o of fresh) offerings.push(o);
      d.adopted = fresh.length;
      for (const r of refDropped.get(p) || []) dropped.push({ provider: p, instance: r.instance, gpu: r.gpu, reason: r.dropped });
      if (mode === 'merge-stale' || mode === 'merge') {
        for (const o of base) {
          if (seen.has(o.id)) continue;
          if (mode === 'merge') { offerings.push(o); d.kept++; continue; }
          offerings.push(markStale(o, 'not in the newer snapshot'));
          d.stale++;
        }
      }
    }
    decisions.push(d);
  }
  return { offerings, decisions, dropped };
}

function markStale(o, why) {
  return { ...o, stale: true, notes: `${o.notes ? o.notes + ' ' : ''}STALE: ${why}; price from the older snapshot.`.trim() };
}

// GPU name for display: "NVIDIA A100 80GB SXM" -> "A100 SXM" (memory is shown on its own).
function shortGpuName(name) {
  return String(name || '').replace(/^(NVIDIA|AMD|Google|AWS|Intel)\s+/, '').replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\b\d+\s?GB\b\s*/i, '').replace(/\s+/g, ' ').trim();
}

function num(v) { return typeof v === 'number' && Number.isFinite(v); }
function fmt(v) { return Number.isInteger(v) ? String(v) : String(Math.round(v * 10) / 10); }

// "8× H100 SXM 80 GB · 192 vCPU · 2048 GiB RAM"; host figures only where the source states them.
function displayName(o, gpu) {
  const mem = num(o.gpu_mem_gb) ? o.gpu_mem_gb : (gpu ? gpu.vram_gib : null);
  let s = `${o.gpus}× ${gpu ? shortGpuName(gpu.name) : o.gpu}${num(mem) ? ` ${fmt(mem)} GB` : ''}`;
  if (num(o.vcpus)) s += ` · ${fmt(o.vcpus)} vCPU`;
  if (num(o.ram_gib)) s += ` · ${fmt(o.ram_gib)} GiB RAM`;
  return s;
}

const UPSTREAM_RE = /upstream(?: cloud)? = ([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)/;

// Adds the derived fields in a fixed key order. `providers`: Map id -> provider item; `gpus`: Map id -> GPU.
const OFFERING_KEYS = ['id', 'provider', 'tier', 'instance', 'display_name', 'gpu', 'gpus', 'gpu_mem_gb', 'vcpus', 'ram_gib',
  'usd_per_hour', 'spot_usd_per_hour', 'price_type', 'price_as_of', 'price_dated', 'price_seen', 'price_confidence',
  'spot_confidence', 'confidence_basis', 'price_evidence', 'newer_price', 'defers_to', 'currency', 'source_amount',
  'source_spot_amount', 'fx_rate', 'fx_date', 'fx_source', 'stale', 'upstream', 'resale_of', 'region', 'spot_region',
  'form_factor', 'form_factor_from', 'interconnect', 'source', 'as_of', 'notes'];
function finishOffering(o, providers, gpus) {
  const p = providers.get(o.provider);
  const out = { ...o };
  out.display_name = displayName(o, gpus.get(o.gpu));
  out.tier = p && p.tier ? p.tier : null;
  out.price_type = p && p.tier === 'marketplace' ? 'listing' : 'list';
  if (!DATE_RE.test(out.price_as_of || '')) { out.price_as_of = o.as_of; out.price_dated = false; }
  if (typeof out.price_dated !== 'boolean') out.price_dated = false;
  const m = p && p.resells ? UPSTREAM_RE.exec(o.notes || '') : null;
  if (m) out.upstream = m[1];
  if (out.gpu_mem_gb === undefined) out.gpu_mem_gb = null;
  const ordered = {};
  for (const k of OFFERING_KEYS) {
    if (out[k] === undefined) continue;
    if ((k === 'stale' && out[k] !== true) || (k === 'upstream' && !out[k]) || (k === 'form_factor' && out[k] === null)) continue;
    ordered[k] = out[k];
  }
  return ordered;
}

// Median of the per-GPU on-demand price per GPU id, and per provider: rows, medians, oldest price date.
function median(xs) {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function perGpuHour(o) {
  const price = num(o.usd_per_hour) ? o.usd_per_hour : (num(o.spot_usd_per_hour) ? o.spot_usd_per_hour : null);
  return price === null ? null : price / o.gpus;
}

function summary(offerings) {
  const by = new Map();
  for (const o of offerings) {
    if (!by.has(o.provider)) by.set(o.provider, []);
    by.get(o.provider).push(o);
  }
  const rows = [];
  for (const [provider, list] of by) {
    const perGpu = new Map();
    for (const o of list) {
      const v = num(o.usd_per_hour) ? o.usd_per_hour / o.gpus : null;
      if (v === null) continue;
      if (!perGpu.has(o.gpu)) perGpu.set(o.gpu, []);
      perGpu.get(o.gpu).push(v);
    }
    const dates = list.map((o) => o.price_as_of).filter(Boolean).sort();
    rows.push({
      provider, rows: list.length, spot: list.filter((o) => num(o.spot_usd_per_hour)).length,
      stale: list.filter((o) => o.stale).length,
      oldest_price: dates[0] || null, newest_price: dates[dates.length - 1] || null,
      median_usd_per_gpu_hour: Object.fromEntries([...perGpu].sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([g, xs]) => [g, Math.round(median(xs) * 1000) / 1000])),
    });
  }
  return rows;
}

function formatSummary(rows) {
  const lines = ['provider         rows  spot stale oldest price  median $/GPU-h (on demand) per GPU'];
  for (const r of rows) {
    const med = Object.entries(r.median_usd_per_gpu_hour).map(([g, v]) => `${g} ${v}`).join(', ');
    lines.push(`${r.provider.padEnd(16)}${String(r.rows).padStart(5)}${String(r.spot).padStart(6)}${String(r.stale).padStart(6)}`
      + ` ${String(r.oldest_price).padEnd(13)} ${med}`);
  }
  return lines.join('\n');
}

// Offerings of `before` vs `after`, by provider: added, removed, repriced (on-demand or spot changed).
function diffOfferings(before, after) {
  const b = new Map(before.map((o) => [o.id, o]));
  const a = new Map(after.map((o) => [o.id, o]));
  const by = new Map();
  const entry = (p) => {
    if (!by.has(p)) by.set(p, { provider: p, added: [], removed: [], repriced: [], unchanged: 0 });
    return by.get(p);
  };
  for (const [id, o] of a) {
    const old = b.get(id);
    if (!old) { entry(o.provider).added.push(id); continue; }
    if (old.usd_per_hour !== o.usd_per_hour || old.spot_usd_per_hour !== o.spot_usd_per_hour) {
      entry(o.provider).repriced.push({ id, usd_per_hour: [old.usd_per_hour, o.usd_per_hour],
        spot_usd_per_hour: [old.spot_usd_per_hour, o.spot_usd_per_hour] });
    } else entry(o.provider).unchanged++;
  }
  for (const [id, o] of b) if (!a.has(id)) entry(o.provider).removed.push(id);
  const rows = [...by.values()].sort((x, y) => (x.provider < y.provider ? -1 : 1));
  return rows;
}

function formatDiff(rows) {
  const t = { added: 0, removed: 0, repriced: 0, unchanged: 0 };
  const lines = ['| provider | added | removed | repriced | unchanged | median on-demand change of repriced rows |',
    '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    const rel = r.repriced.filter((x) => num(x.usd_per_hour[0]) && num(x.usd_per_hour[1]) && x.usd_per_hour[0] > 0)
      .map((x) => (x.usd_per_hour[1] - x.usd_per_hour[0]) / x.usd_per_hour[0]);
    const med = rel.length ? `${(median(rel) * 100).toFixed(1)}%` : '';
    lines.push(`| ${r.provider} | ${r.added.length} | ${r.removed.length} | ${r.repriced.length} | ${r.unchanged} | ${med} |`);
    t.added += r.added.length; t.removed += r.removed.length; t.repriced += r.repriced.length; t.unchanged += r.unchanged;
  }
  lines.push(`| **total** | ${t.added} | ${t.removed} | ${t.repriced} | ${t.unchanged} | |`);
  return lines.join('\n');
}

module.exports = {
  readPolicy, readRefreshFolder, adopt, finishOffering, displayName, shortGpuName, summary, formatSummary,
  diffOfferings, formatDiff, median, perGpuHour, cloudOfFile, MODES,
};
