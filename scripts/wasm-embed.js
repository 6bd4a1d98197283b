#!/usr/bin/env node
'use strict';
// Post-link step of the WASM module (CMakeLists.txt runs it on build/wasm/gpu-sizer.js after every link).
// Emscripten's SINGLE_FILE carries the wasm as a base64 `data:` URL of the raw bytes. This step stores the bytes
// deflated (raw deflate, RFC 1951) and then base64, in wasm/pre.js's `sizerWasmDeflated`, and leaves the data:
// URL empty; pre.js inflates them (Node's zlib, the engine's DecompressionStream, or its own inflate).
// The deflate is Zopfli's (@gfx/zopfli, Google's Zopfli compiled to wasm): the same format any inflate reads,
// 5.8 % fewer bytes than zlib at level 9 for the 642 KB wasm of 2026-12-02 (244,484 -> 230,322 B, ~3.5 s a link);
// those bytes pay for more of the core compiled for speed (CMakeLists.txt SIZER_WASM_SMALL_SOURCES).
// Why: the page from file:// spends its first ~100 ms reading its own text, and the wasm was most of that text.
// For the 544 KB of wasm of 2026-12-02 (642 KB once more files were -O2: 244 KB deflated, 326 K characters):
//   hexadecimal (the step before this one): 1,088 K characters, 241 KB gzipped;
//   deflated, then base64:                   291 K characters, 219 KB gzipped (gzip finds nothing more in it).
// Chromium's parser takes ~35-40 ms less over the shorter text (README "Speed"), and every door ships 22 KB less.
// Base64 is plain ASCII, safe in any page's charset and inside an inline <script>.
//   node scripts/wasm-embed.js MODULE.js
const fs = require('node:fs');
const zlib = require('node:zlib');
let zopfli;
try {
  zopfli = require('@gfx/zopfli');
} catch (e) {
  console.error('wasm-embed: @gfx/zopfli is missing (run npm ci, or npm start / npm test, which install it)');
  process.exit(1);
}
const file = process.argv[2];
if (!file) { console.error('usage: node scripts/wasm-embed.js MODULE.js'); process.exit(2); }
const js = fs.readFileSync(file, 'utf8');
const PREFIX = 'data:application/octet-stream;base64,';
const MARKER = 'SIZER_WASM_DEFLATED';
// The glue also holds the prefix alone (its isDataURI test); the module's URL is the one with a payload.
const url = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]{64,})/.exec(js);
const markers = js.split(MARKER).length - 1;
if (!url && markers === 0) { console.log(`wasm-embed: ${file} already carries its wasm deflated`); process.exit(0); }
if (!url || markers !== 1) {
  console.error(`wasm-embed: ${file} should hold one base64 data: URL and one ${MARKER} marker (found ${url ? 1 : 0} and ${markers})`);
  process.exit(1);
}
const start = url.index + PREFIX.length;
const end = start + url[1].length;
const bytes = Buffer.from(url[1], 'base64');
if (bytes.length < 8 || bytes.readUInt32LE(0) !== 0x6d736100) { console.error('wasm-embed: the data: URL does not hold a wasm module'); process.exit(1); }
// Five iterations and unlimited block splitting: 15 iterations gave 23 bytes less for twice the time.
zopfli.deflate(bytes, { numiterations: 5, blocksplittingmax: 0 }, (error, result) => {
  if (error) { console.error(`wasm-embed: zopfli failed: ${error.message}`); process.exit(1); }
  const deflated = Buffer.from(result);
  if (Buffer.compare(zlib.inflateRawSync(deflated), bytes) !== 0) { console.error('wasm-embed: the deflated bytes do not inflate back'); process.exit(1); }
  // The data: URL keeps its prefix (the glue's isDataURI check then skips locateFile) with no payload.
  const out = (js.slice(0, start) + js.slice(end)).replace(MARKER, deflated.toString('base64'));
  fs.writeFileSync(file, out);
  console.log(`wasm-embed: ${file}: ${bytes.length} wasm bytes, ${deflated.length} deflated, as base64`);
});
