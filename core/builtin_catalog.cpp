// The built-in catalog: decoded from the form catalog_gen wrote at build time (no JSON at start).
#include "catalog_codec.hpp"
#include "embedded_catalog.hpp"
#include "json_io.hpp"

namespace sizer {
namespace {

// The document the page's catalog() and `gpu-sizer catalog` print: the bundled files merged, as before the
// built-in catalog had a compact form.
json builtin_document() {
  std::vector<json> documents;
  Issues errors;
  for (std::string_view text : embedded_catalog_files()) {
    if (std::optional<json> document = parse_json_text(text, errors, 64u << 20)) documents.push_back(std::move(*document));
  }
  return merge_catalog_documents(std::move(documents));
}

}  // namespace

std::optional<Catalog> decode_builtin_catalog() {
  std::optional<Catalog> catalog = decode_catalog(embedded_catalog_blob());
  if (catalog) catalog->document_source = std::make_shared<CatalogDocument>(CatalogDocument{std::nullopt, builtin_document});
  return catalog;
}

const Catalog& builtin_catalog() {
  static const Catalog catalog = [] {
    if (std::optional<Catalog> decoded = decode_builtin_catalog()) return std::move(*decoded);
    Issues errors, warnings;
    return load_catalog_texts(embedded_catalog_files(), errors, warnings);
  }();
  return catalog;
}

}  // namespace sizer
