// Every input in tests/fuzz/regressions/ (crashes and invariant breaks found by fuzzing or review) must
// come back as JSON with ok true or false: request-* files through evaluate_text, catalog-* files through
// validate_catalog_text and, when valid, an evaluation against them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support.hpp"

using sizer::json;

namespace {

std::string regressions_dir() { return std::string(SIZER_FIXTURES_DIR) + "/../fuzz/regressions"; }

std::vector<std::filesystem::path> inputs(const std::string& prefix) {
  std::vector<std::filesystem::path> out;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(regressions_dir(), error)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.rfind(prefix, 0) == 0) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool answered(const json& r) { return r.is_object() && r.contains("ok") && r["ok"].is_boolean(); }

}  // namespace

TEST_CASE("regressions: every saved request input is answered with ok true or false", "[regression]") {
  const auto files = inputs("request-");
  INFO("folder: " << regressions_dir());
  CHECK_FALSE(files.empty());
  for (const auto& file : files) {
    INFO("input: " << file.filename().string());
    const json r = sizer::evaluate_text(sizer_test::read_text(file.string()), sizer_test::bundled());
    CHECK(answered(r));
    CHECK_NOTHROW(sizer::dump_json(r));
  }
}

TEST_CASE("regressions: every saved catalog input is validated, and evaluated when valid", "[regression]") {
  for (const auto& file : inputs("catalog-")) {
    INFO("input: " << file.filename().string());
    const std::string text = sizer_test::read_text(file.string());
    const json report = sizer::validate_catalog_text(text);
    REQUIRE(answered(report));
    if (!report["ok"].get<bool>()) continue;
    sizer::Issues errors, warnings;
    const sizer::Catalog catalog = sizer::load_catalog_texts({text}, errors, warnings);
    CHECK(errors.empty());
    const json request = {{"model", sizer_test::llama_8b()},
                          {"workload", {{"kind", "inference"}, {"prompt_tokens", 2000}, {"output_tokens", 500},
                                        {"concurrency", 16}}},
                          {"limit", 5}};
    CHECK(answered(sizer::evaluate_text(sizer::dump_json(request), catalog)));
  }
}
