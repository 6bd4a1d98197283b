// Bad input is an error with a way out (issue 30): a misspelt field inside the request's objects is an error
// naming the nearest valid field; an unknown model or GPU id suggests the nearest; a filter that leaves nothing
// says which filter and how much it excluded, and the guidance says the same. English and Arabic.
#include <catch2/catch.hpp>

#include <string>

#include "json_read.hpp"
#include "support.hpp"

using sizer::json;

namespace {

const json* find_issue(const json& list, const std::string& code, const std::string& path) {
  for (const json& i : list) {
    if (i["code"] == code && i["path"] == path) return &i;
  }
  return nullptr;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("nearest_name: slips of the keyboard, not distant names", "[request][nearest]") {
  const std::vector<std::string_view> fields = {"concurrency", "max_ttft_s", "min_output_tokens_per_s_per_user", "weights"};
  CHECK(sizer::nearest_name("concurency", fields) == std::optional<std::string>("concurrency"));
  CHECK(sizer::nearest_name("max_ttft", fields) == std::optional<std::string>("max_ttft_s"));
  CHECK(sizer::nearest_name("wieghts", fields) == std::optional<std::string>("weights"));  // a swap
  // A name that a known one completes is nearer than one edit to another ("80gb" is not a slip for "40gb"); of
  // several completions, the shortest.
  const std::vector<std::string_view> gpus = {"a100-40gb", "a100-80gb-sxm-long", "a100-80gb-sxm", "h100-sxm"};
  CHECK(sizer::nearest_name("a100-80gb", gpus) == std::optional<std::string>("a100-80gb-sxm"));
  CHECK(sizer::nearest_name("A100-80GB", gpus) == std::optional<std::string>("a100-80gb-sxm"));
  CHECK(sizer::nearest_name("a100-40g", gpus) == std::optional<std::string>("a100-40gb"));
  CHECK_FALSE(sizer::nearest_name("turbo", fields).has_value());
  CHECK_FALSE(sizer::nearest_name("", fields).has_value());
}

TEST_CASE("a misspelt field inside an object is an error naming the nearest field, EN and AR", "[request][nearest]") {
  for (const char* locale : {"en", "ar"}) {
    const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                         {"workload", {{"kind", "inference"}, {"concurency", 64}, {"max_ttft", 1}}},
                                         {"filters", {{"max_gpu", 2}}},
                                         {"locale", locale}});
    INFO(r.dump());
    CHECK(r["ok"] == false);
    const json* a = find_issue(r["errors"], "unknown_field", "/workload/concurency");
    const json* b = find_issue(r["errors"], "unknown_field", "/workload/max_ttft");
    const json* c = find_issue(r["errors"], "unknown_field", "/filters/max_gpu");
    REQUIRE(a != nullptr);
    REQUIRE(b != nullptr);
    REQUIRE(c != nullptr);
    CHECK(contains((*a)["message"], "concurrency"));
    CHECK(contains((*b)["message"], "max_ttft_s"));
    CHECK(contains((*c)["message"], "max_gpus"));
    if (std::string(locale) == "ar") CHECK(contains((*a)["message"], "هل تقصد"));
  }
  // Nothing near: the message lists the fields.
  const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"turbo", true}}}});
  const json* t = find_issue(r["errors"], "unknown_field", "/workload/turbo");
  REQUIRE(t != nullptr);
  CHECK(contains((*t)["message"], "prompt_tokens"));
}

TEST_CASE("an unknown model or GPU id suggests the nearest", "[request][nearest]") {
  const json m = sizer_test::evaluate({{"model", "llama-3.1-8"}, {"workload", {{"kind", "inference"}}}});
  const json* e = find_issue(m["errors"], "unknown_model", "/model");
  REQUIRE(e != nullptr);
  CHECK(contains((*e)["message"], "llama-3.1-8b"));
  const json g = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}},
                                       {"hardware", {{"gpu", "h100-sxn"}}}, {"locale", "ar"}});
  const json* h = find_issue(g["errors"], "unknown_gpu", "/hardware/gpu");
  REQUIRE(h != nullptr);
  CHECK(contains((*h)["message"], "h100-sxm"));
  // The bundled catalog's A100 80GB for a shortened id, not the 40 GB card one digit away.
  const json a = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}},
                                       {"hardware", {{"gpu", "a100-80gb"}}}});
  const json* a100 = find_issue(a["errors"], "unknown_gpu", "/hardware/gpu");
  REQUIRE(a100 != nullptr);
  CHECK(contains((*a100)["message"], "a100-80gb-"));
  CHECK_FALSE(contains((*a100)["message"], "a100-40gb"));
  // Far from every id: no suggestion, the plain message.
  const json far = sizer_test::evaluate({{"model", "zzzzzzzzzzzzzzzzzzzz"}, {"workload", {{"kind", "inference"}}}});
  const json* f = find_issue(far["errors"], "unknown_model", "/model");
  REQUIRE(f != nullptr);
  CHECK_FALSE(contains((*f)["message"], "did you mean"));
}

TEST_CASE("a filter that leaves nothing says which filter and what it excluded; the guidance says the same",
          "[request][filters]") {
  // Lambda lists no marketplace offering: the tiers filter excludes all of Lambda's.
  for (const char* locale : {"en", "ar"}) {
    const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                         {"workload", {{"kind", "inference"}}},
                                         {"filters", {{"providers", {"lambda"}}, {"tiers", {"marketplace"}}}},
                                         {"locale", locale}});
    REQUIRE(r["ok"] == true);
    CHECK(r["options"].empty());
    const json* w = find_issue(r["warnings"], "filter_excludes_all", "/filters/tiers");
    REQUIRE(w != nullptr);
    CHECK(contains((*w)["message"], "tiers"));
    size_t lambda = 0;
    for (const sizer::Offering& o : sizer_test::bundled().offerings) lambda += o.provider == "lambda" ? 1 : 0;
    CHECK(contains((*w)["message"], std::to_string(lambda)));
    REQUIRE_FALSE(r["guidance"].empty());
    for (const json& g : r["guidance"]) {
      INFO(g.dump());
      CHECK(contains(g["answer"], "tiers"));
      CHECK(contains(g["answer"], std::to_string(lambda)));
    }
  }
  // A price cap below every offering: the price filter is named.
  const json cheap = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}},
                                           {"filters", {{"max_usd_per_hour", 0.001}}}});
  REQUIRE(cheap["ok"] == true);
  CHECK(find_issue(cheap["warnings"], "filter_excludes_all", "/filters/max_usd_per_hour") != nullptr);
  // Filters that leave something: no such warning.
  const json some = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}},
                                          {"filters", {{"providers", {"lambda"}}}}});
  for (const json& w : some["warnings"]) CHECK(w["code"] != "filter_excludes_all");
}
