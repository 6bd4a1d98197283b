'use strict';
// Catalog tests: node --test tests/js/catalog.test.js
// The shipped catalog validates; every broken fixture fails exactly as its _expect says; the counts and
// contract ids are there; catalog-import handles both CSV dialects; catalog-build.js reproduces the
// committed JSON byte for byte.

const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const Ajv = require('ajv');

const ROOT = path.resolve(__dirname, '..', '..');
const CATALOG = path.join(ROOT, 'catalog');
const FIXTURES = path.join(ROOT, 'tests', 'catalog');
const REFERENCE = path.join(ROOT, 'catalog', 'reference');
const { schemaErrors, validateCatalog, loadBundled, mergeCatalogs } = require('../../scripts/lib/catalog-check');
const { parseCsv } = require('../../scripts/lib/csv');
const { resolveGpuName } = require('../../scripts/lib/gpu-names');

const CONTRACT_GPU_IDS = ['b200', 'h200-sxm', 'h100-sxm', 'h100-pcie', 'h100-nvl', 'gh200', 'a100-80gb-sxm',
  'a100-80gb-pcie', 'a100-40gb', 'l40s', 'l40', 'l4', 'a10g', 'a10', 't4', 'v100-16gb', 'v100-32gb', 'rtx-6000-ada',
  'rtx-a6000', 'rtx-4090', 'rtx-3090', 'rtx-5090', 'a40', 'rtx-pro-6000', 'mi300x', 'mi325x', 'mi250'];
const PROVIDER_IDS = ['aws', 'gcp', 'azure', 'lambda', 'runpod', 'vast', 'paperspace', 'fluidstack', 'cudo', 'oci', 'ibm',
  'digitalocean', 'nebius', 'hyperstack', 'jarvislabs', 'coreweave', 'seeweb', 'verda', 'daytona', 'lium', 'hyperbolic',
  'yotta', 'primeintellect', 'shadeform', 'spheron', 'crusoe', 'modal', 'together', 'tensordock', 'voltagepark'];

const readJson = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));
const bundled = loadBundled();
const { files, merged } = bundled;

function node(args, opts = {}) {
  return spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', ...opts });
}

test('schema.json compiles with a plain new Ajv()', () => {
  const ajv = new Ajv({ logger: false });
  assert.strictEqual(typeof ajv.compile(readJson(path.join(CATALOG, 'schema.json'))), 'function');
});

test('each shipped file validates against schema.json on its own', () => {
  for (const [name, doc] of Object.entries(files)) {
    assert.deepStrictEqual(schemaErrors(doc), [], `${name}.json`);
    assert.match(doc.as_of, /^\d{4}-\d{2}-\d{2}$/, `${name}.json as_of`);
  }
});

test('the merged catalog validates: schema and the C++ validator', () => {
  assert.deepStrictEqual(validateCatalog(merged, null), []);
  assert.deepStrictEqual(Object.keys(merged).sort(), ['as_of', 'gpus', 'models', 'offerings', 'providers']);
});

test('counts: GPUs, providers, offerings, models', () => {
  const gpuIds = merged.gpus.map((g) => g.id);
  assert.ok(gpuIds.length >= 27, `${gpuIds.length} GPUs`);
  for (const id of CONTRACT_GPU_IDS) assert.ok(gpuIds.includes(id), `contract GPU id ${id}`);
  assert.deepStrictEqual(merged.providers.map((p) => p.id).sort(), [...PROVIDER_IDS].sort());
  assert.ok(merged.offerings.length >= 500, `${merged.offerings.length} offerings`);
  const withOfferings = new Set(merged.offerings.map((o) => o.provider));
  assert.ok(withOfferings.size >= 20, `${withOfferings.size} providers with offerings`);
  assert.ok(merged.models.length >= 30, `${merged.models.length} models`);
  const nonLlm = merged.models.filter((m) => m.kind !== 'llm');
  assert.ok(nonLlm.length >= 5, `${nonLlm.length} non-LLM models`);
  for (const kind of ['image', 'video', 'audio']) assert.ok(nonLlm.some((m) => m.kind === kind), `a ${kind} model`);
});

test('every item has a source and an as_of date', () => {
  for (const section of ['gpus', 'providers', 'offerings', 'models']) {
    merged[section].forEach((item, i) => {
      assert.ok(typeof item.source === 'string' && item.source.trim().length > 0, `/${section}/${i}/source`);
      assert.match(item.as_of, /^\d{4}-\d{2}-\d{2}$/, `/${section}/${i}/as_of`);
    });
  }
});

test('ids are lowercase kebab case and offerings are provider/instance', () => {
  for (const section of ['gpus', 'providers', 'models']) {
    for (const item of merged[section]) assert.match(item.id, /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, item.id);
  }
  for (const o of merged.offerings) assert.strictEqual(o.id, `${o.provider}/${o.instance}`);
});

test('GPU data follows the conventions (dense TFLOPS, nulls where unsupported)', () => {
  const byId = new Map(merged.gpus.map((g) => [g.id, g]));
  for (const id of ['a100-80gb-sxm', 'a100-80gb-pcie', 'a100-40gb', 'a10', 'a40', 't4', 'v100-16gb', 'v100-32gb', 'rtx-3090',
    'rtx-a6000', 'mi250']) {
    assert.strictEqual(byId.get(id).tflops.fp8, null, `${id} has no FP8`);
  }
  for (const g of merged.gpus) {
    if (!/Blackwell|CDNA 4/.test(g.architecture)) assert.strictEqual(g.tflops.fp4, null, `${g.id} has no FP4`);
    assert.ok(g.tflops.bf16 !== null || g.tflops.fp16 !== null, `${g.id} has a 16-bit rate`);
    if (['nvlink', 'pcie', 'infinity_fabric'].includes(g.interconnect.kind)) {
      assert.ok(g.interconnect.bandwidth_gbs > 0, `${g.id} interconnect bandwidth`);
    }
  }
  assert.strictEqual(byId.get('h100-sxm').tflops.bf16, 989.5);
  assert.strictEqual(byId.get('t4').tflops.bf16, null, 'Turing has no BF16');
  assert.strictEqual(byId.get('h100-pcie').interconnect.kind, 'pcie');
  assert.strictEqual(byId.get('h100-nvl').interconnect.kind, 'nvlink');
  assert.strictEqual(byId.get('mi300x').interconnect.kind, 'infinity_fabric');
  assert.strictEqual(byId.get('tpu-v5e').kind, 'tpu');
  for (const id of ['trainium', 'trainium2', 'inferentia2']) assert.strictEqual(byId.get(id).kind, 'npu');
});

test('offerings: prices, GPU counts, interconnects and dates are consistent', () => {
  const gpuById = new Map(merged.gpus.map((g) => [g.id, g]));
  for (const o of merged.offerings) {
    assert.ok(o.usd_per_hour !== null || o.spot_usd_per_hour !== null, `${o.id} has a price`);
    assert.ok(Number.isInteger(o.gpus) && o.gpus >= 1, `${o.id} gpus`);
    if (o.gpus === 1) assert.strictEqual(o.interconnect, 'none', `${o.id} single GPU`);
    else assert.notStrictEqual(o.interconnect, 'none', `${o.id} multi-GPU`);
    assert.ok(gpuById.has(o.gpu), `${o.id} gpu`);
    assert.match(o.source, /@[0-9a-f]{40}/, `${o.id} source names a commit`);
  }
  // as_of is the collection date; price_as_of the price's own date where the source dates it.
  const { parseCsvObjects } = require('../../scripts/lib/csv');
  const refreshes = parseCsvObjects(fs.readFileSync(path.join(REFERENCE, 'refreshes.csv'), 'utf8')).rows;
  const collected = new Set(['2026-11-30', ...refreshes.map((r) => r.collected)]);
  assert.ok(merged.offerings.filter((o) => o.price_dated).length >= 30, 'the dated GCP pricing.yml rows keep their own date');
  for (const o of merged.offerings) {
    assert.ok(collected.has(o.as_of), `${o.id} as_of is a collection date`);
    assert.strictEqual(typeof o.price_dated, 'boolean', `${o.id} price_dated`);
    if (/data date not recorded in source/.test(o.notes)) assert.strictEqual(o.price_dated, false, `${o.id} notes say undated`);
    if (!o.price_dated) assert.strictEqual(o.price_as_of, o.as_of, `${o.id} undated -> the snapshot's read date`);
    else assert.ok(o.price_as_of < o.as_of, `${o.id} a dated price is older than its collection`);
  }
  const runpod = merged.offerings.filter((o) => o.provider === 'runpod');
  assert.ok(runpod.length > 0);
  for (const o of runpod) {
    if (o.stale) assert.match(o.notes, /STALE/, `${o.id} says it is stale`);
    else assert.match(o.source, /catalogs\/v8\/runpod\/vms\.csv@46062acb|silybench-data prices\/gpu_hourly\.yaml@045df3bf/, `${o.id} is from the refreshed v8 snapshot or the dated 2026-09-25 reading`);
  }
});

test('every offering has price_as_of, a price type, a display name; every provider a tier', () => {
  const providers = new Map(merged.providers.map((p) => [p.id, p]));
  const gpus = new Map(merged.gpus.map((g) => [g.id, g]));
  for (const p of merged.providers) {
    assert.ok(['hyperscaler', 'gpu_cloud', 'marketplace'].includes(p.tier), `${p.id} tier`);
    assert.ok(Array.isArray(p.commitments), `${p.id} commitments`);
    assert.ok(typeof p.commitments_note === 'string' && p.commitments_note.length > 0, `${p.id} says what commitments exist`);
    if (p.resells) assert.ok(p.tier === 'marketplace' && p.upstreams, `${p.id} reseller says which clouds`);
  }
  for (const o of merged.offerings) {
    assert.match(o.price_as_of, /^\d{4}-\d{2}-\d{2}$/, `${o.id} price_as_of`);
    const p = providers.get(o.provider);
    assert.strictEqual(o.tier, p.tier, `${o.id} carries its provider's tier`);
    assert.strictEqual(o.price_type, p.tier === 'marketplace' ? 'listing' : 'list', `${o.id} price_type follows the tier`);
    assert.ok(o.display_name.startsWith(`${o.gpus}× `), `${o.id} display name: ${o.display_name}`);
    const gpuWords = gpus.get(o.gpu).name.replace(/^(NVIDIA|AMD|Google|AWS) /, '').split(/[ (]/)[0];
    assert.ok(o.display_name.includes(gpuWords), `${o.id} display name names the GPU (${gpuWords}): ${o.display_name}`);
    if (o.vcpus === null) assert.ok(!/vCPU/.test(o.display_name), `${o.id} no host figures the source does not state`);
    else assert.ok(o.display_name.includes(`${o.vcpus} vCPU`), `${o.id} display name has the vCPUs`);
    if (p.resells && o.upstream !== undefined) assert.ok(o.upstream.length > 0);
  }
  for (const p of merged.providers) {
    const dates = merged.offerings.filter((o) => o.provider === p.id).map((o) => o.price_as_of).sort();
    assert.strictEqual(p.price_as_of, dates.length ? dates[dates.length - 1] : null, `${p.id} price_as_of is its newest price`);
  }
  const vast = merged.offerings.filter((o) => o.provider === 'vast');
  assert.ok(vast.length > 0 && vast.every((o) => o.price_type === 'listing'), 'Vast.ai prices are labelled as listings');
  assert.ok(merged.offerings.filter((o) => o.provider === 'shadeform').every((o) => typeof o.upstream === 'string'), 'Shadeform rows name the upstream cloud');
});

test('refresh facts: AWS has spot, RunPod equals the newest refreshed rows, flagged rows are not adopted', () => {
  const { parseCsvObjects } = require('../../scripts/lib/csv');
  // The refresh folders refreshes.csv names, newest first: a row is compared with the newest folder listing it.
  const folders = parseCsvObjects(fs.readFileSync(path.join(REFERENCE, 'refreshes.csv'), 'utf8')).rows.map((r) => r.folder).reverse();
  const refreshed = folders.flatMap((f) => parseCsvObjects(fs.readFileSync(path.join(REFERENCE, f, 'offerings-refresh.csv'), 'utf8')).rows);
  const aws = merged.offerings.filter((o) => o.provider === 'aws');
  assert.ok(aws.length >= 50 && aws.filter((o) => o.spot_usd_per_hour !== null).length >= 50, 'AWS rows carry spot prices');
  const runpodRows = refreshed.filter((r) => r.provider === 'RunPod');
  let compared = 0;
  for (const o of merged.offerings.filter((x) => x.provider === 'runpod' && !x.stale)) {
    const r = runpodRows.find((x) => x.instance_type === o.instance);
    assert.ok(r, `${o.id} is a refreshed row`);
    assert.strictEqual(o.usd_per_hour, Number(r.ondemand_usd_hr), `${o.id} on-demand`);
    assert.strictEqual(o.spot_usd_per_hour, r.spot_usd_hr === '' ? null : Number(r.spot_usd_hr), `${o.id} spot`);
    compared++;
  }
  assert.ok(compared >= 40, `${compared} RunPod rows compared`);
  // GCP v9 sums and Mithril placeholders are not adopted; GCP stays on the dated pricing.yml rows.
  assert.ok(merged.offerings.filter((o) => o.provider === 'gcp').every((o) => /Cyclenerd|skypilot-catalog catalogs\/v8\/gcp/.test(o.source)), 'GCP rows keep their pricing.yml source');
  assert.ok(!merged.offerings.some((o) => o.provider === 'mithril'), 'Mithril placeholders are not adopted');
  // The thin new parts: before the refresh B300 had 2 providers (AWS, OCI), MI355X 1 (OCI), RTX PRO 6000
  // and RTX 5090 1-2 each; the refresh adds Verda/Daytona/Lium/Shadeform B300, Daytona MI355X and more.
  const want = { b300: 4, mi355x: 2, 'rtx-pro-6000': 5, 'rtx-5090': 5 };
  for (const [id, min] of Object.entries(want)) {
    const n = new Set(merged.offerings.filter((o) => o.gpu === id).map((o) => o.provider)).size;
    assert.ok(n >= min, `${id} offered by ${n} providers`);
  }
});

test('models: explicit head_dim, MoE and sliding-window fields are coherent', () => {
  const byId = new Map(merged.models.map((m) => [m.id, m]));
  for (const m of merged.models.filter((x) => x.kind === 'llm')) {
    assert.ok(m.head_dim > 0 && m.layers > 0 && m.kv_heads > 0 && m.kv_heads <= m.heads, m.id);
    assert.ok(m.source.includes('huggingface.co/') && m.source.includes('config.json'), `${m.id} cites config.json`);
    if (m.experts !== null) {
      assert.ok(m.active_params_b > 0 && m.active_params_b < m.params_b, `${m.id} active < total`);
      assert.ok(m.experts_per_token >= 1 && m.experts_per_token <= m.experts, `${m.id} experts_per_token`);
    } else {
      assert.strictEqual(m.active_params_b, null, `${m.id} dense`);
    }
    if (m.sliding_window !== null) assert.ok(m.sliding_layers >= 1 && m.sliding_layers <= m.layers, `${m.id} sliding_layers`);
  }
  assert.strictEqual(byId.get('gemma-2-9b').head_dim, 256);
  assert.strictEqual(byId.get('gemma-2-9b').sliding_layers, byId.get('gemma-2-9b').layers / 2);
  assert.strictEqual(byId.get('mistral-7b-v0.1').sliding_layers, 32);
  assert.strictEqual(byId.get('qwen3-32b').head_dim, 128);
  assert.strictEqual(byId.get('llama-3.1-70b').params_b, 70.55);
  const ds = byId.get('deepseek-v3');
  assert.deepStrictEqual([ds.layers, ds.kv_lora_rank, ds.rope_head_dim, ds.params_b, ds.active_params_b], [61, 512, 64, 671, 37]);
  for (const m of merged.models.filter((x) => x.kind !== 'llm')) {
    const sum = m.components.reduce((s, c) => s + c.params_b, 0);
    assert.ok(Math.abs(sum - m.params_b) / m.params_b < 0.02, `${m.id} components add up to params_b`);
  }
});

// Broken fixtures: each holds `_expect`, the exact set of { path, code, by } a validator reports.
const brokenDir = path.join(FIXTURES, 'broken');
const brokenFiles = fs.readdirSync(brokenDir).filter((f) => f.endsWith('.json')).sort();

test('there are at least 6 broken fixtures', () => {
  assert.ok(brokenFiles.length >= 6, `${brokenFiles.length}`);
});

for (const file of brokenFiles) {
  test(`broken fixture ${file} fails as its _expect says`, () => {
    const doc = readJson(path.join(brokenDir, file));
    assert.ok(Array.isArray(doc._expect) && doc._expect.length > 0, '_expect lists the problems');
    const key = (e) => `${e.code} ${e.path}`;
    // The schema's part here; the cross-reference part ("cross") is the C++ validator's, which
    // tests/js/catalog-cli.test.js checks through the CLI and WASM (no JS copy of those rules exists).
    const want = doc._expect.filter((e) => e.by === 'schema').map(key).sort();
    assert.deepStrictEqual(schemaErrors(doc).map(key).sort(), want, 'schema errors');
    for (const e of doc._expect) assert.ok(['schema', 'cross'].includes(e.by), `${e.path}: by`);
    // Every expected problem is found by the tools' check (schema + C++ validator).
    const found = new Set(validateCatalog(doc, merged).map(key));
    for (const e of doc._expect) assert.ok(found.has(key(e)), `${key(e)} found by the tools' check`);
  });
}

test('hostile-valid.json (HTML and script in names) is accepted as data', () => {
  const doc = readJson(path.join(FIXTURES, 'hostile-valid.json'));
  assert.deepStrictEqual(validateCatalog(doc, null), []);
  assert.deepStrictEqual(validateCatalog(doc, merged), []);
  assert.strictEqual(doc.gpus[0].name, '<img src=x onerror=alert(1)>');
  assert.deepStrictEqual(doc._expect, []);
});

test('the CSV reader handles quotes, commas, doubled quotes and line breaks in fields', () => {
  const rows = parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\n1,,3\n\n');
  assert.deepStrictEqual(rows, [['a', 'b', 'c'], ['x, y', 'say "hi"', 'two\nlines'], ['1', '', '3']]);
  assert.throws(() => parseCsv('a,"b'), /unterminated/);
});

test('GPU name mapping covers both dialects and reads provider-specific names', () => {
  assert.strictEqual(resolveGpuName('A100-80GB-PCIe').id, 'a100-80gb-pcie');
  assert.strictEqual(resolveGpuName('H100', 'runpod').id, 'h100-pcie');
  assert.strictEqual(resolveGpuName('H100-SXM', 'runpod').id, 'h100-sxm');
  assert.strictEqual(resolveGpuName('RTX_PRO_6000_S').id, 'rtx-pro-6000-server');
  assert.ok(resolveGpuName('L40 (fractional)').drop);
  assert.strictEqual(resolveGpuName('Quantum Abacus 9000'), null);
});

test('catalog-import: offerings.csv dialect gives valid offerings', () => {
  const r = node(['scripts/catalog-import.js', path.join(FIXTURES, 'import-prices.csv')]);
  assert.strictEqual(r.status, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepStrictEqual(validateCatalog(doc, merged), []);
  assert.strictEqual(doc.offerings.length, 5);
  assert.match(doc.as_of, /^\d{4}-\d{2}-\d{2}$/);
  const first = doc.offerings[0];
  assert.strictEqual(first.id, 'lambda/gpu_1x_h100_sxm5');
  assert.match(first.notes, /quoted notes, with commas, and "quotes"/);
  assert.strictEqual(doc.offerings.find((o) => o.provider === 'oci').interconnect, 'infinity_fabric');
  assert.match(doc.offerings.find((o) => o.provider === 'oci').notes, /data date not recorded in source/);
});

test('catalog-import: SkyPilot dialect keeps the cheapest region and skips CPU rows', () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-import-')), 'lambda.json');
  const r = node(['scripts/catalog-import.js', path.join(FIXTURES, 'skypilot-vms.csv'), '--provider', 'lambda', '--out', out,
    '--as-of', '2026-11-30']);
  assert.strictEqual(r.status, 0, r.stderr);
  const doc = readJson(out);
  assert.deepStrictEqual(validateCatalog(doc, merged), []);
  assert.deepStrictEqual(doc.offerings.map((o) => o.id), ['lambda/gpu_1x_a10', 'lambda/gpu_2x_a100', 'lambda/gpu_8x_h100_sxm5']);
  const a10 = doc.offerings[0];
  assert.deepStrictEqual([a10.region, a10.usd_per_hour, a10.gpu], ['us-east-1', 0.75, 'a10']);
  assert.strictEqual(doc.offerings[1].spot_usd_per_hour, 0.95, 'lowest spot of the chosen region');
  assert.strictEqual(doc.offerings[2].interconnect, 'nvlink');
});

test('catalog-import: a SkyPilot file without --provider is a usage error', () => {
  const r = node(['scripts/catalog-import.js', path.join(FIXTURES, 'skypilot-vms.csv')]);
  assert.strictEqual(r.status, 1);
  assert.match(r.stderr, /--provider/);
});

test('catalog-import: invalid rows exit 2 and list every problem with a JSON Pointer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-import-'));
  const csv = path.join(dir, 'bad.csv');
  fs.writeFileSync(csv, [
    'InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,SpotPrice',
    'box-a,Quantum Abacus 9000,1,8,32,1.00,r1,',
    'box-b,H100-SXM,8,96,1024,20.00,r1,25.00',
    'box-c,L4,1,4,16,free,r1,',
  ].join('\n'));
  const r = node(['scripts/catalog-import.js', csv, '--provider', 'lambda', '--as-of', '2026-11-30']);
  assert.strictEqual(r.status, 2, r.stderr);
  const report = JSON.parse(r.stderr.slice(r.stderr.indexOf('{')));
  assert.strictEqual(report.ok, false);
  const got = report.errors.map((e) => `${e.code} ${e.path}`).sort();
  assert.deepStrictEqual(got, [
    'invalid_type /offerings/2/usd_per_hour',
    'unknown_gpu /offerings/0/gpu',
  ]);
  // Spot above on-demand is kept and warned about (the C++ validator's rule), not rejected.
  assert.ok(report.warnings.some((w) => w.code === 'spot_above_on_demand' && w.path === '/offerings/1/spot_usd_per_hour'), r.stderr);
  const skip = node(['scripts/catalog-import.js', csv, '--provider', 'lambda', '--skip-unknown', '--as-of', '2026-11-30']);
  assert.strictEqual(skip.status, 2, 'the other problems remain');
  assert.match(skip.stderr, /skipped: no catalog GPU/);
});

test('catalog-build.js regenerates the committed gpus/providers/offerings JSON exactly from catalog/reference', () => {
  assert.ok(fs.existsSync(path.join(REFERENCE, 'offerings.csv')), 'the in-repo reference copy is present');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-build-'));
  const r = node(['scripts/catalog-build.js', REFERENCE, '--out', out]);
  assert.strictEqual(r.status, 0, r.stderr);
  for (const name of ['gpus', 'providers', 'offerings']) {
    const a = fs.readFileSync(path.join(CATALOG, `${name}.json`), 'utf8');
    const b = fs.readFileSync(path.join(out, `${name}.json`), 'utf8');
    assert.ok(a === b, `${name}.json differs from a fresh build: run node scripts/catalog-build.js`);
  }
});

test('catalog-build.js without a reference folder is a usage error (no default outside the checkout)', () => {
  const r = node(['scripts/catalog-build.js', '--out', fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-build-'))]);
  assert.strictEqual(r.status, 1);
  assert.match(r.stderr, /REFERENCE_DIR is required/);
});

test('mergeCatalogs keeps the latest as_of and concatenates sections', () => {
  const m = mergeCatalogs([{ as_of: '2026-01-01', gpus: [{ id: 'a' }] }, { as_of: '2026-02-01', gpus: [{ id: 'b' }] }, {}]);
  assert.deepStrictEqual(m, { as_of: '2026-02-01', gpus: [{ id: 'a' }, { id: 'b' }] });
});

test('catalog:refresh on a fixture folder: SkyPilot vms.csv files adopted per policy, diff printed', () => {
  const F = path.join(FIXTURES, 'refresh');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-refresh-'));
  const base = node(['scripts/catalog-build.js', path.join(F, 'ref'), '--out', out]);
  assert.strictEqual(base.status, 0, base.stderr);
  const before = readJson(path.join(out, 'offerings.json')).offerings;
  assert.deepStrictEqual(before.map((o) => o.id).sort(), ['aws/g5.xlarge', 'aws/g6.xlarge', 'aws/p5.48xlarge',
    'runpod/1x_A40_SECURE', 'runpod/1x_H100-SXM_SECURE']);
  const diffFile = path.join(out, 'diff.md');
  const r = node(['scripts/catalog-refresh.js', path.join(F, 'vms'), '--ref', path.join(F, 'ref'), '--out', out,
    '--collected', '2026-12-15', '--diff', diffFile]);
  assert.strictEqual(r.status, 0, r.stderr);
  const after = readJson(path.join(out, 'offerings.json')).offerings;
  const byId = new Map(after.map((o) => [o.id, o]));
  // AWS (replace): g5.xlarge is gone, g6.2xlarge is new, the CPU-only m5.large is skipped; the cheapest
  // on-demand region (us-east-1, $50) is kept with that region's lowest spot ($11).
  assert.deepStrictEqual(after.filter((o) => o.provider === 'aws').map((o) => o.id).sort(),
    ['aws/g6.2xlarge', 'aws/g6.xlarge', 'aws/p5.48xlarge']);
  const p5 = byId.get('aws/p5.48xlarge');
  assert.deepStrictEqual([p5.usd_per_hour, p5.spot_usd_per_hour, p5.region, p5.price_as_of, p5.price_dated], [50, 11, 'us-east-1', '2026-12-15', false]);
  assert.strictEqual(p5.display_name, '8× H100 SXM 80 GB · 192 vCPU · 2048 GiB RAM');
  // RunPod (merge-stale): the H100 row is repriced, the A40 row not in the file is kept and marked stale.
  assert.strictEqual(byId.get('runpod/1x_H100-SXM_SECURE').usd_per_hour, 2.69);
  assert.strictEqual(byId.get('runpod/1x_H100-SXM_SECURE').stale, undefined);
  const a40 = byId.get('runpod/1x_A40_SECURE');
  assert.deepStrictEqual([a40.stale, a40.usd_per_hour, a40.price_as_of], [true, 0.79, '2026-11-30']);
  const providers = readJson(path.join(out, 'providers.json')).providers;
  assert.strictEqual(providers.find((p) => p.id === 'runpod').price_as_of, '2026-12-15');
  // The diff, by provider: added, removed, repriced, unchanged.
  const diff = fs.readFileSync(diffFile, 'utf8');
  assert.strictEqual(r.stdout, diff);
  assert.match(diff, /\| aws \| 1 \| 1 \| 2 \| 0 \|/);
  assert.match(diff, /\| runpod \| 0 \| 0 \| 1 \| 1 \|/);
  assert.match(diff, /\| \*\*total\*\* \| 1 \| 1 \| 3 \| 1 \|/);
  assert.match(diff, /\| runpod \| merge-stale \| 2 \| 1 \| 1 \| 0 \| 1 \|/);
  assert.match(r.stderr, /median \$\/GPU-h/, 'the per-provider summary is printed');
});

test('catalog:refresh of the newest committed refresh folder reproduces the committed catalog', () => {
  const { parseCsvObjects } = require('../../scripts/lib/csv');
  const named = parseCsvObjects(fs.readFileSync(path.join(REFERENCE, 'refreshes.csv'), 'utf8')).rows;
  const newest = named[named.length - 1];
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-refresh-'));
  for (const name of ['gpus', 'providers', 'offerings']) fs.copyFileSync(path.join(CATALOG, `${name}.json`), path.join(out, `${name}.json`));
  const r = node(['scripts/catalog-refresh.js', path.join(REFERENCE, newest.folder), '--out', out, '--collected', newest.collected]);
  assert.strictEqual(r.status, 0, r.stderr);
  for (const name of ['gpus', 'providers', 'offerings']) {
    assert.ok(fs.readFileSync(path.join(CATALOG, `${name}.json`), 'utf8') === fs.readFileSync(path.join(out, `${name}.json`), 'utf8'), name);
  }
  assert.match(r.stdout, /\| \*\*total\*\* \| 0 \| 0 \| 0 \| \d+ \|/, 'nothing changes against itself');
});

test('adopt: merge keeps the rows a partial refresh does not list, merge-stale marks them stale', () => {
  const { adopt } = require('../../scripts/lib/refresh');
  const row = (id, usd) => ({ id: `p/${id}`, provider: 'p', instance: id, usd_per_hour: usd, notes: '' });
  const base = [row('a', 1), row('b', 2)];
  const fresh = [{ provider: 'p', offering: row('a', 3) }];
  for (const [mode, staleB] of [['merge', undefined], ['merge-stale', true]]) {
    const res = adopt(base, fresh, new Map([['p', { mode, reason: '' }]]));
    const byId = new Map(res.offerings.map((o) => [o.id, o]));
    assert.strictEqual(byId.get('p/a').usd_per_hour, 3, `${mode}: the listed row is repriced`);
    assert.strictEqual(byId.get('p/b').usd_per_hour, 2, `${mode}: the unlisted row is kept`);
    assert.strictEqual(byId.get('p/b').stale, staleB, `${mode}: stale flag of the unlisted row`);
    assert.deepStrictEqual([res.decisions[0].adopted, res.decisions[0].kept, res.decisions[0].stale], mode === 'merge' ? [1, 1, 0] : [1, 0, 1]);
  }
});

test('refresh-2026-12b: every row is dated, names its source, and has one evidence row in USD', () => {
  const { parseCsvObjects } = require('../../scripts/lib/csv');
  const dir = path.join(REFERENCE, 'refresh-2026-12b');
  const rows = parseCsvObjects(fs.readFileSync(path.join(dir, 'offerings-refresh.csv'), 'utf8')).rows;
  const ev = parseCsvObjects(fs.readFileSync(path.join(dir, 'evidence.csv'), 'utf8')).rows;
  assert.strictEqual(ev.length, rows.length, 'one evidence row per offering row');
  const key = (r) => `${r.provider}/${r.instance_type}`;
  const evBy = new Map(ev.map((r) => [key(r), r]));
  assert.strictEqual(evBy.size, ev.length, 'evidence keys are unique');
  for (const r of rows) {
    assert.match(r.data_date, /^2026-\d\d-\d\d$/, `${key(r)} carries the date its price was read`);
    assert.match(r.source_commit, /^[0-9a-f]{40}$/, `${key(r)} names a commit`);
    assert.ok(r.source_repo.includes('/') && r.source_path.length > 0, `${key(r)} names a repository and path`);
    const e = evBy.get(key(r));
    assert.ok(e, `${key(r)} has an evidence row`);
    assert.strictEqual(e.price_seen, r.data_date, `${key(r)} evidence date = row date`);
    assert.strictEqual(e.currency, 'USD', `${key(r)} currency`);
    assert.match(e.source_url, /^https:\/\//, `${key(r)} source URL`);
    const price = Number(r.ondemand_usd_hr !== '' ? r.ondemand_usd_hr : r.spot_usd_hr);
    assert.ok(Math.abs(Number(e.source_amount) - price) < 1e-9, `${key(r)} source amount = row price (USD, no conversion)`);
    if (r.provider === 'Shadeform') assert.ok(e.resale_of_provider && e.resale_of_instance, `${key(r)} names the upstream it resells`);
    if (r.spot_usd_hr !== '' && r.ondemand_usd_hr !== '') assert.ok(Number(r.spot_usd_hr) < Number(r.ondemand_usd_hr), `${key(r)} spot below on-demand`);
  }
  // Every price date in the folder is also the adopted offering's price_as_of, marked dated.
  const byId = new Map(merged.offerings.map((o) => [o.id, o]));
  const { providerId } = require('../../scripts/lib/providers');
  let dated = 0;
  for (const r of rows) {
    const o = byId.get(`${providerId(r.provider)}/${r.instance_type}`);
    assert.ok(o, `${key(r)} is in the catalog`);
    assert.strictEqual(o.price_as_of, r.data_date, `${o.id} price_as_of`);
    assert.strictEqual(o.price_dated, true, `${o.id} price_dated`);
    dated++;
  }
  assert.ok(dated >= 150, `${dated} dated rows`);
  // Resale rows whose upstream type is a PCIe card are filed as PCIe (the audit's form-factor error).
  for (const id of ['shadeform/lambdalabs_H100', 'shadeform/hyperstack_H100', 'shadeform/hyperstack_A100-80GB']) {
    assert.match(byId.get(id).gpu, /pcie/, `${id} is a PCIe card`);
  }
});

test('catalog:refresh without a folder, or with a bad date, is a usage error', () => {
  assert.strictEqual(node(['scripts/catalog-refresh.js']).status, 1);
  const r = node(['scripts/catalog-refresh.js', FIXTURES, '--collected', '1 Dec', '--dry-run']);
  assert.strictEqual(r.status, 1);
  assert.match(r.stderr, /--collected must be YYYY-MM-DD/);
});

// The live path (catalog:refresh from SkyPilot's vms.csv) takes a region's spot price from its regular zones: an AWS
// Local Zone (use1-atl2-az1, Atlanta 2) or Wavelength Zone is opt-in and small (catalog/reference/refresh-2026-12).
test('catalog-import: a SkyPilot region\'s spot price leaves AWS Local and Wavelength Zones out', () => {
  const { isEdgeZone } = require('../../scripts/lib/offerings');
  for (const z of ['use1-atl2-az1', 'usw2-lax1-az2', 'use1-wl1-bos-wlz1']) assert.ok(isEdgeZone(z), z);
  for (const z of ['use1-az6', 'eus2-az1', 'apne2-az4', 'us-central1-a', '', undefined]) assert.ok(!isEdgeZone(z), String(z));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-import-'));
  const csv = path.join(dir, 'vms.csv');
  fs.writeFileSync(csv, [
    'InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,AvailabilityZone,SpotPrice',
    'p6-b200.48xlarge,B200,8,192,2048,113.9328,us-east-1,use1-atl2-az1,13.5724',
    'p6-b200.48xlarge,B200,8,192,2048,113.9328,us-east-1,use1-az6,22.1118',
    'p6-b200.48xlarge,B200,8,192,2048,113.9328,us-east-1,use1-az4,23.5',
  ].join('\n'));
  const out = path.join(dir, 'offerings.json');
  const r = node(['scripts/catalog-import.js', csv, '--provider', 'aws', '--as-of', '2026-11-30', '--out', out]);
  assert.strictEqual(r.status, 0, r.stderr);
  const rows = readJson(out).offerings;
  assert.strictEqual(rows.length, 1);
  assert.strictEqual(rows[0].spot_usd_per_hour, 22.1118);
});
