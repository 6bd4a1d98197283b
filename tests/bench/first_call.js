#!/usr/bin/env node
'use strict';
// The start of the WASM module, each run in a fresh Node process (nothing compiled or loaded before it):
// createSizer(), the catalog's load alone (a rejected request as the first call: the bundled catalog is
// readied before the request is read), then the first evaluate (scripts/bench.js's limit-20 request), and
// catalog() (the page's JSON view). CPU time (process.cpuUsage) beside wall time; the median and minimum of
// the runs.
//   node tests/bench/first_call.js [MODULE.js] [RUNS]   (default dist/gpu-sizer.js, 7 runs)
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');

if (process.argv[2] === '--child') {
  const { performance } = require('node:perf_hooks');
  const file = process.argv[3];
  const fig = {};
  const time = (label, work) => {
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    const value = work();
    const cpu = process.cpuUsage(cpu0);
    fig[label] = { cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - wall0 };
    return value;
  };
  const llama70b = { name: 'Llama-3.1-70B', params_b: 70.55, layers: 80, hidden: 8192, heads: 64, kv_heads: 8, head_dim: 128,
    ffn: 28672, vocab: 128256, max_context: 131072 };
  const request = { model: llama70b, engine: 'vllm', limit: 20,
    workload: { kind: 'inference', weights: 'fp8', kv_cache: 'fp16', prompt_tokens: 2000, output_tokens: 500, concurrency: 16 } };
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  require(file)().then((sizer) => {
    const cpu = process.cpuUsage(cpu0);
    fig['createSizer()'] = { cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - wall0 };
    const which = process.argv[4];
    if (which === 'load') {
      const bad = time('catalog load (a rejected first call)', () => sizer.evaluate({ workload: 7 }));
      if (bad.ok !== false) throw new Error('the rejected request was accepted');
    }
    const first = time(which === 'load' ? 'then the first evaluate' : 'first evaluate (limit 20)', () => sizer.evaluate(request));
    if (!first.ok || first.options.length !== 20) throw new Error('the first evaluate failed');
    const catalog = time('then catalog()', () => sizer.catalog());
    if (!(catalog.offerings.length > 1000)) throw new Error('catalog() has no offerings');
    process.stdout.write(JSON.stringify(fig));
  });
} else {
  const file = path.resolve(process.argv[2] || path.join(root, 'dist', 'gpu-sizer.js'));
  const runs = Number(process.argv[3] || 7);
  const rows = {};
  for (let i = 0; i < runs; i++) {
    for (const which of ['first', 'load']) {
      const fig = JSON.parse(execFileSync(process.execPath, [__filename, '--child', file, which]).toString());
      for (const [label, v] of Object.entries(fig)) {
        const key = which === 'load' && label === 'createSizer()' ? null : label;
        if (!key) continue;
        (rows[key] = rows[key] || { cpu: [], wall: [] }).cpu.push(v.cpu);
        rows[key].wall.push(v.wall);
      }
    }
  }
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
  const f = (x) => x.toFixed(1).padStart(7);
  console.log(`${path.relative(root, file)}, ${runs} fresh processes each: median (min) ms`);
  for (const [label, v] of Object.entries(rows)) {
    console.log(`${label.padEnd(38)} CPU ${f(median(v.cpu))} (${f(Math.min(...v.cpu))}) | wall ${f(median(v.wall))} (${f(Math.min(...v.wall))})`);
  }
}
