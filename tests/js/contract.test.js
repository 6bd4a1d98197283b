'use strict';
// The contract through every door: the native CLI and the WASM module answer the shared fixtures the
// same way, reject bad input with paths and the right exit codes, and never return a non-finite number.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { cli, loadSizer, readJson, resolve, root, sameAnswer } = require('./helpers');

const golden = readJson('tests/fixtures/golden.json');

function applyCheck(response, check) {
  const value = resolve(response, check.path);
  if ('equals' in check) assert.deepEqual(value, check.equals, check.path);
  else if ('approx' in check) {
    assert.equal(typeof value, 'number', check.path);
    assert.ok(Math.abs(value - check.approx) <= check.rel * Math.abs(check.approx), `${check.path}: ${value} vs ${check.approx}`);
  } else if ('includes' in check) assert.ok(value.includes(check.includes), `${check.path} lacks ${check.includes}`);
  else if ('paths_include' in check) {
    const paths = new Set(value.map((issue) => issue.path));
    for (const wanted of check.paths_include) assert.ok(paths.has(wanted), `${check.path} lacks ${wanted}`);
  } else assert.fail(`check without a kind: ${JSON.stringify(check)}`);
}

function allFinite(node, where = '') {
  if (typeof node === 'number') assert.ok(Number.isFinite(node), `non-finite number at ${where}`);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) allFinite(v, `${where}/${k}`);
}

for (const fixture of golden.cases) {
  test(`golden ${fixture.name}: CLI and WASM agree and pass the checks`, async () => {
    const sizer = await loadSizer();
    const fromCli = cli(['evaluate', '-'], JSON.stringify(fixture.request));
    assert.ok(fromCli.json, `CLI printed no JSON: ${fromCli.stderr}`);
    assert.equal(fromCli.status, fromCli.json.ok ? 0 : 2, 'exit code follows ok');
    const fromWasm = sizer.evaluate(fixture.request);
    const fromWasmText = sizer.evaluate(JSON.stringify(fixture.request));
    assert.equal(sameAnswer(fromCli.json, fromWasm), null);
    assert.equal(sameAnswer(fromWasm, fromWasmText), null);
    for (const check of fixture.checks) {
      applyCheck(fromCli.json, check);
      applyCheck(fromWasm, check);
    }
    allFinite(fromWasm);
  });
}

test('a ranked request over the whole catalog agrees between CLI and WASM', async () => {
  const sizer = await loadSizer();
  const request = { model: { params_b: 8.03, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, head_dim: 128 },
                    workload: { kind: 'inference', weights: 'fp8', concurrency: 16 }, engine: 'vllm', limit: 1000 };
  const fromCli = cli(['evaluate', '-'], JSON.stringify(request));
  assert.equal(fromCli.status, 0);
  const fromWasm = sizer.evaluate(request);
  assert.equal(sameAnswer(fromCli.json, fromWasm), null);
  assert.ok(fromWasm.options.length > 0);
  allFinite(fromWasm);
  // Ranked: options that fit and meet targets first.
  const groups = fromWasm.options.map((o) => (o.fits && o.meets_targets ? 0 : o.fits ? 1 : 2));
  assert.deepEqual(groups, [...groups].sort((a, b) => a - b));
});

test('detail table: the WASM door hands over the CLI table of every option, and its columns are the .d.ts TableColumn', async () => {
  const sizer = await loadSizer();
  const request = { model: 'llama-3.1-8b', workload: { kind: 'inference', concurrency: 8 }, filters: { pricing: 'any' },
                    limit: 10000, detail: 'table' };
  const fromCli = cli(['evaluate', '-'], JSON.stringify(request));
  assert.equal(fromCli.status, 0);
  // The module's values cross as doubles beside a text without them (wasm/post.js); the CLI prints them.
  const fromWasm = sizer.evaluate(request);
  assert.equal(sameAnswer(fromCli.json, fromWasm), null);
  assert.equal(sameAnswer(fromWasm, sizer.evaluate(JSON.stringify(request))), null);
  const table = fromWasm.table;
  assert.deepEqual(fromWasm.options, []);
  assert.equal(table.rows, fromWasm.options_evaluated);
  assert.ok(table.rows > 1000, `every option: ${table.rows} rows`);
  for (const column of table.values) {
    assert.equal(column.length, table.rows);
    for (const v of column) assert.ok(v === null || Number.isFinite(v));
  }
  const dts = fs.readFileSync(path.join(root, 'wasm', 'gpu-sizer.d.ts'), 'utf8');
  const union = /\btype\s+TableColumn\s*=\s*([^;]+);/.exec(dts);
  assert.ok(union, 'type TableColumn is declared');
  assert.deepEqual(table.columns, union[1].split('|').map((x) => x.trim().replace(/^'|'$/g, '')));
  // Two columns against the figures response's options, in rank order.
  const figures = sizer.evaluate({ ...request, detail: 'figures' });
  const offerings = sizer.offerings();
  const price = table.values[table.columns.indexOf('usd_per_hour')];
  const offering = table.values[table.columns.indexOf('offering')];
  assert.equal(figures.options.length, table.rows);
  figures.options.forEach((o, r) => {
    assert.equal(price[r], o.usd_per_hour, `row ${r} usd_per_hour`);
    assert.equal(offerings[offering[r]].id, o.offering_id, `row ${r} offering`);
  });
});

test('CLI: malformed JSON, negative tokens and unknown GPU give exit 2 and paths', () => {
  const malformed = cli(['evaluate', '-'], '{"model": [');
  assert.equal(malformed.status, 2);
  assert.equal(malformed.json.ok, false);
  assert.equal(malformed.json.errors[0].code, 'malformed_json');
  const bad = cli(['evaluate', '-'], JSON.stringify({
    model: { params_b: 7 }, workload: { kind: 'inference', prompt_tokens: -1 }, hardware: { gpu: 'h900' } }));
  assert.equal(bad.status, 2);
  const paths = bad.json.errors.map((e) => e.path);
  assert.ok(paths.includes('/workload/prompt_tokens'));
  assert.ok(paths.includes('/hardware/gpu'));
  assert.equal(cli(['evaluate', '/no/such/file.json']).status, 1);
  assert.equal(cli(['frobnicate']).status, 1);
});

test('CLI catalog prints one object with the four lists; validate-catalog accepts the shipped folder', () => {
  const catalog = cli(['catalog']);
  assert.equal(catalog.status, 0);
  for (const key of ['gpus', 'providers', 'offerings', 'models']) assert.ok(Array.isArray(catalog.json[key]), key);
  const valid = cli(['validate-catalog', 'catalog']);
  assert.equal(valid.status, 0, JSON.stringify(valid.json && valid.json.errors.slice(0, 5)));
  assert.equal(valid.json.ok, true);
});

test('WASM: bad requests come back as ok:false with paths, never a throw', async () => {
  const sizer = await loadSizer();
  const circular = {};
  circular.self = circular;
  for (const request of [undefined, null, 42, 'not json', '{"model":', circular, { workload: { kind: 'inference' } }]) {
    const response = sizer.evaluate(request);
    assert.equal(response.ok, false, `accepted ${String(request)}`);
    assert.ok(response.errors.length > 0);
    for (const error of response.errors) {
      assert.equal(typeof error.path, 'string');
      assert.ok(error.message.length > 0);
    }
  }
});

test('WASM: catalog() and validateCatalog() work on the bundled and a broken catalog', async () => {
  const sizer = await loadSizer();
  const catalog = sizer.catalog();
  assert.ok(catalog.gpus.length > 0);
  assert.equal(sizer.validateCatalog(catalog).ok, true);
  const broken = JSON.parse(JSON.stringify(catalog));
  broken.offerings[0].gpu = 'no-such-gpu';
  const result = sizer.validateCatalog(broken);
  assert.equal(result.ok, false);
  assert.ok(result.errors.some((e) => e.path === '/offerings/0/gpu' && e.code === 'unknown_gpu'));
  // Evaluating against an invalid imported catalog reports the catalog's problems under /catalog.
  const response = sizer.evaluate({ model: { params_b: 7 }, workload: { kind: 'inference' } }, { catalog: broken });
  assert.equal(response.ok, false);
  assert.ok(response.errors.some((e) => e.path === '/catalog/offerings/0/gpu'));
});

test('option notes: the facts behind reasons and warnings, in order, in both locales', async () => {
  const sizer = await loadSizer();
  for (const locale of ['en', 'ar']) {
    const r = sizer.evaluate({ model: 'llama-3.1-8b', workload: { kind: 'finetune', method: 'full', deadline_s: 60 },
                               locale, limit: 50 });
    assert.equal(r.ok, true);
    let seen = 0;
    for (const o of r.options) {
      assert.deepEqual(o.notes.filter((n) => n.severity === 'info').map((n) => n.text), o.reasons);
      assert.deepEqual(o.notes.filter((n) => n.severity === 'warning').map((n) => n.text), o.warnings);
      for (const n of o.notes) {
        assert.match(n.code, /^[a-z_]+$/);
        for (const v of Object.values(n.params)) assert.ok(typeof v === 'number' || typeof v === 'string');
        seen += 1;
      }
    }
    assert.ok(seen > 0);
  }
});

test('WASM: catalog() in its two parts equals the CLI catalog; offerings() and catalog({ offerings: false }) split it', async () => {
  const sizer = await loadSizer();
  const whole = sizer.catalog();
  // The native door builds the document with nlohmann; the module writes the offerings straight to text and
  // takes the other lists from its JavaScript literals.
  const native = cli(['catalog'], '');
  assert.equal(native.status, 0, native.stderr);
  assert.deepStrictEqual(whole, native.json);
  assert.deepStrictEqual(Object.keys(whole), Object.keys(whole).slice().sort());
  const base = sizer.catalog({ offerings: false });
  assert.equal('offerings' in base, false);
  const { offerings, ...rest } = whole;
  assert.deepStrictEqual(base, rest);
  assert.deepStrictEqual(sizer.offerings(), offerings);
  assert.ok(offerings.length > 1000);
  // Each call hands out its own objects: a caller's change does not reach the next.
  base.gpus.length = 0;
  sizer.offerings()[0].id = 'changed';
  assert.ok(sizer.catalog({ offerings: false }).gpus.length > 0);
  assert.equal(sizer.offerings()[0].id, offerings[0].id);
});

test('WASM: an imported catalog is sent once and still follows each call (another catalog, then none)', async () => {
  const sizer = await loadSizer();
  const request = { model: 'llama-3.1-8b', workload: { kind: 'inference' }, limit: 1000 };
  const bundled = sizer.evaluate(request);
  const catalog = sizer.catalog();
  // (An imported catalog is the whole catalog: the page merges an import over the bundled one.)
  const one = { ...catalog, offerings: catalog.offerings.filter((o) => o.provider === catalog.offerings[0].provider) };
  const other = { ...catalog, offerings: catalog.offerings.filter((o) => o.provider !== catalog.offerings[0].provider) };
  const providers = (r) => new Set(r.options.map((o) => o.provider));
  const a = sizer.evaluate(request, { catalog: one });
  assert.equal(a.ok, true);
  assert.deepStrictEqual([...providers(a)], [catalog.offerings[0].provider]);
  assert.deepStrictEqual(sizer.evaluate(request, { catalog: JSON.stringify(one) }), a);
  const b = sizer.evaluate(request, { catalog: other });
  assert.equal(providers(b).has(catalog.offerings[0].provider), false);
  assert.deepStrictEqual(sizer.evaluate(request), bundled);
  assert.deepStrictEqual(sizer.evaluate(request, { catalog: one }), a);
  // The text response equals the parsed one (the bytes decoded from the module's memory).
  assert.deepStrictEqual(JSON.parse(sizer._evaluateText(JSON.stringify(request))), bundled);
});
