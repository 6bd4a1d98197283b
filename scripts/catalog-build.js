#!/usr/bin/env node
'use strict';
// Regenerates catalog/gpus.json, catalog/providers.json and catalog/offerings.json from the reference
// CSVs, so the bundled data is reproducible. catalog/models.json is hand-written and not touched.
//
//   node scripts/catalog-build.js REFERENCE_DIR [--out DIR] [--report]
//
// REFERENCE_DIR is required (the committed copy is catalog/reference); --out defaults to catalog/.
// --report prints the dropped offering rows. Output is deterministic: running it twice gives the same
// bytes.

const fs = require('fs');
const path = require('path');
const { parseCsvObjects } = require('./lib/csv');
const { gpuFromCsvRow, EXTRA_GPUS, orderGpu } = require('./lib/gpu-catalog');
const { providerFromCsvRow, providerId } = require('./lib/providers');
const { readPolicy, readRefreshFolder, adopt, finishOffering, summary, formatSummary } = require('./lib/refresh');
const { offeringFromReferenceRow } = require('./lib/offerings');
const { readEvidence, applyEvidence, finishProvenance, confidenceTable, termConfidence } = require('./lib/provenance');
const { checkCatalog, mergeCatalogs, CATALOG_DIR } = require('./lib/catalog-check');
const { COLLECTION_DATE } = require('./lib/constants');

const USAGE = 'usage: node scripts/catalog-build.js REFERENCE_DIR [--out DIR] [--report]   (the committed reference is catalog/reference)\n';

function usage(msg) {
  process.stderr.write(`catalog-build: ${msg}\n${USAGE}`);
  process.exit(1);
}

function parseArgs(argv) {
  const a = { ref: null, out: CATALOG_DIR, report: false };
  let refGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === '--out') { if (!argv[i + 1]) usage('--out needs a folder'); a.out = path.resolve(argv[++i]); }
    else if (x === '--report') a.report = true;
    else if (x === '-h' || x === '--help') { process.stdout.write(USAGE); process.exit(0); }
    else if (x.startsWith('-')) usage(`unknown option ${x}`);
    else if (!refGiven) { a.ref = path.resolve(x); refGiven = true; }
    else usage(`unexpected argument ${x}`);
  }
  if (!refGiven) usage('REFERENCE_DIR is required (e.g. catalog/reference)');
  return a;
}

function readCsv(dir, name) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) usage(`${file} not found`);
  return parseCsvObjects(fs.readFileSync(file, 'utf8')).rows;
}

// Notes on single rows, found while checking the reference data.
const NCV3_RETIRED = 'Microsoft retired NC6s_v3/NC12s_v3/NC24s_v3 on 2025-09-30 (MicrosoftDocs/azure-docs articles/virtual-machines/ncv3-nc6s-nc12s-nc24s-retirement.md); kept as a v6-era price point.';
const BRIDGE_PAIRS = 'NVLink bridges join the cards two by two; tensor parallelism over more than 2 GPUs still crosses PCIe, so interconnect stays pcie.';
const EXTRA_NOTES = {
  'hyperstack/n3-A100x8-NVLink': BRIDGE_PAIRS,
  'hyperstack/n3-H100x8-NVLink': BRIDGE_PAIRS,
  'azure/Standard_NC6s_v3': NCV3_RETIRED,
  'azure/Standard_NC12s_v3': NCV3_RETIRED,
  'azure/Standard_NC24s_v3': NCV3_RETIRED,
};

// Reads an optional CSV of the reference folder (rows, or [] when the file is absent).
function readOptionalCsv(dir, name) {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? parseCsvObjects(fs.readFileSync(file, 'utf8')).rows : [];
}

const yes = (t) => /^yes/i.test(String(t || '').trim());
const numberOrNull = (t) => { const v = String(t || '').trim(); return v === '' ? null : Number(v); };

// commitments.csv: published commitment prices and discounts, per provider (optionally per GPU) or, with `instance`,
// per offering. A row whose `source` is "same" repeats the row above's. The term's length (`term_days`, or the shortest
// with `max_term_days` and `step_days` where it is chosen in steps), the least GPUs it covers (`min_gpus`), a
// whole-instance price (`usd_per_hour`) and the date the price was read (`seen`) are what lets the ranking bill a long
// run at it (issue 30); an entry without a term length or price is carried for the note only.
function readCommitments(refDir) {
  const out = [];
  let lastSource = '';
  for (const r of readOptionalCsv(refDir, 'commitments.csv')) {
    const cell = (k) => String(r[k] || '').trim();
    const source = cell('source') === 'same' ? lastSource : cell('source');
    lastSource = source;
    const c = { term: cell('term') };
    if (cell('gpu')) c.gpu = cell('gpu');
    for (const k of ['usd_per_hour', 'usd_per_gpu_hour', 'discount_fraction', 'term_days', 'max_term_days', 'step_days', 'min_gpus']) {
      const v = numberOrNull(r[k]);
      if (v !== null) c[k] = v;
    }
    if (cell('seen')) c.seen = cell('seen');
    c.applies_to = cell('applies_to');
    c.source = source;
    c.confidence = cell('confidence');
    if (cell('notes')) c.notes = cell('notes');
    out.push({ provider: cell('provider'), instance: cell('instance'), entry: c });
  }
  return out;
}

// providers.csv (+ providers-added.csv), with tier, reseller and commitment facts from provider-meta.csv,
// commitments.csv and commitment-notes.csv.
function buildProviders(refDir) {
  const rows = [...readCsv(refDir, 'providers.csv'), ...readOptionalCsv(refDir, 'providers-added.csv')];
  const meta = new Map(readOptionalCsv(refDir, 'provider-meta.csv').map((r) => [r.provider.trim(), r]));
  const commitNotes = new Map(readOptionalCsv(refDir, 'commitment-notes.csv').map((r) => [r.provider.trim(), r.note.trim()]));
  const commitments = new Map();
  for (const { provider: id, instance, entry } of readCommitments(refDir)) {
    if (instance) continue;  // an offering's own entry (attached in build())
    if (!commitments.has(id)) commitments.set(id, []);
    commitments.get(id).push(entry);
  }
  // billing-basis.csv: whether each provider's billing granularity is documented, recalled, not verified or
  // assumed, with the source (issue 33: the page says where a fact is assumed). provider-facts.csv: dated
  // corrections of single facts, each with its source (applied over providers.csv, which is a verbatim copy).
  const basis = new Map(readOptionalCsv(refDir, 'billing-basis.csv').map((r) => [r.provider.trim(), r]));
  const facts = readOptionalCsv(refDir, 'provider-facts.csv');
  return rows.map((row) => {
    const p = providerFromCsvRow(row);
    const b = basis.get(p.id);
    if (b) { p.billing.basis = b.basis.trim(); p.billing.basis_source = b.source.trim(); }
    for (const f of facts.filter((x) => x.provider.trim() === p.id)) {
      const [a, k] = f.fact.trim().split('.');
      const v = JSON.parse(f.value.trim());
      if (k) p[a][k] = v; else p[a] = v;
      p.notes = `${p.notes ? p.notes + ' ' : ''}${f.fact.trim()} = ${f.value.trim()}: ${f.source.trim()}.`;
      if (a === 'spot' && k === 'available') p.spot.text = `${v ? 'yes' : 'no'} (${f.source.trim()})`;
    }
    const m = meta.get(p.id);
    const out = {};
    for (const [k, v] of Object.entries(p)) {
      out[k] = v;
      if (k === 'name') {
        out.tier = m ? m.tier.trim() : null;
        out.tier_basis = m ? `${m.basis.trim()} (confidence: ${m.confidence.trim()})` : null;
        out.resells = m ? yes(m.resells) : false;
        out.upstreams = m && m.upstreams.trim() ? m.upstreams.trim() : null;
      }
    }
    out.commitments = commitments.get(p.id) || [];
    out.commitments_note = commitNotes.get(p.id)
      || 'No commitment (1-/3-year, monthly) prices or discounts found in the sources read.';
    out.price_as_of = null; // the newest offering price date, filled in by build()
    return out;
  });
}

// Every refresh folder named in refreshes.csv (or `refreshDirs` given), in order.
function refreshFolders(refDir, override) {
  if (override) return override;
  return readOptionalCsv(refDir, 'refreshes.csv').map((r) => ({ dir: path.join(refDir, r.folder.trim()), collected: r.collected.trim() }));
}

// opts.refresh: [{ dir, collected }] replaces the folders refreshes.csv names (catalog-refresh.js).
function build(refDir, opts = {}) {
  // The memory the driver reports per GPU (issue 30: what an engine's memory fraction budgets against), cited per row.
  // Optional: a reference folder without the file (a refresh fixture) leaves the fields out.
  const driverMemoryFile = path.join(refDir, 'gpu-driver-memory.csv');
  const driverMemory = new Map((fs.existsSync(driverMemoryFile) ? readCsv(refDir, 'gpu-driver-memory.csv') : [])
    .map((r) => [r.gpu, { driver_memory_bytes: Number(r.driver_memory_bytes), driver_memory_source: r.source }]));
  const gpus = [...readCsv(refDir, 'gpus.csv').map(gpuFromCsvRow), ...EXTRA_GPUS]
    .map((g) => ({ ...g, ...(driverMemory.get(g.id) || {}) })).map(orderGpu);
  const providers = buildProviders(refDir);
  const gpuKinds = new Map(gpus.map((g) => [g.id, g.interconnect.kind]));
  const ctx = { gpuKinds, extraNotes: EXTRA_NOTES };
  let offerings = [];
  let dropped = [];
  for (const row of readCsv(refDir, 'offerings.csv')) {
    const res = offeringFromReferenceRow(row, ctx, null, { collected: COLLECTION_DATE });
    if (res.dropped) dropped.push({ provider: providerId(row.provider) || row.provider, instance: row.instance_type, gpu: row.gpu_model, reason: res.dropped });
    else offerings.push(res.offering);
  }
  const policy = readPolicy(path.join(refDir, 'refresh-policy.csv'));
  const decisions = [];
  const files = [];
  for (const f of refreshFolders(refDir, opts.refresh)) {
    const read = readRefreshFolder(f.dir, ctx, { collected: f.collected });
    files.push(...read.files.map((x) => ({ ...x, folder: f.dir })));
    const res = adopt(offerings, read.results, policy);
    // A provider whose refresh is adopted drops the earlier dropped rows too; they are re-judged. A partial
    // refresh (merge, merge-stale) re-judges only the rows it lists: the earlier drops of other rows stay.
    const modeOf = new Map(res.decisions.filter((d) => d.adopted > 0 || d.refresh > 0)
      .filter((d) => ['replace', 'merge', 'merge-stale', 'add'].includes(d.mode)).map((d) => [d.provider, d.mode]));
    const judged = new Set(read.results.map((r) => `${r.provider}/${r.instance}`));
    const rejudged = (d) => modeOf.has(d.provider)
      && (['replace', 'add'].includes(modeOf.get(d.provider)) || judged.has(`${d.provider}/${d.instance}`));
    dropped = [...dropped.filter((d) => !rejudged(d)), ...res.dropped];
    // The folder's dated evidence (evidence.csv, optional) applies to the rows as they stand after it.
    offerings = applyEvidence(res.offerings, readEvidence(f.dir), f.dir);
    decisions.push(...res.decisions.map((d) => ({ ...d, folder: f.dir })));
  }
  const providerById = new Map(providers.map((p) => [p.id, p]));
  const gpuById = new Map(gpus.map((g) => [g.id, g]));
  const catalogDate = offerings.map((o) => o.as_of).sort().pop() || COLLECTION_DATE;
  offerings = finishProvenance(offerings, { providers, gpus: gpuById, catalogDate });
  offerings = offerings.map((o) => finishOffering(o, providerById, gpuById));
  // An offering's own published term prices (commitments.csv rows naming its instance), and every commitment's
  // confidence by the offerings' rule (scripts/lib/provenance.js termConfidence).
  const own = readCommitments(refDir).filter((c) => c.instance);
  for (const o of offerings) {
    const list = own.filter((c) => c.provider === o.provider && c.instance === o.instance).map((c) => ({ ...c.entry }));
    if (list.length) o.commitments = list;
  }
  for (const list of [...providers.map((p) => p.commitments), ...offerings.map((o) => o.commitments)]) {
    for (const c of list || []) c.price_confidence = termConfidence(c.seen, catalogDate);
  }
  for (const p of providers) {
    const dates = offerings.filter((o) => o.provider === p.id).map((o) => o.price_as_of).sort();
    p.price_as_of = dates.length ? dates[dates.length - 1] : null;
  }
  const dates = offerings.map((o) => o.as_of).sort();
  return {
    gpus: { as_of: COLLECTION_DATE, gpus },
    providers: { as_of: COLLECTION_DATE, providers },
    offerings: { as_of: dates[dates.length - 1] || COLLECTION_DATE, offerings },
    dropped, decisions, files,
  };
}

// Validates the built catalog (schema + the C++ validator) and writes it; returns the check.
function writeCatalog(out, outDir) {
  const modelsFile = path.join(CATALOG_DIR, 'models.json');
  const models = fs.existsSync(modelsFile) ? JSON.parse(fs.readFileSync(modelsFile, 'utf8')) : {};
  const check = checkCatalog(mergeCatalogs([out.gpus, out.providers, out.offerings, models]), null);
  if (check.errors.length) {
    process.stderr.write(JSON.stringify({ ok: false, errors: check.errors }, null, 2) + '\n');
    process.exit(2);
  }
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of ['gpus', 'providers', 'offerings']) {
    fs.writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify(out[name], null, 2) + '\n');
  }
  return check;
}

function countByCode(list) {
  const c = {};
  for (const w of list) c[w.code] = (c[w.code] || 0) + 1;
  return Object.entries(c).sort().map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
}

function report(out, check, outDir, { verbose }) {
  const used = new Set(out.offerings.offerings.map((o) => o.provider));
  process.stderr.write(`catalog-build: ${out.gpus.gpus.length} GPUs, ${out.providers.providers.length} providers, `
    + `${out.offerings.offerings.length} offerings from ${used.size} providers, ${out.dropped.length} rows dropped -> ${outDir}\n`);
  process.stderr.write(`catalog-build: validated by ${check.by}; warnings: ${countByCode(check.warnings)}\n`);
  process.stderr.write(formatSummary(summary(out.offerings.offerings)) + '\n');
  // Per provider: rows, newest evidence date, confidence counts (the table in catalog/README.md "Confidence").
  process.stderr.write(confidenceTable(out.offerings.offerings) + '\n');
  if (verbose) {
    for (const d of out.decisions) process.stderr.write(`  ${d.provider}: ${d.mode} (baseline ${d.baseline}, refresh ${d.refresh}, adopted ${d.adopted}, kept ${d.kept}, stale ${d.stale})\n`);
    for (const d of out.dropped) process.stderr.write(`  dropped ${d.provider} ${d.instance} (${d.gpu}): ${d.reason}\n`);
    for (const w of check.warnings) process.stderr.write(`  warning ${w.code} ${w.path}: ${w.message}\n`);
  }
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const out = build(args.ref);
  const check = writeCatalog(out, args.out);
  report(out, check, args.out, { verbose: args.report });
}

if (require.main === module) main();
module.exports = { build, writeCatalog, report, countByCode, refreshFolders, EXTRA_NOTES };
