// The bundled catalog, embedded at build time from catalog/*.json (CMake writes the definitions), so no
// door fetches anything at run time.
#pragma once
#include <string_view>
#include <vector>

#include "catalog.hpp"

namespace sizer {

// The four bundled files' texts (gpus, providers, offerings, models), in that order, as JSON (pretty-printing
// and the free-text "notes" left out). Native builds only: the tests and benchmarks read them.
std::vector<std::string_view> embedded_catalog_files();

// The same but offerings.json (gpus, providers, models): with the offerings document that
// embedded_catalog_blob() carries, what the built-in catalog's document() is made of. Both doors.
std::vector<std::string_view> embedded_catalog_document_files();

// The catalog validated at build time by catalog_gen (core/cli/catalog_gen.cpp), in the compact form of
// core/catalog_codec.hpp. Both doors.
std::string_view embedded_catalog_blob();

// The built-in catalog every door evaluates against: decoded once from embedded_catalog_blob(), with no JSON
// parse; its document() is made on first use.
const Catalog& builtin_catalog();

// builtin_catalog()'s values, decoded anew (the tests and the benchmarks compare and time it).
std::optional<Catalog> decode_builtin_catalog();

}  // namespace sizer
