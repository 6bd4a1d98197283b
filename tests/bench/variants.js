#!/usr/bin/env node
'use strict';
// The page's fit-grid variants in Node: the request evaluated once per weight format (bf16, fp8, int8, int4) at
// limit 1, as web/ui/views/fit.js asks for them, with the full response and with "detail": "figures"; ranked over
// the catalog and pinned to one H100. Wall-clock median of RUNS rounds of the four, after 20 warm-up rounds.
//   node tests/bench/variants.js [MODULE.js] [RUNS]   (default dist/gpu-sizer.js, 30 rounds)
const path = require('node:path');

const file = path.resolve(process.argv[2] || path.join(__dirname, '..', '..', 'dist', 'gpu-sizer.js'));
const runs = Number(process.argv[3] || 30);
const formats = ['bf16', 'fp8', 'int8', 'int4'];
const ranked = { model: 'llama-3.1-70b', engine: 'vllm', limit: 1,
  workload: { kind: 'inference', weights: 'bf16', prompt_tokens: 2000, output_tokens: 500, concurrency: 16 } };
const pinned = { ...ranked, hardware: { gpu: 'h100-sxm', count: 1 } };

function variants(request, detail) {
  return formats.map((weights) => ({ ...request, workload: { ...request.workload, weights }, ...(detail ? { detail } : {}) }));
}

(async () => {
  const sizer = await require(file)();
  const median = (requests) => {
    for (let i = 0; i < 20; i++) for (const r of requests) sizer.evaluate(r);
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      for (const r of requests) if (!sizer.evaluate(r).ok) throw new Error('a variant did not evaluate');
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return times[times.length >> 1].toFixed(2);
  };
  for (const [name, request] of [['ranked', ranked], ['pinned H100', pinned]]) {
    console.log(`${name}: four variants ${median(variants(request))} ms full, ${median(variants(request, 'figures'))} ms figures`);
  }
})();
