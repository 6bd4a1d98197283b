// The shared golden fixtures (tests/fixtures/golden.json): the same checks run here, natively and in
// WASM, and in tests/js/contract.test.js against the CLI and the JS module.
#include <catch2/catch.hpp>

#include <set>

#include "support.hpp"

using sizer::json;

namespace {

const json* resolve(const json& root, const std::string& dotted) {
  const json* node = &root;
  size_t start = 0;
  while (start <= dotted.size()) {
    const size_t dot = dotted.find('.', start);
    const std::string token = dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (node->is_array()) {
      const size_t index = static_cast<size_t>(std::stoul(token));
      if (index >= node->size()) return nullptr;
      node = &(*node)[index];
    } else if (node->is_object() && node->contains(token)) {
      node = &(*node)[token];
    } else {
      return nullptr;
    }
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return node;
}

}  // namespace

TEST_CASE("golden fixtures: every door's shared expectations hold", "[golden]") {
  const std::string text = sizer_test::read_text(std::string(SIZER_FIXTURES_DIR) + "/golden.json");
  sizer::Issues errors;
  auto fixtures = sizer::parse_json_text(text, errors);
  REQUIRE(fixtures.has_value());
  const json& cases = (*fixtures)["cases"];
  REQUIRE(cases.size() >= 6);
  for (const auto& c : cases) {
    const std::string name = c["name"].get<std::string>();
    SECTION(name) {
      const json response = sizer_test::evaluate(c["request"]);
      for (const auto& check : c["checks"]) {
        const std::string path = check["path"].get<std::string>();
        INFO(name << " " << path);
        const json* value = resolve(response, path);
        REQUIRE(value != nullptr);
        if (check.contains("equals")) {
          CHECK(*value == check["equals"]);
        } else if (check.contains("approx")) {
          REQUIRE(value->is_number());
          CHECK(value->get<double>() ==
                Approx(check["approx"].get<double>()).epsilon(check["rel"].get<double>()));
        } else if (check.contains("includes")) {
          REQUIRE(value->is_array());
          bool found = false;
          for (const auto& item : *value) found = found || item == check["includes"];
          CHECK(found);
        } else if (check.contains("paths_include")) {
          REQUIRE(value->is_array());
          std::set<std::string> paths;
          for (const auto& item : *value) paths.insert(item["path"].get<std::string>());
          for (const auto& wanted : check["paths_include"]) CHECK(paths.count(wanted.get<std::string>()) == 1);
        } else {
          FAIL("check without a kind");
        }
      }
    }
  }
}
