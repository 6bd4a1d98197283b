#!/usr/bin/env node
'use strict';
// Writes the responses to a fixed set of requests, one line each, so a speed change can be checked byte for
// byte against the responses before it:
//   node tests/bench/responses.js OUT.txt [--wasm]
// The requests: tests/fixtures/golden.json, tests/calibration/requests.json and added/*.json, and a grid of
// catalog-ranked requests (every task, both locales, each order, filters, the default limit and every option).
// Natively it builds tests/bench/responses_native.cpp against build/native's libraries (npm run build first);
// --wasm runs dist/gpu-sizer.js instead.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const out = process.argv[2];
if (!out) { console.error('usage: node tests/bench/responses.js OUT.txt [--wasm]'); process.exit(2); }

function readJson(p) { return JSON.parse(fs.readFileSync(path.join(root, p), 'utf8')); }
const requests = [];
for (const c of readJson('tests/fixtures/golden.json').cases) requests.push(c.request);
for (const r of readJson('tests/calibration/requests.json')) requests.push(r.request);
const added = path.join(root, 'tests', 'calibration', 'added');
if (fs.existsSync(added)) {
  for (const f of fs.readdirSync(added).filter((x) => x.endsWith('.json')).sort()) {
    for (const r of JSON.parse(fs.readFileSync(path.join(added, f), 'utf8')).requests || []) requests.push(r.request);
  }
}
const serve = (model, extra = {}) => ({ model, workload: { kind: 'inference', prompt_tokens: 2000, output_tokens: 500, concurrency: 8, ...extra } });
for (const locale of ['en', 'ar']) {
  for (const model of ['llama-3.1-8b', 'llama-3.1-70b', 'qwen3-235b-a22b', 'deepseek-v3', 'gpt-oss-20b']) {
    for (const order of ['best', 'cheapest_per_hour', 'fastest']) requests.push({ ...serve(model), locale, order, engine: 'vllm' });
    requests.push({ ...serve(model, { weights: 'fp8', min_output_tokens_per_s_per_user: 30, max_ttft_s: 2 }), locale, limit: 10000 });
    requests.push({ ...serve(model), locale, filters: { pricing: 'any', max_gpus: 4, max_usd_per_hour: 40 }, limit: 50 });
  }
  requests.push({ model: 'llama-3.1-8b', workload: { kind: 'finetune', method: 'lora' }, locale });
  requests.push({ model: 'llama-3.1-8b', workload: { kind: 'finetune', method: 'qlora' }, locale, limit: 10000 });
  requests.push({ model: 'llama-3.1-70b', workload: { kind: 'finetune', method: 'full', dataset_tokens: 1e9 }, locale, limit: 10000 });
  requests.push({ model: 'llama-3.1-8b', workload: { kind: 'pretrain', tokens: 1e11 }, locale, filters: { pricing: 'any' } });
  requests.push({ model: 'flux.1-dev', workload: { kind: 'image', images: 1000 }, locale, limit: 10000 });
  requests.push({ model: 'wan2.1-t2v-14b', workload: { kind: 'video', images: 10 }, locale });
  requests.push({ model: 'whisper-large-v3', workload: { kind: 'audio', audio_seconds: 36000 }, locale, limit: 10000 });
  requests.push({ model: 'llama-3.1-70b', workload: { kind: 'inference' }, hardware: { gpu: 'h100-sxm', count: 2 }, locale });
}

let lines;
if (process.argv.includes('--wasm')) {
  // eslint-disable-next-line global-require
  const create = require(path.join(root, 'dist', 'gpu-sizer.js'));
  lines = create().then((sizer) => requests.map((r) => JSON.stringify(sizer.evaluate(r))));
} else {
  const build = path.join(root, 'build', 'native');
  const bin = path.join(root, 'build', 'bench', 'responses_native');
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  execFileSync('g++', ['-O2', '-std=c++20', '-DJSON_NOEXCEPTION', '-fno-exceptions', `-I${path.join(root, 'core')}`,
    '-isystem', path.join(build, 'third_party', 'include'), path.join(__dirname, 'responses_native.cpp'),
    path.join(build, 'libsizer_catalog.a'), path.join(build, 'libsizer_core.a'), '-o', bin], { stdio: 'inherit' });
  const list = path.join(path.dirname(bin), 'responses-requests.json');
  fs.writeFileSync(list, JSON.stringify(requests));
  lines = Promise.resolve(execFileSync(bin, [list], { maxBuffer: 1 << 30 }).toString().trimEnd().split('\n'));
}
lines.then((l) => {
  fs.writeFileSync(out, l.join('\n') + '\n');
  const ok = l.filter((x) => JSON.parse(x).ok === true).length;
  console.log(`wrote ${l.length} responses to ${out} (${ok} ok)`);
});
