// The WASM module's bundled catalog. Instead of embedding the catalog bytes in the binary (base64 inside
// the single-file module, which gzip cannot shrink), the build writes them into --pre-js files as
// JavaScript literals: Module.bundledCatalogBlob, the validated catalog in the compact form catalog_gen
// writes (core/catalog_codec.hpp, offerings.json's own JSON included), copied in once at the first
// evaluate; and Module.bundledCatalog, the JSON of gpus.json, providers.json and models.json, read only when
// the page asks for catalog().
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "../core/embedded_catalog.hpp"

// The blob's UTF-8 bytes, written straight into the module's memory by the engine's TextEncoder: embind's
// std::string conversion walks the 240 KB string in JavaScript, twice, before any of it is compiled.
EM_JS(size_t, sizer_blob_encode, (), {
  Module['bundledCatalogBlobBytes'] = new TextEncoder().encode(Module['bundledCatalogBlob']);
  return Module['bundledCatalogBlobBytes'].length;
});
EM_JS(void, sizer_blob_copy, (char* out), {
  HEAPU8.set(Module['bundledCatalogBlobBytes'], out);
  Module['bundledCatalogBlobBytes'] = null;
});

namespace sizer {

std::vector<std::string_view> embedded_catalog_document_files() {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    const emscripten::val files = emscripten::val::module_property("bundledCatalog");
    const emscripten::val json = emscripten::val::global("JSON");
    const unsigned count = files["length"].as<unsigned>();
    for (unsigned i = 0; i < count; ++i) out.push_back(json.call<std::string>("stringify", files[i]));
    return out;
  }();
  return {texts.begin(), texts.end()};
}

std::string_view embedded_catalog_blob() {
  static const std::string blob = [] {
    std::string bytes(sizer_blob_encode(), '\0');
    sizer_blob_copy(bytes.data());
    return bytes;
  }();
  return blob;
}

}  // namespace sizer
