#!/usr/bin/env node
'use strict';
// CPU time (process.cpuUsage: user + system) beside wall time for each figure of scripts/bench.js, in WASM under
// Node. On a loaded machine the wall clock counts other processes' turns; CPU time counts only this one's.
//   node tests/bench/wasm_cpu.js [MODULE.js]   (default dist/gpu-sizer.js; build/wasm/gpu-sizer.js works too)
// Requests: build/bench/requests.json as scripts/bench.js writes it (run BENCH_DOORS=native node scripts/bench.js).
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const root = path.resolve(__dirname, '..', '..');
const file = path.resolve(process.argv[2] || path.join(root, 'dist', 'gpu-sizer.js'));
const spec = JSON.parse(fs.readFileSync(path.join(root, 'build', 'bench', 'requests.json'), 'utf8'));

function measure(label, times, work) {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < times; i++) work();
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`${label.padEnd(34)} ${String(times).padStart(4)} × | CPU ${(cpuMs / times).toFixed(2).padStart(8)} ms | wall ${(wall / times).toFixed(2).padStart(8)} ms`);
}

(async () => {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const sizer = await require(file)();
  const cpu = process.cpuUsage(cpu0);
  console.log(`${'createSizer()'.padEnd(34)}    1 × | CPU ${((cpu.user + cpu.system) / 1000).toFixed(2).padStart(8)} ms | wall ${(performance.now() - wall0).toFixed(2).padStart(8)} ms`);
  let ok = true;
  measure('first evaluate (limit 20)', 1, () => { ok = sizer.evaluate(spec.full).ok && ok; });
  measure('warm evaluate, limit 20', 100, () => { ok = sizer.evaluate(spec.full).ok && ok; });
  measure('warm evaluate, every option', 10, () => { ok = sizer.evaluate(spec.full_all).ok && ok; });
  measure('100-point sweep', 5, () => { for (const r of spec.sweep) ok = sizer.evaluate(r).ok && ok; });
  measure('catalog()', 5, () => { ok = Array.isArray(sizer.catalog().offerings) && ok; });
  if (!ok) { console.error('an evaluation did not return ok'); process.exit(1); }
})();
