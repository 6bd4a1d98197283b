'use strict';
// The C++ validator (CLI and WASM) and the JSON Schema judge the same fixtures the same way: every broken
// catalog in tests/catalog/broken is rejected with exactly the (code, path) pairs its `_expect` lists.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { cli, loadSizer, root } = require('./helpers');

const brokenDir = path.join(root, 'tests', 'catalog', 'broken');
const fixtures = fs.readdirSync(brokenDir).filter((f) => f.endsWith('.json')).sort();

function pairs(errors) {
  return errors.map((e) => `${e.code} ${e.path}`).sort();
}

test('there are broken fixtures to check', () => assert.ok(fixtures.length >= 8));

for (const name of fixtures) {
  test(`C++ validator rejects ${name} with exactly its expected problems`, async () => {
    const file = path.join(brokenDir, name);
    const expected = JSON.parse(fs.readFileSync(file, 'utf8'))._expect.map((e) => `${e.code} ${e.path}`).sort();
    const fromCli = cli(['validate-catalog', file]);
    assert.equal(fromCli.status, 2, fromCli.stdout);
    assert.equal(fromCli.json.ok, false);
    assert.deepEqual(pairs(fromCli.json.errors), expected);
    const sizer = await loadSizer();
    const fromWasm = sizer.validateCatalog(fs.readFileSync(file, 'utf8'));
    assert.deepEqual(pairs(fromWasm.errors), expected);
  });
}

// Valid catalogs the validator warns about: each `_expect_warnings` lists exactly the (code, path) pairs
// expected besides the fixture's own `_` keys (reported as unknown fields).
const warningsDir = path.join(root, 'tests', 'catalog', 'warnings');
const warningFixtures = fs.readdirSync(warningsDir).filter((f) => f.endsWith('.json')).sort();

test('there are warning fixtures to check', () => assert.ok(warningFixtures.length >= 2));

for (const name of warningFixtures) {
  test(`C++ validator accepts ${name} with exactly its expected warnings`, async () => {
    const file = path.join(warningsDir, name);
    const expected = JSON.parse(fs.readFileSync(file, 'utf8'))._expect_warnings.map((e) => `${e.code} ${e.path}`).sort();
    assert.ok(expected.length > 0);
    const notFixtureKeys = (list) => list.filter((w) => !(w.code === 'unknown_field' && /^\/_/.test(w.path)));
    const fromCli = cli(['validate-catalog', file]);
    assert.equal(fromCli.status, 0, fromCli.stdout);
    assert.deepEqual(pairs(notFixtureKeys(fromCli.json.warnings)), expected);
    const sizer = await loadSizer();
    const fromWasm = sizer.validateCatalog(fs.readFileSync(file, 'utf8'));
    assert.equal(fromWasm.ok, true);
    assert.deepEqual(pairs(notFixtureKeys(fromWasm.warnings)), expected);
  });
}

test('the shipped catalog validates; its warnings are only the sanity codes the catalog README explains', () => {
  const out = cli(['validate-catalog', 'catalog']);
  assert.equal(out.status, 0, JSON.stringify(out.json && out.json.errors));
  const codes = new Set(out.json.warnings.map((w) => w.code));
  for (const c of codes) assert.ok(['price_outlier', 'spot_above_on_demand', 'duplicate_offering', 'gpu_memory_mismatch'].includes(c), c);
  const readme = fs.readFileSync(path.join(root, 'catalog', 'README.md'), 'utf8');
  for (const c of codes) assert.ok(readme.includes('`' + c + '`'), `catalog/README.md explains ${c}`);
});

test('the hostile but valid catalog is accepted and evaluates', async () => {
  const file = path.join(root, 'tests', 'catalog', 'hostile-valid.json');
  const fromCli = cli(['validate-catalog', file]);
  assert.equal(fromCli.status, 0, JSON.stringify(fromCli.json && fromCli.json.errors));
  const sizer = await loadSizer();
  const catalog = JSON.parse(fs.readFileSync(file, 'utf8'));
  const response = sizer.evaluate({ model: { params_b: 1 }, workload: { kind: 'inference' } }, { catalog });
  assert.equal(response.ok, true, JSON.stringify(response.errors));
});

test('the bundled catalog has what the catalog issue promises', () => {
  const catalog = cli(['catalog']).json;
  const contractIds = ['b200', 'h200-sxm', 'h100-sxm', 'h100-pcie', 'h100-nvl', 'gh200', 'a100-80gb-sxm',
    'a100-80gb-pcie', 'a100-40gb', 'l40s', 'l40', 'l4', 'a10g', 'a10', 't4', 'v100-16gb', 'v100-32gb', 'rtx-6000-ada',
    'rtx-a6000', 'rtx-4090', 'rtx-3090', 'rtx-5090', 'a40', 'rtx-pro-6000', 'mi300x', 'mi325x', 'mi250'];
  const ids = new Set(catalog.gpus.map((g) => g.id));
  for (const id of contractIds) assert.ok(ids.has(id), id);
  assert.ok(catalog.gpus.length >= 27);
  assert.ok(catalog.offerings.length >= 500);
  assert.ok(new Set(catalog.offerings.map((o) => o.provider)).size >= 20);
  assert.ok(catalog.models.length >= 30);
  assert.ok(catalog.models.filter((m) => m.kind !== 'llm').length >= 5);
  for (const list of ['gpus', 'providers', 'offerings', 'models']) {
    for (const item of catalog[list]) {
      assert.ok(item.source && item.source.length > 0, `${list} ${item.id} has no source`);
      assert.match(item.as_of, /^\d{4}-\d{2}-\d{2}$/, `${list} ${item.id} has no date`);
    }
  }
});
