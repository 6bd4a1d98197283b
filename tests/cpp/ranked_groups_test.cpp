// A ranked evaluate with a limit weighs the offerings group by group (core/evaluate.cpp rank_by_groups, catalog.hpp
// OfferingGroup): its options must be the first ones of the same request with every option returned, which weighs
// every offering (issue 33: the catalog will grow, and a ranked evaluate must not grow with it).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "price_doubt.hpp"
#include "support.hpp"

namespace {

using sizer::json;

const json kInference = {{"kind", "inference"}, {"weights", "fp8"}, {"kv_cache", "fp16"}, {"prompt_tokens", 2000},
                         {"output_tokens", 500}, {"concurrency", 16}};

std::vector<json> requests() {
  return {
      {{"model", sizer_test::llama_70b()}, {"workload", kInference}, {"engine", "vllm"}},
      {{"model", sizer_test::llama_8b()}, {"workload", {{"kind", "inference"}, {"concurrency", 1}}}, {"order", "cheapest_per_hour"}},
      {{"model", sizer_test::llama_8b()}, {"workload", {{"kind", "inference"}, {"concurrency", 4}}}, {"order", "fastest"}},
      {{"model", sizer_test::llama_70b()}, {"workload", kInference}, {"filters", {{"max_usd_per_hour", 20}}}},
      {{"model", sizer_test::llama_70b()}, {"workload", kInference}, {"filters", {{"pricing", "spot"}}}},
      {{"model", sizer_test::llama_70b()}, {"workload", kInference}, {"filters", {{"tiers", {"gpu_cloud"}}, {"max_gpus", 4}}}},
      {{"model", sizer_test::llama_70b()},
       {"workload", {{"kind", "inference"}, {"concurrency", 16}, {"min_output_tokens_per_s_per_user", 30}, {"max_ttft_s", 2}}}},
      {{"model", sizer_test::llama_70b()}, {"workload", {{"kind", "inference"}, {"batch_tokens", 1e8}, {"batch_requests", 1e5}}}},
      {{"model", sizer_test::llama_8b()}, {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"tokens", 1e8}}}},
      {{"model", sizer_test::llama_8b()}, {"workload", {{"kind", "pretrain"}, {"tokens", 1e10}}}},
      // A run over a day: also priced at published term prices (pricing "reserved"), which the groups do not key.
      {{"model", sizer_test::llama_8b()}, {"workload", {{"kind", "pretrain"}, {"tokens", 1.2e11}}}},
      {{"model", "sdxl-base-1.0"}, {"workload", {{"kind", "image"}, {"images", 1000}}}},
      {{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}}}},
  };
}

// The request at `limit`, and with every option, against `catalog`: the options of the first are the first of the second.
void check_limited_matches_every_option(const json& request, const sizer::Catalog& catalog, int limit) {
  json limited = request;
  limited["limit"] = limit;
  limited["detail"] = "figures";  // every figure, without the sentences (the same options; the test runs faster)
  json every = limited;
  every["limit"] = 10000;
  const json a = sizer::evaluate_text(limited.dump(), catalog);
  const json b = sizer::evaluate_text(every.dump(), catalog);
  INFO(request.dump());
  REQUIRE(a.at("ok") == true);
  REQUIRE(b.at("ok") == true);
  CHECK(a.at("options_evaluated") == b.at("options_evaluated"));
  REQUIRE(a.at("options").size() == std::min<size_t>(static_cast<size_t>(limit), b.at("options").size()));
  for (size_t i = 0; i < a.at("options").size(); ++i) {
    INFO("option " << i);
    CHECK(a["options"][i] == b["options"][i]);
  }
}

// The bundled offerings and `copies` more of each, at the same prices (ties the ranking breaks by position) or
// 1% dearer each, appended after them (every region of an instance).
sizer::Catalog grown(int copies, bool same_price) {
  sizer::Catalog c = sizer_test::bundled();
  const std::vector<sizer::Offering> base = c.offerings;
  for (int k = 1; k <= copies; ++k) {
    for (sizer::Offering o : base) {
      o.id += "#" + std::to_string(k);
      o.region += "-" + std::to_string(k);
      const double scale = same_price ? 1.0 : 1.0 + 0.01 * k;
      if (o.usd_per_hour) *o.usd_per_hour *= scale;
      if (o.spot_usd_per_hour) *o.spot_usd_per_hour *= scale;
      c.offerings.push_back(std::move(o));
    }
  }
  sizer::mark_doubtful_prices(c);  // the credible prices and the offering index, as a read catalog has them
  return c;
}

}  // namespace

TEST_CASE("a limited ranking over the bundled catalog is the top of the full one", "[ranked_groups]") {
  // The bundled catalog (1.5 members a group: every offering is keyed) and its offerings twice (3 a group: the merge).
  const sizer::Catalog doubled = grown(1, false);
  for (const sizer::Catalog* catalog : {&sizer_test::bundled(), &doubled}) {
    REQUIRE(catalog->offering_index);
    // Groups are fewer than offerings (several rows of one instance kind, regions).
    CHECK(catalog->offering_index->groups.size() < catalog->offerings.size());
    for (const json& request : requests()) {
      for (const int limit : {1, 5, 20}) check_limited_matches_every_option(request, *catalog, limit);
    }
  }
}

TEST_CASE("a grown catalog: equal and rising prices within a group keep the full ranking's order", "[ranked_groups]") {
  for (const bool same_price : {true, false}) {
    const sizer::Catalog catalog = grown(2, same_price);
    INFO((same_price ? "same prices" : "1% dearer copies"));
    REQUIRE(catalog.offering_index);
    CHECK(catalog.offering_index->groups.size() == sizer_test::bundled().offering_index->groups.size());
    for (const json& request : {requests()[0], requests()[3], requests()[8], requests()[10]}) {
      check_limited_matches_every_option(request, catalog, 20);
    }
  }
}

TEST_CASE("an index built for other offerings is not used", "[ranked_groups]") {
  sizer::Catalog catalog = sizer_test::bundled();
  catalog.offerings.resize(catalog.offerings.size() / 2);  // edited after reading, without mark_doubtful_prices
  REQUIRE(catalog.offering_index->offerings != catalog.offerings.size());
  const json a = sizer::evaluate_text(json({{"model", sizer_test::llama_70b()}, {"workload", kInference}, {"limit", 3}}).dump(), catalog);
  REQUIRE(a.at("ok") == true);
  // Every option names an offering of the edited catalog.
  for (const json& o : a.at("options")) {
    bool found = false;
    for (const sizer::Offering& x : catalog.offerings) found = found || x.id == o.at("offering_id");
    CHECK(found);
  }
}

// The ranking keeps the class, the target margin and the judgement of offerings alike (KeyMaker::Context in
// core/evaluate.cpp) instead of judging each again; each returned option is judged afresh (materialise). On a
// catalog that lists every instance three times, the order of the options returned must agree with their own
// classes and margins: a kept judgement that belonged to another offering would put a class or a margin out of order.
TEST_CASE("options kept judged alike rank in the order of their own classes and margins", "[ranked_groups]") {
  const sizer::Catalog catalog = grown(2, false);
  auto klass_rank = [](const json& o) {
    const std::string k = o.at("eligibility").at("class").get<std::string>();
    return k == "eligible" || k == "asked" ? 0 : k == "outside_rules" ? 1 : 2;
  };
  size_t compared = 0;
  for (json request : requests()) {
    if (request.contains("order")) continue;  // "best": the classes and margins rank first
    request["limit"] = 10000;
    request["detail"] = "figures";
    const json r = sizer::evaluate_text(request.dump(), catalog);
    INFO(request.dump());
    REQUIRE(r.at("ok") == true);
    const json& options = r.at("options");
    for (size_t i = 1; i < options.size(); ++i) {
      const json& a = options[i - 1];
      const json& b = options[i];
      INFO("options " << i - 1 << " and " << i << ": " << a.at("offering_id") << " then " << b.at("offering_id"));
      // The fit groups first (fits and meets targets, fits, does not fit).
      auto group = [](const json& o) { return o.at("fits") == true ? (o.at("meets_targets") == true ? 0 : 1) : 2; };
      REQUIRE(group(a) <= group(b));
      if (group(a) != group(b) || a.at("fits") != true) continue;
      REQUIRE(a.contains("eligibility"));
      REQUIRE(b.contains("eligibility"));
      CHECK(klass_rank(a) <= klass_rank(b));
      ++compared;
      // Within one class of options meeting their targets, those meeting them at the low end of their range first.
      if (klass_rank(a) == klass_rank(b) && group(a) == 0 && a.contains("target_margin") && b.contains("target_margin")) {
        CHECK((a.at("target_margin").get<double>() >= 1.0 || b.at("target_margin").get<double>() < 1.0));
      }
    }
  }
  CHECK(compared > 1000);  // the check ran over many neighbouring options, not none
}
