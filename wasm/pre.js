// Prepended inside the Emscripten module factory (--pre-js). Instantiates the WebAssembly module from the
// bytes this single file carries, without fetch(). Emscripten 3.1's own path (preamble.js getBinaryPromise)
// first calls fetch() on its embedded `data:` URL and only then decodes it: under a `default-src 'self'`
// (or `connect-src`) policy that fetch is a CSP violation, a console error and, on a site with reporting,
// one report per page view. Decoding the base64 here (tryParseAsDataURI, the same decoder the fallback
// uses) and calling WebAssembly.instantiate on the bytes needs only 'wasm-unsafe-eval'.
// A caller's own Module.instantiateWasm (createSizer({ instantiateWasm })) still wins.
if (!Module['instantiateWasm']) {
  Module['instantiateWasm'] = function (imports, receiveInstance) {
    // wasmBinaryFile and tryParseAsDataURI are defined later in the factory; they exist when this runs.
    var bytes = Module['wasmBinary'] ? new Uint8Array(Module['wasmBinary']) : tryParseAsDataURI(wasmBinaryFile);
    if (!bytes) throw new Error('gpu-sizer: the module carries no embedded WebAssembly bytes');
    WebAssembly.instantiate(bytes, imports).then(function (output) {
      receiveInstance(output['instance'], output['module']);
    }, function (reason) {
      abort('gpu-sizer: WebAssembly.instantiate failed: ' + reason);
    });
    return {};  // exports arrive through receiveInstance
  };
}
