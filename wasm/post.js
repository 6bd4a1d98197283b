// Appended inside the Emscripten module factory (--post-js): the public JS API over the text bindings.
// Requests and catalogs may be objects or JSON strings; results are plain objects.
(function (M) {
  function text(value, what) {
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value);
    } catch (e) {
      return null;
    }
  }
  function failure(code, message) {
    return { ok: false, errors: [{ code: code, path: '', message: message }], warnings: [] };
  }
  // The response crosses as its UTF-8 bytes in the module's memory (address and length), decoded by the engine's
  // TextDecoder: embind's std::string return walks the bytes twice in JavaScript (a NUL scan, then
  // UTF8ToString's end scan) before decoding them (2.5 MB for every option). HEAPU8 is read after the call (it is
  // replaced when memory grows).
  // (TextDecoder: every browser since 2017, Node 11.)
  var decoder = new TextDecoder();
  function heldText() {
    var at = M['_heldData']();
    return decoder.decode(HEAPU8.subarray(at, at + M['_heldSize']()));
  }
  // The imported catalog's text is copied into the module once per distinct text (embind encodes a string
  // argument in JavaScript, ~1 MB for a full catalog), not with every evaluation.
  var catalogSent = null;
  // The response text alone (tests/bench/door.js times it beside evaluate()).
  M['_evaluateText'] = function (requestText) {
    M['_evaluateHeld'](requestText, false);
    return heldText();
  };
  // A table response (detail "table") leaves its values out of the text; they are the doubles the core held
  // (column-major, NaN where a figure is absent), read here as one list per column with null for NaN, the
  // shape the other doors write.
  function withTable(response) {
    var table = response['table'];
    if (!table || table['values'] !== undefined) return response;
    var rows = table['rows'], count = table['columns'].length, at = M['_heldTableData']();
    var cells = new Float64Array(HEAPU8.buffer, at, M['_heldTableSize']());
    var values = new Array(count);
    for (var c = 0; c < count; c++) {
      var column = new Array(rows);
      for (var r = 0, k = c * rows; r < rows; r++, k++) {
        var v = cells[k];
        column[r] = v === v ? v : null;
      }
      values[c] = column;
    }
    table['values'] = values;
    return response;
  }
  M['evaluate'] = function (request, options) {
    var requestText = text(request);
    if (requestText === null || requestText === undefined) return failure('invalid_type', 'The request must be a JSON object or JSON text.');
    var catalogText = '';
    if (options && options.catalog !== undefined && options.catalog !== null) {
      catalogText = text(options.catalog);
      if (catalogText === null) return failure('invalid_type', 'The catalog must be a JSON object or JSON text.');
    }
    if (catalogText && catalogText !== catalogSent) {
      M['_setImportedCatalog'](catalogText);
      catalogSent = catalogText;
    }
    M['_evaluateHeld'](requestText, !!catalogText);
    return withTable(JSON.parse(heldText()));
  };
  // The bundled catalog in two parts (issue 16: the page draws its form from the GPUs, providers and models, and
  // reads the offerings after its first result): the three small files are already JavaScript values
  // (Module.bundledCatalog); the offerings' JSON is written from the decoded catalog (core/catalog_codec.hpp).
  var baseCache = null;
  function baseText() {
    if (baseCache === null) {
      var merged = {}, out = {}, asOf = M['_catalogAsOf']();
      // As merge_catalog_documents: each later file's lists replace; the date is the merged catalog's.
      M['bundledCatalog'].forEach(function (file) {
        Object.keys(file).forEach(function (k) { if (k !== 'as_of') merged[k] = file[k]; });
      });
      if (asOf) merged['as_of'] = asOf;
      // Top-level keys in byte order, as the core writes objects.
      Object.keys(merged).sort().forEach(function (k) { out[k] = merged[k]; });
      baseCache = JSON.stringify(out);
    }
    return baseCache;
  }
  // The text a held-text door writes, made once and kept: the bundled offerings and the vocabulary never change.
  function heldOnce(door) {
    var kept = null;
    return function () {
      if (kept === null) {
        M[door]();
        kept = heldText();
      }
      return kept;
    };
  }
  var offeringsText = heldOnce('_offeringsHeld');
  M['catalog'] = function (options) {
    var base = JSON.parse(baseText());
    if (options && options.offerings === false) return base;
    var out = {};
    base['offerings'] = JSON.parse(offeringsText());
    Object.keys(base).sort().forEach(function (k) { out[k] = base[k]; });
    return out;
  };
  M['offerings'] = function () { return JSON.parse(offeringsText()); };
  var vocabularyText = heldOnce('_vocabularyHeld');
  M['vocabulary'] = function () { return JSON.parse(vocabularyText()); };
  // The bundled catalog is decoded as the module starts (issue 16: "the catalog ready at start"), before
  // createSizer()'s promise settles: every use of the module reads it first (the page calls catalog() at once), so
  // the decode (~12 ms in Node, core/catalog_codec.cpp) is start-up, and the first evaluate is an evaluation.
  var started = M['onRuntimeInitialized'];
  M['onRuntimeInitialized'] = function () {
    M['_catalogAsOf']();
    if (started) started();
  };
  M['validateCatalog'] = function (catalog) {
    var catalogText = text(catalog);
    if (catalogText === null || catalogText === undefined) return failure('invalid_type', 'The catalog must be a JSON object or JSON text.');
    M['_validateCatalogHeld'](catalogText);
    return JSON.parse(heldText());
  };
})(Module);
