// The one Embind translation unit: text in, text out. wasm/post.js turns the texts into plain JS
// objects, so nothing that crosses needs .delete().
#include <emscripten/bind.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../core/catalog_codec.hpp"
#include "../core/embedded_catalog.hpp"
#include "../core/json_io.hpp"
#include "../core/json_text.hpp"

namespace {

// The built-in catalog, decoded from its compact form (no JSON parse at start; core/catalog_codec.hpp).
const sizer::Catalog& bundled_catalog() { return sizer::builtin_catalog(); }

// The page re-sends an imported catalog with every evaluation; parse it once per distinct text.
struct ImportedCatalog {
  std::string text;
  sizer::Catalog catalog;
  sizer::Issues errors;
};

std::optional<ImportedCatalog>& imported_cache() {
  static std::optional<ImportedCatalog> cache;
  return cache;
}

const ImportedCatalog& imported_catalog(const std::string& text) {
  std::optional<ImportedCatalog>& cache = imported_cache();
  if (!cache || cache->text != text) {
    ImportedCatalog fresh;
    fresh.text = text;
    sizer::Issues warnings;
    fresh.catalog = sizer::load_catalog_texts({text}, fresh.errors, warnings);
    cache = std::move(fresh);
  }
  return *cache;
}

// A table response's values (detail "table"), held beside its text: post.js reads them as the doubles they are.
std::vector<double>& held_table() {
  static std::vector<double> held;
  return held;
}
uintptr_t held_table_data() { return reinterpret_cast<uintptr_t>(held_table().data()); }
size_t held_table_size() { return held_table().size(); }

std::string evaluate_with(const std::string& request, const ImportedCatalog* imported) {
  held_table().clear();
  if (imported == nullptr) return sizer::evaluate_to_text(request, bundled_catalog(), &held_table());
  if (!imported->errors.empty()) {
    sizer::json out = {{"ok", false}, {"errors", sizer::issues_to_json(imported->errors)}, {"warnings", sizer::json::array()}};
    for (auto& error : out["errors"]) error["path"] = "/catalog" + error["path"].get<std::string>();
    return sizer::dump_json(out);
  }
  return sizer::evaluate_to_text(request, imported->catalog, &held_table());
}

// The last text handed to JavaScript by address and length (post.js decodes those bytes of the heap with the
// engine's TextDecoder before the next call): no embind string conversion, no emscripten::val glue.
std::string& held_text() {
  static std::string held;
  return held;
}
uintptr_t held_text_data() { return reinterpret_cast<uintptr_t>(held_text().data()); }
size_t held_text_size() { return held_text().size(); }
// Every text handed to JavaScript goes through here: held, and written all-ASCII (core/json_text.hpp
// escape_non_ascii: the engine then decodes it by copying).
void hold(std::string text) {
  held_text() = std::move(text);
  sizer::escape_non_ascii(held_text());
}

// evaluate_with into held_text(), the catalog sent before (set_imported_catalog) instead of with each call.
void evaluate_held(const std::string& request, bool imported) {
  const ImportedCatalog* catalog = imported && imported_cache() ? &*imported_cache() : nullptr;
  hold(evaluate_with(request, catalog));
}

void set_imported_catalog(const std::string& text) { imported_catalog(text); }

std::string catalog_as_of() { return bundled_catalog().as_of; }

// The bundled offerings' JSON list into held_text(), written from the decoded catalog (no JSON document: a
// fraction of catalog_json's time); the document's list should the compact form not hold it.
void offerings_held() {
  std::optional<std::string> text = sizer::offerings_list_text(bundled_catalog(), sizer::embedded_catalog_blob());
  if (!text) {
    const sizer::json& document = bundled_catalog().document();
    text = document.contains("offerings") ? sizer::dump_json(document["offerings"]) : "[]";
  }
  hold(std::move(*text));
}

void vocabulary_held() { hold(sizer::dump_json(sizer::vocabulary_json())); }

void validate_catalog_held(const std::string& text) { hold(sizer::dump_json(sizer::validate_catalog_text(text))); }

}  // namespace

EMSCRIPTEN_BINDINGS(gpu_sizer) {
  emscripten::function("_evaluateHeld", &evaluate_held);
  emscripten::function("_heldData", &held_text_data);
  emscripten::function("_heldSize", &held_text_size);
  emscripten::function("_heldTableData", &held_table_data);
  emscripten::function("_heldTableSize", &held_table_size);
  emscripten::function("_setImportedCatalog", &set_imported_catalog);
  emscripten::function("_catalogAsOf", &catalog_as_of);
  emscripten::function("_offeringsHeld", &offerings_held);
  emscripten::function("_validateCatalogHeld", &validate_catalog_held);
  emscripten::function("_vocabularyHeld", &vocabulary_held);
}
