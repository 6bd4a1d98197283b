// Response → JSON (CONTRACT.md field names), and the one entry point every door calls with text.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "evaluate.hpp"

namespace sizer {

json response_to_json(const Response& response);
// The same as text, exactly as dump_json(response_to_json(response)) writes it, without building the options
// as JSON values (the doors that return text use this). Without `table_values`, a table response's
// `table` leaves out its `values` (the WASM door hands them over as doubles: wasm/post.js).
std::string response_to_text(const Response& response, bool table_values = true);

// Parses request text, evaluates it against `catalog` and returns the response JSON. Never fails:
// malformed input becomes { "ok": false, "errors": [...] }.
json evaluate_text(std::string_view request_text, const Catalog& catalog);
// The same, as the text dump_json would write (the fast path of the WASM door and the bench). With
// `table_values`, a table response's values (column-major, NaN where absent: OptionTable) are moved there and
// left out of the text.
std::string evaluate_to_text(std::string_view request_text, const Catalog& catalog,
                             std::vector<double>* table_values = nullptr);

// Validates catalog text (a merged document); { "ok", "errors", "warnings", "counts" }.
json validate_catalog_text(std::string_view catalog_text);

// Every id list of the vocabulary (core/vocabulary.hpp) with its labels in every shipped locale:
// { "<list>": [ { "id", "label": { "en", "ar" } } ] }.
json vocabulary_json();

// Issues as [{code, path, message}].
json issues_to_json(const Issues& issues);

}  // namespace sizer

namespace sizer {

// Parses and merges catalog texts (each a JSON document) into one validated catalog.
Catalog load_catalog_texts(const std::vector<std::string_view>& texts, Issues& errors, Issues& warnings);

}  // namespace sizer
