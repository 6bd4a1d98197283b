// The WASM module's bundled catalog. Instead of embedding the catalog bytes in the binary (the single-file
// module carries the binary deflated, as base64: scripts/wasm-embed.js), the build writes them into --pre-js files as
// JavaScript literals: Module.bundledCatalogBlob, the validated catalog in the compact form catalog_gen
// writes (core/catalog_codec.hpp, offerings.json's own JSON included), copied in once at the first
// evaluate; and Module.bundledCatalog, the JSON of gpus.json, providers.json and models.json, read only when
// the page asks for catalog().
#include <emscripten/emscripten.h>

#include <string>
#include <vector>

#include "../core/embedded_catalog.hpp"

// A text's UTF-8 bytes, written straight into the module's memory by the engine's TextEncoder: embind's
// std::string conversion walks the 240 KB blob in JavaScript, twice, before any of it is compiled. The JSON
// files go the same way (JSON.stringify first), without emscripten::val and its glue (smaller module).
EM_JS(size_t, sizer_blob_encode, (), {
  Module['bundledCatalogBytes'] = new TextEncoder().encode(Module['bundledCatalogBlob']);
  return Module['bundledCatalogBytes'].length;
});
EM_JS(size_t, sizer_file_count, (), { return Module['bundledCatalog'].length; });
EM_JS(size_t, sizer_file_encode, (size_t index), {
  Module['bundledCatalogBytes'] = new TextEncoder().encode(JSON.stringify(Module['bundledCatalog'][index]));
  return Module['bundledCatalogBytes'].length;
});
EM_JS(void, sizer_bytes_copy, (char* out), {
  HEAPU8.set(Module['bundledCatalogBytes'], out);
  Module['bundledCatalogBytes'] = null;
});

namespace sizer {
namespace {
std::string encoded(size_t size) {
  std::string bytes(size, '\0');
  sizer_bytes_copy(bytes.data());
  return bytes;
}
}  // namespace

std::vector<std::string_view> embedded_catalog_document_files() {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    const size_t count = sizer_file_count();
    for (size_t i = 0; i < count; ++i) out.push_back(encoded(sizer_file_encode(i)));
    return out;
  }();
  return {texts.begin(), texts.end()};
}

std::string_view embedded_catalog_blob() {
  static const std::string blob = encoded(sizer_blob_encode());
  return blob;
}

}  // namespace sizer
