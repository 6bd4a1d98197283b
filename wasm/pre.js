// Prepended inside the Emscripten module factory (--pre-js). Instantiates the WebAssembly module from the
// bytes this single file carries, without fetch(). Emscripten 3.1's own path (preamble.js getBinaryPromise)
// first calls fetch() on its embedded `data:` URL and only then decodes it: under a `default-src 'self'`
// (or `connect-src`) policy that fetch is a CSP violation, a console error and, on a site with reporting,
// one report per page view. Decoding the bytes here and calling WebAssembly.instantiate on them needs only
// 'wasm-unsafe-eval'.
// A caller's own Module.instantiateWasm (createSizer({ instantiateWasm })) still wins.
// The bytes themselves are in sizerWasmDeflated, raw deflate as base64: scripts/wasm-embed.js moves them there
// from the base64 data: URL after the link (the page reads a quarter of the text hexadecimal took; the figures are
// in that script).
var sizerWasmDeflated = 'SIZER_WASM_DEFLATED';
function sizerBase64Bytes(text) {
  // Uint8Array.fromBase64: Chromium 140+, Firefox 133+, Safari 18.2+; atob everywhere else.
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  var binary = atob(text), n = binary.length, out = new Uint8Array(n);
  for (var i = 0; i < n; i++) out[i] = binary.charCodeAt(i);
  return out;
}
// Raw deflate (RFC 1951) inflated in JavaScript, for engines without DecompressionStream (before Chromium 103,
// Firefox 113, Safari 16.4): the canonical-code decoder of zlib's puff.c, a bit at a time. ~35-40 ms for the
// module in Node 20 (its one run, before the engine optimises it); the native paths below take a few.
function sizerInflate(src) {
  var out = new Uint8Array(src.length * 3), size = 0, pos = 0, bitBuf = 0, bitCount = 0;
  function fail() { throw new Error('gpu-sizer: the embedded WebAssembly bytes are corrupt'); }
  function bits(n) {
    while (bitCount < n) {
      if (pos >= src.length) fail();
      bitBuf |= src[pos++] << bitCount;
      bitCount += 8;
    }
    var v = bitBuf & ((1 << n) - 1);
    bitBuf >>>= n;
    bitCount -= n;
    return v;
  }
  function room(n) {
    if (size + n <= out.length) return;
    var grown = new Uint8Array(Math.max(out.length * 2, size + n));
    grown.set(out.subarray(0, size));
    out = grown;
  }
  // A canonical Huffman code from its code lengths: how many codes of each length, the symbols in code order.
  function code(lengths) {
    var counts = new Uint16Array(16), offsets = new Uint16Array(16), symbols = new Uint16Array(lengths.length), i;
    for (i = 0; i < lengths.length; i++) counts[lengths[i]]++;
    counts[0] = 0;
    for (i = 1; i < 16; i++) offsets[i] = offsets[i - 1] + counts[i - 1];
    for (i = 0; i < lengths.length; i++) if (lengths[i]) symbols[offsets[lengths[i]]++] = i;
    return { counts: counts, symbols: symbols };
  }
  function decode(h) {
    for (var len = 1, c = 0, first = 0, index = 0, count; len < 16; len++) {
      c |= bits(1);
      count = h.counts[len];
      if (c - count < first) return h.symbols[index + (c - first)];
      index += count;
      first = (first + count) << 1;
      c <<= 1;
    }
    return fail();
  }
  var LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
  var LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
  var DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
    4097, 6145, 8193, 12289, 16385, 24577];
  var DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
  var ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
  var last, type, i, lit, dist;
  do {
    last = bits(1);
    type = bits(2);
    if (type === 0) {  // stored: from the next byte boundary, a length, its complement, the bytes
      bitBuf = 0;
      bitCount = 0;
      if (pos + 4 > src.length) fail();
      var stored = src[pos] | (src[pos + 1] << 8);
      if ((stored ^ (src[pos + 2] | (src[pos + 3] << 8))) !== 0xffff || pos + 4 + stored > src.length) fail();
      pos += 4;
      room(stored);
      out.set(src.subarray(pos, pos + stored), size);
      size += stored;
      pos += stored;
      continue;
    }
    var lengths;
    if (type === 1) {  // the fixed codes
      lengths = new Uint8Array(288 + 30);
      for (i = 0; i < 288; i++) lengths[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
      for (i = 288; i < 318; i++) lengths[i] = 5;
      lit = code(lengths.subarray(0, 288));
      dist = code(lengths.subarray(288));
    } else if (type === 2) {  // the codes sent, themselves Huffman-coded
      var nlit = bits(5) + 257, ndist = bits(5) + 1, ncode = bits(4) + 4;
      if (nlit > 286 || ndist > 30) fail();
      var header = new Uint8Array(19);
      for (i = 0; i < ncode; i++) header[ORDER[i]] = bits(3);
      var lencode = code(header);
      lengths = new Uint8Array(nlit + ndist);
      for (i = 0; i < nlit + ndist;) {
        var sym = decode(lencode), repeat, value = 0;
        if (sym < 16) {
          lengths[i++] = sym;
          continue;
        }
        if (sym === 16) {
          if (i === 0) fail();
          value = lengths[i - 1];
          repeat = 3 + bits(2);
        } else {
          repeat = sym === 17 ? 3 + bits(3) : 11 + bits(7);
        }
        if (i + repeat > nlit + ndist) fail();
        while (repeat--) lengths[i++] = value;
      }
      lit = code(lengths.subarray(0, nlit));
      dist = code(lengths.subarray(nlit));
    } else {
      fail();
    }
    for (;;) {
      var s = decode(lit);
      if (s < 256) {
        room(1);
        out[size++] = s;
      } else if (s === 256) {
        break;
      } else {
        s -= 257;
        if (s >= 29) fail();
        var len = LENGTH_BASE[s] + bits(LENGTH_EXTRA[s]);
        var d = decode(dist);
        if (d >= 30) fail();
        var back = DIST_BASE[d] + bits(DIST_EXTRA[d]);
        if (back > size) fail();
        room(len);
        for (var k = 0; k < len; k++, size++) out[size] = out[size - back];
      }
    }
  } while (!last);
  return out.subarray(0, size);
}
// The wasm bytes, inflated: synchronously in Node (zlib), with the engine's own DecompressionStream in a browser
// (native code, no request), else sizerInflate. The stream is fed all the bytes at once and its output read chunk by
// chunk: in Chromium 156 that takes ~3-6 ms for the module, reading it through a Blob and a Response ~12-18 ms.
function sizerWasmBytes(deflated) {
  if (typeof ENVIRONMENT_IS_NODE !== 'undefined' && ENVIRONMENT_IS_NODE) {
    var buffer = require('zlib').inflateRawSync(Buffer.from(deflated, 'base64'));
    return Promise.resolve(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
  }
  var bytes = sizerBase64Bytes(deflated), stream = null;
  if (typeof DecompressionStream === 'function') {
    try {
      stream = new DecompressionStream('deflate-raw');
    } catch (e) {
      // 'deflate-raw' unknown (DecompressionStream before Chromium 103): inflated below.
    }
  }
  if (!stream) return new Promise(function (resolve) { resolve(sizerInflate(bytes)); });
  var writer = stream.writable.getWriter(), reader = stream.readable.getReader(), parts = [], size = 0;
  // A corrupt stream rejects these too; the reader's rejection below is the one reported.
  writer.write(bytes).catch(function () {});
  writer.close().catch(function () {});
  function next() {
    return reader.read().then(function (chunk) {
      if (!chunk.done) {
        parts.push(chunk.value);
        size += chunk.value.length;
        return next();
      }
      var out = new Uint8Array(size);
      for (var i = 0, at = 0; i < parts.length; at += parts[i].length, i++) out.set(parts[i], at);
      return out;
    });
  }
  return next();
}
// Node: every function compiled before the first call. V8 in Node 20 compiles a wasm function at its first call by
// default; a first evaluate compiled ~300 of them that way (V8's --trace-wasm-compilation-times), and that took more
// than compiling all ~950 on the engine's compile threads (Node 20, 2 cores, alternating cold processes:
// createSizer() ~30 -> ~42 ms, the first evaluate ~33 -> ~10 ms, the two together ~61 -> ~52 ms; README "Speed").
// The flag is the engine's, for the whole process: it is set for this compile only and put back when it settles,
// and left alone where the process chose it (node --[no-]wasm-lazy-compilation; NODE_OPTIONS may not carry it) or
// the engine is older than V8 11 (Node 20's), where this was not measured. Returns what puts it back, or null when
// nothing was set.
function sizerCompileEagerly() {
  if (typeof ENVIRONMENT_IS_NODE === 'undefined' || !ENVIRONMENT_IS_NODE) return null;
  if (/(^|\s)--(no-)?wasm[-_]lazy[-_]compilation\b/.test((process.execArgv || []).join(' '))) return null;
  if (!(parseInt(String(process.versions && process.versions.v8), 10) >= 11)) return null;
  try {
    var v8 = require('v8');
    v8.setFlagsFromString('--no-wasm-lazy-compilation');
    return function () { v8.setFlagsFromString('--wasm-lazy-compilation'); };
  } catch (e) {
    return null;
  }
}
if (!Module['instantiateWasm']) {
  Module['instantiateWasm'] = function (imports, receiveInstance) {
    // wasmBinaryFile and tryParseAsDataURI are defined later in the factory; they exist when this runs.
    // A module whose post-link step did not run still carries the marker text (built from two halves here, or
    // the step would replace this test too) and its base64 URL.
    var embedded = sizerWasmDeflated !== 'SIZER_WASM_' + 'DEFLATED';
    var bytes = Module['wasmBinary'] ? Promise.resolve(new Uint8Array(Module['wasmBinary']))
      : embedded ? sizerWasmBytes(sizerWasmDeflated) : Promise.resolve(tryParseAsDataURI(wasmBinaryFile));
    var restore = null;
    function settled() {
      if (restore) restore();
      restore = null;
    }
    bytes.then(function (wasm) {
      if (!wasm) throw new Error('gpu-sizer: the module carries no embedded WebAssembly bytes');
      restore = sizerCompileEagerly();
      return WebAssembly.instantiate(wasm, imports);
    }).then(function (output) {
      settled();
      receiveInstance(output['instance'], output['module']);
    }, function (reason) {
      settled();
      abort('gpu-sizer: WebAssembly.instantiate failed: ' + reason);
    });
    return {};  // exports arrive through receiveInstance
  };
}
