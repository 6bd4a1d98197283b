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
  M['evaluate'] = function (request, options) {
    var requestText = text(request);
    if (requestText === null || requestText === undefined) return failure('invalid_type', 'The request must be a JSON object or JSON text.');
    var catalogText = '';
    if (options && options.catalog !== undefined && options.catalog !== null) {
      catalogText = text(options.catalog);
      if (catalogText === null) return failure('invalid_type', 'The catalog must be a JSON object or JSON text.');
    }
    return JSON.parse(M['_evaluateJson'](requestText, catalogText));
  };
  var catalogCache = null;
  M['catalog'] = function () {
    if (catalogCache === null) catalogCache = M['_catalogJson']();
    return JSON.parse(catalogCache);
  };
  var vocabularyCache = null;
  M['vocabulary'] = function () {
    if (vocabularyCache === null) vocabularyCache = M['_vocabularyJson']();
    return JSON.parse(vocabularyCache);
  };
  M['validateCatalog'] = function (catalog) {
    var catalogText = text(catalog);
    if (catalogText === null || catalogText === undefined) return failure('invalid_type', 'The catalog must be a JSON object or JSON text.');
    return JSON.parse(M['_validateCatalogJson'](catalogText));
  };
})(Module);
