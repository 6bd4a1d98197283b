'use strict';
// The accuracy harness itself (scripts/accuracy.js): the mapping covers every calibration case, derive /
// scale / error do what tests/calibration/README.md says, failures of the CLI are caught, and the report
// over the real CLI has finite predictions. It asserts no accuracy thresholds: the presets are still
// being fitted; TARGETS is reported by `npm run accuracy`, not enforced here.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const accuracy = require('../../scripts/accuracy.js');

const root = path.resolve(__dirname, '..', '..');
const script = path.join(root, 'scripts', 'accuracy.js');
const cliPath = path.join(root, 'build', 'native', 'gpu-sizer');
const { cases, requests: entries } = accuracy.loadAll();
const catalogGpus = new Set(JSON.parse(fs.readFileSync(path.join(root, 'catalog', 'gpus.json'), 'utf8')).gpus.map((g) => g.id));
const catalogModels = new Set(JSON.parse(fs.readFileSync(path.join(root, 'catalog', 'models.json'), 'utf8')).models.map((m) => m.id));

test('the cases are read from the repository unless GPU_SIZER_CASES says otherwise', () => {
  const saved = process.env.GPU_SIZER_CASES;
  try {
    delete process.env.GPU_SIZER_CASES;
    assert.equal(accuracy.defaultCasesPath(), path.join(root, 'tests', 'calibration', 'cases.json'));
    assert.ok(fs.existsSync(accuracy.defaultCasesPath()));
    process.env.GPU_SIZER_CASES = '/elsewhere/cases.json';
    assert.equal(accuracy.defaultCasesPath(), '/elsewhere/cases.json');
  } finally {
    if (saved === undefined) delete process.env.GPU_SIZER_CASES;
    else process.env.GPU_SIZER_CASES = saved;
  }
});

test('every mapping entry names an existing case, once', () => {
  const caseIds = new Set(cases.map((c) => c.id));
  const seen = new Set();
  for (const entry of entries) {
    assert.ok(caseIds.has(entry.id), `tests/calibration/requests.json: "${entry.id}" is not a case in cases.json`);
    assert.ok(!seen.has(entry.id), `"${entry.id}" is mapped twice`);
    seen.add(entry.id);
  }
});

test('every case in cases.json has a mapping entry', () => {
  const mapped = new Set(entries.map((e) => e.id));
  const missing = cases.filter((c) => !mapped.has(c.id)).map((c) => c.id);
  assert.deepEqual(missing, [], `cases without an entry: ${missing.join(', ')}`);
});

test('every entry is well formed: group, field, derive, kind, skip reason, catalog ids', () => {
  const byId = new Map(cases.map((c) => [c.id, c]));
  for (const entry of entries) {
    const c = byId.get(entry.id);
    assert.ok(accuracy.GROUPS.includes(entry.metric_group), `${entry.id}: metric_group "${entry.metric_group}"`);
    assert.equal(entry.metric_group, accuracy.METRIC_GROUPS[c.metric], `${entry.id}: metric ${c.metric} belongs elsewhere`);
    assert.equal(typeof entry.field, 'string', `${entry.id}: field`);
    assert.ok(entry.derive === null || entry.derive === undefined || entry.derive in accuracy.DERIVES,
      `${entry.id}: unknown derive ${entry.derive}`);
    assert.ok(entry.scale === null || entry.scale === undefined || (typeof entry.scale === 'number' && entry.scale > 0),
      `${entry.id}: scale`);
    assert.ok(['point', 'lower_bound', 'upper_bound'].includes(entry.kind || 'point'), `${entry.id}: kind ${entry.kind}`);
    if (entry.skip !== null && entry.skip !== undefined) {
      assert.equal(typeof entry.skip, 'string', `${entry.id}: skip must be the reason`);
      assert.ok(entry.skip.length > 20, `${entry.id}: skip needs a real reason`);
    }
    if (entry.note !== undefined) assert.equal(typeof entry.note, 'string', `${entry.id}: note`);
    const request = entry.request;
    assert.ok(request && typeof request === 'object', `${entry.id}: request`);
    if (typeof request.model === 'string') {
      assert.ok(catalogModels.has(request.model), `${entry.id}: model "${request.model}" is not a catalog id`);
    }
    const gpu = request.hardware && request.hardware.gpu;
    if (typeof gpu === 'string') assert.ok(catalogGpus.has(gpu), `${entry.id}: GPU "${gpu}" is not a catalog id`);
  }
});

test('TARGETS holds the median |error| targets of the issues', () => {
  assert.deepEqual({ ...accuracy.TARGETS },
    { memory: 0.10, decode: 0.20, throughput: 0.20, ttft: 0.20, training: 0.25, diffusion: 0.25, audio: 0.25 });
});

test('derive and scale on known inputs', () => {
  const { applyDerive, applyScale } = accuracy;
  assert.equal(applyDerive(20, 'inverse_ms'), 50);
  assert.equal(applyDerive(2, 'div_prompt', { workload: { prompt_tokens: 1000 } }), 500);
  assert.equal(applyDerive(7, 'steps_per_s', { workload: { steps: 28 } }), 4);
  assert.equal(applyDerive(0.05, 'times_audio_seconds', { workload: { audio_seconds: 780 } }), 39);
  assert.equal(applyDerive(800, 'per_gpu', {}, { options: [{ gpus: 8 }] }), 100);
  assert.equal(applyDerive(3.5, null), 3.5);
  assert.equal(applyDerive(3.5, undefined), 3.5);
  assert.throws(() => applyDerive(1, 'no_such_derive'), /unknown derive/);
  assert.throws(() => applyDerive(1, 'div_prompt', { workload: {} }), /prompt_tokens/);
  assert.throws(() => applyDerive(1, 'per_gpu', {}, { options: [] }), /gpus/);
  // derive first, then scale: 0.02 s → 50 /s → × 60 = 3000 per minute
  assert.equal(applyScale(applyDerive(20, 'inverse_ms'), 60), 3000);
  assert.equal(applyScale(2 ** 30, 1 / 2 ** 30), 1);
  assert.equal(applyScale(5, null), 5);
  assert.equal(applyScale(5, undefined), 5);
});

test('errors: signed for points, zero when a bound holds', () => {
  const { caseError } = accuracy;
  assert.equal(caseError(110, 100, 'point'), 0.1);
  assert.equal(caseError(90, 100, 'point'), -0.1);
  assert.equal(caseError(150, 100, 'lower_bound'), 0);
  assert.equal(caseError(80, 100, 'lower_bound'), -0.2);
  assert.equal(caseError(80, 100, 'upper_bound'), 0);
  assert.ok(Math.abs(caseError(125, 100, 'upper_bound') - 0.25) < 1e-12);
  assert.throws(() => caseError(1, 1, 'sideways'), /unknown kind/);
});

test('median and p90 interpolate between ranks', () => {
  assert.equal(accuracy.median([3, 1, 2]), 2);
  assert.equal(accuracy.median([4, 1, 2, 3]), 2.5);
  assert.equal(accuracy.median([]), null);
  assert.ok(Math.abs(accuracy.quantile([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9) - 9) < 1e-12);
  assert.equal(accuracy.quantile([5], 0.9), 5);
  assert.equal(accuracy.readField({ options: [{ gpus: 2 }] }, 'options.0.gpus'), 2);
  assert.equal(accuracy.readField({ options: [] }, 'options.0.gpus'), undefined);
});

test('rejections, absent fields and skips are listed as not evaluated, never dropped', () => {
  const fakeCases = [
    { id: 'a', metric: 'vram_gb', value: 10, unit: 'GiB' },
    { id: 'b', metric: 'vram_gb', value: 10, unit: 'GiB' },
    { id: 'c', metric: 'decode_tokens_per_s_per_user', value: 50, unit: 'tokens/s' },
    { id: 'd', metric: 'ttft_ms', value: 100, unit: 'ms' },
    { id: 'e', metric: 'gpu_hours', value: 100, unit: 'h' },
  ];
  const fakeEntries = [
    { id: 'a', metric_group: 'memory', request: { n: 'a' }, field: 'memory.total_bytes', scale: 1 / 2 ** 30, kind: 'point' },
    { id: 'b', metric_group: 'memory', request: { n: 'b' }, field: 'memory.total_bytes', kind: 'point', skip: 'cannot say it' },
    { id: 'c', metric_group: 'decode', request: { n: 'c' }, field: 'options.0.decode_output_tokens_per_s_per_user', kind: 'point' },
    { id: 'd', metric_group: 'ttft', request: { n: 'd' }, field: 'options.0.ttft_s', scale: 1000, kind: 'point' },
    { id: 'e', metric_group: 'training', request: { n: 'e' }, field: 'options.0.gpu_hours', kind: 'point' },
  ];
  const responses = {
    a: { ok: true, memory: { total_bytes: 11 * 2 ** 30 }, options: [] },
    c: { ok: true, memory: {}, options: [{ gpus: 1, fits: false, reasons: ['Does not fit.'] }] },
    d: { ok: false, errors: [{ code: 'unsupported_workload', path: '/workload/kind', message: 'not yet' }] },
  };
  const runner = (request) => (request.n === 'e'
    ? { response: null, status: null, problem: 'CLI exited 1 and printed non-JSON: "boom"' }
    : { response: responses[request.n], status: responses[request.n].ok ? 0 : 2, problem: null });
  const report = accuracy.evaluateCases({ cases: fakeCases, entries: fakeEntries, runner });
  const byId = Object.fromEntries(report.results.map((r) => [r.id, r]));
  assert.equal(report.results.length, 5);
  assert.equal(byId.a.evaluated, true);
  assert.ok(Math.abs(byId.a.prediction - 11) < 1e-12);
  assert.ok(Math.abs(byId.a.error - 0.1) < 1e-12);
  assert.equal(byId.b.evaluated, false);
  assert.equal(byId.b.error_code, 'skipped');
  assert.match(byId.b.reason, /cannot say it/);
  assert.equal(byId.c.evaluated, false);
  assert.equal(byId.c.error_code, 'field_absent');
  assert.match(byId.c.reason, /does not fit/);
  assert.equal(byId.d.evaluated, false);
  assert.equal(byId.d.error_code, 'unsupported_workload');
  assert.match(byId.d.reason, /not yet/);
  assert.equal(byId.e.evaluated, false);
  assert.equal(byId.e.error_code, 'cli_failure');
  assert.equal(report.problems.length, 1);
  assert.equal(report.stats.memory.n_evaluated, 1);
  assert.equal(report.stats.memory.n_not_evaluated, 1);
  assert.equal(report.stats.ttft.n_evaluated, 0);
  assert.equal(report.stats.ttft.meets_target, null);
  assert.equal(report.stats.memory.meets_target, true);
});

test('the script exits 1 when the CLI prints something that is not JSON', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accuracy-'));
  const fake = path.join(dir, 'fake-cli');
  fs.writeFileSync(fake, '#!/bin/sh\necho "Segmentation fault"\nexit 139\n', { mode: 0o755 });
  const run = spawnSync(process.execPath, [script, '--cli', fake, '--group', 'memory'], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /cli_failure/);
});

test('over the real CLI: every evaluated prediction is finite, memory has ≥ 5 evaluated, no CLI problems', () => {
  assert.ok(fs.existsSync(cliPath), `build the native CLI first (${cliPath})`);
  const report = accuracy.evaluateCases({ cli: cliPath });
  assert.deepEqual(report.problems, [], 'the CLI crashed or printed non-JSON');
  assert.equal(report.results.length, entries.length);
  for (const r of report.results) {
    if (r.evaluated) {
      assert.ok(Number.isFinite(r.prediction), `${r.id}: prediction ${r.prediction}`);
      assert.ok(Number.isFinite(r.error), `${r.id}: error ${r.error}`);
    } else {
      assert.ok(typeof r.reason === 'string' && r.reason.length > 0, `${r.id}: not evaluated without a reason`);
    }
  }
  assert.ok(report.stats.memory.n_evaluated >= 5, `memory: only ${report.stats.memory.n_evaluated} evaluated`);
  for (const s of Object.values(report.stats)) {
    for (const key of ['median_abs_error', 'p90_abs_error']) {
      assert.ok(s[key] === null || Number.isFinite(s[key]), `${key} ${s[key]}`);
    }
  }
});

test('the script runs end to end: text, --markdown and --json', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accuracy-'));
  const jsonFile = path.join(dir, 'report.json');
  const text = spawnSync(process.execPath, [script, '--group', 'memory', '--json', jsonFile], { encoding: 'utf8' });
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /median \|err\|/);
  const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  assert.ok(report.groups.memory);
  assert.ok(report.cases.every((c) => c.group === 'memory'));
  const md = spawnSync(process.execPath, [script, '--markdown'], { encoding: 'utf8' });
  assert.equal(md.status, 0, md.stderr);
  assert.match(md.stdout, /^### Accuracy/m);
  assert.match(md.stdout, /npm run accuracy -- --markdown/);
  assert.match(md.stdout, /\| group \| evaluated \|/);
  const bad = spawnSync(process.execPath, [script, '--group', 'nonsense'], { encoding: 'utf8' });
  assert.equal(bad.status, 1);
  fs.rmSync(dir, { recursive: true, force: true });
});
