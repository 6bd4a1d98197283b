'use strict';
// The module carries its wasm deflated, as base64 (scripts/wasm-embed.js: a quarter of the text hexadecimal took),
// and wasm/pre.js inflates it: with Node's zlib, a browser's DecompressionStream, or its own inflate where an engine
// has neither. These tests run pre.js's own base64 decoding and inflate, the paths of engines without the native
// ones, against Node's zlib.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const zlib = require('node:zlib');
const { root } = require('./helpers');

const distModule = () => fs.readFileSync(path.join(root, 'dist', 'gpu-sizer.js'), 'utf8');

// The embedded literal: the one long base64 string whose bytes inflate to a wasm module.
function embeddedLiteral(js) {
  const literals = (js.match(/(["'])[A-Za-z0-9+/]{4096,}={0,2}\1/g) || []).map((l) => l.slice(1, -1));
  return literals.filter((l) => {
    try {
      return zlib.inflateRawSync(Buffer.from(l, 'base64')).readUInt32LE(0) === 0x6d736100;
    } catch (e) {
      return false;
    }
  });
}

test('dist/gpu-sizer.js holds its wasm as one deflated base64 literal and no data: URL payload', () => {
  const js = distModule();
  assert.equal(/octet-stream;base64,[A-Za-z0-9+/=]{64,}/.test(js), false, 'a base64 data: URL payload is left');
  const literals = embeddedLiteral(js);
  assert.equal(literals.length, 1, 'one deflated wasm literal');
  assert.ok(WebAssembly.validate(zlib.inflateRawSync(Buffer.from(literals[0], 'base64'))), 'it inflates to a valid wasm module');
  assert.equal(js.includes('SIZER_WASM_DEFLATED'), false, 'the marker was replaced');
});

// pre.js's functions alone, in a context without Node's Buffer and with the globals given: the paths a browser takes.
function preFunctions(globals) {
  const source = fs.readFileSync(path.join(root, 'wasm', 'pre.js'), 'utf8');
  const pick = (name) => {
    const start = source.indexOf(`function ${name}(`);
    assert.ok(start >= 0, `pre.js defines ${name}`);
    let depth = 0;
    let end = source.indexOf('{', start);
    for (; end < source.length; end++) {
      if (source[end] === '{') depth++;
      if (source[end] === '}' && --depth === 0) break;
    }
    return source.slice(start, end + 1);
  };
  const context = { ENVIRONMENT_IS_NODE: false, Buffer: undefined, ...globals };
  vm.runInNewContext(['sizerBase64Bytes', 'sizerInflate', 'sizerWasmBytes'].map(pick).join('\n') +
    '\nthis.base64 = sizerBase64Bytes; this.inflate = sizerInflate; this.wasmBytes = sizerWasmBytes;', context);
  return context;
}

test("pre.js's atob decoding gives Node's bytes for every byte value and each padding", () => {
  // A Uint8Array without fromBase64 (engines before it): the atob loop.
  class OldUint8Array extends Uint8Array {}
  OldUint8Array.fromBase64 = undefined;
  const { base64 } = preFunctions({ Uint8Array: OldUint8Array, atob });
  for (const n of [0, 1, 2, 3, 256, 257, 258]) {
    const bytes = Buffer.alloc(n);
    for (let i = 0; i < n; i++) bytes[i] = (i * 197 + 11) & 255;
    for (let v = 0; v < Math.min(n, 256); v++) bytes[v] = v;
    assert.deepEqual(Buffer.from(base64(bytes.toString('base64'))), bytes, `${n} bytes`);
  }
});

test("pre.js's own inflate gives zlib's bytes: the module, stored, fixed-code and dynamic blocks, long matches", () => {
  const { inflate } = preFunctions({ Uint8Array });
  const literal = embeddedLiteral(distModule())[0];
  const wasm = zlib.inflateRawSync(Buffer.from(literal, 'base64'));
  const random = Buffer.alloc(70000);
  for (let i = 0, x = 12345; i < random.length; i++) random[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  const runs = Buffer.alloc(300000, 'gpu-sizer ');  // matches of 258 bytes at every distance zlib picks
  const cases = [
    ['the embedded module', wasm, {}],
    ['random bytes, stored blocks (level 0)', random, { level: 0 }],
    ['random bytes at level 9 (zlib stores what does not shrink)', random, { level: 9 }],
    ['a short text (the fixed codes)', Buffer.from('abcabcabcabc, the fixed Huffman codes'), { level: 9 }],
    ['long repeats', runs, { level: 9 }],
    ['the module at level 1', wasm.subarray(0, 100000), { level: 1 }],
    ['nothing', Buffer.alloc(0), {}]
  ];
  for (const [what, bytes, options] of cases) {
    const deflated = zlib.deflateRawSync(bytes, options);
    assert.ok(Buffer.from(inflate(new Uint8Array(deflated))).equals(bytes), what);
  }
  // The fixed codes for certain: zlib's Z_FIXED strategy writes only type-1 blocks.
  const fixed = zlib.deflateRawSync(runs.subarray(0, 5000), { strategy: zlib.constants.Z_FIXED });
  assert.equal((fixed[0] >> 1) & 3, 1, 'the first block uses the fixed codes');
  assert.ok(Buffer.from(inflate(new Uint8Array(fixed))).equals(runs.subarray(0, 5000)), 'fixed codes');
});

test("pre.js's inflate rejects cut-short and corrupt input with an error, not a hang or a wrong module", () => {
  const { inflate } = preFunctions({ Uint8Array });
  const text = Buffer.alloc(20000, 'the bytes of a module ');
  const deflated = zlib.deflateRawSync(text, { level: 9 });
  assert.throws(() => inflate(new Uint8Array(deflated.subarray(0, deflated.length >> 1))), /corrupt/);
  assert.throws(() => inflate(new Uint8Array([0xff, 0xff, 0xff])), /corrupt/);  // block type 3 does not exist
  const stored = zlib.deflateRawSync(text, { level: 0 });
  const bad = Buffer.from(stored);
  bad[3] ^= 0xff;  // the stored length's complement no longer matches
  assert.throws(() => inflate(new Uint8Array(bad)), /corrupt/);
});

test('sizerWasmBytes without DecompressionStream falls back to the inflate above and resolves to the bytes', async () => {
  class OldUint8Array extends Uint8Array {}
  OldUint8Array.fromBase64 = undefined;
  const { wasmBytes } = preFunctions({ Uint8Array: OldUint8Array, atob, Promise, DecompressionStream: undefined });
  const bytes = Buffer.alloc(5000, 'wasm ');
  const out = await wasmBytes(zlib.deflateRawSync(bytes).toString('base64'));
  assert.ok(Buffer.from(out).equals(bytes));
  // And with the engine's DecompressionStream (Node has one too): the native path gives the same bytes.
  const native = preFunctions({ Uint8Array, atob, Promise, DecompressionStream });
  const large = Buffer.concat([Buffer.alloc(200000, 'a module '), zlib.deflateRawSync(Buffer.alloc(300000, 'x'))]);
  for (const b of [bytes, large]) {  // one chunk, and several
    assert.ok(Buffer.from(await native.wasmBytes(zlib.deflateRawSync(b).toString('base64'))).equals(b));
  }
  await assert.rejects(native.wasmBytes(Buffer.from([0xff, 0xff, 0xff]).toString('base64')), 'a corrupt stream rejects');
});
