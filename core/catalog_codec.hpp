// The built-in catalog's compact form. At build time core/cli/catalog_gen.cpp reads catalog/*.json through
// load_catalog_texts (the validator every imported catalog goes through) and writes the validated Catalog
// with encode_catalog; at start decode_catalog reads it back with no JSON parse, no key lookups and no
// JSON Pointer strings, so the values are the validator's by construction.
//
// The form is text, so it gzips well inside the single-file WASM module (binary data there is base64):
//   "gpu-sizer-catalog 1\n", the count of distinct strings, "\n", each string and "\n" (backslash and
//   newline escaped as \\ and \n), then one space-separated token per field in the order `fields()` in
//   catalog_codec.cpp visits them: strings as their index in that table, numbers in their shortest
//   round-trip decimal form, "~" for an absent optional, enums as their index, lists as a count then items;
//   a string's first use is "+" (the table is in first-use order). Then the offerings document's masks
//   (a count, then one per offering), a newline, and the rest of that document as JSON text (may be empty).
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "catalog.hpp"

namespace sizer {

// With `offerings_document` (the offerings file's JSON, whose list is the catalog's offerings in order) the
// form also holds what decode_offerings_document needs to give that JSON back exactly: per offering, which
// keys are rebuilt from the decoded Offering, and the JSON without them (what no struct field holds, such as
// price_dated). "" when the document's list does not match the catalog's.
std::string encode_catalog(const Catalog& catalog, const json* offerings_document = nullptr);

// The display name the catalog refresh writes for an offering (scripts/lib/refresh.js, displayName):
// "8× H100 SXM 80 GB · 192 vCPU · 2048 GiB RAM", host figures only when known. The compact form keeps only the
// names that differ from it.
std::string derived_display_name(const Offering& offering, const Gpu* gpu);

// The catalog the text holds, or nothing when it is not one encode_catalog wrote (another version, cut
// short, an index out of range). Its document is left empty: the caller says where it comes from.
std::optional<Catalog> decode_catalog(std::string_view text);

// The offerings document given to encode_catalog, as it was (nothing when none was given or it does not read).
std::optional<json> decode_offerings_document(std::string_view text);

// The offerings document's list, as dump_json((*decode_offerings_document(text))["offerings"]) writes it (keys in
// byte order), written from `catalog`, the catalog decode_catalog(text) gave, without decoding the text again or
// building the JSON document (the page asks for the offerings after its first result). Nothing when the text holds
// no offerings document for that catalog.
std::optional<std::string> offerings_list_text(const Catalog& catalog, std::string_view text);

}  // namespace sizer
