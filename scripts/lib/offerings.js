'use strict';
// Turning price rows into catalog offerings. One assembly path (assembleOffering) serves both
// dialects: catalog/reference/offerings.csv (used by catalog-build.js and catalog-import.js) and
// SkyPilot's vms.csv (catalog-import.js).

const { COLLECTION_DATE, DATE_RE } = require('./constants');
const { resolveGpuName, slug } = require('./gpu-names');
const { providerId } = require('./providers');

const OFFERINGS_CSV_COLUMNS = ['provider', 'instance_type', 'gpu_model', 'gpu_count', 'gpu_mem_gb_per_gpu', 'vcpus',
  'ram_gb', 'ondemand_usd_hr', 'spot_usd_hr', 'region', 'region_choice', 'multi_gpu_interconnect', 'source_repo',
  'source_path', 'source_commit', 'data_date', 'notes'];
const SKYPILOT_COLUMNS = ['InstanceType', 'AcceleratorName', 'AcceleratorCount', 'vCPUs', 'MemoryGiB', 'Price', 'Region',
  'SpotPrice'];

// '' -> null; '1.5' -> 1.5; anything else that is not a number stays a string so the schema reports it.
function cell(text) {
  if (typeof text === 'number') return text;
  const t = String(text === undefined || text === null ? '' : text).trim();
  if (t === '') return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : t;
}

// Interconnect between the GPUs of one instance, from a free-text column; `gpuKind` is the GPU's own
// interconnect.kind, used when the text says nothing. Returns { kind, assumed }.
function interconnectFrom(text, gpus, gpuKind) {
  if (gpus === 1) return { kind: 'none', assumed: false };
  const t = String(text || '').toLowerCase();
  if (t.includes('infinity fabric')) return { kind: 'infinity_fabric', assumed: false };
  if (t.includes('nvlink') || t.includes('nvswitch')) return { kind: 'nvlink', assumed: false };
  if (t.includes('neuronlink') || /\bici\b/.test(t)) return { kind: 'other', assumed: false };
  if (t.includes('pcie')) return { kind: 'pcie', assumed: false };
  return { kind: gpuKind || null, assumed: true };
}

const OFFERING_KEYS = ['id', 'provider', 'instance', 'gpu', 'gpus', 'gpu_mem_gb', 'vcpus', 'ram_gib', 'usd_per_hour',
  'spot_usd_per_hour', 'price_as_of', 'price_dated', 'region', 'interconnect', 'source', 'as_of', 'notes'];

// f: { provider, instance, gpuName, count, vcpus, ram, od, spot, region, icText, source, asOf, notes[] }
// ctx: { gpuKinds: Map id -> interconnect.kind }
// Returns { offering } or { dropped: reason }. A GPU name with no mapping still yields an offering
// (gpu = a slug of the name) so that validation reports it as an unknown GPU id.
function assembleOffering(f, ctx) {
  const notes = [...(f.notes || [])].filter(Boolean);
  const resolved = resolveGpuName(f.gpuName, f.provider);
  if (resolved && resolved.drop) return { dropped: `GPU "${f.gpuName}": ${resolved.drop}` };
  const gpu = resolved ? resolved.id : slug(f.gpuName);
  if (resolved && resolved.note) notes.push(resolved.note + '.');
  const count = cell(f.count);
  if (typeof count === 'number' && count > 0 && !Number.isInteger(count)) {
    return { dropped: `fractional GPU share (gpu count ${count}): the sizing model counts whole GPUs` };
  }
  const od = cell(f.od);
  const spot = cell(f.spot);
  if (od === null && spot === null) return { dropped: 'no on-demand or spot price' };
  let vcpus = cell(f.vcpus);
  let ram = cell(f.ram);
  if (f.provider === 'vast' && vcpus === 32 && ram === 64) {
    vcpus = null; ram = null;
    notes.push('vcpus/ram_gib set to null: 32/64 is SkyPilot\'s minimum filter for Vast, not the host spec.');
  }
  const gpuKinds = (ctx && ctx.gpuKinds) || new Map();
  const ic = interconnectFrom(f.icText, count, gpuKinds.get(gpu));
  if (ic.assumed && ic.kind) notes.push(`Interconnect not stated; ${ic.kind} assumed from the GPU.`);
  const o = {
    id: `${f.provider}/${f.instance}`,
    provider: f.provider,
    instance: f.instance,
    gpu,
    gpus: count,
    vcpus,
    ram_gib: ram,
    usd_per_hour: od,
    spot_usd_per_hour: spot,
    region: f.region ? String(f.region).trim() : null,
    interconnect: ic.kind,
    source: f.source,
    as_of: f.asOf,
    notes: notes.join(' '),
  };
  const mem = cell(f.gpuMem);
  if (typeof mem === 'number' && mem > 0) o.gpu_mem_gb = mem;
  if (f.priceAsOf) { o.price_as_of = f.priceAsOf; o.price_dated = f.priceDated === true; }
  const extra = ctx && ctx.extraNotes && ctx.extraNotes[o.id];
  if (extra) o.notes = (o.notes ? o.notes + ' ' : '') + extra;
  const ordered = {};
  for (const k of OFFERING_KEYS) if (o[k] !== undefined) ordered[k] = o[k];
  // The form factor the source's GPU name states (provenance.js; dropped by finishOffering's key list).
  const named = /pcie/i.test(f.gpuName) ? 'pcie' : /sxm/i.test(f.gpuName) ? 'sxm' : /nvl(?!ink)/i.test(f.gpuName) ? 'nvl' : null;
  if (named) ordered._gpuNameForm = named;
  return { offering: ordered };
}

// A row's data_date: { date (YYYY-MM-DD or null), note }. `collected` is the day the snapshot was read,
// used where the source dates nothing.
function dataDate(text, collected = COLLECTION_DATE) {
  const t = String(text || '').trim();
  if (DATE_RE.test(t)) return { date: t, asOf: t, note: null };
  const lead = /^(\d{4}-\d{2}-\d{2})\b/.exec(t);
  if (lead) return { date: lead[1], asOf: lead[1], note: `Price date: ${t}.` };
  return { date: null, asOf: collected, note: `Price date: data date not recorded in source (${t || 'blank'}).` };
}

// One reference offerings.csv row. `providerOverride` replaces the provider column. With
// `opts.collected` (the catalog build), `as_of` is that collection date and `price_as_of` the price's own
// date (else the collection date); without it (catalog-import), `as_of` is the price date as before.
function offeringFromReferenceRow(row, ctx, providerOverride, opts = {}) {
  const provider = providerOverride || providerId(row.provider) || slug(row.provider);
  const date = dataDate(row.data_date, opts.collected || COLLECTION_DATE);
  const notes = [String(row.notes || '').trim().replace(/([^.])$/, '$1.')];
  // In the build, price_dated: false already says what these two boilerplate notes would (bytes matter:
  // the catalog is embedded in the page).
  const rc = String(row.region_choice || '').trim();
  if (rc && !(opts.collected && rc === 'one row transcribed for this type')) notes.push(`Region: ${rc}.`);
  if (date.note && !(opts.collected && String(row.data_date).trim() === 'commit date not recorded')) notes.push(date.note);
  return assembleOffering({
    provider,
    instance: String(row.instance_type).trim(),
    gpuName: row.gpu_model,
    count: row.gpu_count,
    vcpus: row.vcpus,
    ram: row.ram_gb,
    od: row.ondemand_usd_hr,
    spot: row.spot_usd_hr,
    region: row.region,
    icText: row.multi_gpu_interconnect,
    source: `${row.source_repo} ${row.source_path}@${row.source_commit}`,
    asOf: opts.collected ? opts.collected : date.asOf,
    priceAsOf: date.date || opts.collected || COLLECTION_DATE,
    priceDated: date.date !== null,
    gpuMem: row.gpu_mem_gb_per_gpu,
    notes,
  }, ctx);
}

// An AWS Local Zone or Wavelength Zone id (the region's code, then a city code: use1-atl2-az1 is Atlanta 2,
// use1-wl1-bos-wlz1 Boston's Wavelength Zone). Such a zone is opt-in and holds a few racks: its spot price is not one
// a person launching in the region meets (p6-b200's Atlanta row was 39 % under every regular zone's), so the spot
// price of a region is its regular zones' lowest (catalog/reference/refresh-2026-12/aws-local-zone-spot.csv).
const EDGE_ZONE_ID = /^[a-z]+\d-(?:[a-z]{3}\d+-az\d+|wl\d+-)/;
function isEdgeZone(zone) { return EDGE_ZONE_ID.test(String(zone || '').trim()); }

// SkyPilot vms.csv rows (one per instance type x region x zone). Keeps, per instance type, the
// cheapest region by on-demand price (spot price if no on-demand), with that region's lowest spot outside
// Local and Wavelength Zones (isEdgeZone).
// Returns { results: [{ line, offering } | { line, dropped }] } in first-seen instance order.
function offeringsFromSkypilotRows(rows, ctx, { provider, source, asOf }) {
  const byInstance = new Map();
  const results = [];
  for (const r of rows) {
    if (!String(r.AcceleratorName || '').trim()) continue; // CPU-only instance types
    const key = String(r.InstanceType).trim();
    if (!byInstance.has(key)) byInstance.set(key, []);
    byInstance.get(key).push(r);
  }
  const positive = (t) => { const v = cell(t); return typeof v === 'number' && v > 0 ? v : null; };
  const minOf = (vals) => { const xs = vals.filter((v) => v !== null); return xs.length ? Math.min(...xs) : null; };
  for (const [instance, list] of byInstance) {
    const regions = new Map();
    for (const r of list) {
      const reg = String(r.Region || '').trim();
      if (!regions.has(reg)) regions.set(reg, []);
      regions.get(reg).push(r);
    }
    const candidates = [...regions].map(([region, rs]) => ({
      region, rows: rs,
      od: minOf(rs.map((r) => positive(r.Price))),
      spot: minOf(rs.filter((r) => !isEdgeZone(r.AvailabilityZone)).map((r) => positive(r.SpotPrice))),
      rawPrice: rs.map((r) => cell(r.Price)).find((v) => typeof v === 'string' || (typeof v === 'number' && v <= 0)),
    }));
    const rank = (c) => (c.od !== null ? c.od : c.spot !== null ? c.spot : Infinity);
    candidates.sort((a, b) => rank(a) - rank(b) || (a.region < b.region ? -1 : a.region > b.region ? 1 : 0));
    const best = candidates[0];
    const first = best.rows[0];
    const notes = [];
    if (regions.size > 1) notes.push(`Cheapest of ${regions.size} regions in the file.`);
    const res = assembleOffering({
      provider,
      instance,
      gpuName: first.AcceleratorName,
      count: first.AcceleratorCount,
      vcpus: first.vCPUs,
      ram: first.MemoryGiB,
      // An unreadable or non-positive price is passed through so validation reports it.
      od: best.od !== null ? best.od : (best.rawPrice !== undefined ? best.rawPrice : null),
      spot: best.spot,
      region: best.region || null,
      icText: '',
      source,
      asOf,
      notes,
    }, ctx);
    results.push({ line: first._line, ...res });
  }
  return { results };
}

function detectDialect(header) {
  const has = (cols) => cols.every((c) => header.includes(c));
  if (has(OFFERINGS_CSV_COLUMNS)) return 'reference';
  if (has(SKYPILOT_COLUMNS)) return 'skypilot';
  return null;
}

module.exports = {
  assembleOffering, offeringFromReferenceRow, offeringsFromSkypilotRows, detectDialect, interconnectFrom, dataDate, isEdgeZone,
  OFFERINGS_CSV_COLUMNS, SKYPILOT_COLUMNS,
};
