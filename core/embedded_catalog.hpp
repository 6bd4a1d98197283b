// The bundled catalog, embedded at build time from catalog/*.json (CMake writes the definition), so no
// door fetches anything at run time.
#pragma once
#include <string_view>
#include <vector>

namespace sizer {

// The four bundled files' texts (gpus, providers, offerings, models), in that order.
std::vector<std::string_view> embedded_catalog_files();

}  // namespace sizer
