// libFuzzer target: bytes as request text → sizer::evaluate_text against the embedded catalog.
// Whatever the bytes, the core must answer { ok, errors, warnings, ... } without crashing, aborting,
// hanging or leaking, and keep the response's promises (fuzz_common.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "embedded_catalog.hpp"
#include "fuzz_common.hpp"
#include "json_io.hpp"

namespace {
const sizer::Catalog& bundled() {
  static const sizer::Catalog catalog = [] {
    sizer::Issues errors, warnings;
    sizer::Catalog loaded = sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
    if (!errors.empty()) sizer_fuzz::fail("the embedded catalog does not validate");
    return loaded;
  }();
  return catalog;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sizer_fuzz::check_response(sizer::evaluate_text(text, bundled()));
  return 0;
}
