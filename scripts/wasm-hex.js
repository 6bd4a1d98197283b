#!/usr/bin/env node
'use strict';
// Post-link step of the WASM module (CMakeLists.txt runs it on build/wasm/gpu-sizer.js after every link).
// Emscripten's SINGLE_FILE carries the wasm as a base64 `data:` URL. Base64 turns every 3 bytes into 4
// characters, so a run of bytes that repeats at an offset not divisible by 3 is spelt differently each time and
// gzip cannot match it: the embedded module gzips to ~252 KB as base64 but ~212 KB as hexadecimal, where each byte
// is always the same two characters (raw bytes: ~190 KB). The budgets (tests/browser/offline.test.js, bundle.js)
// count gzip bytes, and hexadecimal is still plain ASCII, safe in any page's charset and inside an inline <script>.
// The step moves the bytes into wasm/pre.js's `sizerWasmHex` and leaves the data: URL empty; pre.js decodes them.
//   node scripts/wasm-hex.js MODULE.js
const fs = require('node:fs');

const file = process.argv[2];
if (!file) { console.error('usage: node scripts/wasm-hex.js MODULE.js'); process.exit(2); }
const js = fs.readFileSync(file, 'utf8');
const PREFIX = 'data:application/octet-stream;base64,';
const MARKER = 'SIZER_WASM_HEX';
// The glue also holds the prefix alone (its isDataURI test); the module's URL is the one with a payload.
const url = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]{64,})/.exec(js);
const markers = js.split(MARKER).length - 1;
if (!url && markers === 0) { console.log(`wasm-hex: ${file} already carries hexadecimal bytes`); process.exit(0); }
if (!url || markers !== 1) {
  console.error(`wasm-hex: ${file} should hold one base64 data: URL and one ${MARKER} marker (found ${url ? 1 : 0} and ${markers})`);
  process.exit(1);
}
const start = url.index + PREFIX.length;
const end = start + url[1].length;
const bytes = Buffer.from(url[1], 'base64');
if (bytes.length < 8 || bytes.readUInt32LE(0) !== 0x6d736100) { console.error('wasm-hex: the data: URL does not hold a wasm module'); process.exit(1); }
// The data: URL keeps its prefix (the glue's isDataURI check then skips locateFile) with no payload.
const out = (js.slice(0, start) + js.slice(end)).replace(MARKER, bytes.toString('hex'));
fs.writeFileSync(file, out);
console.log(`wasm-hex: ${file}: ${bytes.length} wasm bytes as hexadecimal`);
