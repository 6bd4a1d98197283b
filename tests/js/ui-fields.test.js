'use strict';
// The page's field table (web/ui/fields.js), loaded as the bundle loads it (classic scripts sharing GpuSizerUI),
// against the real core: each field described once drives defaults, the permalink, the hash checks, the request
// and the error mapping; enum values come from sizer.vocabulary(); a core without vocabulary() fails loudly.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { root, loadSizer } = require('./helpers');

function loadUI(consoleErrors) {
  const ctx = vm.createContext({ URLSearchParams, Intl, console: { error: (m) => consoleErrors.push(String(m)), log() {} } });
  for (const f of ['dom.js', 'format.js', 'vocab.js', 'catalog.js', 'fields.js']) {
    vm.runInContext(fs.readFileSync(path.join(root, 'web', 'ui', f), 'utf8'), ctx, { filename: f });
  }
  return vm.runInContext('GpuSizerUI', ctx);
}
// Values made in the script's realm, as plain data of this one (deepStrictEqual compares prototypes).
const plain = (v) => JSON.parse(JSON.stringify(v));

async function setup(overrides = {}) {
  const errors = [];
  const UI = loadUI(errors);
  const sizer = await loadSizer();
  const voc = UI.vocab.load(sizer);
  const view = UI.catalog.index(sizer.catalog());
  const FL = UI.fields;
  const feat = { custom: true, advanced: true, providers: true };
  const messages = (k, p) => k + (p ? JSON.stringify(p) : '');
  const base = { feat, view, voc, t: messages, fmt: UI.format.makeFmt('en'), compact: false,
    pick: (kinds, pref) => { const l = view.models.filter((m) => kinds.includes(m.kind || 'llm')); return l.some((m) => m.id === pref) ? pref : (l[0] || {}).id || ''; } };
  const c0 = { ...base, st: null, task: FL.taskOf('serve'), model: () => null };
  const defaults = FL.defaults(c0);
  const st = { ...defaults, ...overrides };
  const c = { ...base, st, task: FL.taskOf(st.task), model: () => { const m = view.models.find((x) => x.id === st[FL.taskOf(st.task).modelKey]); return m || null; } };
  return { UI, FL, voc, view, st, c, defaults, errors, sizer };
}

test('the field table: unique state and permalink keys; every vocabulary it names exists', async () => {
  const { FL, voc, errors } = await setup();
  assert.deepEqual(errors, [], 'the real core has a vocabulary');
  const keys = FL.FIELDS.map((f) => f.key);
  assert.equal(new Set(keys).size, keys.length, 'state keys are unique');
  const links = FL.FIELDS.filter((f) => f.link).map((f) => f.link);
  assert.equal(new Set(links).size, links.length, 'permalink keys are unique');
  // DOM ids too, but for the one preset select that each task fills with its own kind of model.
  const ids = FL.FIELDS.filter((f) => !['img_model', 'audio_model'].includes(f.key)).map((f) => f.id);
  assert.equal(new Set(ids).size, ids.length, 'DOM ids are unique');
  for (const f of FL.FIELDS) {
    if (f.vocab) assert.ok(voc[f.vocab] && voc[f.vocab].length > 0, `${f.key}: vocabulary ${f.vocab}`);
    if (f.type === 'enum') assert.ok(FL.values(f, voc).length > 0, `${f.key} has values`);
  }
});

test('defaults, request and permalink come from the one table', async () => {
  const { FL, st, c, defaults, voc, sizer } = await setup();
  assert.equal(defaults.weights, '', 'blank: the core serves the checkpoint as it ships');
  assert.equal(defaults.limit, '25');
  const { request, errors } = FL.buildRequest(c);
  assert.deepEqual(plain(errors), []);
  assert.equal(request.workload.weights, undefined, 'no weights sent by default');
  assert.equal(request.workload.kind, 'inference');
  assert.equal(request.workload.prompt_tokens, 2000);
  assert.equal(request.workload.kv_cache, 'fp16');
  assert.equal(request.engine, 'vllm');
  assert.equal(request.filters.pricing, 'on_demand');
  assert.equal(request.order, 'best', 'the ranking order, from the core vocabulary');
  assert.equal(request.hardware, undefined, 'ranking sends no hardware');
  assert.equal(request.workload.method, undefined, 'no fine-tune field in a serving request');
  assert.ok(sizer.evaluate(request).ok, 'the core accepts the request');
  // Only what differs from the defaults goes into the link, and it comes back.
  Object.assign(st, { weights: 'fp8', conc: '32', fitonly: true, providers: ['aws'] });
  const link = FL.serialize(st, defaults);
  assert.equal(link, 'w=fp8&c=32&pv=aws&fo=1');
  const back = { ...defaults };
  FL.applyLink(back, link, voc);
  assert.deepEqual(plain([back.weights, back.conc, back.fitonly, back.providers]), ['fp8', '32', true, ['aws']]);
  // A value the core's vocabulary does not have is ignored, field by field.
  const hostile = { ...defaults };
  FL.applyLink(hostile, 'w=%3Cimg%3E&e=nope&sh=zero3&lim=99999&t=image', voc);
  assert.equal(hostile.weights, '');
  assert.equal(hostile.engine, 'vllm');
  assert.equal(hostile.sharding, 'zero3');
  assert.equal(hostile.limit, '25');
  assert.equal(hostile.task, 'image');
});

test('an error path maps to the field shown for this task (the same pointer, another field elsewhere)', async () => {
  const ft = await setup({ task: 'finetune' });
  assert.equal(ft.FL.fieldForPath('/workload/seq_len', ft.c), 'ft_seq');
  assert.equal(ft.FL.fieldForPath('/workload/deadline_s', ft.c), 'deadline_h');
  assert.equal(ft.FL.fieldForPath('/workload/weights', ft.c), 'ft_weights');
  const pt = await setup({ task: 'pretrain' });
  assert.equal(pt.FL.fieldForPath('/workload/seq_len', pt.c), 'pt_seq');
  assert.equal(pt.FL.fieldForPath('/workload/deadline_s', pt.c), 'pt_deadline_h');
  const sv = await setup({ hw: 'pin' });
  assert.equal(sv.FL.fieldForPath('/hardware/count', sv.c), 'count');
  assert.equal(sv.FL.fieldForPath('/hardware', sv.c), 'gpu');
  assert.equal(sv.FL.fieldForPath('/filters/max_gpus', sv.c), null, 'a hidden field gets no error');
  assert.equal(sv.FL.fieldForPath('/workload/context_tokens', sv.c), 'prompt');
  const cu = await setup({ src: 'custom' });
  assert.equal(cu.FL.fieldForPath('/model', cu.c), 'c_params_b');
  assert.equal(cu.FL.fieldForPath('/model/layers', cu.c), 'c_layers');
  // Hours are checked here and sent as seconds; a full fine-tune sends no LoRA rank.
  Object.assign(ft.st, { deadline_h: '2', method: 'full' });
  const r = ft.FL.buildRequest(ft.c);
  assert.equal(r.request.workload.deadline_s, 7200);
  assert.equal(r.request.workload.lora_rank, undefined);
  ft.st.deadline_h = '-1';
  assert.deepEqual(plain(ft.FL.buildRequest(ft.c).errors.map((e) => e.field)), ['deadline_h']);
});

test('without sizer.vocabulary() the page says so on the console and keeps no list of its own', async () => {
  const errors = [];
  const UI = loadUI(errors);
  const voc = UI.vocab.load({ catalog() { return {}; } });
  assert.ok(errors.some((e) => /vocabulary\(\)/.test(e)), errors.join('\n'));
  for (const k of UI.vocab.KEYS) assert.deepEqual(plain(voc[k]), [], k);
  assert.deepEqual(plain(UI.fields.values(UI.fields.get('weights'), voc)), []);
});

test('provider tiers: a list over the core vocabulary, sent only when not all are chosen', async () => {
  const { FL, st, c, defaults, voc, sizer } = await setup();
  assert.deepEqual(plain(FL.values(FL.get('tiers'), voc)), ['hyperscaler', 'gpu_cloud', 'marketplace']);
  assert.equal(defaults.tiers, null, 'all by default');
  assert.equal(FL.buildRequest(c).request.filters.tiers, undefined, 'all: nothing sent');
  st.tiers = ['hyperscaler', 'gpu_cloud', 'marketplace'];
  assert.equal(FL.buildRequest(c).request.filters.tiers, undefined, 'every tier chosen: nothing sent');
  st.tiers = ['hyperscaler', 'gpu_cloud'];
  const { request } = FL.buildRequest(c);
  assert.deepEqual(plain(request.filters.tiers), ['hyperscaler', 'gpu_cloud']);
  const resp = sizer.evaluate(request);
  assert.ok(resp.ok && resp.options.length > 0);
  assert.ok(resp.options.every((o) => o.tier !== 'marketplace'), 'the core leaves marketplace listings out');
  st.tiers = [];
  assert.deepEqual(plain(FL.buildRequest(c).errors.map((e) => [e.field, e.message])), [['tiers', 'tiers_none']]);
  // The permalink: its own key; unknown ids are dropped, a link of nothing but unknown ids is ignored.
  st.tiers = ['gpu_cloud'];
  assert.equal(FL.serialize(st, defaults), 'ti=gpu_cloud');
  const back = { ...defaults };
  FL.applyLink(back, 'ti=gpu_cloud,%3Cb%3E,marketplace', voc);
  assert.deepEqual(plain(back.tiers), ['gpu_cloud', 'marketplace']);
  const hostile = { ...defaults };
  FL.applyLink(hostile, 'ti=nope', voc);
  assert.equal(hostile.tiers, null);
  assert.equal(FL.fieldForPath('/filters/tiers/0', c), 'tiers');
});

test('the pinned layout: four degrees to workload.parallelism, all or none, errors beside them', async () => {
  const pt = await setup({ task: 'pretrain' });
  const { FL, st, c } = pt;
  assert.equal(FL.buildRequest(c).request.workload.parallelism, undefined, 'none given: the core chooses');
  st.par_tp = '2';
  assert.deepEqual(plain(FL.buildRequest(c).errors.map((e) => [e.field, e.message])),
    [['par_pp', 'err_group_all'], ['par_dp', 'err_group_all'], ['par_ep', 'err_group_all']]);
  Object.assign(st, { par_pp: '1', par_dp: '4', par_ep: '1' });
  const { request, errors } = FL.buildRequest(c);
  assert.deepEqual(plain(errors), []);
  assert.deepEqual(plain(request.workload.parallelism), { tensor: 2, pipeline: 1, data: 4, expert: 1 });
  assert.equal(FL.fieldForPath('/workload/parallelism/tensor', c), 'par_tp');
  assert.equal(FL.fieldForPath('/workload/parallelism/expert', c), 'par_ep');
  assert.equal(FL.fieldForPath('/workload/parallelism', c), 'layout', 'the layout as a whole: the group');
  // With a pinned GPU count the core checks the product and names the layout.
  Object.assign(st, { hw: 'pin', gpu: 'h100-sxm', count: '6' });
  const bad = pt.sizer.evaluate(FL.buildRequest(c).request);
  assert.equal(bad.ok, false);
  assert.equal(FL.fieldForPath(bad.errors[0].path, c), 'layout', bad.errors[0].path);
  const sv = await setup();
  assert.equal(sv.FL.fieldForPath('/workload/parallelism', sv.c), null, 'not a serving field');
  assert.equal(sv.FL.buildRequest(sv.c).request.workload.parallelism, undefined);
});

// ---- page part A (issue 16): numbers as people type them, and the request they make.
test('numbers as people type them: scale words, separators, Arabic digits; ambiguous input refused', () => {
  const UI = loadUI([]);
  const p = UI.format.parseNum;
  const ok = [
    ['50M', 5e7], ['50m', 5e7], ['2k', 2000], ['2 K', 2000], ['0.05B', 5e7], ['1.5e9', 1.5e9], ['1.5 bn', 1.5e9], ['5e7', 5e7],
    [' 2000 ', 2000], ['1 000 000', 1e6], ['1\u2009000', 1000], ['1\u202F000', 1000], ['1\u00A0000', 1000],
    ['1,000,000', 1e6], ['12,345.5', 12345.5], ['1T', 1e12],
    ['\u0661\u0662\u0663\u0664', 1234], ['\u0661\u066B\u0665', 1.5], ['\u0661\u066C\u0660\u0660\u0660', 1000],
    ['\u0665\u0660 \u0645\u0644\u064A\u0648\u0646', 5e7], ['\u06F2\u06F0\u06F0\u06F0', 2000], ['\u200F\u0662\u0663', 23],
    ['.5', 0.5], ['-5', -5], ['\u22125', -5]
  ];
  for (const [raw, want] of ok) assert.equal(p(raw), want, JSON.stringify(raw));
  // A comma that is not a thousands separator (1,5 could be 1.5 or 15), two suffixes, a suffix on its own, text.
  for (const raw of ['1,5', '1,,000', '12,34', '1e3k', 'k', '50 MB', '12abc', 'abc', '', '   ', '1e400', '1.2.3', '--5', '5-'])
    assert.equal(p(raw), null, JSON.stringify(raw));
});

test('a typed 50M reaches the request as 5e7, and an unreadable number names its field', async () => {
  const { FL, c, st } = await setup({ task: 'finetune' });
  st.dataset_tokens = '50M';
  let built = FL.buildRequest({ ...c, task: FL.taskOf('finetune') });
  assert.deepEqual(plain(built.errors), []);
  assert.equal(built.request.workload.dataset_tokens, 5e7);
  st.dataset_tokens = '0.05B';
  built = FL.buildRequest({ ...c, task: FL.taskOf('finetune') });
  assert.equal(built.request.workload.dataset_tokens, 5e7);
  st.dataset_tokens = '50 megs';
  built = FL.buildRequest({ ...c, task: FL.taskOf('finetune') });
  assert.equal(built.errors.length, 1);
  assert.equal(built.errors[0].field, 'dataset_tokens');
});

test('search: every word in any order, case, punctuation and digit script ignored', () => {
  const UI = loadUI([]);
  const m = UI.format.matchWords;
  const llama = ['Llama 3.1 70B', 'llama-3.1-70b'];
  assert.equal(m('llama 70', llama), true);
  assert.equal(m('70B LLAMA', llama), true);
  assert.equal(m('llama-3.1', llama), true);
  assert.equal(m('llama3', llama), true, 'a word may span the name\'s punctuation');
  assert.equal(m('llama \u0667\u0660', llama), true, 'Arabic-Indic digits');
  assert.equal(m('llama 405', llama), false);
  assert.equal(m('qwen 70', llama), false);
  assert.equal(m('', llama), true);
});

test('media runtime and TTS solver steps: sent where they apply, echoed by the core, round-trip through the link', async () => {
  const { FL, st, c, defaults, voc, sizer } = await setup({ task: 'image' });
  const rt = FL.get('runtime');
  assert.deepEqual(plain(FL.values(rt, voc)), [''].concat(voc.media_runtimes.map((x) => x.id)), 'a blank (the core\'s default) then the core\'s media_runtimes');
  // Blank: nothing sent, the core chooses.
  let built = FL.buildRequest(c);
  assert.deepEqual(plain(built.errors), []);
  assert.equal(built.request.workload.runtime, undefined, 'a blank runtime is not sent');
  for (const id of ['compiled', 'tensorrt']) {
    st.runtime = id;
    built = FL.buildRequest(c);
    assert.equal(built.request.workload.runtime, id);
    const resp = sizer.evaluate(built.request);
    assert.ok(resp.ok, `the core accepts image runtime ${id}`);
    assert.equal(resp.workload.runtime, id, 'the core echoes the runtime');
  }
  const link = FL.serialize(st, defaults);
  assert.match(link, /(^|&)rt=tensorrt(&|$)/);
  const back = { ...defaults };
  FL.applyLink(back, link, voc);
  assert.equal(back.runtime, 'tensorrt');
  const hostile = { ...defaults };
  FL.applyLink(hostile, 'rt=warp-drive', voc);
  assert.equal(hostile.runtime, '', 'an unknown runtime in a link is ignored');

  // Audio: the runtime too, and the solver steps only for a text-to-speech model.
  const au = await setup({ task: 'audio', audio_model: 'f5-tts-base', runtime: 'compiled', audio_steps: '16' });
  built = au.FL.buildRequest(au.c);
  assert.deepEqual(plain(built.errors), []);
  assert.equal(built.request.workload.runtime, 'compiled');
  assert.equal(built.request.workload.steps, 16);
  let resp = au.sizer.evaluate(built.request);
  assert.ok(resp.ok, 'the core accepts TTS steps and runtime');
  assert.equal(resp.workload.steps, 16, 'the core echoes the TTS steps');
  const linkA = au.FL.serialize(au.st, au.defaults);
  const backA = { ...au.defaults };
  au.FL.applyLink(backA, linkA, au.voc);
  assert.deepEqual([backA.task, backA.audio_model, backA.runtime, backA.audio_steps], ['audio', 'f5-tts-base', 'compiled', '16']);
  // Fewer steps is faster: the field changes the answer.
  au.st.audio_steps = '64';
  const slow = au.sizer.evaluate(au.FL.buildRequest(au.c).request);
  assert.ok(slow.ok && resp.options[0] && slow.options[0]);
  const rtfOf = (r) => r.options.find((o) => o.fits).real_time_factor;
  assert.ok(rtfOf(slow) > rtfOf(resp), `64 steps are slower than 16 (${rtfOf(slow)} vs ${rtfOf(resp)})`);
  // Transcription has no solver steps: the field does not apply, nothing is sent.
  const stt = await setup({ task: 'audio', audio_model: 'whisper-large-v3', audio_steps: '16' });
  built = stt.FL.buildRequest(stt.c);
  assert.equal(built.request.workload.steps, undefined, 'no steps for a transcription model');
  // A bad step count names its field.
  const bad = await setup({ task: 'audio', audio_model: 'f5-tts-base', audio_steps: '0' });
  built = bad.FL.buildRequest(bad.c);
  const errs = built.errors.length ? built.errors : (bad.sizer.evaluate(built.request).errors || []);
  assert.ok(errs.some((e) => (e.field || bad.FL.fieldForPath(e.path, bad.c)) === 'audio_steps'), `0 steps is refused at the steps field (${JSON.stringify(plain(errs))})`);
});

test('training memory fields (offload, optimizer in backward, activation offload, fused loss) round-trip through the link', async () => {
  const { FL, st, c, defaults, voc, sizer } = await setup({ task: 'finetune', method: 'full', offload: 'optimizer', opt_bwd: 'on', act_offload: 'on', fused_loss: 'off' });
  assert.ok(FL.values(FL.get('offload'), voc).includes('optimizer'), 'offload values from the core vocabulary');
  const built = FL.buildRequest(c);
  assert.deepEqual(plain(built.errors), []);
  const w = built.request.workload;
  assert.deepEqual([w.offload, w.optimizer_in_backward, w.activation_offload, w.fused_loss], ['optimizer', true, true, false]);
  const resp = sizer.evaluate(built.request);
  assert.ok(resp.ok, JSON.stringify(resp.errors));
  assert.ok(resp.memory.host_bytes > 0, 'offloaded state needs host RAM (memory.host_bytes)');
  const link = FL.serialize(st, defaults);
  const back = { ...defaults };
  FL.applyLink(back, link, voc);
  assert.deepEqual([back.offload, back.opt_bwd, back.act_offload, back.fused_loss], ['optimizer', 'on', 'on', 'off']);
});

// Requests over every workload kind and the options the physics merges added: MoE, multi-GPU, engines, offload,
// activation offload, paged optimizers, optimizer in backward, fused loss, pinned layouts, media runtimes, TTS steps.
function explainRequests() {
  const R = [];
  const inf = (model, extra = {}, hw, engine) => R.push({ model, ...(engine ? { engine } : {}), workload: { kind: 'inference', prompt_tokens: 2000, output_tokens: 500, concurrency: 8, ...extra }, ...(hw ? { hardware: hw } : {}) });
  inf('llama-3.1-8b'); inf('llama-3.1-70b', { weights: 'fp8' }); inf('llama-3.1-70b', {}, { gpu: 'h100-sxm', count: 8 });
  inf('mixtral-8x7b'); inf('deepseek-v3', { weights: 'fp8' }, { gpu: 'h200-sxm', count: 8 }); inf('gpt-oss-120b', { weights: 'fp4' });
  inf('qwen3-30b-a3b', { concurrency: 64 }, { gpu: 'h100-sxm', count: 2 }); inf('llama-3.1-8b', { weights: 'gguf-q4_k_m' }, { gpu: 'rtx-4090', count: 1 });
  for (const e of ['sglang', 'tensorrt-llm', 'llama.cpp', 'transformers']) inf('llama-3.1-8b', { concurrency: 4 }, null, e);
  const tr = (kind, model, extra = {}, hw) => R.push({ model, workload: { kind, ...(kind === 'finetune' ? { method: 'lora', dataset_tokens: 1e8 } : { tokens: 1e10 }), ...extra }, ...(hw ? { hardware: hw } : {}) });
  tr('finetune', 'llama-3.1-8b'); tr('finetune', 'llama-3.1-8b', { method: 'qlora' }); tr('finetune', 'llama-3.1-8b', { method: 'full' });
  tr('finetune', 'llama-3.1-70b', { method: 'full' }, { gpu: 'h100-sxm', count: 8 });
  tr('finetune', 'llama-3.1-8b', { method: 'full', offload: 'optimizer' }, { gpu: 'rtx-4090', count: 1 });
  tr('finetune', 'llama-3.1-8b', { method: 'full', offload: 'optimizer_and_params', activation_offload: true }, { gpu: 'rtx-4090', count: 1 });
  tr('finetune', 'llama-3.1-8b', { method: 'full', optimizer: 'paged_adamw_8bit', optimizer_in_backward: true, fused_loss: true }, { gpu: 'a100-80gb-sxm', count: 1 });
  tr('finetune', 'llama-3.1-8b', { method: 'qlora', optimizer: 'paged_adamw_32bit' }, { gpu: 'rtx-4090', count: 1 });
  tr('finetune', 'qwen3-30b-a3b', { method: 'full' }, { gpu: 'h100-sxm', count: 8 });
  tr('finetune', 'llama-3.1-8b', { method: 'full', sharding: 'zero3', checkpoint_every_s: 1800 }, { gpu: 'h100-sxm', count: 4 });
  tr('pretrain', 'llama-3.2-1b'); tr('pretrain', 'llama-3.1-8b', {}, { gpu: 'h100-sxm', count: 64 });
  tr('pretrain', 'llama-3.1-70b', { parallelism: { tensor: 8, pipeline: 4, data: 4, expert: 1 } }, { gpu: 'h100-sxm', count: 128 });
  tr('pretrain', 'mixtral-8x7b', {}, { gpu: 'h100-sxm', count: 16 });
  for (const m of ['sd-1.5', 'sdxl-base-1.0', 'sd-3.5-large', 'flux.1-dev']) for (const rt of [undefined, 'compiled', 'tensorrt']) R.push({ model: m, workload: { kind: 'image', images: 10, ...(rt ? { runtime: rt } : {}) } });
  R.push({ model: 'flux.1-dev', workload: { kind: 'image', images: 8, batch: 4, weights: 'fp8' }, hardware: { gpu: 'h100-sxm', count: 1 } });
  for (const rt of [undefined, 'tensorrt']) R.push({ model: 'wan2.1-t2v-14b', workload: { kind: 'video', images: 1, ...(rt ? { runtime: rt } : {}) } });
  R.push({ model: 'wan2.1-t2v-14b', workload: { kind: 'video', images: 2, frames: 33 }, hardware: { gpu: 'h100-sxm', count: 2 } });
  for (const m of ['whisper-large-v3', 'f5-tts-base', 'kokoro-82m']) for (const rt of [undefined, 'compiled', 'tensorrt']) R.push({ model: m, workload: { kind: 'audio', audio_seconds: 3600, ...(rt ? { runtime: rt } : {}) } });
  R.push({ model: 'whisper-large-v3', workload: { kind: 'audio', audio_seconds: 3600, batch: 16, weights: 'int8', runtime: 'compiled' }, hardware: { gpu: 'rtx-4090', count: 1 } });
  R.push({ model: 'f5-tts-base', workload: { kind: 'audio', audio_seconds: 600, steps: 16, guidance: false } });
  return R;
}

test('show the math: every value and figure name the core explains has a title in English and Arabic', async () => {
  const sizer = await loadSizer();
  const ctx = vm.createContext({});
  vm.runInContext(fs.readFileSync(path.join(root, 'web', 'messages.js'), 'utf8') + '; this.M = GpuSizerMessages;', ctx);
  const M = ctx.M;
  const values = new Set(), figures = new Set(), kinds = new Set();
  for (const r of explainRequests()) {
    const resp = sizer.evaluate(r);
    assert.ok(resp.ok, `${JSON.stringify(r)}: ${JSON.stringify(resp.errors)}`);
    assert.ok(Array.isArray(resp.explain) && resp.explain.length > 0, `${r.model}: the core explains its figures`);
    kinds.add(resp.workload_kind);
    for (const e of resp.explain) {
      figures.add(String(e.figure).split('.').pop());
      for (const k of Object.keys(e.values || {})) values.add(k);
    }
  }
  assert.deepEqual([...kinds].sort(), ['audio', 'finetune', 'image', 'inference', 'pretrain', 'video']);
  // The new terms are among them (else the list of requests no longer reaches them).
  for (const k of ['host_optimizer_bytes', 'offload_s', 'call_overhead_s', 'utterance_s', 'prefill_s_per_token']) assert.ok(values.has(k), `requests reach ${k}`);
  const missing = (prefix, names) => [...names].filter((k) => !(typeof M.en[prefix + k] === 'string' && M.en[prefix + k] && typeof M.ar[prefix + k] === 'string' && /[\u0600-\u06FF]/.test(M.ar[prefix + k])));
  assert.deepEqual(missing('mv_', values), [], `value names without an EN and AR title (of ${values.size})`);
  assert.deepEqual(missing('fig_', figures), [], `figure names without an EN and AR title (of ${figures.size})`);
});

test('the compact form and the full form ask the core the same question at their defaults', async () => {
  // A field shown only in the full form (adv) and not sent from the compact one must default to what the core
  // assumes without it: otherwise the widget and the page answer the same visible inputs differently (the LoRA
  // targets once defaulted to "attention" on the page while the core, and so the widget, used all linear layers).
  for (const task of ['serve', 'finetune', 'pretrain', 'image', 'audio']) {
    const full = await setup({ task });
    const compactFeat = { ...full.c.feat, advanced: false };
    const compact = { ...full.c, feat: compactFeat, compact: true };
    const a = full.FL.buildRequest(full.c);
    const b = full.FL.buildRequest(compact);
    assert.deepEqual(plain(a.errors), [], `${task}: full form`);
    assert.deepEqual(plain(b.errors), [], `${task}: compact form`);
    const ra = full.sizer.evaluate(a.request);
    const rb = full.sizer.evaluate(b.request);
    assert.ok(ra.ok && rb.ok, `${task}: the core accepts both`);
    assert.deepEqual(plain(rb.workload), plain(ra.workload), `${task}: the workload the core used`);
    assert.deepEqual(plain(rb.options.slice(0, 3).map((o) => [o.offering_id, o.pricing, o.gpus])),
      plain(ra.options.slice(0, 3).map((o) => [o.offering_id, o.pricing, o.gpus])), `${task}: the same picks`);
  }
});
