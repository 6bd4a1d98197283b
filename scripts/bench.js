#!/usr/bin/env node
'use strict';
// npm run bench: how fast evaluate() is through each door, and how big the shipped files are.
//   - evaluate() over the full bundled catalog (no `hardware`: every offering ranked): median and p95,
//     natively (tests/bench/bench_native.cpp, built here with g++ -O2 and cached in build/bench/), in WASM
//     under Node (dist/gpu-sizer.js) and in Chromium (the same file in a blank page, timed in the page);
//   - a 100-point context sweep (prompt 1k..128k tokens, pinned GPU, auto batch), per door;
//   - the every-option evaluate and the sweep again with "detail": "figures" (every number, no sentences), and the
//     every-option evaluate with "detail": "table" (the options as columns of numbers, handed over as doubles);
//   - time from opening dist/gpu-sizer.html (file://) to the first result on the page, to the frame after it and
//     to the page settling (every-option pass and panels in), in Chromium; then from a keystroke in the prompt
//     field to its result (same three points);
//   - bytes of every file in dist/, raw and gzip (zlib level 9).
// Prints a table with each figure beside its goal (issue 16) and writes build/bench.json. Figures only: nothing here
// is asserted (timings depend on the machine and its load).
// Environment: BENCH_RUNS (default 200), BENCH_SWEEP_RUNS (default 10), BENCH_PAGE_RUNS (default 5),
// BENCH_DOORS (comma list of native, node, chromium, offline; default all), CHROMIUM_PATH (default /usr/bin/chromium),
// BENCH_KEY_RUNS (keystrokes per page load, default 6), BENCH_PAGE_FILE (another offline file to time, default dist/gpu-sizer.html),
// BENCH_MODULE (another module for the Node and Chromium doors, default dist/gpu-sizer.js: to time two builds back to
// back), BENCH_WARMUP and BENCH_WARMUP_MS (the untimed evaluates of each request before its warm loop in the WASM doors:
// at least BENCH_WARMUP of them, default 20, and for at least BENCH_WARMUP_MS, default 3000 ms). V8 runs a function
// first as its baseline compiler's code and swaps in TurboFan's once it has run a while, compiled in the background:
// on this 2-core machine a limit-20 loop reaches its steady time only after ~200 evaluates (~0.3 s; after 20 it
// still times a mix of the two, 1.2-1.8 ms against ~0.9 ms). The warm rows are that steady state; the row "evaluates
// 2-21" times the twenty right after the first (while V8 tiers up), and the first evaluate is timed before any of it.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { execFile } = require('node:child_process');
const { pathToFileURL } = require('node:url');
const { performance } = require('node:perf_hooks');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const benchDir = path.join(root, 'build', 'bench');
const nativeDir = path.join(root, 'build', 'native');
const runs = Number(process.env.BENCH_RUNS || 200);
const sweepRuns = Number(process.env.BENCH_SWEEP_RUNS || 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 20);
// 3 s, not 0.5 s: on a 2-core machine ~2.2x slower than the README's (2026-12-06), 0.5 s left the limit-20 loops a
// mix of baseline and optimised code (median 3.15 ms, min 2.14) where 3 s reached the steady state (2.07 ms, min 1.94;
// an 8 s loop after 300 evaluates: 2.0-2.35 ms).
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 3000);
const pageRuns = Number(process.env.BENCH_PAGE_RUNS || 5);
const keyRuns = Number(process.env.BENCH_KEY_RUNS || 6);
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const doorsWanted = new Set((process.env.BENCH_DOORS || 'native,node,chromium,offline').split(',').map((x) => x.trim()));
// The goals the figures are read against (issue 16: instant), in ms, for the WASM doors and the offline page.
// A keystroke's result within one frame at 60 Hz.
const GOALS = { first_ms: 30, full_ms: 1, full_all_ms: 5, sweep_ms: 50, page_first_result_ms: 300, key_result_ms: 16.7 };
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'];

// ------------------------------------------------------------------------------------------ requests

const llama70b = { name: 'Llama-3.1-70B', params_b: 70.55, layers: 80, hidden: 8192, heads: 64, kv_heads: 8, head_dim: 128,
  ffn: 28672, vocab: 128256, max_context: 131072 };
const llama8b = { name: 'Llama-3.1-8B', params_b: 8.03, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, head_dim: 128,
  ffn: 14336, vocab: 128256, max_context: 131072 };
const h100 = { name: 'NVIDIA H100 SXM', vram_gib: 80, memory_type: 'HBM3', memory_bandwidth_gbs: 3350,
  tflops: { fp32: 67, tf32: 494.5, bf16: 989.5, fp16: 989.5, fp8: 1979, int8: 1979 },
  interconnect: { kind: 'nvlink', bandwidth_gbs: 900 } };

// Inline model and GPU: every door gets the same work whatever catalog it embeds.
const fullRequest = {
  model: llama70b,
  workload: { kind: 'inference', weights: 'fp8', kv_cache: 'fp16', prompt_tokens: 2000, output_tokens: 500, concurrency: 16 },
  engine: 'vllm',
  limit: 20
};
// The same with every option returned (serialised, sent across and parsed).
const fullAllRequest = { ...fullRequest, limit: 10000 };
const sweepRequests = Array.from({ length: 100 }, (_, i) => ({
  model: llama8b,
  workload: { kind: 'inference', weights: 'bf16', kv_cache: 'fp16', output_tokens: 256,
    prompt_tokens: Math.round(1000 + (i * (128000 - 1000)) / 99) },
  engine: 'vllm',
  hardware: { gpu: h100, count: 1 }
}));

// What every door times: the requests above, and the every-option request and the sweep again with
// "detail": "figures" (the numbers without the sentences: docs/CONTRACT.md), what a caller that plots or tabulates
// many evaluations asks for.
const figures = (request) => ({ ...request, detail: 'figures' });
// ...and every option as a table of numbers (docs/CONTRACT.md "table"), what a caller that ranks, filters, charts
// or exports every option asks for.
const benchSpec = { full: fullRequest, full_all: fullAllRequest, full_all_figures: figures(fullAllRequest),
  full_all_table: { ...fullAllRequest, detail: 'table' },
  sweep: sweepRequests, sweep_figures: sweepRequests.map(figures), runs, sweep_runs: sweepRuns, warmup, warmup_ms: warmupMs };

// ------------------------------------------------------------------------------------------ helpers

// A door's loops as statistics.
function loopStats(out) {
  return { early: stats(out.early_ms), full: stats(out.full_ms), full_all: stats(out.full_all_ms),
    full_all_figures: stats(out.full_all_figures_ms),
    full_all_table: stats(out.full_all_table_ms), sweep: stats(out.sweep_ms), sweep_figures: stats(out.sweep_figures_ms) };
}

function stats(values) {
  if (!values || values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { n: sorted.length, median: rank(0.5), p95: rank(0.95), min: sorted[0], max: sorted[sorted.length - 1], mean };
}

function run(file, args, options = {}) {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 64 << 20, ...options }, (error, stdout, stderr) => {
      if (error) {
        error.message += `\n${stderr}`;
        reject(error);
      } else {
        resolve(stdout);
      }
    });
  });
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

async function pool(tasks, width) {
  const queue = [...tasks];
  const workers = Array.from({ length: width }, async () => {
    while (queue.length) await queue.shift()();
  });
  await Promise.all(workers);
}

// ------------------------------------------------------------------------------------------ native

// Builds tests/bench/bench_native.cpp against build/native's libraries (the same -O3 core and embedded catalog as
// the CLI), cached in build/bench/.
async function buildNative() {
  const include = path.join(nativeDir, 'third_party', 'include');
  const libs = [path.join(nativeDir, 'libsizer_catalog.a'), path.join(nativeDir, 'libsizer_core.a')];
  if (!fs.existsSync(path.join(include, 'nlohmann')) || !libs.every((l) => fs.existsSync(l))) {
    throw new Error('build/native is not built (run npm run build first)');
  }
  fs.mkdirSync(benchDir, { recursive: true });
  const source = path.join(root, 'tests', 'bench', 'bench_native.cpp');
  const binary = path.join(benchDir, 'bench_native');
  if (mtime(binary) < Math.max(mtime(source), ...libs.map(mtime))) {
    await run('g++', ['-O2', '-std=c++20', '-DJSON_NOEXCEPTION', '-fno-exceptions', '-isystem', include,
      `-I${path.join(root, 'core')}`, source, ...libs, '-o', binary]);
  }
  return binary;
}

async function nativeBench() {
  const binary = await buildNative();
  const requestsFile = path.join(benchDir, 'requests.json');
  fs.writeFileSync(requestsFile, JSON.stringify(benchSpec));
  const out = JSON.parse(await run(binary, [requestsFile]));
  if (!out.ok || !out.sweep_ok) throw new Error('the native evaluation did not return ok');
  return {
    door: 'native', options_evaluated: out.options_evaluated, first_ms: out.first_ms, catalog_load_ms: out.catalog_load_ms,
    ...loopStats(out)
  };
}

// ------------------------------------------------------------------------------------------ WASM

// The in-door timing loop, shared by Node and the Chromium page (it runs inside page.evaluate there).
async function timeInDoor(createSizer, spec) {
  const now = () => performance.now();
  let t = now();
  const sizer = await createSizer();
  const init_ms = now() - t;
  t = now();
  const first = sizer.evaluate(spec.full);
  const first_ms = now() - t;
  if (!first.ok) throw new Error('evaluate did not return ok: ' + JSON.stringify(first.errors));
  // The twenty evaluates after the first, while the engine swaps in its optimised code (none in native).
  const early_ms = [];
  for (let i = 0; i < 20; i++) {
    t = now();
    sizer.evaluate(spec.full);
    early_ms.push(now() - t);
  }
  // Untimed evaluates of a request until the engine has optimised what it runs: at least `count` of them and for
  // at least spec.warmup_ms.
  const warm = (count, evaluateOnce) => {
    const until = now() + (spec.warmup_ms || 0);
    for (let i = 0; i < count || now() < until; i++) evaluateOnce();
  };
  // `request` `runs` times after warming up on it.
  const loop = (request, warmup, runs) => {
    warm(warmup, () => sizer.evaluate(request));
    const times = [];
    for (let i = 0; i < runs; i++) {
      t = now();
      sizer.evaluate(request);
      times.push(now() - t);
    }
    return times;
  };
  const full_ms = loop(spec.full, spec.warmup, spec.runs);
  const allRuns = Math.max(1, Math.floor(spec.runs / 4));
  const full_all_ms = loop(spec.full_all, Math.ceil(spec.warmup / 10), allRuns);
  const full_all_figures_ms = loop(spec.full_all_figures, Math.ceil(spec.warmup / 10), allRuns);
  // A module without tables (BENCH_MODULE older than detail "table") returns options: nothing to time.
  const full_all_table_ms = sizer.evaluate(spec.full_all_table).table ? loop(spec.full_all_table, spec.warmup, spec.runs) : [];
  let sweep_ok = true;
  const sweep = (points) => {
    warm(Math.ceil(spec.warmup / 10), () => { for (const request of points) sizer.evaluate(request); });
    const times = [];
    for (let i = 0; i < spec.sweep_runs; i++) {
      t = now();
      for (const request of points) sweep_ok = sizer.evaluate(request).ok && sweep_ok;
      times.push(now() - t);
    }
    return times;
  };
  const sweep_ms = sweep(spec.sweep);
  const sweep_figures_ms = sweep(spec.sweep_figures);
  if (!sweep_ok) throw new Error('a sweep evaluation did not return ok');
  return { init_ms, first_ms, early_ms, options_evaluated: first.options_evaluated, full_ms, full_all_ms, full_all_figures_ms,
    full_all_table_ms, sweep_ms, sweep_figures_ms };
}

function wasmFile() {
  const file = process.env.BENCH_MODULE ? path.resolve(process.env.BENCH_MODULE) : path.join(dist, 'gpu-sizer.js');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} is missing (run npm run build first)`);
  return file;
}

// A catalog ten times the bundled one (issue 33: the catalog will grow, every region and more providers): each
// offering repeated as ten synthetic rows (ids "…#k", prices 1 % apart, region "…-k"), passed as an imported catalog
// (validated once, then held by the module: wasm/post.js). Synthetic rows are fine for timing: the work is per row.
function tenfoldCatalog(bundled) {
  const offerings = [];
  for (let k = 0; k < 10; k++) {
    for (const o of bundled.offerings) {
      const scale = 1 + 0.01 * k;
      const row = { ...o, id: `${o.id}#${k}`, instance: `${o.instance}#${k}`, region: `${o.region || 'r'}-${k}`,
        usd_per_hour: typeof o.usd_per_hour === 'number' ? Math.round(o.usd_per_hour * scale * 1e4) / 1e4 : o.usd_per_hour,
        spot_usd_per_hour: typeof o.spot_usd_per_hour === 'number' ? Math.round(o.spot_usd_per_hour * scale * 1e4) / 1e4 : o.spot_usd_per_hour };
      // A row priced in another currency keeps its amount × rate = its USD price (the validator checks it).
      for (const k2 of ['source_amount', 'source_spot_amount']) if (typeof o[k2] === 'number') row[k2] = o[k2] * scale;
      offerings.push(row);
    }
  }
  return { ...bundled, offerings };
}

async function nodeBench() {
  const createSizer = require(wasmFile());
  const out = await timeInDoor(createSizer, benchSpec);
  const big = await tenfoldBench(createSizer);
  return { door: 'wasm (node)', options_evaluated: out.options_evaluated, init_ms: out.init_ms, first_ms: out.first_ms,
    ...loopStats(out), tenfold: big };
}

// The ranked evaluate at the default limit (20) and every option as a table, over the tenfold catalog.
async function tenfoldBench(createSizer) {
  const sizer = await createSizer();
  const catalog = JSON.stringify(tenfoldCatalog(sizer.catalog()));
  const now = () => performance.now();
  const first = sizer.evaluate(fullRequest, { catalog });
  if (!first.ok) throw new Error('tenfold catalog: ' + JSON.stringify(first.errors).slice(0, 400));
  const loop = (request, n) => {
    const until = now() + warmupMs;
    for (let i = 0; i < warmup || now() < until; i++) sizer.evaluate(request, { catalog });
    const times = [];
    for (let i = 0; i < n; i++) { const t = now(); sizer.evaluate(request, { catalog }); times.push(now() - t); }
    return stats(times);
  };
  return { offerings: JSON.parse(catalog).offerings.length, options_evaluated: first.options_evaluated,
    full: loop(fullRequest, runs), full_all_table: loop(benchSpec.full_all_table, Math.max(1, Math.floor(runs / 4))) };
}

let browserPromise = null;
function browser() {
  if (!browserPromise) {
    if (!fs.existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing`);
    const { chromium } = require('playwright-core');
    browserPromise = chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  }
  return browserPromise;
}

async function chromiumBench() {
  const code = fs.readFileSync(wasmFile(), 'utf8');
  const context = await (await browser()).newContext();
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><meta charset="utf-8"><title>gpu-sizer bench</title>');
    await page.addScriptTag({ content: code });
    const out = await page.evaluate(
      async ({ source, spec }) => {
        // eslint-disable-next-line no-new-func
        const timeIt = new Function(`return (${source})`)();
        return timeIt(window.createSizer, spec);
      },
      { source: timeInDoor.toString(), spec: benchSpec }
    );
    return { door: 'wasm (chromium)', options_evaluated: out.options_evaluated, init_ms: out.init_ms, first_ms: out.first_ms,
      ...loopStats(out) };
  } finally {
    await context.close();
  }
}

// ------------------------------------------------------------------------------------------ offline page

// Installed before the page's own scripts: records when the first result appears, by the first of these
// signals: an element with [data-ready] (not "false"); the memory total (#gs-mem-total, what the browser
// tests wait for) visible with text; a row in the options table. Times are from navigation start. `ms` is when
// the result is in the DOM; `frame_ms` the next animation frame after it (the browser paints right after its
// frame callbacks, so this is where the result reaches the screen); `settled_ms` when the page has nothing left
// to compute (no [data-pending]: the every-option pass and the panels below the top card are in).
function firstResultProbe() {
  const found = () => {
    const ready = document.querySelector('[data-ready]:not([data-ready="false"])');
    if (ready) return 'data-ready';
    const total = document.querySelector('#gs-mem-total');
    if (total && total.textContent.trim() && total.getClientRects().length) return '#gs-mem-total';
    const row = document.querySelector('#gs-table tbody tr');
    if (row && row.getClientRects().length) return '#gs-table row';
    return null;
  };
  const check = () => {
    const r = window.__benchFirstResult;
    if (r && !r.settled_ms && !document.querySelector('[data-pending]')) r.settled_ms = performance.now();
    if (r) return;
    const signal = found();
    if (!signal) return;
    const res = { ms: performance.now(), signal };
    window.__benchFirstResult = res;
    requestAnimationFrame(() => { res.frame_ms = performance.now(); });
    if (!document.querySelector('[data-pending]')) res.settled_ms = res.ms;
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  document.addEventListener('DOMContentLoaded', check);
}

// Keystroke to result: in the prompt-tokens field, a digit typed then deleted (each changes the request), timed
// from the keydown event to the first change of the results column, to the animation frame after it, and to the
// page settling (no [data-pending] and no change of the results for QUIET_MS).
const QUIET_MS = 600;
async function keystrokes(page, count) {
  await page.evaluate(() => {
    window.__keys = [];
    const input = document.querySelector('#gs-prompt');
    input.addEventListener('keydown', (e) => {
      const k = { down: e.timeStamp };
      window.__keys.push(k);
      const out = document.querySelector('#gs-results');
      const mo = new MutationObserver(() => {
        k.last = performance.now();
        if (k.result) return;
        k.result = k.last;
        requestAnimationFrame(() => { k.frame = performance.now(); });
      });
      mo.observe(out, { childList: true, subtree: true, characterData: true });
      k.stop = () => mo.disconnect();
    }, true);
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  });
  const out = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(i % 2 ? 'Backspace' : '7');
    await page.waitForFunction((q) => {
      const k = window.__keys[window.__keys.length - 1];
      return k && k.last && !document.querySelector('[data-pending]') && performance.now() - k.last > q;
    }, QUIET_MS, { timeout: 30000, polling: 50 });
    out.push(await page.evaluate(() => {
      const k = window.__keys[window.__keys.length - 1];
      k.stop();
      return { result_ms: k.result - k.down, frame_ms: k.frame - k.down, settled_ms: k.last - k.down };
    }));
  }
  return out;
}

async function offlineBench() {
  const file = process.env.BENCH_PAGE_FILE ? path.resolve(process.env.BENCH_PAGE_FILE) : path.join(dist, 'gpu-sizer.html');
  if (!fs.existsSync(file)) return { skipped: `${path.relative(root, file)} is missing (the offline bundle is not built yet)` };
  const url = pathToFileURL(file).href;
  const times = [], frames = [], settled = [], keys = [];
  let signal = null;
  for (let i = 0; i < pageRuns; i++) {
    const context = await (await browser()).newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      await context.addInitScript(firstResultProbe);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url, { waitUntil: 'commit' });
      try {
        await page.waitForFunction(() => window.__benchFirstResult && window.__benchFirstResult.frame_ms && window.__benchFirstResult.settled_ms,
          null, { timeout: 30000, polling: 50 });
      } catch {
        return { skipped: `no first-result signal within 30 s${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}` };
      }
      const result = await page.evaluate(() => window.__benchFirstResult);
      times.push(result.ms);
      frames.push(result.frame_ms);
      settled.push(result.settled_ms);
      signal = result.signal;
      keys.push(...(await keystrokes(page, keyRuns)));
    } finally {
      await context.close();
    }
  }
  return { file: path.relative(root, file) || file, first_ms: times[0], stats: stats(times), frame: stats(frames), settled: stats(settled), signal,
    key_result: stats(keys.map((k) => k.result_ms)), key_frame: stats(keys.map((k) => k.frame_ms)), key_settled: stats(keys.map((k) => k.settled_ms)) };
}

// ------------------------------------------------------------------------------------------ bundle

function bundleBytes() {
  if (!fs.existsSync(dist)) return [];
  return fs.readdirSync(dist)
    .filter((f) => fs.statSync(path.join(dist, f)).isFile())
    .sort()
    .map((f) => {
      const data = fs.readFileSync(path.join(dist, f));
      return { file: f, raw_bytes: data.length, gzip_bytes: zlib.gzipSync(data, { level: 9 }).length };
    });
}

// ------------------------------------------------------------------------------------------ report

const ms = (x) => (x === undefined || x === null ? 'n/a' : x < 10 ? x.toFixed(3) : x < 1000 ? x.toFixed(1) : x.toFixed(0));

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '| ' + cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |';
  return [line(headers), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.map(line)].join('\n');
}

async function attempt(name, fn) {
  const t = performance.now();
  try {
    const value = await fn();
    process.stderr.write(`bench: ${name} done in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
    return value;
  } catch (error) {
    process.stderr.write(`bench: ${name} failed: ${error.message.split('\n')[0]}\n`);
    return { error: error.message.split('\n')[0] };
  }
}

async function main() {
  const doors = [];
  const skip = (door) => async () => ({ door, skipped: true });
  doors.push(await attempt('native', doorsWanted.has('native') ? nativeBench : skip('native')));
  doors.push(await attempt('wasm under node', doorsWanted.has('node') ? nodeBench : skip('wasm (node)')));
  doors.push(await attempt('wasm in chromium', doorsWanted.has('chromium') ? chromiumBench : skip('wasm (chromium)')));
  const offline = doorsWanted.has('offline') ? await attempt('offline page in chromium', offlineBench) : { skipped: 'not asked for (BENCH_DOORS)' };
  if (browserPromise) await (await browserPromise).close().catch(() => {});
  const bundle = bundleBytes();
  const names = ['native', 'wasm (node)', 'wasm (chromium)'];

  // A figure against its goal: the goals are for the WASM doors and the page (native has none).
  const verdict = (value, goal, isWasm) => (!isWasm || value === undefined || value === null ? '-' : `<= ${goal} ${value <= goal ? 'met' : 'MISSED'}`);
  const rows = [];
  doors.forEach((d, i) => {
    const door = d.door || names[i];
    if (d.skipped) return;
    if (d.error) {
      rows.push([`evaluate(), full catalog`, door, '-', 'n/a', 'n/a', '-', d.error]);
      return;
    }
    const wasm = door !== 'native';
    rows.push([`evaluate(), full catalog (${d.options_evaluated} options), limit 20`, door, d.full.n, ms(d.full.median), ms(d.full.p95),
      verdict(d.full.median, GOALS.full_ms, wasm), `min ${ms(d.full.min)}`]);
    if (d.full_all) {
      rows.push(['evaluate(), full catalog, every option returned', door, d.full_all.n, ms(d.full_all.median), ms(d.full_all.p95),
        verdict(d.full_all.median, GOALS.full_all_ms, wasm), `min ${ms(d.full_all.min)}`]);
    }
    if (d.full_all_figures) {
      rows.push(['  the same, detail "figures"', door, d.full_all_figures.n, ms(d.full_all_figures.median),
        ms(d.full_all_figures.p95), verdict(d.full_all_figures.median, GOALS.full_all_ms, wasm), `min ${ms(d.full_all_figures.min)}`]);
    }
    if (d.full_all_table) {
      rows.push(['  the same, detail "table" (columns of numbers)', door, d.full_all_table.n, ms(d.full_all_table.median),
        ms(d.full_all_table.p95), verdict(d.full_all_table.median, GOALS.full_all_ms, wasm), `min ${ms(d.full_all_table.min)}`]);
    }
    if (d.tenfold) {
      const b = d.tenfold;
      rows.push([`evaluate(), 10x catalog (${b.offerings} offerings, ${b.options_evaluated} options), limit 20`, door, b.full.n,
        ms(b.full.median), ms(b.full.p95), verdict(b.full.median, GOALS.full_ms, wasm), `min ${ms(b.full.min)}`]);
      rows.push(['  10x catalog, every option, detail "table"', door, b.full_all_table.n, ms(b.full_all_table.median),
        ms(b.full_all_table.p95), verdict(b.full_all_table.median, GOALS.full_all_ms, wasm), `min ${ms(b.full_all_table.min)}`]);
    }
    rows.push(['context sweep, 100 points (1k..128k)', door, d.sweep.n, ms(d.sweep.median), ms(d.sweep.p95),
      verdict(d.sweep.median, GOALS.sweep_ms, wasm), `${ms(d.sweep.median / 100)} per point`]);
    if (d.sweep_figures) {
      rows.push(['  the same, detail "figures"', door, d.sweep_figures.n, ms(d.sweep_figures.median), ms(d.sweep_figures.p95),
        verdict(d.sweep_figures.median, GOALS.sweep_ms, wasm), `${ms(d.sweep_figures.median / 100)} per point`]);
    }
    const firstNote = d.catalog_load_ms !== undefined ? `catalog parse ${ms(d.catalog_load_ms)} before it`
      : `createSizer() ${ms(d.init_ms)} before it`;
    rows.push(['first evaluate() (cold)', door, 1, ms(d.first_ms), '', verdict(d.first_ms, GOALS.first_ms, wasm), firstNote]);
    if (d.early) {
      rows.push(['  evaluates 2-21 (limit 20, while V8 optimises)', door, d.early.n, ms(d.early.median), ms(d.early.p95), '-',
        `min ${ms(d.early.min)}`]);
    }
  });
  if (offline.error || offline.skipped) {
    rows.push(['open gpu-sizer.html (file://) -> first result', 'chromium', '-', 'n/a', 'n/a', '-', offline.error || offline.skipped]);
  } else {
    const o = offline;
    rows.push(['open gpu-sizer.html (file://) -> first result', 'chromium', o.stats.n, ms(o.stats.median),
      ms(o.stats.p95), verdict(o.stats.median, GOALS.page_first_result_ms, true), `min ${ms(o.stats.min)}; first ${ms(o.first_ms)}; signal ${o.signal}`]);
    rows.push(['  ... -> the frame after it (painted)', 'chromium', o.frame.n, ms(o.frame.median), ms(o.frame.p95),
      verdict(o.frame.median, GOALS.page_first_result_ms, true), `min ${ms(o.frame.min)}`]);
    rows.push(['  ... -> settled (every option, panels)', 'chromium', o.settled.n, ms(o.settled.median), ms(o.settled.p95), '-', `min ${ms(o.settled.min)}`]);
    rows.push(['keystroke (prompt tokens) -> result in DOM', 'chromium', o.key_result.n, ms(o.key_result.median), ms(o.key_result.p95),
      verdict(o.key_result.median, GOALS.key_result_ms, true), `min ${ms(o.key_result.min)}`]);
    rows.push(['  ... -> the frame after it', 'chromium', o.key_frame.n, ms(o.key_frame.median), ms(o.key_frame.p95), '-', `min ${ms(o.key_frame.min)}`]);
    rows.push(['  ... -> settled (every option, panels)', 'chromium', o.key_settled.n, ms(o.key_settled.median), ms(o.key_settled.p95), '-',
      `min ${ms(o.key_settled.min)}; quiet ${QUIET_MS} ms after`]);
  }

  const machine = machineInfo();
  const report = [];
  report.push(`gpu-sizer bench  (${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} x ${os.cpus()[0] ? os.cpus()[0].model.trim() : 'cpu'})`);
  // Which machine and fonts (issue 32: the first result took 670–820 ms on a fresh machine against 173 ms here, and
  // the page's start-up depends on the machine: its load, its cores, the fonts Chromium looks up for the text).
  report.push(`machine: ${machine.cpus} cores, ${machine.cpu_model}; ${machine.mem_gib} GiB memory; load average ${machine.loadavg.join(' ')} (1, 5, 15 min)`);
  report.push(`fonts (fontconfig, ${machine.fonts.installed} installed): ${Object.entries(machine.fonts.match).map(([k, v]) => `${k} -> ${v}`).join('; ')}`);
  report.push('');
  report.push(table(['measurement', 'door', 'runs', 'median ms', 'p95 ms', 'goal ms', 'notes'], rows));
  report.push('');
  report.push(table(['dist/ file', 'raw bytes', 'gzip -9 bytes'],
    bundle.map((b) => [b.file, b.raw_bytes, b.gzip_bytes])));
  report.push('');
  report.push('Chromium coarsens performance.now() (about 0.1 ms without cross-origin isolation). Timings are figures, not assertions.');
  console.log(report.join('\n'));

  const json = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0] ? os.cpus()[0].model.trim() : null,
    machine,
    settings: { runs, sweep_runs: sweepRuns, warmup, warmup_ms: warmupMs, page_runs: pageRuns, key_runs: keyRuns },
    requests: { full: fullRequest, sweep: { points: sweepRequests.length, prompt_tokens_from: sweepRequests[0].workload.prompt_tokens,
      prompt_tokens_to: sweepRequests[sweepRequests.length - 1].workload.prompt_tokens, example: sweepRequests[0] } },
    evaluate: doors.map((d, i) => ({ door: d.door || names[i], ...d })),
    offline_first_result: offline,
    bundle,
    table: rows
  };
  fs.mkdirSync(path.join(root, 'build'), { recursive: true });
  fs.writeFileSync(path.join(root, 'build', 'bench.json'), JSON.stringify(json, null, 2) + '\n');
  console.log('\nwrote build/bench.json');
}

// The machine the figures come from: cores, CPU, memory, load, and the font each family of the page's stack
// (web/styles.css --gs-font) resolves to through fontconfig, as Chromium on Linux asks it.
function machineInfo() {
  const { spawnSync } = require('node:child_process');
  const run = (cmd, args) => { const r = spawnSync(cmd, args, { encoding: 'utf8' }); return r.status === 0 ? r.stdout.trim() : null; };
  const families = ['system-ui', 'sans-serif', 'Noto Sans', 'Noto Sans Arabic', 'DejaVu Sans', 'monospace', 'sans-serif:lang=ar'];
  const match = {};
  for (const f of families) match[f] = run('fc-match', ['-f', '%{family[0]} (%{file})', f]) || 'fc-match not found';
  const list = run('fc-list', ['-f', '%{file}\\n']);
  return { cpus: os.cpus().length, cpu_model: os.cpus()[0] ? os.cpus()[0].model.trim() : 'cpu', mem_gib: Math.round(os.totalmem() / 2 ** 30),
    loadavg: os.loadavg().map((x) => x.toFixed(2)), fonts: { installed: list === null ? 'unknown' : list.split('\n').filter(Boolean).length, match } };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
