// The one Embind translation unit: text in, text out. wasm/post.js turns the texts into plain JS
// objects, so nothing that crosses needs .delete().
#include <emscripten/bind.h>

#include <optional>
#include <string>

#include "../core/embedded_catalog.hpp"
#include "../core/json_io.hpp"

namespace {

// The built-in catalog, decoded from its compact form (no JSON parse at start; core/catalog_codec.hpp).
const sizer::Catalog& bundled_catalog() { return sizer::builtin_catalog(); }

// The page re-sends an imported catalog with every evaluation; parse it once per distinct text.
struct ImportedCatalog {
  std::string text;
  sizer::Catalog catalog;
  sizer::Issues errors;
};

const ImportedCatalog& imported_catalog(const std::string& text) {
  static std::optional<ImportedCatalog> cache;
  if (!cache || cache->text != text) {
    ImportedCatalog fresh;
    fresh.text = text;
    sizer::Issues warnings;
    fresh.catalog = sizer::load_catalog_texts({text}, fresh.errors, warnings);
    cache = std::move(fresh);
  }
  return *cache;
}

std::string evaluate_json(const std::string& request, const std::string& catalog_text) {
  if (catalog_text.empty()) return sizer::evaluate_to_text(request, bundled_catalog());
  const ImportedCatalog& imported = imported_catalog(catalog_text);
  if (!imported.errors.empty()) {
    sizer::json out = {{"ok", false}, {"errors", sizer::issues_to_json(imported.errors)}, {"warnings", sizer::json::array()}};
    for (auto& error : out["errors"]) error["path"] = "/catalog" + error["path"].get<std::string>();
    return sizer::dump_json(out);
  }
  return sizer::evaluate_to_text(request, imported.catalog);
}

std::string catalog_json() { return sizer::dump_json(bundled_catalog().document()); }

std::string vocabulary_json() { return sizer::dump_json(sizer::vocabulary_json()); }

std::string validate_catalog_json(const std::string& text) { return sizer::dump_json(sizer::validate_catalog_text(text)); }

}  // namespace

EMSCRIPTEN_BINDINGS(gpu_sizer) {
  emscripten::function("_evaluateJson", &evaluate_json);
  emscripten::function("_catalogJson", &catalog_json);
  emscripten::function("_validateCatalogJson", &validate_catalog_json);
  emscripten::function("_vocabularyJson", &vocabulary_json);
}
