// The built-in catalog: decoded from the form catalog_gen wrote at build time (no JSON at start).
#include "catalog_codec.hpp"
#include "embedded_catalog.hpp"
#include "json_io.hpp"

namespace sizer {
namespace {

// The document the page's catalog() and `gpu-sizer catalog` print: the bundled files merged, as before the
// built-in catalog had a compact form; the offerings file's JSON comes back from that form.
json builtin_document() {
  const std::vector<std::string_view> texts = embedded_catalog_document_files();  // gpus, providers, models
  std::vector<json> documents;
  Issues errors;
  for (size_t i = 0; i < texts.size(); ++i) {
    if (i == 2) {
      if (std::optional<json> offerings = decode_offerings_document(embedded_catalog_blob())) documents.push_back(std::move(*offerings));
    }
    if (std::optional<json> document = parse_json_text(texts[i], errors, 64u << 20)) documents.push_back(std::move(*document));
  }
  return merge_catalog_documents(std::move(documents));
}

}  // namespace

std::optional<Catalog> decode_builtin_catalog() {
  std::optional<Catalog> catalog = decode_catalog(embedded_catalog_blob());
  if (catalog) catalog->document_source = std::make_shared<CatalogDocument>(CatalogDocument{std::nullopt, builtin_document});
  return catalog;
}

// A form that does not decode cannot come out of one build (catalog_gen checks its own output, and the
// tests decode it natively and in WASM); an empty catalog then answers with no options rather than a crash.
const Catalog& builtin_catalog() {
  static const Catalog catalog = decode_builtin_catalog().value_or(Catalog{});
  return catalog;
}

}  // namespace sizer
