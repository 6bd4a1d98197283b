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
  assert.equal(defaults.weights, 'bf16');
  assert.equal(defaults.limit, '25');
  const { request, errors } = FL.buildRequest(c);
  assert.deepEqual(plain(errors), []);
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
  assert.equal(hostile.weights, 'bf16');
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
