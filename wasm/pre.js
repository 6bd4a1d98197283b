// Prepended inside the Emscripten module factory (--pre-js). Instantiates the WebAssembly module from the
// bytes this single file carries, without fetch(). Emscripten 3.1's own path (preamble.js getBinaryPromise)
// first calls fetch() on its embedded `data:` URL and only then decodes it: under a `default-src 'self'`
// (or `connect-src`) policy that fetch is a CSP violation, a console error and, on a site with reporting,
// one report per page view. Decoding the bytes here and calling WebAssembly.instantiate on them needs only
// 'wasm-unsafe-eval'.
// A caller's own Module.instantiateWasm (createSizer({ instantiateWasm })) still wins.
// The bytes themselves are in sizerWasmHex: scripts/wasm-hex.js moves them there from the base64 data: URL after
// the link (hexadecimal gzips ~40 KB smaller; the reason is in that script).
var sizerWasmHex = 'SIZER_WASM_HEX';
function sizerHexBytes(hex) {
  // Engines decode hexadecimal natively where they can: Uint8Array.fromHex (Chromium 140+, Firefox 133+,
  // Safari 18.2+) and Node's Buffer take ~3 ms for the module here; the loop below takes ~7-10 ms before it is
  // compiled.
  if (typeof Uint8Array.fromHex === 'function') return Uint8Array.fromHex(hex);
  if (typeof ENVIRONMENT_IS_NODE !== 'undefined' && ENVIRONMENT_IS_NODE) {
    var buffer = Buffer.from(hex, 'hex');
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }
  // '0'-'9' are 0x30-0x39 and 'a'-'f' 0x61-0x66: the low four bits, plus 9 for a letter.
  var n = hex.length >> 1, out = new Uint8Array(n), a, b;
  for (var i = 0, j = 0; i < n; i++, j += 2) {
    a = hex.charCodeAt(j);
    b = hex.charCodeAt(j + 1);
    out[i] = (((a & 15) + (a >> 6) * 9) << 4) | ((b & 15) + (b >> 6) * 9);
  }
  return out;
}
if (!Module['instantiateWasm']) {
  Module['instantiateWasm'] = function (imports, receiveInstance) {
    // wasmBinaryFile and tryParseAsDataURI are defined later in the factory; they exist when this runs.
    // The hex test reads the wasm magic ("\0asm" is 0061736d): a module whose post-link step did not run still
    // carries the marker text and its base64 URL.
    var bytes = Module['wasmBinary'] ? new Uint8Array(Module['wasmBinary'])
      : sizerWasmHex.slice(0, 8) === '0061736d' ? sizerHexBytes(sizerWasmHex) : tryParseAsDataURI(wasmBinaryFile);
    if (!bytes) throw new Error('gpu-sizer: the module carries no embedded WebAssembly bytes');
    WebAssembly.instantiate(bytes, imports).then(function (output) {
      receiveInstance(output['instance'], output['module']);
    }, function (reason) {
      abort('gpu-sizer: WebAssembly.instantiate failed: ' + reason);
    });
    return {};  // exports arrive through receiveInstance
  };
}
