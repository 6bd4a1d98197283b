// The vocabulary: every id list defined once, labelled in every shipped locale, accepted by the request.
#include <catch2/catch.hpp>

#include <set>

#include "support.hpp"
#include "messages.hpp"
#include "vocabulary.hpp"

using namespace sizer;

TEST_CASE("every vocabulary id is unique in its list and labelled in English and Arabic") {
  const auto lists = vocabulary_lists();
  std::set<std::string_view> names;
  for (const VocabularyList& list : lists) {
    CHECK(names.insert(list.name).second);
    REQUIRE_FALSE(list.ids.empty());
    std::set<std::string_view> seen;
    for (std::string_view id : list.ids) {
      CHECK(seen.insert(id).second);
      const std::string key = "vocab." + std::string(list.name) + "." + std::string(id);
      for (std::string_view locale : {"en", "ar"}) {
        INFO(key << " in " << locale);
        CHECK(has_message(*find_locale(locale), key));
      }
    }
  }
}

TEST_CASE("ids and enums convert both ways") {
  for (std::string_view id : Vocabulary<WeightFormatId>::ids) {
    const auto value = from_id<WeightFormatId>(id);
    REQUIRE(value);
    CHECK(id_of(*value) == id);
  }
  CHECK(id_of(EngineId::tensorrt_llm) == "tensorrt-llm");
  CHECK(id_of(ShardingId::auto_) == "auto");
  CHECK_FALSE(from_id<PricingId>("reserved-ish"));
}

TEST_CASE("vocabulary_json serves every list with both labels") {
  const json v = vocabulary_json();
  for (const VocabularyList& list : vocabulary_lists()) {
    const std::string name(list.name);
    REQUIRE(v.contains(name));
    REQUIRE(v[name].size() == list.ids.size());
    for (const auto& entry : v[name]) {
      CHECK(entry["label"]["en"].get<std::string>().rfind("vocab.", 0) == std::string::npos);
      CHECK(entry["label"]["ar"].get<std::string>().rfind("vocab.", 0) == std::string::npos);
    }
  }
  CHECK(v["weight_formats"][0]["id"] == "fp32");
}

TEST_CASE("the request accepts every id of its lists and rejects others") {
  for (std::string_view id : Vocabulary<WeightFormatId>::ids) {
    const json request = sizer_test::inference_request({{"params_b", 1.0}}, {{"weights", std::string(id)}}, "h100-sxm");
    const json response = sizer_test::evaluate(request);
    INFO(id << ": " << response.dump().substr(0, 300));
    CHECK(response["ok"] == true);
  }
  for (std::string_view id : Vocabulary<EngineId>::ids) {
    const json request = sizer_test::inference_request({{"params_b", 1.0}}, json::object(), "h100-sxm", 1, std::string(id));
    CHECK(sizer_test::evaluate(request)["ok"] == true);
  }
  const json bad = sizer_test::inference_request({{"params_b", 1.0}}, {{"weights", "fp7"}}, "h100-sxm");
  const json response = sizer_test::evaluate(bad);
  CHECK(response["ok"] == false);
  CHECK(response["errors"][0]["path"] == "/workload/weights");
}
