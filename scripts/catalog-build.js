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
const { providerFromCsvRow } = require('./lib/providers');
const { offeringFromReferenceRow } = require('./lib/offerings');
const { validateCatalog, mergeCatalogs, CATALOG_DIR, ROOT } = require('./lib/catalog-check');
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

function build(refDir) {
  const gpus = [...readCsv(refDir, 'gpus.csv').map(gpuFromCsvRow), ...EXTRA_GPUS].map(orderGpu);
  const providers = readCsv(refDir, 'providers.csv').map(providerFromCsvRow);
  const gpuKinds = new Map(gpus.map((g) => [g.id, g.interconnect.kind]));
  const offerings = [];
  const dropped = [];
  for (const row of readCsv(refDir, 'offerings.csv')) {
    const res = offeringFromReferenceRow(row, { gpuKinds, extraNotes: EXTRA_NOTES });
    if (res.dropped) dropped.push({ provider: row.provider, instance: row.instance_type, gpu: row.gpu_model, reason: res.dropped });
    else offerings.push(res.offering);
  }
  return {
    gpus: { as_of: COLLECTION_DATE, gpus },
    providers: { as_of: COLLECTION_DATE, providers },
    offerings: { as_of: COLLECTION_DATE, offerings },
    dropped,
  };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const out = build(args.ref);
  // Refuse to write a catalog that does not validate (models.json is read from the catalog folder).
  const modelsFile = path.join(CATALOG_DIR, 'models.json');
  const models = fs.existsSync(modelsFile) ? JSON.parse(fs.readFileSync(modelsFile, 'utf8')) : {};
  const errors = validateCatalog(mergeCatalogs([out.gpus, out.providers, out.offerings, models]), null);
  if (errors.length) {
    process.stderr.write(JSON.stringify({ ok: false, errors }, null, 2) + '\n');
    process.exit(2);
  }
  fs.mkdirSync(args.out, { recursive: true });
  for (const name of ['gpus', 'providers', 'offerings']) {
    fs.writeFileSync(path.join(args.out, `${name}.json`), JSON.stringify(out[name], null, 2) + '\n');
  }
  const used = new Set(out.offerings.offerings.map((o) => o.provider));
  process.stderr.write(`catalog-build: ${out.gpus.gpus.length} GPUs, ${out.providers.providers.length} providers, `
    + `${out.offerings.offerings.length} offerings from ${used.size} providers, ${out.dropped.length} rows dropped -> ${args.out}\n`);
  if (args.report) for (const d of out.dropped) process.stderr.write(`  dropped ${d.provider} ${d.instance} (${d.gpu}): ${d.reason}\n`);
}

if (require.main === module) main();
module.exports = { build };
