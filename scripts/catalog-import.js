#!/usr/bin/env node
'use strict';
// Turns a price CSV into catalog offerings: { "as_of", "offerings": [...] }, validated against
// catalog/schema.json and the catalog's cross-reference rules.
//
//   npm run catalog:import -- FILE.csv [--provider ID] [--out FILE] [--as-of YYYY-MM-DD]
//                                       [--source TEXT] [--skip-unknown]
//
// Two dialects, told apart by the header:
//   - the columns of catalog/reference/offerings.csv (provider, instance_type, gpu_model, ...);
//   - SkyPilot's vms.csv (InstanceType, AcceleratorName, AcceleratorCount, vCPUs, MemoryGiB, Price,
//     Region, SpotPrice, ...). It has no provider column, so --provider is required. Rows without an
//     AcceleratorName are skipped; per instance type the cheapest region is kept.
// GPU names map to catalog ids through scripts/lib/gpu-names.js. Rows that cannot be represented (no
// price at all, a fractional GPU share, a GPU deliberately left out of the catalog) are skipped with a
// warning on stderr. A GPU name with no mapping is an error (unless --skip-unknown).
//
// Exit status: 0 written; 2 the result is invalid (every problem printed to stderr as
// { "ok": false, "errors": [{ "code", "path", "message" }] }, paths are JSON Pointers into the output);
// 1 usage or I/O error.

const fs = require('fs');
const path = require('path');
const { parseCsvObjects } = require('./lib/csv');
const { offeringFromReferenceRow, offeringsFromSkypilotRows, detectDialect } = require('./lib/offerings');
const { checkCatalog, loadBundled } = require('./lib/catalog-check');
const { finishOffering } = require('./lib/refresh');
const { DATE_RE } = require('./lib/constants');

const USAGE = 'usage: npm run catalog:import -- FILE.csv [--provider ID] [--out FILE] [--as-of YYYY-MM-DD] [--source TEXT] [--skip-unknown]\n';

function fail(msg) {
  process.stderr.write(`catalog-import: ${msg}\n${USAGE}`);
  process.exit(1);
}

function parseArgs(argv) {
  const a = { file: null, provider: null, out: null, asOf: null, source: null, skipUnknown: false };
  const value = (i, flag) => { if (argv[i + 1] === undefined) fail(`${flag} needs a value`); return argv[i + 1]; };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === '--provider') { a.provider = value(i, x); i++; }
    else if (x === '--out') { a.out = value(i, x); i++; }
    else if (x === '--as-of') { a.asOf = value(i, x); i++; }
    else if (x === '--source') { a.source = value(i, x); i++; }
    else if (x === '--skip-unknown') a.skipUnknown = true;
    else if (x === '-h' || x === '--help') { process.stdout.write(USAGE); process.exit(0); }
    else if (x.startsWith('--')) fail(`unknown option ${x}`);
    else if (!a.file) a.file = x;
    else fail(`unexpected argument ${x}`);
  }
  if (!a.file) fail('no CSV file given');
  if (a.asOf && !DATE_RE.test(a.asOf)) fail('--as-of must be YYYY-MM-DD');
  if (a.provider && !/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/.test(a.provider)) fail('--provider must be a lowercase catalog id (e.g. lambda)');
  return a;
}

function today() {
  return new Date().toISOString().slice(0, 10);
}

// Convert; returns { doc, warnings }.
function convert(text, args, bundled) {
  const { header, rows } = parseCsvObjects(text);
  const dialect = detectDialect(header);
  if (!dialect) {
    throw new Error('header matches neither catalog/reference/offerings.csv nor SkyPilot vms.csv '
      + `(got: ${header.slice(0, 8).join(', ')}${header.length > 8 ? ', ...' : ''})`);
  }
  const gpuKinds = new Map(bundled.merged.gpus.map((g) => [g.id, g.interconnect.kind]));
  const ctx = { gpuKinds };
  const warnings = [];
  let results;
  if (dialect === 'reference') {
    results = rows.map((r) => ({ line: r._line, ...offeringFromReferenceRow(r, ctx, args.provider) }));
    if (args.asOf) for (const r of results) if (r.offering) r.offering.as_of = args.asOf;
    if (args.source) for (const r of results) if (r.offering) r.offering.source = args.source;
  } else {
    if (!args.provider) throw new Error('a SkyPilot vms.csv has no provider column: pass --provider ID');
    const source = args.source || `SkyPilot vms.csv (${path.basename(args.file)})`;
    ({ results } = offeringsFromSkypilotRows(rows, ctx, { provider: args.provider, source, asOf: args.asOf || today() }));
  }
  const known = new Set(bundled.merged.gpus.map((g) => g.id));
  const offerings = [];
  for (const r of results) {
    if (r.dropped) { warnings.push(`row ${r.line}: skipped: ${r.dropped}`); continue; }
    if (args.skipUnknown && !known.has(r.offering.gpu)) {
      warnings.push(`row ${r.line}: skipped: no catalog GPU for "${r.offering.gpu}"`);
      continue;
    }
    offerings.push(r.offering);
  }
  // The fields every catalog offering carries (display_name, price_type, price_as_of, ...), from the
  // bundled providers and GPUs.
  const providerById = new Map((bundled.merged.providers || []).map((p) => [p.id, p]));
  const gpuById = new Map((bundled.merged.gpus || []).map((g) => [g.id, g]));
  for (let i = 0; i < offerings.length; i++) offerings[i] = finishOffering(offerings[i], providerById, gpuById);
  const dates = offerings.map((o) => o.as_of).filter((d) => typeof d === 'string' && DATE_RE.test(d)).sort();
  const doc = { as_of: args.asOf || dates[dates.length - 1] || today(), offerings };
  return { doc, warnings, dialect };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  let text;
  try { text = fs.readFileSync(args.file, 'utf8'); } catch (e) { fail(`cannot read ${args.file}: ${e.message}`); }
  const bundled = loadBundled();
  let res;
  try { res = convert(text, args, bundled); } catch (e) { fail(e.message); }
  for (const w of res.warnings) process.stderr.write(`catalog-import: ${w}\n`);
  const check = checkCatalog(res.doc, bundled.merged);
  for (const w of check.warnings) process.stderr.write(`catalog-import: warning ${w.code} ${w.path}: ${w.message}\n`);
  if (check.errors.length) {
    process.stderr.write(JSON.stringify({ ok: false, errors: check.errors, warnings: check.warnings }, null, 2) + '\n');
    process.exit(2);
  }
  const json = JSON.stringify(res.doc, null, 2) + '\n';
  if (args.out) {
    try { fs.writeFileSync(args.out, json); } catch (e) { fail(`cannot write ${args.out}: ${e.message}`); }
    process.stderr.write(`catalog-import: ${res.doc.offerings.length} offerings (${res.dialect} dialect) -> ${args.out}\n`);
  } else {
    process.stdout.write(json);
  }
}

if (require.main === module) main();
module.exports = { convert };
