// The bundled catalog, embedded at build time from catalog/*.json (CMake writes the definitions), so no
// door fetches anything at run time.
#pragma once
#include <string_view>
#include <vector>

#include "catalog.hpp"

namespace sizer {

// The four bundled files' texts (gpus, providers, offerings, models), in that order, as JSON (pretty-printing
// and the free-text "notes" left out): what the built-in catalog's document() is parsed from.
std::vector<std::string_view> embedded_catalog_files();

// The same catalog validated at build time by catalog_gen (core/cli/catalog_gen.cpp), in the compact form of
// core/catalog_codec.hpp.
std::string_view embedded_catalog_blob();

// The built-in catalog every door evaluates against: decoded once from embedded_catalog_blob(), with no JSON
// parse; its document() parses embedded_catalog_files() on first use. Should the blob not decode (a build
// that mixed generated files), it is loaded from the JSON texts instead, with the same values.
const Catalog& builtin_catalog();

// builtin_catalog()'s values, decoded anew (the tests and the benchmarks time and compare it).
std::optional<Catalog> decode_builtin_catalog();

}  // namespace sizer
