#!/usr/bin/env node
'use strict';
// Refreshes the catalog from a folder of newer price files and prints what changed.
//
//   npm run catalog:refresh -- FOLDER [--ref DIR] [--out DIR] [--collected YYYY-MM-DD] [--dry-run]
//                                     [--diff FILE] [--publish FILE] [--verbose]
//
// FOLDER holds SkyPilot-style vms.csv files, one per cloud (FOLDER/<cloud>/vms.csv, FOLDER/<cloud>.csv or
// FOLDER/<cloud>_<version>_<commit>.csv), and/or CSVs in the reference offerings.csv columns (such as
// catalog/reference/refresh-2026-12/offerings-refresh.csv). Its rows are adopted per provider as
// REF/refresh-policy.csv says (replace, merge, merge-stale, keep, keep-stale, add, skip) over the baseline
// REF/offerings.csv and the refresh folders REF/refreshes.csv names (FOLDER comes after them; when FOLDER is
// one of them, only the folders before it are applied first); GPUs and providers come from REF as in
// catalog-build.js. The result is validated (schema
// and the C++ validator), written to OUT (unless --dry-run), and compared with the catalog OUT held before:
// rows added, removed and repriced, by provider, printed as a Markdown table (also written to --diff FILE).
//
// REF defaults to catalog/reference and OUT to catalog/. --collected is the day FOLDER's data was read (the
// date a price gets when its source dates nothing); it defaults to today. To make a refresh part of the
// committed build, copy FOLDER under catalog/reference and name it in catalog/reference/refreshes.csv.
//
// --publish FILE also writes the result as one catalog file ({ as_of, gpus, providers, offerings }: the models
// stay the page's own) for a site to serve beside its page as catalog.json: the page uses it instead of its
// bundled prices when it validates and is newer (web/ui/app.js loadLiveCatalog; scripts/catalog-publish.sh and
// .github/workflows/catalog-refresh.yml run this on a schedule). Its as_of is --collected.
//
// Exit status: 0 written (or --dry-run), 2 the result is invalid (problems on stderr), 1 usage error.

const fs = require('fs');
const path = require('path');
const { build, writeCatalog, report, countByCode, refreshFolders } = require('./catalog-build');
const { diffOfferings, formatDiff } = require('./lib/refresh');
const { CATALOG_DIR, ROOT, checkCatalog, mergeCatalogs } = require('./lib/catalog-check');
const { DATE_RE } = require('./lib/constants');

const USAGE = 'usage: npm run catalog:refresh -- FOLDER [--ref DIR] [--out DIR] [--collected YYYY-MM-DD] [--dry-run] [--diff FILE] [--publish FILE] [--verbose]\n';

function usage(msg) {
  process.stderr.write(`catalog-refresh: ${msg}\n${USAGE}`);
  process.exit(1);
}

function parseArgs(argv) {
  const a = { folder: null, ref: path.join(ROOT, 'catalog', 'reference'), out: CATALOG_DIR, collected: null, dryRun: false,
    diff: null, publish: null, verbose: false };
  const value = (i, flag) => { if (argv[i + 1] === undefined) usage(`${flag} needs a value`); return argv[i + 1]; };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === '--ref') a.ref = path.resolve(value(i++, x));
    else if (x === '--out') a.out = path.resolve(value(i++, x));
    else if (x === '--collected') a.collected = value(i++, x);
    else if (x === '--diff') a.diff = path.resolve(value(i++, x));
    else if (x === '--publish') a.publish = path.resolve(value(i++, x));
    else if (x === '--dry-run') a.dryRun = true;
    else if (x === '--verbose') a.verbose = true;
    else if (x === '-h' || x === '--help') { process.stdout.write(USAGE); process.exit(0); }
    else if (x.startsWith('-')) usage(`unknown option ${x}`);
    else if (!a.folder) a.folder = path.resolve(x);
    else usage(`unexpected argument ${x}`);
  }
  if (!a.folder) usage('no FOLDER given');
  if (!fs.existsSync(a.folder) || !fs.statSync(a.folder).isDirectory()) usage(`${a.folder} is not a folder`);
  if (a.collected === null) a.collected = new Date().toISOString().slice(0, 10);
  if (!DATE_RE.test(a.collected)) usage('--collected must be YYYY-MM-DD');
  return a;
}

function readOfferings(dir) {
  const file = path.join(dir, 'offerings.json');
  if (!fs.existsSync(file)) return [];
  return JSON.parse(fs.readFileSync(file, 'utf8')).offerings || [];
}

function decisionsTable(decisions) {
  const lines = ['| provider | policy | baseline rows | refresh rows | adopted | kept | stale |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const d of decisions) lines.push(`| ${d.provider} | ${d.mode} | ${d.baseline} | ${d.refresh} | ${d.adopted} | ${d.kept} | ${d.stale} |`);
  return lines.join('\n');
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const before = readOfferings(args.out);
  // FOLDER goes on top of the committed refresh folders, so a newer folder refreshes the committed catalog
  // (and the newest committed folder, given again, reproduces it).
  const named = refreshFolders(args.ref);
  const at = named.findIndex((f) => path.resolve(f.dir) === args.folder);
  const earlier = at >= 0 ? named.slice(0, at) : named;
  const out = build(args.ref, { refresh: [...earlier, { dir: args.folder, collected: args.collected }] });
  let check;
  if (args.dryRun) {
    const modelsFile = path.join(CATALOG_DIR, 'models.json');
    const models = fs.existsSync(modelsFile) ? JSON.parse(fs.readFileSync(modelsFile, 'utf8')) : {};
    check = checkCatalog(mergeCatalogs([out.gpus, out.providers, out.offerings, models]), null);
    if (check.errors.length) {
      process.stderr.write(JSON.stringify({ ok: false, errors: check.errors }, null, 2) + '\n');
      process.exit(2);
    }
  } else {
    check = writeCatalog(out, args.out);
  }
  const diff = diffOfferings(before, out.offerings.offerings);
  const files = out.files.map((f) => `${path.relative(ROOT, path.join(f.folder, f.file))} (${f.dialect}, ${f.rows} rows)`);
  const text = [
    `Refresh from ${path.relative(ROOT, args.folder) || '.'} (collected ${args.collected}) over ${path.relative(ROOT, args.ref)}; `
      + `compared with the ${before.length} offerings ${args.dryRun ? 'in' : 'that were in'} ${path.relative(ROOT, args.out) || '.'}.`,
    '',
    `Files read: ${files.join('; ') || 'none'}.`,
    '',
    decisionsTable(out.decisions),
    '',
    formatDiff(diff),
    '',
    `${out.offerings.offerings.length} offerings from ${new Set(out.offerings.offerings.map((o) => o.provider)).size} providers; `
      + `${out.dropped.length} rows dropped; validator warnings: ${countByCode(check.warnings)}.`,
  ].join('\n') + '\n';
  process.stdout.write(text);
  if (args.diff) fs.writeFileSync(args.diff, text);
  if (args.publish) {
    // Validated above with the models beside it; the file holds the sections the refresh builds, dated the day
    // its data was read (so a page can tell it is newer than its bundled catalog).
    const doc = { as_of: args.collected, gpus: out.gpus.gpus, providers: out.providers.providers, offerings: out.offerings.offerings };
    fs.mkdirSync(path.dirname(args.publish), { recursive: true });
    fs.writeFileSync(args.publish, JSON.stringify(doc) + '\n');
  }
  report(out, check, args.dryRun ? '(dry run, nothing written)' : args.out, { verbose: args.verbose });
}

if (require.main === module) main();
module.exports = { parseArgs };
