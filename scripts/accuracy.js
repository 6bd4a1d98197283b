#!/usr/bin/env node
'use strict';
// The calculator's error against published measurements (tests/calibration/cases.json), per metric group.
//
//   npm run accuracy [-- --group memory[,decode]] [--json FILE] [--markdown] [--cli PATH]
//                       [--cases FILE] [--requests FILE]
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

// Targets for the median |error| per metric group (from the accuracy issues). Reported, not enforced:
// the presets are still being fitted.
const TARGETS = Object.freeze({
  memory: 0.10,
  decode: 0.20,
  throughput: 0.20,
  ttft: 0.20,
  training: 0.25,
  diffusion: 0.25,
  audio: 0.25,
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
    stats[group] = {
      n_evaluated: evaluated.length,
      n_not_evaluated: inGroup.length - evaluated.length,
      median_abs_error: med,
      p90_abs_error: quantile(abs, 0.9),
      target_median_abs_error: TARGETS[group],
      meets_target: med === null ? null : med <= TARGETS[group],
    };
  }
  return stats;
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
  return { results, stats: groupStats(results, groups), problems, cli, casesPath, requestsPath };
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

function groupRows(stats) {
  return Object.entries(stats).map(([group, s]) => [
    group,
    String(s.n_evaluated),
    String(s.n_not_evaluated),
    fmtPercent(s.median_abs_error),
    fmtPercent(s.p90_abs_error),
    `≤ ${fmtPercent(s.target_median_abs_error)}`,
    s.meets_target === null ? 'n/a (none evaluated)' : s.meets_target ? 'yes' : 'no',
  ]);
}

const GROUP_HEADER = ['group', 'evaluated', 'not evaluated', 'median |err|', 'p90 |err|', 'target (median)', 'meets target'];
const CASE_HEADER = ['id', 'group', 'prediction', 'measurement', 'unit', 'error', 'kind', 'not evaluated because'];

function caseRows(results) {
  return results.map((r) => [
    r.id,
    r.group,
    fmtNumber(r.prediction),
    fmtNumber(r.measurement),
    r.unit || '',
    r.evaluated ? fmtPercent(r.error, true) : '-',
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

function renderText(report, argv) {
  const out = [];
  out.push(`gpu-sizer accuracy against ${displayPath(report.casesPath)} (${new Date().toISOString().slice(0, 10)}; ${commandLine(argv)})`);
  out.push(`CLI: ${report.cli}`);
  out.push('');
  out.push('Per metric group (|error| over evaluated cases; not-evaluated cases are excluded, with their reason below):');
  out.push(textTable(GROUP_HEADER, groupRows(report.stats)));
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
  out.push(`Generated ${new Date().toISOString().slice(0, 10)} with \`${commandLine(argv)}\`. ` +
    'Error = (prediction − measurement) / measurement; bounds count 0 when they hold. ' +
    'Cases the core cannot evaluate yet are listed with the reason and left out of the statistics.');
  out.push('');
  out.push(mdTable(GROUP_HEADER, groupRows(report.stats)));
  out.push('');
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
    cases: report.results,
    problems: report.problems,
  };
}

// ---------------------------------------------------------------------------------------------------
// command line

function parseArgs(argv) {
  const args = { groups: [], json: null, markdown: false, cli: null, cases: null, requests: null };
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
      `groups: ${GROUPS.join(', ')}\n`);
    return 0;
  }
  let report;
  try {
    report = evaluateCases({ cli: args.cli, casesPath: args.cases, requestsPath: args.requests, groups: args.groups });
  } catch (e) {
    process.stderr.write(`accuracy: ${e.message}\n`);
    return 1;
  }
  process.stdout.write(args.markdown ? renderMarkdown(report, argv) : renderText(report, argv));
  if (args.json) {
    fs.writeFileSync(args.json, `${JSON.stringify(toJson(report, argv), null, 1)}\n`);
  }
  return report.problems.length ? 1 : 0;
}

module.exports = {
  TARGETS,
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
};

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
