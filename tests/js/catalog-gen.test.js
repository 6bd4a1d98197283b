'use strict';
// The built-in catalog is generated at build time by catalog_gen from catalog/*.json (CMakeLists.txt): a
// changed catalog file rebuilds it, the generator refuses an invalid catalog with the JSON Pointer of each
// problem, and imported catalogs still go through the validator at run time (WASM door).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { loadSizer, root } = require('./helpers');

const build = path.join(root, 'build', 'native');
const generator = path.join(build, 'sizer_catalog_gen');
const generated = path.join(build, 'generated', 'builtin_catalog_blob.cpp');
const names = ['gpus', 'providers', 'offerings', 'models'];
const catalogFile = (name) => path.join(root, 'catalog', `${name}.json`);
// The files as the build embeds them (no pretty-printing, no "notes"): what catalog_gen is given.
const embeddedFile = (name) => path.join(build, 'generated', 'catalog-min', `${name}.json`);

function ninja(args) {
  const r = spawnSync('ninja', ['-C', build, ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('the generated catalog depends on every catalog file and on the generator', () => {
  const query = ninja(['-t', 'query', 'generated/builtin_catalog_blob.cpp']);
  for (const name of names) assert.ok(query.includes(catalogFile(name)), `${name}.json is not an input:\n${query}`);
  assert.match(query, /\bsizer_catalog_gen\b/);
});

test('a catalog file newer than the generated catalog makes the build run catalog_gen again', () => {
  assert.ok(fs.existsSync(generated), 'build/native has no generated catalog: cmake --build build/native');
  // Up to date now (a dry run does nothing); then models.json is made newer, its content untouched, and the
  // target built for real (CMake re-runs first, as for any catalog change, so a dry run cannot show it).
  assert.doesNotMatch(ninja(['-n', 'sizer_catalog_blob']), /catalog_gen: validating/);
  const file = catalogFile('models');
  const { atime, mtime } = fs.statSync(file);
  const before = fs.statSync(generated).mtimeMs;
  try {
    const later = new Date(Math.max(Date.now(), before) + 1000);
    fs.utimesSync(file, later, later);
    assert.match(ninja(['sizer_catalog_blob']), /catalog_gen: validating/);
    assert.ok(fs.statSync(generated).mtimeMs > before, 'the generated catalog was not written again');
  } finally {
    fs.utimesSync(file, atime, mtime);
  }
});

function runGenerator(mutate) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-gen-'));
  const files = names.map((name) => {
    const doc = JSON.parse(fs.readFileSync(embeddedFile(name), 'utf8'));
    if (mutate) mutate(name, doc);
    const file = path.join(dir, `${name}.json`);
    fs.writeFileSync(file, JSON.stringify(doc));
    return file;
  });
  const r = spawnSync(generator, [dir, ...files], { encoding: 'utf8' });
  const out = path.join(dir, 'builtin_catalog_blob.cpp');
  const cpp = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : null;
  const js = fs.existsSync(path.join(dir, 'catalog-blob-pre.js')) ? fs.readFileSync(path.join(dir, 'catalog-blob-pre.js'), 'utf8') : null;
  fs.rmSync(dir, { recursive: true, force: true });
  return { ...r, cpp, js };
}

test('the generator writes what the build embeds, and a changed price changes it', () => {
  const same = runGenerator(null);
  assert.equal(same.status, 0, same.stderr);
  assert.equal(same.cpp, fs.readFileSync(generated, 'utf8'));
  const changed = runGenerator((name, doc) => { if (name === 'offerings') doc.offerings[0].usd_per_hour = 12345.678; });
  assert.equal(changed.status, 0, changed.stderr);
  assert.notEqual(changed.cpp, same.cpp);
  assert.match(changed.cpp, / 12345\.678 /);
  assert.match(changed.js, / 12345\.678 /);
  assert.doesNotMatch(same.cpp, / 12345\.678 /);
});

test('the generator refuses an invalid catalog, naming each problem by its JSON Pointer', () => {
  const r = runGenerator((name, doc) => {
    if (name === 'offerings') doc.offerings[3].gpus = 0;
    if (name === 'gpus') doc.gpus[1].vram_gib = 'eighty';
  });
  assert.equal(r.status, 1);
  assert.equal(r.cpp, null);
  assert.match(r.stderr, /\/offerings\/3\/gpus/);
  assert.match(r.stderr, /\/gpus\/1\/vram_gib/);
});

test('the module evaluates against the built-in catalog and still validates an imported one', async () => {
  const sizer = await loadSizer();
  const request = { model: 'llama-3.1-8b', workload: { kind: 'inference' } };
  const ok = sizer.evaluate(request);
  assert.equal(ok.ok, true);
  assert.ok(ok.options.length > 0);
  const catalog = sizer.catalog();
  assert.equal(catalog.offerings.length, JSON.parse(fs.readFileSync(catalogFile('offerings'), 'utf8')).offerings.length);
  const bad = { offerings: [{ ...catalog.offerings[0], gpus: 0 }] };
  const rejected = sizer.evaluate(request, { catalog: bad });
  assert.equal(rejected.ok, false);
  assert.ok(rejected.errors.some((e) => e.path === '/catalog/offerings/0/gpus'), JSON.stringify(rejected.errors));
});
