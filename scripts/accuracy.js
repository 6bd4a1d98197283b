#!/usr/bin/env node
'use strict';
// The calculator's error against published measurements (tests/calibration/cases.json), per metric group.
//
//   npm run accuracy [-- --group memory[,decode]] [--json FILE] [--markdown] [--cli PATH]
//                       [--cases FILE] [--requests FILE] [--no-refit] [--write-ranges[=FILE]]
//
// Besides the in-sample error, each group is cross-validated by source (5 folds of whole documents):
// the calibrated constants of core/tunables.hpp are refit on the other folds (gpu-sizer evaluate-batch)
// and the fold is predicted with them; the ~80% `ranges` table (core/uncertainty_table.inc) is built
// from those held-out errors, and its coverage is measured on folds it was built without.
// --write-ranges writes that table (tests/calibration/README.md "Cross-validation", "Ranges").
//
// Every entry of tests/calibration/requests.json (the reviewed mapping of each case to a CONTRACT.md
// request) is run through the native CLI (`gpu-sizer evaluate -`, one process per request). The response
// field named by the entry is read (a dotted path such as `options.0.output_tokens_per_s`), `derive` is
// applied, then `scale` (tests/calibration/README.md), and the result is compared with the case's value:
//   point        signed error (prediction − measurement) / measurement
//   lower_bound  the measurement is a floor on the true value: 0 when prediction ≥ value, else the
//                relative shortfall (negative)
//   upper_bound  the measurement is a ceiling: 0 when prediction ≤ value, else the relative excess
// Entries that are skipped, that the core rejects, or whose field is absent are listed as "not evaluated"
// with the reason (the core's error code and message), and kept out of the statistics.
//
// Exit status: 0 whatever the errors are (the report is information); 1 when the CLI crashed, exited 1,
// printed something that is not JSON, or could not be run, or when the arguments or inputs are unusable.

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

// Targets per metric group for the median and the p90 |error| (issue 29, on cross-validation: decode 10%,
// TTFT 25%, training 12%, diffusion and audio 20% median, every p90 40%; memory keeps issue 14's 5% / 30%
// and aggregate throughput, which issue 29 does not name, its 20%). A group meets them when its
// cross-validated median and p90 are within both (in-sample where nothing is refit). Reported, not
// enforced by the tests.
const TARGETS = Object.freeze({
  memory: 0.05,
  decode: 0.10,
  throughput: 0.20,
  ttft: 0.25,
  training: 0.12,
  diffusion: 0.20,
  audio: 0.20,
});
const TARGETS_P90 = Object.freeze({
  memory: 0.30,
  decode: 0.40,
  throughput: 0.40,
  ttft: 0.40,
  training: 0.40,
  diffusion: 0.40,
  audio: 0.40,
});
const GROUPS = Object.keys(TARGETS);

// Which group a case's metric belongs to (used to check each entry's metric_group).
const METRIC_GROUPS = Object.freeze({
  vram_gb: 'memory',
  weights_gb: 'memory',
  weights_gb_per_gpu: 'memory',
  max_seq_len_at_vram: 'memory',
  decode_tokens_per_s_per_user: 'decode',
  total_output_tokens_per_s: 'throughput',
  output_tokens_per_s_per_gpu: 'throughput',
  prefill_tokens_per_s: 'throughput',
  ttft_ms: 'ttft',
  gpu_hours: 'training',
  mfu: 'training',
  training_tokens_per_s: 'training',
  training_tokens_per_s_per_gpu: 'training',
  model_tflops_per_gpu: 'training',
  time_to_train_minutes: 'training',
  wall_clock_minutes: 'training',
  seconds_per_image: 'diffusion',
  iterations_per_s: 'diffusion',
  real_time_factor: 'audio',
  seconds_to_transcribe: 'audio',
});

const POINT = 'point';
const LOWER = 'lower_bound';
const UPPER = 'upper_bound';
const KIND_ALIASES = { point: POINT, lower_bound: LOWER, lower: LOWER, min: LOWER, at_least: LOWER,
  upper_bound: UPPER, upper: UPPER, max: UPPER, at_most: UPPER };

function defaultCli() {
  return process.env.GPU_SIZER_CLI || path.join(ROOT, 'build', 'native', 'gpu-sizer');
}

// The measurements live in the repository (tests/calibration/cases.json); GPU_SIZER_CASES overrides.
function defaultCasesPath() {
  return process.env.GPU_SIZER_CASES || path.join(ROOT, 'tests', 'calibration', 'cases.json');
}

function defaultRequestsPath() {
  return path.join(ROOT, 'tests', 'calibration', 'requests.json');
}

function readJsonFile(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// Measurements added by the project (beside the verbatim collection in cases.json) live one file per
// group in tests/calibration/added/*.json, each { "cases": [...], "requests": [...] } in the same shapes
// as cases.json and requests.json, so that separate changes never edit the same array.
function addedDir() {
  return path.join(ROOT, 'tests', 'calibration', 'added');
}

function readAdded(dir = addedDir()) {
  const out = { cases: [], requests: [], files: [] };
  if (!fs.existsSync(dir)) return out;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const data = readJsonFile(path.join(dir, name));
    out.cases.push(...(data.cases || []));
    out.requests.push(...(data.requests || []));
    out.files.push(name);
  }
  return out;
}

// Every case and every mapping entry: cases.json / requests.json, then the added files (unless the
// caller named its own files, or GPU_SIZER_CASES points elsewhere).
function loadAll(casesPath = defaultCasesPath(), requestsPath = defaultRequestsPath()) {
  const cases = readJsonFile(casesPath);
  const requests = readJsonFile(requestsPath);
  const standard = casesPath === path.join(ROOT, 'tests', 'calibration', 'cases.json')
    && requestsPath === defaultRequestsPath();
  if (standard) {
    const added = readAdded();
    cases.push(...added.cases);
    requests.push(...added.requests);
  }
  return { cases, requests };
}

// ---------------------------------------------------------------------------------------------------
// derive and scale (tests/calibration/README.md)

// `derive` turns the raw response figure x into the case's quantity (before `scale`). Each takes the
// value, the request and the response; returns a number (possibly non-finite: the caller checks).
const DERIVES = Object.freeze({
  // Divides by the GPUs of the option the field was read from (the first option).
  per_gpu: (x, request, response) => x / gpusOf(response),
  inverse_ms: (x) => 1000 / x,
  div_prompt: (x, request) => workloadNumber(request, 'prompt_tokens') / x,
  steps_per_s: (x, request) => workloadNumber(request, 'steps') / x,
  times_audio_seconds: (x, request) => x * workloadNumber(request, 'audio_seconds'),
});

function workloadNumber(request, key) {
  const value = request && request.workload ? request.workload[key] : undefined;
  if (typeof value !== 'number') throw new Error(`derive needs workload.${key} in the request`);
  return value;
}

function gpusOf(response) {
  const option = response && Array.isArray(response.options) ? response.options[0] : undefined;
  if (!option || typeof option.gpus !== 'number') throw new Error('derive per_gpu needs options.0.gpus');
  return option.gpus;
}

// Applies `derive` (null for none) then `scale` (null/undefined for 1). Throws on an unknown derive.
function applyDerive(value, derive, request = {}, response = {}) {
  let x = value;
  if (derive !== null && derive !== undefined) {
    const fn = DERIVES[derive];
    if (!fn) throw new Error(`unknown derive "${derive}"`);
    x = fn(x, request, response);
  }
  return x;
}

function applyScale(value, scale) {
  return scale === null || scale === undefined ? value : value * scale;
}

// Resolves a dotted path ("options.0.output_tokens_per_s") in a response.
function readField(object, dotted) {
  let node = object;
  for (const token of String(dotted).split('.')) {
    if (node === null || node === undefined) return undefined;
    node = Array.isArray(node) ? node[Number(token)] : node[token];
  }
  return node;
}

function normaliseKind(kind) {
  const k = KIND_ALIASES[kind === undefined || kind === null ? 'point' : kind];
  if (!k) throw new Error(`unknown kind "${kind}"`);
  return k;
}

// Signed error of `prediction` against `measured` for the comparison `kind`.
function caseError(prediction, measured, kind = POINT) {
  const rel = (prediction - measured) / measured;
  switch (normaliseKind(kind)) {
    case LOWER: return prediction >= measured ? 0 : rel;
    case UPPER: return prediction <= measured ? 0 : rel;
    default: return rel;
  }
}

// ---------------------------------------------------------------------------------------------------
// statistics

function median(values) {
  return quantile(values, 0.5);
}

// Linear interpolation between closest ranks (numpy's default); null for an empty list.
function quantile(values, q) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function groupStats(results, groups = GROUPS) {
  const stats = {};
  for (const group of groups) {
    const inGroup = results.filter((r) => r.group === group);
    const evaluated = inGroup.filter((r) => r.evaluated);
    const abs = evaluated.map((r) => Math.abs(r.error));
    const med = median(abs);
    const cv = evaluated.filter((r) => typeof r.cv_error === 'number').map((r) => Math.abs(r.cv_error));
    stats[group] = {
      n_evaluated: evaluated.length,
      n_not_evaluated: inGroup.length - evaluated.length,
      median_abs_error: med,
      p90_abs_error: quantile(abs, 0.9),
      cv_median_abs_error: cv.length === evaluated.length ? median(cv) : null,
      cv_p90_abs_error: cv.length === evaluated.length ? quantile(cv, 0.9) : null,
      target_median_abs_error: TARGETS[group],
      target_p90_abs_error: TARGETS_P90[group],
      meets_target: med === null ? null
        : (cv.length === evaluated.length ? median(cv) : med) <= TARGETS[group]
          && (cv.length === evaluated.length ? quantile(cv, 0.9) : quantile(abs, 0.9)) <= TARGETS_P90[group],
    };
  }
  return stats;
}

// ---------------------------------------------------------------------------------------------------
// ranges: the spread of the errors, by table key (mirrors core/uncertainty.cpp)

// Case metrics where a larger value is slower (a time); the rest are speeds (tokens/s, MFU, TFLOP/s).
const TIME_METRICS = new Set(['ttft_ms', 'gpu_hours', 'time_to_train_minutes', 'wall_clock_minutes',
  'seconds_per_image', 'seconds_to_transcribe', 'real_time_factor']);

// The table group whose errors speak for a response figure: the figure's own kind of speed, not the
// case's metric group (a prefill tokens/s case read from ttft_s tells how far ttft_s is off). Mirrors
// group_of in core/uncertainty.cpp; mfu is not ranged but moves with training speed.
const FIGURE_GROUPS = Object.freeze({
  decode_output_tokens_per_s_per_user: 'decode',
  output_tokens_per_s: 'throughput',
  ttft_s: 'ttft',
  ttft_mean_s: 'ttft',
  ttft_p90_s: 'ttft',
  tpot_mean_s: 'decode',
  tpot_p90_s: 'decode',
  train_tokens_per_s: 'training',
  train_s: 'training',
  gpu_hours: 'training',
  mfu: 'training',
});
const SPREAD_GROUPS = ['decode', 'throughput', 'ttft', 'training', 'diffusion', 'audio'];
// Groups whose slow end takes an added time in seconds rather than a log-space margin (see chooseRangeScales),
// and the figures (seconds) it applies to; core/uncertainty.cpp reads the table's ("additive", group) row.
const ADDITIVE_GROUPS = new Set(['ttft']);
const TIME_FIGURES = new Set(['ttft_s', 'ttft_mean_s', 'ttft_p90_s']);
const WIDE_FORMATS = new Set(['fp32', 'bf16', 'fp16']);  // 16 bits a weight or more: not quantised

function figureOfField(field) {
  const m = /^options\.\d+\.(.+)$/.exec(String(field));
  return m ? m[1] : null;
}

function isTraining(kind) {
  return kind === 'finetune' || kind === 'pretrain';
}

// The key { group, engine, family } the core asks the table for, for this response's figure; null for a
// figure that carries no range (memory). "engine" is the serving engine, a media job's runtime (eager, compiled,
// tensorrt: core/uncertainty.cpp spread_key) and "*" for training.
function spreadKey(field, response) {
  const figure = figureOfField(field);
  if (!figure || !response || !response.ok) return null;
  const kind = response.workload_kind;
  let group = FIGURE_GROUPS[figure];
  if (!group && (figure === 'seconds_per_image' || figure === 'real_time_factor')) group = kind === 'audio' ? 'audio' : 'diffusion';
  if (!group) return null;
  const model = response.model || {};
  const moe = model.params_b > 0 && model.active_params_b > 0 && model.active_params_b < 0.99 * model.params_b;
  const weights = response.workload && response.workload.weights;
  const quant = typeof weights === 'string' && !WIDE_FORMATS.has(weights);
  const family = `${moe ? 'moe' : 'dense'}${quant ? '_quant' : ''}`;
  const runtime = response.workload && response.workload.runtime;
  const media = MEDIA_GROUPS.has(group) && typeof runtime === 'string';
  const engine = isTraining(kind) ? '*' : media ? runtime : String(response.engine);
  return { group, engine, family };
}

// log(truth / prediction) in the direction of speed: > 0 when the calculator is too slow.
// From the cross-validated prediction where the refit ran (`inSample`: the calculator's own prediction).
function logFactor(result, inSample = false) {
  const cv = result.cv_prediction === undefined || result.cv_prediction === null ? result.prediction : result.cv_prediction;
  const ratio = result.measurement / (inSample ? result.prediction : cv);
  if (!(ratio > 0) || !Number.isFinite(ratio)) return null;
  return TIME_METRICS.has(result.metric) ? -Math.log(ratio) : Math.log(ratio);
}

// The sample a case adds to the spread table: evaluated point cases of a ranged figure only (a bound
// says nothing about how far off a prediction is when it holds).
function spreadSample(result) {
  if (!result.evaluated || result.kind !== POINT || !result.spread_key) return null;
  const f = logFactor(result);
  const own = logFactor(result, true);
  if (f === null || own === null) return null;
  const sample = { ...result.spread_key, log_factor: f, log_factor_in_sample: own, id: result.id, far: result.far || [] };
  // The predicted seconds behind each log factor: log_factor = log(predicted / true time), so the
  // cross-validated prediction is the in-sample one times e^(f - own).
  if (result.time_s > 0) {
    sample.time_in_sample_s = result.time_s;
    sample.time_s = result.time_s * Math.exp(f - own);
  }
  return sample;
}

// How the table is built from the samples (a Bayesian-flavoured shrinkage, documented in
// tests/calibration/README.md "Ranges"):
//   each row's own 10th/90th percentiles of log(truth/prediction) about its median, widened for a small
//   sample by the ratio of a Student-t prediction interval to the normal one, t(0.9, n−1)/z(0.9)·√(1+1/n)
//   (a sample's 10–90 spread underestimates the population's when n is small), then shrunk toward the
//   coarser row with weight n/(n + SHRINK_CASES), and never narrower than FLOOR_LOG either side.
// The coarser row counts as this many cases. Set once on all 45 ranged cases by the held-out coverage
// (`npm run accuracy`, "in ranges (held out)"): 5 → 71%, 10 → 78%, 20 → 78% with the mean interval
// barely wider (high/low 2.10 → 2.14 → 2.17); 10 is the smallest that reaches the plateau. Rechecked on
// all 108 ranged cases after the issue-14 physics and evidence (with FLOOR_LOG below): 10 and 20 both 80%.
const SHRINK_CASES = 10;
const MIN_ROW_CASES = 3;        // finer rows need at least this many of their own
// No interval narrower than a factor 1.25 either side. One setup's published figures differ by ±10% between
// engine and driver releases alone (the TensorRT-LLM perf-overview tables of successive releases), and a
// held-out source adds its own setup differences. Set once on all 108 ranged cases (6 groups) by the
// held-out coverage of `npm run accuracy`: floor 1.10 → 71%, 1.20 → 73%, 1.25 → 80%, 1.30 → 84%; 1.25 is
// the one that holds the truth about four times in five.
const FLOOR_LOG = Math.log(1.25);
const T90 = [NaN, 3.078, 1.886, 1.638, 1.533, 1.476, 1.440, 1.415, 1.397, 1.383, 1.372, 1.363, 1.356, 1.350,
  1.345, 1.341, 1.337, 1.333, 1.330, 1.328, 1.325, 1.323, 1.321, 1.319, 1.318, 1.316, 1.315, 1.314, 1.313, 1.311, 1.310];
const Z90 = 1.2816;

function smallSampleWidening(n) {
  if (n < 2) return T90[1] / Z90 * Math.sqrt(2);
  const t = n - 1 < T90.length ? T90[n - 1] : Z90 + (T90[30] - Z90) * 30 / (n - 1);
  return (t / Z90) * Math.sqrt(1 + 1 / n);
}

function spreadOf(values, parent) {
  const n = values.length;
  let center = 0; let below = 0; let above = 0;
  if (n > 0) {
    center = median(values);
    const widen = smallSampleWidening(n);
    below = (center - quantile(values, 0.1)) * widen;
    above = (quantile(values, 0.9) - center) * widen;
  }
  const w = parent ? n / (n + SHRINK_CASES) : 1;
  if (parent) {
    center = w * center + (1 - w) * parent.center;
    below = w * below + (1 - w) * parent.below;
    above = w * above + (1 - w) * parent.above;
  }
  below = Math.max(below, FLOOR_LOG);
  above = Math.max(above, FLOOR_LOG);
  // The interval always holds the calculator's own figure (factor 1): the page shows the figure inside
  // its range; a bias that large is reported per group by `npm run accuracy`, for the physics to fix.
  return { cases: n, center, below, above, low_log: Math.min(center - below, 0), high_log: Math.max(center + above, 0) };
}

// The rows the core looks up: (*,*,*); every group (always, shrunk toward all groups); (group, engine, *)
// and (group, *, family) with MIN_ROW_CASES of their own, shrunk toward the group; (group, engine, family)
// likewise, shrunk toward (group, engine, *) or the group.
function buildSpreadTable(samples) {
  const rows = [];
  const add = (group, engine, family, values, parent) => {
    const row = { group, engine, family, ...spreadOf(values, parent) };
    rows.push(row);
    return row;
  };
  const all = add('*', '*', '*', samples.map((s) => s.log_factor), null);
  for (const group of SPREAD_GROUPS) {
    const inGroup = samples.filter((s) => s.group === group);
    const g = add(group, '*', '*', inGroup.map((s) => s.log_factor), all);
    const engines = [...new Set(inGroup.map((s) => s.engine))].filter((e) => e !== '*').sort();
    const families = [...new Set(inGroup.map((s) => s.family))].sort();
    const engineRows = {};
    for (const engine of engines) {
      const values = inGroup.filter((s) => s.engine === engine).map((s) => s.log_factor);
      if (values.length >= MIN_ROW_CASES) engineRows[engine] = add(group, engine, '*', values, g);
    }
    for (const family of families) {
      const values = inGroup.filter((s) => s.family === family).map((s) => s.log_factor);
      if (values.length >= MIN_ROW_CASES) add(group, '*', family, values, g);
    }
    for (const engine of engines) {
      for (const family of families) {
        const values = inGroup.filter((s) => s.engine === engine && s.family === family).map((s) => s.log_factor);
        if (values.length >= MIN_ROW_CASES) add(group, engine, family, values, engineRows[engine] || g);
      }
    }
  }
  return rows;
}

// The row core/uncertainty.cpp find_spread returns for a key.
function findSpread(rows, key) {
  const chain = [[key.group, key.engine, key.family], [key.group, key.engine, '*'], [key.group, '*', key.family],
    [key.group, '*', '*'], ['*', '*', '*']];
  for (const [g, e, f] of chain) {
    const row = rows.find((r) => r.group === g && r.engine === e && r.family === f);
    if (row) return row;
  }
  return null;
}

function rowBasis(row) {
  return `${row.group}/${row.engine}/${row.family}`;
}

// The log-space factor a sample's interval widens by: 1 + the widening of each far condition it was measured under.
function wideningFactor(widening, sample) {
  return 1 + (sample.far || []).reduce((k, c) => k + ((widening && widening[c]) || 0), 0);
}

// `widening`: { condition: log-space widening } away from the calibration (the "distance" rows).
// `additive_s`: seconds added to the slow end of a time (a sample with `time_s`, its predicted seconds).
function covers(row, sample, widening = {}, additive_s = 0) {
  const k = wideningFactor(widening, sample);
  const high = sample.log_factor <= row.high_log * k + 1e-12;
  let low = sample.log_factor >= row.low_log * k - 1e-12;
  if (!low && additive_s > 0 && sample.time_s > 0) {
    // true seconds = predicted · e^(−log_factor); the slow end is predicted · e^(−low·k) + additive_s
    low = sample.time_s * Math.exp(-sample.log_factor) <= sample.time_s * Math.exp(-row.low_log * k) + additive_s + 1e-12;
  }
  return low && high;
}

// The widening for each condition away from the calibrated conditions (FAR_CONDITIONS), chosen on the held-out
// ranged cases measured under it, after the group margins below: for each condition in turn, the smallest on the
// grid 0, 0.05, ..., 2 whose held-out coverage of the cases measured under that condition reaches COVERAGE_TARGET
// with the others at their current values (the widest when none does); two passes. Per condition, not pooled: a
// pooled widening let the many load and MoE cases that hold hide the vendor's that do not (2026-12-06: AMD 7/14).
const COVERAGE_TARGET = 0.8;
const WIDENING_GRID = Array.from({ length: 41 }, (_, i) => i * 0.05);
const FAR_CONDITIONS = ['vendor', 'moe', 'fp4', 'load'];
function chooseWidening(farSamples) {
  const w = Object.fromEntries(FAR_CONDITIONS.map((c) => [c, 0]));
  for (let pass = 0; pass < 2; pass++) {
    for (const c of FAR_CONDITIONS) {
      const withC = farSamples.filter((s) => (s.far || []).includes(c));
      if (!withC.length) continue;
      const held = (x) => withC.filter((s) => covers(s.row, s, { ...w, [c]: x }, s.additive_s || 0)).length / withC.length;
      w[c] = WIDENING_GRID.find((x) => held(x) >= COVERAGE_TARGET) ?? WIDENING_GRID[WIDENING_GRID.length - 1];
    }
  }
  return w;
}

// Group margins: the spreads above come from in-fold residuals, and a source the table has not seen lands
// outside them more often than one in five (2026-12-06, before these margins: TTFT held 60% of its held-out
// cases, diffusion 63%). Each group's interval is widened on each side by the smallest log-space margin on the
// grid 0, 0.025, ..., 2 that leaves at most TAIL_SHARE of the group's held-out cases beyond that side (each case
// judged against the table built without its own fold), so that an ~80% range misses about one case in ten on
// each side. On each side apart: a group whose misses all fall one way widens on that side only.
// The slow end of a time to first token takes seconds instead (ADDITIVE_GROUPS, the grid 0, 5 ms, ..., 1 s): what
// the model misses there is a per-request cost that does not scale with the prefill (the API server's request
// path: GPUStack's Qwen3-8B on one H100 takes 52-59 ms for a first token the prefill explains in 14-17 ms), and a
// log-space margin wide enough for a 15 ms prediction would multiply a 1 s one by the same factor.
const TAIL_SHARE = 0.1;
const MARGIN_GRID = Array.from({ length: 81 }, (_, i) => i * 0.025);
const ADDITIVE_GRID_S = Array.from({ length: 201 }, (_, i) => i * 0.005);

function scaleRow(row, margin) {
  if (!margin || row.center === undefined) return row;
  return { ...row, low_log: Math.min(row.center - row.below - margin.below, 0),
    high_log: Math.max(row.center + row.above + margin.above, 0), margin };
}

// The table with each group's margins applied (the all-groups row and the distance row as they are).
function scaleTable(rows, margins) {
  return rows.map((r) => (margins[r.group] ? scaleRow(r, margins[r.group]) : r));
}

// items: { group, log_factor, far, row, time_s? } with `row` the unscaled row of a table that did not see the
// item. Returns { margins: { group: { below, above, additive_s } }, widening }.
function chooseRangeScales(items) {
  const margins = {};
  for (const group of SPREAD_GROUPS) {
    const inGroup = items.filter((s) => s.group === group);
    if (!inGroup.length) continue;
    const smallest = (grid, outside) => grid.find((m) => inGroup.filter((s) => outside(s, m)).length <= TAIL_SHARE * inGroup.length)
      ?? grid[grid.length - 1];
    const above = smallest(MARGIN_GRID, (s, m) => s.log_factor > scaleRow(s.row, { below: 0, above: m }).high_log + 1e-12);
    if (ADDITIVE_GROUPS.has(group)) {
      const additive_s = smallest(ADDITIVE_GRID_S, (s, a) => !covers({ ...s.row, high_log: Infinity }, s, 0, a));
      margins[group] = { below: 0, above, additive_s };
    } else {
      const below = smallest(MARGIN_GRID, (s, m) => s.log_factor < scaleRow(s.row, { below: m, above: 0 }).low_log - 1e-12);
      margins[group] = { below, above, additive_s: 0 };
    }
  }
  const far = items.filter((s) => (s.far || []).length > 0).map((s) => ({ ...s, row: margins[s.group] ? scaleRow(s.row, margins[s.group]) : s.row,
    additive_s: margins[s.group] ? margins[s.group].additive_s : 0 }));
  return { margins, widening: chooseWidening(far) };
}

// The seconds a group's slow end takes (0 for groups without an additive term).
function additiveOf(margins, group) {
  return margins && margins[group] ? margins[group].additive_s || 0 : 0;
}

// The table as core/uncertainty_table.inc holds it (low/high factors on truth / prediction of a speed).
function renderSpreadTable(rows) {
  const num = (x) => Number(x.toPrecision(6)).toString();
  const lines = [
    '// Generated by `node scripts/accuracy.js --write-ranges` from tests/calibration and the CLI: do not edit.',
    '// {group, engine, family, cases, low_factor, high_factor}: truth / prediction of a speed lies in',
    '// [low_factor, high_factor] for ~80% of cases (core/uncertainty.hpp; tests/calibration/README.md "Ranges").',
  ];
  for (const r of rows) {
    if (r.group === 'distance') {
      lines.push(`{"distance", "${r.engine}", "*", ${r.cases}, ${num(r.widening)}, ${num(r.widening)}},`);
      continue;
    }
    if (r.group === 'additive') {
      lines.push(`{"additive", "${r.engine}", "*", ${r.cases}, ${num(r.additive_s)}, ${num(r.additive_s)}},`);
      continue;
    }
    lines.push(`{"${r.group}", "${r.engine}", "${r.family}", ${r.cases}, ${num(Math.exp(r.low_log))}, ${num(Math.exp(r.high_log))}},`);
  }
  return `${lines.join('\n')}\n`;
}

function spreadTablePath() {
  return path.join(ROOT, 'core', 'uncertainty_table.inc');
}

// ---------------------------------------------------------------------------------------------------
// cross-validation by source

// The document a case comes from: an arXiv id, a repository (GitHub, Hugging Face, GitLab) or a host; a
// source with no address is its own text. Rows of one paper or one README share it.
function sourceKey(source) {
  const text = String(source || '').trim();
  const url = /https?:\/\/[^\s)'",;]+/i.exec(text);
  const arxiv = /arxiv[:.\s/]*(?:org\/(?:abs|pdf)\/)?(\d{4}\.\d{4,5})/i.exec(text);
  if (url && url.index === 0) return urlKey(url[0]);
  if (arxiv) return `arxiv:${arxiv[1]}`;
  if (url) return urlKey(url[0]);
  return text.toLowerCase().replace(/\s+/g, ' ').slice(0, 60) || 'unknown';
}

function urlKey(address) {
  let u;
  try { u = new URL(address); } catch (e) { return address.toLowerCase(); }
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  const parts = u.pathname.split('/').filter(Boolean);
  if (host === 'arxiv.org' && parts.length >= 2) return `arxiv:${parts[1].replace(/v\d+$/, '').replace(/\.pdf$/, '')}`;
  if (['github.com', 'gitlab.com', 'huggingface.co'].includes(host)) {
    const repo = parts[0] === 'datasets' || parts[0] === 'spaces' ? parts.slice(0, 3) : parts.slice(0, 2);
    return `${host}/${repo.join('/')}`.toLowerCase();
  }
  return host;
}

// The groups whose predictions share refit constants (core/tunables.hpp: serving's engine.*, training.*, media.*),
// each given its folds on its own. Why: with one assignment over every case, adding sources to one family moved
// the sources of the others between folds, and their cross-validated figures with them though no prediction had
// changed (2026-12-05: 27 serving rows moved training's CV median 13.3% -> 17.8%). A source stays whole within a
// family (its TTFT, decode and throughput rows share the engine constants, so they are held out together).
const FOLD_FAMILY = Object.freeze({ decode: 'serving', throughput: 'serving', ttft: 'serving', training: 'training',
  diffusion: 'media', audio: 'media', memory: 'memory' });

// k folds of whole sources within each family: sources by decreasing size go to the fold with the fewest of the
// family's cases so far (ties: the lower fold). Returns Map id → fold.
function assignFolds(items, k) {
  const fold = new Map();
  const families = new Map();
  for (const it of items) {
    const family = FOLD_FAMILY[it.group] || it.group || '';
    if (!families.has(family)) families.set(family, []);
    families.get(family).push(it);
  }
  for (const [, members] of [...families.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const bySource = new Map();
    for (const it of members) {
      const key = sourceKey(it.source);
      if (!bySource.has(key)) bySource.set(key, []);
      bySource.get(key).push(it.id);
    }
    const sources = [...bySource.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
    const sizes = new Array(k).fill(0);
    for (const [, ids] of sources) {
      let best = 0;
      for (let i = 1; i < k; i++) if (sizes[i] < sizes[best]) best = i;
      for (const id of ids) fold.set(id, best);
      sizes[best] += ids.length;
    }
  }
  return fold;
}

const CV_FOLDS = 5;

// Range coverage in sample (the shipped table: every case, with the margins and widening chosen on held-out
// cases) and held out, per metric group. The held-out figure is nested: for each fold, the table built without it,
// with margins and widening chosen without it too (each other case judged against a table that saw neither that
// fold nor its own), applied to it; so no case's own fold ever sets the interval it is judged by. Adds to each
// result: source, fold, and `covered` / `covered_cv` where it is a spread sample.
function rangeCoverage(report, k = CV_FOLDS) {
  const byCase = new Map(report.cases.map((c) => [c.id, c]));
  const samples = [];
  for (const r of report.results) {
    const c = byCase.get(r.id);
    r.source = c ? sourceKey(c.source) : null;
    const s = spreadSample(r);
    if (s) samples.push({ ...s, source: c ? c.source : '', metric_group: r.group, result: r });
  }
  const tables = new Map();
  const tableWithout = (folds) => {
    const key = [...new Set(folds)].sort().join(',');
    if (!tables.has(key)) tables.set(key, buildSpreadTable(samples.filter((s) => !folds.includes(s.result.fold))));
    return tables.get(key);
  };
  const heldOut = (s, extra = []) => ({ group: s.group, log_factor: s.log_factor, far: s.far, time_s: s.time_s,
    row: findSpread(tableWithout([s.result.fold, ...extra]), s) });
  const folded = samples.filter((s) => typeof s.result.fold === 'number');
  // Shipped: margins and widening from every case held out once.
  const shipped = chooseRangeScales(folded.map((s) => heldOut(s)).filter((x) => x.row));
  const full = scaleTable(buildSpreadTable(samples), shipped.margins);
  for (const c of FAR_CONDITIONS) {
    const n = folded.filter((s) => s.far.includes(c)).length;
    full.push({ group: 'distance', engine: c, family: '*', cases: n, widening: shipped.widening[c] });
  }
  for (const group of ADDITIVE_GROUPS) {
    const n = folded.filter((s) => s.group === group && s.time_s > 0).length;
    full.push({ group: 'additive', engine: group, family: '*', cases: n, additive_s: additiveOf(shipped.margins, group) });
  }
  // In sample: what the calculator shows, its own prediction inside the shipped table.
  for (const s of samples) {
    s.result.covered = covers(findSpread(full, s), { log_factor: s.log_factor_in_sample, far: s.far, time_s: s.time_in_sample_s },
      shipped.widening, additiveOf(shipped.margins, s.group));
  }
  const byFold = [];
  for (let f = 0; f < k; f++) {
    const inner = folded.filter((s) => s.result.fold !== f).map((s) => heldOut(s, [f])).filter((x) => x.row);
    const scales = chooseRangeScales(inner);
    byFold.push(scales);
    const table = scaleTable(tableWithout([f]), scales.margins);
    for (const s of folded.filter((x) => x.result.fold === f)) {
      const row = findSpread(table, s);
      if (!row) continue;
      s.row_cv = row;
      const kd = wideningFactor(scales.widening, s);
      s.result.covered_cv = covers(row, s, scales.widening, additiveOf(scales.margins, s.group));
      s.result.range_cv = { low_log: row.low_log * kd, high_log: row.high_log * kd, basis: rowBasis(row) };
    }
  }
  return { table: full, samples, widening: shipped.widening, margins: shipped.margins, byFold };
}

function coverageStats(results, group) {
  const inGroup = results.filter((r) => r.group === group && typeof r.covered === 'boolean');
  return {
    n_ranged: inGroup.length,
    coverage: inGroup.length ? inGroup.filter((r) => r.covered).length / inGroup.length : null,
    coverage_cv: inGroup.length ? inGroup.filter((r) => r.covered_cv).length / inGroup.length : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// refitting the calibrated constants per fold (core/tunables.hpp)

// Multipliers tried on each registered constant, from 1/2 to 2 around the hand-set value (1): first the
// coarse grid 2^(k/4), then, around the value each fold chose, the neighbours 2^(±1/8) and 2^(±1/16) of it,
// so the search lands on steps of ~4% where the folds want it without predicting every case on a fine grid.
const REFIT_COARSE_STEPS_PER_OCTAVE = 4;
const REFIT_REFINE_STEPS = [1 / 8, 1 / 16];
const REFIT_LIMIT = 2;
const roundMultiplier = (m) => Number(m.toFixed(4));
const REFIT_GRID = Array.from({ length: 2 * REFIT_COARSE_STEPS_PER_OCTAVE + 1 }, (_, i) => i - REFIT_COARSE_STEPS_PER_OCTAVE)
  .filter((k) => k !== 0)
  .map((k) => roundMultiplier(2 ** (k / REFIT_COARSE_STEPS_PER_OCTAVE)));
// Coordinate-descent passes over the constants per fold (stops earlier when a pass changes nothing).
const REFIT_MAX_PASSES = 4;
// A constant is refit on a fold only when the fold's training cases it enters are many and from several
// sources (house rule: each constant is set on many cases at once); otherwise it keeps its hand-set value.
const REFIT_MIN_CASES = 5;
const REFIT_MIN_SOURCES = 1;
const SERVING_GROUPS = new Set(['decode', 'throughput', 'ttft']);
const MEDIA_GROUPS = new Set(['diffusion', 'audio']);
// What stays as set by hand on all cases: reported beside the cross-validated errors.
const FIXED_CONSTANTS = [
  'memory: every formula constant (core/memory.cpp, formats.cpp; no memory case depends on a refit constant)',
  'engine presets: memory_utilization, runtime/graph bytes, max_batch (core/engines.cpp)',
  'training: link efficiency, latencies, fabric bandwidths, pipeline chunks, goodput, activation and optimizer bytes (core/parallelism.hpp, training.cpp; the GEMM utilisation per GPU class, FP8, LoRA/QLoRA factors, attention, memory-bound traffic, overlaps and host bandwidth are refit, each on its own)',
  'media: kSaturatedPeakTflops, kVaeBytesPerPixel, transcript/frame rates (core/media.cpp)',
  'performance: kLowPrecisionComputeShare (core/performance.cpp); interconnect and parallelism constants (but the ROCm all-reduce latency, refit as serving.rocm_allreduce_latency_s)',
  'engine presets: speed_relative_error (feeds `range` only)',
];

// Does the constant `name` enter the prediction of `result`? engine.<id>.* every serving or media case
// run on that engine; training.* the training cases; media.* the diffusion and audio cases.
function touches(name, result) {
  if (!result.evaluated || !result.engine) return false;
  if (name.startsWith('engine.')) {
    const engine = name.slice('engine.'.length, name.lastIndexOf('.'));
    return result.engine === engine && (SERVING_GROUPS.has(result.group) || MEDIA_GROUPS.has(result.group));
  }
  if (name.startsWith('training.')) return result.group === 'training';
  // A small all-reduce over AMD Infinity Fabric: the serving cases on AMD GPUs.
  if (name === 'serving.rocm_allreduce_latency_s') {
    return SERVING_GROUPS.has(result.group) && (result.conditions || []).includes('vendor:amd');
  }
  if (name.startsWith('media.')) return MEDIA_GROUPS.has(result.group);
  return false;
}

// |log| of the error the case counts (0 when a bound holds).
function absLogError(prediction, result) {
  const err = caseError(prediction, result.measurement, result.kind);
  return Math.abs(Math.log1p(Math.max(err, -0.999999)));
}

// Runs many { request, tunables } through one `gpu-sizer evaluate-batch -`; returns the responses in
// order, or throws when the CLI misbehaves.
function runBatch(cli, items) {
  if (items.length === 0) return [];
  const input = items.map((it) => JSON.stringify({ request: it.request, tunables: it.tunables || {} })).join('\n');
  const result = spawnSync(cli, ['evaluate-batch', '-'], { input, encoding: 'utf8', maxBuffer: 1 << 30, timeout: 900000 });
  if (result.error) throw new Error(`could not run ${cli} evaluate-batch: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${cli} evaluate-batch exited ${result.status}: ${String(result.stderr).slice(0, 200)}`);
  const lines = result.stdout.split('\n').filter((l) => l.trim());
  if (lines.length !== items.length) throw new Error(`evaluate-batch answered ${lines.length} lines for ${items.length} requests`);
  return lines.map((l) => JSON.parse(l));
}

function listTunables(cli) {
  const result = spawnSync(cli, ['tunables'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${cli} tunables exited ${result.status}`);
  return JSON.parse(result.stdout);
}

// The prediction of an entry from a response (derive and scale applied); null when it cannot be read.
function predictionOf(entry, response) {
  if (!response || !response.ok) return null;
  const raw = readField(response, entry.field);
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
  try {
    const p = applyScale(applyDerive(raw, entry.derive, entry.request, response), entry.scale);
    return Number.isFinite(p) ? p : null;
  } catch (e) {
    return null;
  }
}

// For each fold: the multipliers chosen on the other folds' cases by coordinate descent. A batch predicts
// every case under every (constant, multiplier) with the others at 1; a constant "enters" a case when
// `touches` says it may and some multiplier moves the prediction. A fold's descent sweeps the constants in
// turn (up to REFIT_MAX_PASSES passes), each time choosing the multiplier that minimises the mean |log
// error| of the training cases the constant enters (the mean, not the median: a median objective ignores the
// cases on one side of it, so with one source holding most of a constant's cases a fold could move the
// constant far without paying for the cases it breaks; that refit took training CV to 21% against 12% now), with the others at the multipliers chosen so far; a
// case's prediction under several multipliers is composed from the one-at-a-time predictions (log p =
// log p0 + Σ (log p_i − log p0), exact for multiplicative constants, first order otherwise). Constants that
// enter fewer than REFIT_MIN_CASES training cases or REFIT_MIN_SOURCES sources stay at 1. Ties keep the value
// nearest 1. The search runs on the coarse grid, then again with the refined neighbours of each fold's choice
// (REFIT_REFINE_STEPS). The held-out fold is then predicted exactly, by the CLI, with all of its multipliers.
// Sets result.cv_prediction / cv_error on every evaluated case (= in-sample for cases no refit constant
// enters). Returns { multipliers: [per fold], names, evaluations, passes: [per fold] }.
function refitFolds(report, entriesById, k = CV_FOLDS, cli = report.cli) {
  const evaluated = report.results.filter((r) => r.evaluated);
  const names = listTunables(cli).filter((n) => evaluated.some((r) => touches(n, r)));
  const touched = new Map(names.map((n) => [n, evaluated.filter((x) => touches(n, x))]));
  const grid = new Map(names.map((n) => [n, new Map()]));  // name → m → id → prediction
  let evaluations = 0;
  // One batch: every (constant, multiplier not yet tried) on the cases it touches.
  const predictAll = (wanted) => {
    const items = [];
    const slots = [];
    for (const [name, ms] of wanted) {
      for (const m of ms) {
        if (grid.get(name).has(m)) continue;
        grid.get(name).set(m, new Map());
        for (const r of touched.get(name)) {
          items.push({ request: entriesById.get(r.id).request, tunables: { [name]: m } });
          slots.push({ name, m, r });
        }
      }
    }
    runBatch(cli, items).forEach((resp, i) => {
      const { name, m, r } = slots[i];
      grid.get(name).get(m).set(r.id, predictionOf(entriesById.get(r.id), resp));
    });
    evaluations += items.length;
  };
  predictAll(names.map((n) => [n, REFIT_GRID]));
  // The cases each constant really enters: some multiplier moves the prediction (or loses it).
  const enters = new Map();
  for (const name of names) {
    enters.set(name, touched.get(name).filter((r) => [...grid.get(name).values()].some((byId) => {
      const p = byId.get(r.id);
      return p === null || p === undefined || Math.abs(p - r.prediction) > 1e-9 * Math.abs(r.prediction);
    })));
  }
  const entered = new Map([...enters].map(([name, rs]) => [name, new Set(rs.map((r) => r.id))]));
  const predictionWith = (r, chosen) => {
    const moved = Object.keys(chosen).filter((n) => entered.get(n).has(r.id));
    if (moved.length === 0) return r.prediction;
    if (moved.length === 1) return grid.get(moved[0]).get(chosen[moved[0]]).get(r.id);
    if (!(r.prediction > 0)) return null;
    let log = Math.log(r.prediction);
    for (const n of moved) {
      const p = grid.get(n).get(chosen[n]).get(r.id);
      if (p === null || p === undefined || !(p > 0)) return null;
      log += Math.log(p) - Math.log(r.prediction);
    }
    return Math.exp(log);
  };
  const refitOn = (f) => names.filter((name) => {
    const train = enters.get(name).filter((r) => r.fold !== f);
    return train.length >= REFIT_MIN_CASES && new Set(train.map((r) => r.source)).size >= REFIT_MIN_SOURCES;
  });
  const descend = (f, start) => {
    const chosen = { ...start };
    const free = refitOn(f);
    let pass = 0;
    for (let changed = true; changed && pass < REFIT_MAX_PASSES; pass++) {
      changed = false;
      for (const name of free) {
        const train = enters.get(name).filter((r) => r.fold !== f);
        const score = (m) => {
          const trial = { ...chosen };
          if (m === 1) delete trial[name];
          else trial[name] = m;
          const errs = train.map((r) => {
            const p = predictionWith(r, trial);
            return p === null || p === undefined ? Infinity : absLogError(p, r);
          });
          return errs.reduce((a, b) => a + b, 0) / errs.length;
        };
        const current = chosen[name] ?? 1;
        let best = current;
        let bestScore = score(current);
        for (const m of [1, ...grid.get(name).keys()]) {
          const sc = score(m);
          if (sc < bestScore - 1e-12 || (Math.abs(sc - bestScore) <= 1e-12 && Math.abs(Math.log(m)) < Math.abs(Math.log(best)))) {
            best = m;
            bestScore = sc;
          }
        }
        if (best !== current) {
          changed = true;
          if (best === 1) delete chosen[name];
          else chosen[name] = best;
        }
      }
    }
    return { chosen, pass };
  };
  let folds = Array.from({ length: k }, (_, f) => descend(f, {}));
  // Refine around each fold's choice, then search again from there.
  const refine = new Map(names.map((n) => [n, new Set()]));
  for (const { chosen } of folds) {
    for (const name of names) {
      const c = chosen[name] ?? 1;
      for (const step of REFIT_REFINE_STEPS) {
        for (const m of [c * 2 ** step, c / 2 ** step].map(roundMultiplier)) {
          if (m !== 1 && m >= 1 / REFIT_LIMIT - 1e-9 && m <= REFIT_LIMIT + 1e-9) refine.get(name).add(m);
        }
      }
    }
  }
  predictAll([...refine].map(([n, ms]) => [n, [...ms]]));
  folds = folds.map((fold, f) => descend(f, fold.chosen));
  const perFold = folds.map((fold) => fold.chosen);
  const passes = folds.map((fold) => fold.pass);
  // The held-out cases with their fold's multipliers.
  const heldItems = [];
  const heldSlots = [];
  for (const r of evaluated) {
    const multipliers = perFold[r.fold];
    const relevant = Object.fromEntries(Object.entries(multipliers).filter(([n]) => touches(n, r)));
    if (Object.keys(relevant).length === 0) {
      r.cv_prediction = r.prediction;
    } else {
      heldItems.push({ request: entriesById.get(r.id).request, tunables: relevant });
      heldSlots.push(r);
    }
  }
  runBatch(cli, heldItems).forEach((resp, i) => {
    const r = heldSlots[i];
    r.cv_prediction = predictionOf(entriesById.get(r.id), resp);
  });
  for (const r of evaluated) {
    if (r.cv_prediction === null || r.cv_prediction === undefined) r.cv_prediction = r.prediction;
    r.cv_error = caseError(r.cv_prediction, r.measurement, r.kind);
  }
  return { multipliers: perFold, names, evaluations: evaluations + heldItems.length, passes };
}

// ---------------------------------------------------------------------------------------------------
// running the CLI

// Runs one request; returns { response, status, problem } where problem (a string) is set when the CLI
// misbehaved: crashed, was killed, exited 1, exited with an unexpected code, or printed non-JSON.
function runCli(cli, request) {
  const result = spawnSync(cli, ['evaluate', '-'], {
    input: JSON.stringify(request),
    encoding: 'utf8',
    maxBuffer: 256 << 20,
    timeout: 60000,
  });
  if (result.error) return { response: null, status: null, problem: `could not run ${cli}: ${result.error.message}` };
  if (result.signal) return { response: null, status: null, problem: `CLI killed by ${result.signal}` };
  let response = null;
  try {
    response = JSON.parse(result.stdout);
  } catch (e) {
    const head = String(result.stdout).slice(0, 120).replace(/\s+/g, ' ');
    return { response: null, status: result.status, problem: `CLI exited ${result.status} and printed non-JSON: "${head}" ${String(result.stderr).slice(0, 200)}`.trim() };
  }
  if (response === null || typeof response !== 'object' || Array.isArray(response)) {
    return { response: null, status: result.status, problem: `CLI exited ${result.status} and printed JSON that is not an object` };
  }
  if (result.status === 1) {
    const errs = Array.isArray(response.errors) ? response.errors.map((e) => `${e.code}: ${e.message}`).join('; ') : '';
    return { response, status: 1, problem: `CLI reported an internal error (exit 1)${errs ? `: ${errs}` : ''}` };
  }
  const expected = response.ok ? 0 : 2;
  if (result.status !== expected) {
    return { response, status: result.status, problem: `CLI exited ${result.status} with ok=${response.ok} (expected ${expected})` };
  }
  return { response, status: result.status, problem: null };
}

function describeErrors(response) {
  const errors = Array.isArray(response.errors) ? response.errors : [];
  if (errors.length === 0) return { code: 'rejected', message: 'rejected without errors' };
  return {
    code: [...new Set(errors.map((e) => e.code))].join(','),
    message: errors.map((e) => `${e.code} at ${e.path || '/'}: ${e.message}`).join('; '),
  };
}

function whyAbsent(response, field) {
  const option = Array.isArray(response.options) ? response.options[0] : undefined;
  if (String(field).startsWith('options.') && !option) return 'the response has no options';
  if (option && option.fits === false) {
    const reasons = Array.isArray(option.reasons) ? option.reasons.join(' ') : '';
    return `option 0 does not fit${reasons ? `: ${reasons}` : ''}`;
  }
  return 'the core does not report it for this request';
}

// ---------------------------------------------------------------------------------------------------
// the evaluation

// Evaluates every entry. Options: cli, casesPath, requestsPath (or cases / entries given directly),
// groups (array to keep), runner (request → runCli-like result; for tests).
// Returns { results, stats, problems, cli, casesPath, requestsPath }.
function evaluateCases(options = {}) {
  const cli = options.cli || defaultCli();
  const casesPath = options.casesPath || defaultCasesPath();
  const requestsPath = options.requestsPath || defaultRequestsPath();
  const loaded = options.cases && options.entries ? null : loadAll(casesPath, requestsPath);
  const cases = options.cases || loaded.cases;
  const entries = options.entries || loaded.requests;
  const runner = options.runner || ((request) => runCli(cli, request));
  const wanted = options.groups && options.groups.length ? new Set(options.groups) : null;
  const byId = new Map(cases.map((c) => [c.id, c]));

  const results = [];
  const problems = [];
  for (const entry of entries) {
    const c = byId.get(entry.id);
    const group = entry.metric_group || (c ? METRIC_GROUPS[c.metric] : undefined) || 'unknown';
    if (wanted && !wanted.has(group)) continue;
    const result = {
      id: entry.id,
      group,
      metric: c ? c.metric : null,
      field: entry.field,
      derive: entry.derive ?? null,
      scale: entry.scale ?? null,
      kind: entry.kind || POINT,
      unit: c ? c.unit : null,
      measurement: c ? c.value : null,
      prediction: null,
      raw: null,
      error: null,
      evaluated: false,
      reason: null,
      error_code: null,
      spread_key: null,
    };
    results.push(result);
    const notEvaluated = (code, reason) => {
      result.error_code = code;
      result.reason = reason;
    };
    if (!c) {
      notEvaluated('unknown_case', `unknown_case: no case "${entry.id}" in cases.json`);
      continue;
    }
    if (typeof c.value !== 'number' || !Number.isFinite(c.value) || c.value === 0) {
      notEvaluated('bad_measurement', `bad_measurement: the case value ${JSON.stringify(c.value)} is not a non-zero number`);
      continue;
    }
    if (entry.skip) {
      notEvaluated('skipped', `skipped: ${entry.skip}`);
      continue;
    }
    let kind;
    try {
      kind = normaliseKind(entry.kind);
    } catch (e) {
      notEvaluated('bad_mapping', `bad_mapping: ${e.message}`);
      continue;
    }
    const run = runner(entry.request);
    if (run.problem) {
      problems.push(`${entry.id}: ${run.problem}`);
      notEvaluated('cli_failure', `cli_failure: ${run.problem}`);
      continue;
    }
    const response = run.response;
    if (!response.ok) {
      const { code, message } = describeErrors(response);
      notEvaluated(code, message);
      continue;
    }
    const raw = readField(response, entry.field);
    if (raw === undefined || raw === null) {
      notEvaluated('field_absent', `field_absent: ${entry.field} absent: ${whyAbsent(response, entry.field)}`);
      continue;
    }
    if (typeof raw !== 'number' || !Number.isFinite(raw)) {
      notEvaluated('field_not_number', `field_not_number: ${entry.field} is ${JSON.stringify(raw)}, not a finite number`);
      continue;
    }
    result.raw = raw;
    result.engine = typeof response.engine === 'string' ? response.engine : null;
    result.conditions = conditionsOf(group, entry.request, response);
    result.spread_key = spreadKey(entry.field, response);
    result.far = result.spread_key ? farConditionsOf(result.spread_key.group, entry.request, response) : [];
    if (result.spread_key) {
      const figure = figureOfField(entry.field);
      const ranges = response.options && response.options[0] ? response.options[0].ranges : undefined;
      result.core_basis = ranges && ranges[figure] ? ranges[figure].basis : null;
      // The figure in seconds where its group's slow end takes an added time (ADDITIVE_GROUPS).
      if (ADDITIVE_GROUPS.has(result.spread_key.group) && TIME_FIGURES.has(figure) && raw > 0) result.time_s = raw;
    }
    let prediction;
    try {
      prediction = applyScale(applyDerive(raw, entry.derive, entry.request, response), entry.scale);
    } catch (e) {
      notEvaluated('bad_mapping', `bad_mapping: ${e.message}`);
      continue;
    }
    if (!Number.isFinite(prediction)) {
      notEvaluated('derive_not_finite', `derive_not_finite: ${entry.field} = ${raw} gives ${prediction} after derive ${entry.derive}`);
      continue;
    }
    result.prediction = prediction;
    result.kind = kind;
    result.error = caseError(prediction, c.value, kind);
    result.evaluated = true;
  }
  const groups = wanted ? GROUPS.filter((g) => wanted.has(g)) : GROUPS;
  // Report order: by metric group (as in TARGETS), then as listed in the mapping (a stable sort).
  const rank = (g) => (GROUPS.includes(g) ? GROUPS.indexOf(g) : GROUPS.length);
  results.sort((x, y) => rank(x.group) - rank(y.group));
  const report = { results, problems, cli, casesPath, requestsPath, cases, refit: null };
  // Folds of whole sources over the evaluated cases: the refit and the range coverage hold out the same.
  const sourceOf = new Map(cases.map((x) => [x.id, x.source]));
  const evaluated = results.filter((r) => r.evaluated);
  const folds = assignFolds(evaluated.map((r) => ({ id: r.id, source: sourceOf.get(r.id), group: r.group })), CV_FOLDS);
  for (const r of results) {
    r.source = sourceOf.has(r.id) ? sourceKey(sourceOf.get(r.id)) : null;
    if (r.evaluated) r.fold = folds.get(r.id);
  }
  if (options.refit && problems.length === 0) {
    report.refit = refitFolds(report, new Map(entries.map((e) => [e.id, e])), CV_FOLDS, cli);
  }
  const coverage = rangeCoverage(report);
  report.spreadTable = coverage.table;
  report.widening = coverage.widening;
  report.rangeScales = coverage.margins;
  report.rangeScalesByFold = coverage.byFold;
  report.stats = groupStats(results, groups);
  for (const group of groups) Object.assign(report.stats[group], coverageStats(results, group));
  return report;
}

// ---------------------------------------------------------------------------------------------------
// conditions: the error where the calibration is thin (engine, GPU vendor, MoE, load)

let gpuVendors = null;
// The catalog's GPU vendors by id (catalog/gpus.json); an inline GPU counts as its `vendor` or NVIDIA.
function vendorOf(gpu) {
  if (!gpuVendors) {
    gpuVendors = new Map();
    try {
      for (const g of readJsonFile(path.join(ROOT, 'catalog', 'gpus.json')).gpus) gpuVendors.set(g.id, g.vendor);
    } catch (e) {
      // no catalog: every GPU reads as unknown
    }
  }
  if (typeof gpu === 'string') return gpuVendors.get(gpu) || 'unknown';
  return gpu && typeof gpu.vendor === 'string' ? gpu.vendor : 'nvidia';
}

// The conditions a case was measured under, as the report groups them: `engine:<id>` (serving and media),
// `runtime:<id>` (media: eager, compiled, tensorrt; the ranges' key, spreadKey), `vendor:<id>`, `moe` or `dense`,
// and for serving `load` (several users or an arrival rate) or `single`.
// More than one user, an arrival rate, or an offline batch with no concurrency given (each option then runs as
// many sequences as fit: core/options_inference.cpp), as far_conditions in core/uncertainty.cpp reads it.
function servedUnderLoad(w) {
  const batch = (w.batch_tokens > 0 || w.batch_requests > 0) && w.concurrency === undefined;
  return (w.concurrency || 1) > 1 || w.requests_per_s > 0 || batch;
}

function conditionsOf(group, request, response) {
  const out = [];
  const kind = response.workload_kind;
  if (!isTraining(kind) && typeof response.engine === 'string') out.push(`engine:${response.engine}`);
  const runtime = response.workload && response.workload.runtime;
  if (MEDIA_GROUPS.has(group) && typeof runtime === 'string') out.push(`runtime:${runtime}`);
  const hardware = (request && request.hardware) || {};
  out.push(`vendor:${vendorOf(hardware.gpu)}`);
  const model = response.model || {};
  out.push(model.params_b > 0 && model.active_params_b > 0 && model.active_params_b < 0.99 * model.params_b ? 'moe' : 'dense');
  if (SERVING_GROUPS.has(group)) {
    const w = (request && request.workload) || {};
    out.push(servedUnderLoad(w) ? 'load' : 'single');
  }
  return out;
}

// The conditions the calibration holds few cases of that a case was measured under, by name (mirrors
// far_conditions in core/uncertainty.cpp): "vendor" (a GPU vendor other than NVIDIA), "moe" (an MoE model), "fp4"
// (FP4 weights), and for a serving figure "load" (more than one user, or an arrival rate).
function farConditionsOf(figureGroup, request, response) {
  const out = [];
  const hardware = (request && request.hardware) || {};
  if (vendorOf(hardware.gpu) !== 'nvidia') out.push('vendor');
  const model = response.model || {};
  if (model.params_b > 0 && model.active_params_b > 0 && model.active_params_b < 0.99 * model.params_b) out.push('moe');
  const w = (request && request.workload) || {};
  if (response.workload && response.workload.weights === 'fp4') out.push('fp4');
  if (SERVING_GROUPS.has(figureGroup) && servedUnderLoad(w)) out.push('load');
  return out;
}

// Per condition: the cross-validated |error| (median, p90), the median signed error and the held-out range
// coverage over the evaluated point cases of every group but memory.
function conditionStats(results) {
  const by = new Map();
  for (const r of results) {
    if (!r.evaluated || r.group === 'memory' || !r.conditions) continue;
    for (const c of r.conditions) {
      if (!by.has(c)) by.set(c, []);
      by.get(c).push(r);
    }
  }
  const rows = [];
  for (const [condition, rs] of [...by.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const err = rs.map((r) => (typeof r.cv_error === 'number' ? r.cv_error : r.error));
    const ranged = rs.filter((r) => typeof r.covered_cv === 'boolean');
    rows.push({
      condition,
      n: rs.length,
      cv_median_abs_error: median(err.map(Math.abs)),
      cv_p90_abs_error: quantile(err.map(Math.abs), 0.9),
      cv_bias: median(err),
      n_ranged: ranged.length,
      coverage_cv: ranged.length ? ranged.filter((r) => r.covered_cv).length / ranged.length : null,
    });
  }
  return rows;
}

const CONDITION_HEADER = ['condition', 'cases', 'CV median |err|', 'CV p90 |err|', 'CV median err (bias)', 'in ranges (held out)'];

function conditionRows(report) {
  return conditionStats(report.results).map((s) => [s.condition, String(s.n), fmtPercent(s.cv_median_abs_error),
    fmtPercent(s.cv_p90_abs_error), fmtPercent(s.cv_bias, true), fmtCoverage(s.coverage_cv, s.n_ranged)]);
}

// ---------------------------------------------------------------------------------------------------
// printing

function fmtNumber(x) {
  if (x === null || x === undefined) return '-';
  const a = Math.abs(x);
  if (a !== 0 && (a >= 1e7 || a < 1e-3)) return x.toExponential(3);
  if (a >= 1000) return x.toFixed(0);
  if (a >= 100) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  return x.toPrecision(3);
}

function fmtPercent(x, signed = false) {
  if (x === null || x === undefined) return '-';
  const s = (x * 100).toFixed(1);
  return signed && x > 0 ? `+${s}%` : `${s}%`;
}

function fmtCoverage(fraction, n) {
  if (fraction === null || fraction === undefined || !n) return '-';
  return `${Math.round(fraction * n)}/${n} (${(fraction * 100).toFixed(0)}%)`;
}

function groupRows(stats) {
  return Object.entries(stats).map(([group, s]) => [
    group,
    String(s.n_evaluated),
    String(s.n_not_evaluated),
    fmtPercent(s.median_abs_error),
    fmtPercent(s.p90_abs_error),
    fmtPercent(s.cv_median_abs_error),
    fmtPercent(s.cv_p90_abs_error),
    fmtCoverage(s.coverage, s.n_ranged),
    fmtCoverage(s.coverage_cv, s.n_ranged),
    `≤ ${fmtPercent(s.target_median_abs_error)} / ${fmtPercent(s.target_p90_abs_error)}`,
    s.meets_target === null ? 'n/a (none evaluated)' : s.meets_target ? 'yes' : 'no',
  ]);
}

const GROUP_HEADER = ['group', 'evaluated', 'not evaluated', 'median |err|', 'p90 |err|', 'CV median |err|', 'CV p90 |err|',
  'in ranges', 'in ranges (held out)', 'target (median / p90)', 'meets target (CV)'];

// What the cross-validated columns mean, and what the refit did (text and markdown alike).
function cvNotes(report) {
  const lines = [];
  const sources = new Set(report.results.filter((r) => r.evaluated).map((r) => r.source));
  lines.push(`Cross-validated (CV) columns: ${CV_FOLDS} folds of whole sources (${sources.size} sources; one paper's or ` +
    'repository\'s rows never sit on both sides). "in ranges": point cases of a ranged figure (MFU counts as training ' +
    'speed) whose measurement lies inside the interval the calculator shows (`ranges`, ~80%, the table built from ' +
    'every case around the hand-set prediction); "held out": the interval built without the fold, around the ' +
    'fold\'s refit prediction.');
  if (report.refit) {
    lines.push(`Refit per fold: ${report.refit.names.length} registered constants the cases touch (\`gpu-sizer tunables\`), ` +
      `chosen per fold by coordinate descent over multipliers from ${1 / REFIT_LIMIT} to ${REFIT_LIMIT} (the grid ` +
      `2^(k/${REFIT_COARSE_STEPS_PER_OCTAVE}), refined by 2^(±1/8) and 2^(±1/16) around each fold's choice; ` +
      `${report.refit.passes.join('/')} passes in the last search), each minimising the mean |log error| of the ` +
      `fold's training cases the constant enters with the others at their chosen values (only constants entering ` +
      `≥ ${REFIT_MIN_CASES} of the fold's training cases from ≥ ${REFIT_MIN_SOURCES} sources move); the ` +
      `held-out fold is predicted with the chosen multipliers (${report.refit.evaluations} evaluations). The ` +
      'multipliers each fold chose (1: kept as set by hand; constants no fold moved are left out):');
  } else {
    lines.push('No refit (--no-refit): the CV error columns are empty; the coverage uses in-sample predictions.');
  }
  if (report.rangeScales) {
    const m = Object.entries(report.rangeScales).map(([g, x]) => (ADDITIVE_GROUPS.has(g)
      ? `${g} +${(x.additive_s * 1000).toFixed(0)} ms/${x.above.toFixed(3)}` : `${g} ${x.below.toFixed(3)}/${x.above.toFixed(3)}`)).join(', ');
    lines.push(`Group margins (below/above, added to each row's spread: log space, or seconds added to the slow end ` +
      `of a ${[...ADDITIVE_GROUPS].join(', ')} time): ${m}. On each side the smallest on the grid (log 0–2 in steps ` +
      `of 0.025; 0–1 s in steps of 5 ms) that leaves at most ${TAIL_SHARE * 100}% of the group's held-out cases ` +
      'beyond that side. "in ranges (held out)" is nested: each fold\'s margins and widening are chosen without that fold.');
  }
  if (report.widening && typeof report.widening === 'object') {
    const rows = report.spreadTable.filter((r) => r.group === 'distance');
    const list = rows.map((r) => `${r.engine} ${r.widening.toFixed(2)} (${r.cases} cases)`).join(', ');
    lines.push(`Ranges away from the calibrated conditions (another GPU vendor, an MoE model, FP4 weights, serving ` +
      `under load) widen in log space by 1 + the sum of each present condition's widening: ${list}. Each is the ` +
      `smallest on the grid 0–2 (steps of 0.05) whose held-out coverage of the ranged cases measured under that ` +
      `condition reaches ${COVERAGE_TARGET * 100}% after the group margins, with the others at their values.`);
  }
  lines.push(`Fixed, set by hand on all cases (not refit): ${FIXED_CONSTANTS.join('; ')}.`);
  return lines;
}
const CASE_HEADER = ['id', 'group', 'prediction', 'measurement', 'unit', 'error', 'CV error', 'in range (held out)', 'kind', 'not evaluated because'];

function caseRows(results) {
  return results.map((r) => [
    r.id,
    r.group,
    fmtNumber(r.prediction),
    fmtNumber(r.measurement),
    r.unit || '',
    r.evaluated ? fmtPercent(r.error, true) : '-',
    r.evaluated && typeof r.cv_error === 'number' ? fmtPercent(r.cv_error, true) : '-',
    typeof r.covered_cv === 'boolean' ? (r.covered_cv ? 'yes' : 'no') : '-',
    r.kind,
    r.evaluated ? '' : r.reason,
  ]);
}

function textTable(header, rows, maxWidths = {}) {
  const clip = (s, i) => (maxWidths[i] && s.length > maxWidths[i] ? `${s.slice(0, maxWidths[i] - 1)}…` : s);
  const all = [header, ...rows].map((row) => row.map((cell, i) => clip(String(cell), i)));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

function mdEscape(s) {
  return String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function mdTable(header, rows) {
  return [
    `| ${header.map(mdEscape).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(mdEscape).join(' | ')} |`),
  ].join('\n');
}

// A path as the report shows it: relative to the repository root when it lies inside it.
function displayPath(file) {
  const rel = path.relative(ROOT, path.resolve(file));
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

function commandLine(argv) {
  const extra = argv.length ? ` -- ${argv.join(' ')}` : '';
  return `npm run accuracy${extra}`;
}

// The refit's multipliers, one row per constant some fold moved.
function refitRows(report) {
  if (!report.refit) return [];
  const moved = report.refit.names.filter((n) => report.refit.multipliers.some((m) => m[n] !== undefined));
  return moved.map((n) => [n, ...report.refit.multipliers.map((m) => String(m[n] ?? 1))]);
}

function refitHeader(report) {
  return ['constant', ...report.refit.multipliers.map((_, f) => `fold ${f}`)];
}

function renderText(report, argv) {
  const out = [];
  out.push(`gpu-sizer accuracy against ${displayPath(report.casesPath)} (${new Date().toISOString().slice(0, 10)}; ${commandLine(argv)})`);
  out.push(`CLI: ${report.cli}`);
  out.push('');
  out.push('Per metric group (|error| over evaluated cases; not-evaluated cases are excluded, with their reason below):');
  out.push(textTable(GROUP_HEADER, groupRows(report.stats)));
  out.push('');
  out.push('Per condition (every group but memory; CV error, held-out range coverage):');
  out.push(textTable(CONDITION_HEADER, conditionRows(report)));
  out.push('');
  const notes = cvNotes(report);
  out.push(...notes.slice(0, 2));
  if (report.refit) out.push(textTable(refitHeader(report), refitRows(report)));
  out.push(...notes.slice(2));
  out.push('');
  out.push('Per case (error = (prediction − measurement) / measurement; bounds count 0 when they hold):');
  out.push(textTable(CASE_HEADER, caseRows(report.results), { 0: 52, 4: 36 }));
  if (report.problems.length) {
    out.push('');
    out.push('CLI problems (exit status 1):');
    for (const p of report.problems) out.push(`  ${p}`);
  }
  return `${out.join('\n')}\n`;
}

function renderMarkdown(report, argv) {
  const out = [];
  out.push(`### Accuracy against the calibration cases`);
  out.push('');
  out.push("The calculator's error against the published measurements of `tests/calibration/`, in sample and " +
    "cross-validated by source, and how often the measurement falls inside the option's `ranges` (the ~80% " +
    'interval, docs/CONTRACT.md). What is refit per fold and what stays fixed is listed under the table; ' +
    'tests/calibration/README.md explains the folds, the refit and the ranges. This section is the output of ' +
    '`node scripts/accuracy.js --markdown` (regenerate the ranges table with `--write-ranges` first, then rebuild).');
  out.push('');
  out.push(`Generated ${new Date().toISOString().slice(0, 10)} with \`${commandLine(argv)}\`. ` +
    'Error = (prediction − measurement) / measurement; bounds count 0 when they hold. ' +
    'Cases the core cannot evaluate yet are listed with the reason and left out of the statistics.');
  out.push('');
  out.push(mdTable(GROUP_HEADER, groupRows(report.stats)));
  out.push('');
  out.push('Per condition (every group but memory; a case counts under each condition it was measured in: its ' +
    'serving or media engine, a media job\'s runtime, its GPU vendor, dense or MoE, and for serving a single request ' +
    'or load, several users or an arrival rate):');
  out.push('');
  out.push(mdTable(CONDITION_HEADER, conditionRows(report)));
  out.push('');
  const notes = cvNotes(report);
  for (const [i, line] of notes.entries()) {
    out.push(line);
    out.push('');
    if (i === 1 && report.refit) {
      out.push(mdTable(refitHeader(report), refitRows(report)));
      out.push('');
    }
  }
  out.push(mdTable(CASE_HEADER, caseRows(report.results)));
  if (report.problems.length) {
    out.push('');
    out.push('CLI problems:');
    out.push('');
    for (const p of report.problems) out.push(`- ${mdEscape(p)}`);
  }
  return `${out.join('\n')}\n`;
}

function toJson(report, argv) {
  return {
    generated_at: new Date().toISOString(),
    command: commandLine(argv),
    cli: report.cli,
    cases_path: report.casesPath,
    requests_path: report.requestsPath,
    targets: TARGETS,
    groups: report.stats,
    conditions: conditionStats(report.results),
    cases: report.results,
    problems: report.problems,
    refit: report.refit,
    fixed_constants: FIXED_CONSTANTS,
    spread_table: report.spreadTable,
  };
}

// ---------------------------------------------------------------------------------------------------
// command line

function parseArgs(argv) {
  const args = { groups: [], json: null, markdown: false, cli: null, cases: null, requests: null, writeRanges: null, refit: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, null];
    const take = () => (inline !== null ? inline : value());
    switch (flag) {
      case '--group': args.groups.push(...take().split(',').map((s) => s.trim()).filter(Boolean)); break;
      case '--json': args.json = take(); break;
      case '--markdown': args.markdown = true; break;
      case '--write-ranges': args.writeRanges = inline !== null ? inline : spreadTablePath(); break;
      case '--no-refit': args.refit = false; break;
      case '--cli': args.cli = take(); break;
      case '--cases': args.cases = take(); break;
      case '--requests': args.requests = take(); break;
      case '-h':
      case '--help':
        args.help = true;
        break;
      default: throw new Error(`unknown argument "${a}"`);
    }
  }
  for (const g of args.groups) {
    if (!GROUPS.includes(g)) throw new Error(`unknown group "${g}" (groups: ${GROUPS.join(', ')})`);
  }
  return args;
}

function main(argv) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`accuracy: ${e.message}\n`);
    return 1;
  }
  if (args.help) {
    process.stdout.write('usage: npm run accuracy [-- --group G[,G]] [--json FILE] [--markdown] [--cli PATH] [--cases FILE] [--requests FILE]\n' +
      '                        [--no-refit] [--write-ranges[=FILE]]\n' +
      `groups: ${GROUPS.join(', ')}\n`);
    return 0;
  }
  let report;
  try {
    report = evaluateCases({ cli: args.cli, casesPath: args.cases, requestsPath: args.requests, groups: args.groups,
      refit: args.refit });
  } catch (e) {
    process.stderr.write(`accuracy: ${e.message}\n`);
    return 1;
  }
  process.stdout.write(args.markdown ? renderMarkdown(report, argv) : renderText(report, argv));
  if (args.json) {
    fs.writeFileSync(args.json, `${JSON.stringify(toJson(report, argv), null, 1)}\n`);
  }
  if (args.writeRanges) {
    if (args.groups.length) {
      process.stderr.write('accuracy: --write-ranges needs every group (drop --group)\n');
      return 1;
    }
    fs.writeFileSync(args.writeRanges, renderSpreadTable(report.spreadTable));
    process.stderr.write(`accuracy: wrote ${displayPath(args.writeRanges)} (${report.spreadTable.length} rows)\n`);
  }
  return report.problems.length ? 1 : 0;
}

module.exports = {
  TARGETS,
  FOLD_FAMILY,
  TARGETS_P90,
  GROUPS,
  METRIC_GROUPS,
  DERIVES,
  evaluateCases,
  applyDerive,
  applyScale,
  caseError,
  readField,
  median,
  quantile,
  groupStats,
  runCli,
  defaultCasesPath,
  defaultRequestsPath,
  loadAll,
  readAdded,
  sourceKey,
  assignFolds,
  buildSpreadTable,
  findSpread,
  spreadKey,
  renderSpreadTable,
  spreadTablePath,
  smallSampleWidening,
  scaleRow,
  scaleTable,
  chooseRangeScales,
  covers,
  TAIL_SHARE,
  rowBasis,
  touches,
  SPREAD_GROUPS,
  CV_FOLDS,
  FLOOR_LOG,
};

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
