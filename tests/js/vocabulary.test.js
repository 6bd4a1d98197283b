'use strict';
// The TypeScript types cannot drift from the core: every string-literal union in wasm/gpu-sizer.d.ts that names a
// vocabulary list equals that list of sizer.vocabulary() (same ids, same order), every list has its union, and the
// Vocabulary interface names every list. Also: every entry has an English and an Arabic label.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { root } = require('./helpers');

const UNIONS = {
  WeightFormat: 'weight_formats', KvFormat: 'kv_formats', Engine: 'engines', WorkloadKind: 'workload_kinds', ModelKind: 'model_kinds',
  Method: 'methods', Optimizer: 'optimizers', LoraTargets: 'lora_targets', Sharding: 'sharding', Precision: 'precisions',
  Pricing: 'pricing', Order: 'order', Tier: 'tiers', Bottleneck: 'bottlenecks', Interconnect: 'interconnects', Backbone: 'backbones',
  MediaTask: 'media_tasks', MediaRuntime: 'media_runtimes', HardwareKind: 'hardware_kinds', Locale: 'locales', Severity: 'severities', Offload: 'offload',
  Detail: 'detail', PriceConfidence: 'price_confidence', EligibilityClass: 'eligibility'
};

// `type Name = 'a' | 'b' | …;` (over several lines) -> { Name: ['a', 'b', …] }. A union with a member that is not a
// string literal is reported as such, so that it cannot pass by accident.
function stringUnions(dts) {
  const out = {};
  const re = /\btype\s+([A-Z]\w*)\s*=\s*([^;]+);/g;
  let m;
  while ((m = re.exec(dts))) {
    const members = m[2].split('|').map((x) => x.trim()).filter(Boolean);
    out[m[1]] = members.map((x) => (/^'([^']*)'$/.exec(x) || [null, { notLiteral: x }])[1]);
  }
  return out;
}

test('the .d.ts parser reads multi-line unions and flags non-literal members', () => {
  const u = stringUnions("type A =\n  | 'x' | 'y'\n  | 'z';\ntype B = 'p' | number;");
  assert.deepEqual(u.A, ['x', 'y', 'z']);
  assert.deepEqual(u.B, ['p', { notLiteral: 'number' }]);
});

test('every vocabulary union in gpu-sizer.d.ts equals the core list', async () => {
  const dts = fs.readFileSync(path.join(root, 'wasm', 'gpu-sizer.d.ts'), 'utf8');
  const unions = stringUnions(dts);
  const createSizer = require(path.join(root, 'dist', 'gpu-sizer.js'));
  const sizer = await createSizer();
  assert.equal(typeof sizer.vocabulary, 'function', 'sizer.vocabulary() exists');
  const voc = sizer.vocabulary();
  const lists = Object.keys(voc).sort();
  assert.deepEqual(Object.values(UNIONS).sort(), lists, 'one union per vocabulary list, no more, no fewer');
  for (const [name, key] of Object.entries(UNIONS)) {
    assert.ok(unions[name], `type ${name} is declared in gpu-sizer.d.ts`);
    assert.deepEqual(unions[name], voc[key].map((e) => e.id), `type ${name} = vocabulary().${key}`);
    for (const e of voc[key]) {
      assert.ok(typeof e.label.en === 'string' && e.label.en.length > 0, `${key}/${e.id} has an English label`);
      assert.ok(typeof e.label.ar === 'string' && e.label.ar.length > 0, `${key}/${e.id} has an Arabic label`);
    }
  }
  // The Vocabulary interface types every list with its union.
  const iface = /interface Vocabulary \{([\s\S]*?)\n  \}/.exec(dts);
  assert.ok(iface, 'interface Vocabulary is declared');
  for (const [name, key] of Object.entries(UNIONS)) assert.match(iface[1], new RegExp(`\\b${key}: VocabularyEntry<${name}>\\[\\]`), `Vocabulary.${key}`);
});
