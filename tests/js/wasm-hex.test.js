'use strict';
// The module carries its wasm as hexadecimal (scripts/wasm-hex.js; it gzips ~40 KB smaller than base64), and
// wasm/pre.js decodes it: natively in Node, with its own loop in a browser.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { root } = require('./helpers');

test('dist/gpu-sizer.js holds its wasm as one hexadecimal literal and no base64 payload', () => {
  const js = fs.readFileSync(path.join(root, 'dist', 'gpu-sizer.js'), 'utf8');
  assert.equal(/octet-stream;base64,[A-Za-z0-9+/=]{64,}/.test(js), false, 'a base64 payload is left');
  const literals = js.match(/(["'])0061736d[0-9a-f]{64,}\1/g) || [];
  assert.equal(literals.length, 1, 'one hexadecimal wasm literal');
  const hex = literals[0].slice(1, -1);
  assert.equal(hex.length % 2, 0);
  assert.ok(WebAssembly.validate(Buffer.from(hex, 'hex')), 'the literal decodes to a valid wasm module');
  assert.equal(js.includes('SIZER_WASM_HEX'), false, 'the marker was replaced');
});

test("pre.js's browser decoding loop gives Node's bytes for every byte value and both letter cases' digits", () => {
  const source = fs.readFileSync(path.join(root, 'wasm', 'pre.js'), 'utf8');
  const start = source.indexOf('function sizerHexBytes');
  assert.ok(start >= 0, 'pre.js defines sizerHexBytes');
  // The function alone, with ENVIRONMENT_IS_NODE false: the path a browser takes.
  let depth = 0;
  let end = source.indexOf('{', start);
  for (; end < source.length; end++) {
    if (source[end] === '{') depth++;
    if (source[end] === '}' && --depth === 0) break;
  }
  // A Uint8Array without fromHex (engines before it): the loop itself.
  class OldUint8Array extends Uint8Array {}
  OldUint8Array.fromHex = undefined;
  const context = { ENVIRONMENT_IS_NODE: false, Buffer: undefined, Uint8Array: OldUint8Array };
  vm.runInNewContext(source.slice(start, end + 1) + '\nthis.decode = sizerHexBytes;', context);
  const bytes = Buffer.alloc(256 * 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 197 + (i >> 8)) & 255;
  for (let v = 0; v < 256; v++) bytes[v] = v;
  const decoded = context.decode(bytes.toString('hex'));
  assert.deepEqual(Buffer.from(decoded), bytes);
  assert.equal(decoded.length, bytes.length);
});
