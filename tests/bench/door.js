#!/usr/bin/env node
'use strict';
// The WASM↔JS door in Node: the raw evaluate binding (the core's work and the response text crossing into a JS
// string) beside the public evaluate() (that, the request's JSON.stringify and the response's JSON.parse), for
// scripts/bench.js's limit-20 request and its every-option request; then the catalog doors the page calls at
// start. Wall-clock median and minimum of RUNS calls after 5 warm-up calls, in one process.
//   node tests/bench/door.js [MODULE.js] [RUNS]   (default dist/gpu-sizer.js, 60 runs)
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const root = path.resolve(__dirname, '..', '..');
const file = path.resolve(process.argv[2] || path.join(root, 'dist', 'gpu-sizer.js'));
const runs = Number(process.argv[3] || 60);

const llama70b = { name: 'Llama-3.1-70B', params_b: 70.55, layers: 80, hidden: 8192, heads: 64, kv_heads: 8, head_dim: 128,
  ffn: 28672, vocab: 128256, max_context: 131072 };
const limit20 = { model: llama70b, engine: 'vllm', limit: 20,
  workload: { kind: 'inference', weights: 'fp8', kv_cache: 'fp16', prompt_tokens: 2000, output_tokens: 500, concurrency: 16 } };
const every = { ...limit20, limit: 10000 };

function time(label, n, work) {
  for (let i = 0; i < Math.min(5, n); i++) work();
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    work();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)];
  console.log(`${label.padEnd(52)} median ${median.toFixed(2).padStart(7)} ms   min ${ms[0].toFixed(2).padStart(7)} ms`);
}

(async () => {
  const sizer = await require(file)();
  console.log(path.relative(root, file) || file);
  for (const [name, request] of [['limit 20', limit20], ['every option', every]]) {
    const text = JSON.stringify(request);
    const n = name === 'limit 20' ? runs : Math.max(5, Math.floor(runs / 4));
    // The binding that returns the response text: embind's std::string before (_evaluateJson), the bytes decoded
    // with TextDecoder after (_evaluateText, wasm/post.js).
    const raw = sizer._evaluateText ? (t) => sizer._evaluateText(t) : (t) => sizer._evaluateJson(t, '');
    const response = raw(text);
    console.log(`${name}: ${JSON.parse(response).options.length} options, ${Buffer.byteLength(response)} bytes of response`);
    time(`  ${sizer._evaluateText ? '_evaluateText' : '_evaluateJson'} (text in, JS string out)`, n, () => raw(text));
    // What any door pays for this response before the core's work: its UTF-8 bytes decoded to a JS string
    // (what _evaluateText does with the module's bytes), and the string parsed.
    const bytes = new TextEncoder().encode(response);
    const decoder = new TextDecoder();
    time(`  TextDecoder of the response's UTF-8 bytes`, n, () => decoder.decode(bytes));
    time(`  JSON.parse of the response text`, n, () => JSON.parse(response));
    time(`  evaluate() (object in, object out)`, n, () => sizer.evaluate(request));
  }
  const fresh = await require(file)();
  const first = (label, work) => { const t = performance.now(); work(); console.log(`${label.padEnd(52)} ${(performance.now() - t).toFixed(2).padStart(7)} ms (one call, fresh module)`); };
  if (fresh.offerings) {
    first('catalog({ offerings: false })', () => fresh.catalog({ offerings: false }));
    first('offerings()', () => fresh.offerings());
  }
  first('catalog()', () => fresh.catalog());
})();
