// The bundled catalog is valid; broken catalogs are rejected with every problem and its path.
#include <catch2/catch.hpp>

#include <set>

#include "support.hpp"

using sizer::json;

namespace {
json validate(const json& catalog) { return sizer::validate_catalog_text(sizer::dump_json(catalog)); }

json good_gpu(const std::string& id) {
  return {{"id", id}, {"name", id}, {"vram_gib", 80}, {"memory_bandwidth_gbs", 3350},
          {"tflops", {{"bf16", 989.5}, {"fp8", 1979}}}, {"interconnect", {{"kind", "nvlink"}, {"bandwidth_gbs", 900}}},
          {"source", "datasheet"}, {"as_of", "2026-11-30"}};
}
json good_provider(const std::string& id) {
  return {{"id", id}, {"name", id}, {"billing", {{"granularity_s", 1}, {"minimum_s", 60}}}, {"source", "docs"},
          {"as_of", "2026-11-30"}};
}
json good_offering(const std::string& id, const std::string& gpu) {
  return {{"id", id}, {"provider", "p"}, {"instance", id}, {"gpu", gpu}, {"gpus", 8}, {"usd_per_hour", 20.0},
          {"spot_usd_per_hour", 10.0}, {"interconnect", "nvlink"}, {"source", "list"}, {"as_of", "2026-11-30"}};
}
std::set<std::string> error_paths(const json& result) {
  std::set<std::string> out;
  for (const auto& e : result["errors"]) out.insert(e["path"].get<std::string>());
  return out;
}
}  // namespace

TEST_CASE("the bundled catalog parses without a problem", "[catalog]") {
  sizer::Issues errors, warnings;
  const sizer::Catalog catalog = sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
  for (const auto& e : errors) INFO(e.path << ": " << e.message);
  CHECK(errors.empty());
  CHECK_FALSE(catalog.gpus.empty());
  CHECK_FALSE(catalog.offerings.empty());
  CHECK_FALSE(catalog.models.empty());
  CHECK(catalog.find_gpu("h100-sxm") != nullptr);
}

TEST_CASE("a small valid catalog validates", "[catalog]") {
  const json catalog = {{"gpus", {good_gpu("g")}}, {"providers", {good_provider("p")}},
                        {"offerings", {good_offering("p/a", "g")}}};
  const json result = validate(catalog);
  CHECK(result["ok"] == true);
  CHECK(result["counts"]["offerings"] == 1);
}

TEST_CASE("every problem in a broken catalog is listed with its path", "[catalog]") {
  json bad_price = good_offering("p/b", "g");
  bad_price["usd_per_hour"] = -3;
  json spot_high = good_offering("p/c", "g");
  spot_high["spot_usd_per_hour"] = 40;
  json no_source = good_gpu("h");
  no_source.erase("source");
  json bad_date = good_provider("q");
  bad_date["as_of"] = "yesterday";
  json bad_billing = good_provider("r");
  bad_billing["billing"]["granularity_s"] = 7;
  json bad_spec = good_gpu("i");
  bad_spec["memory_bandwidth_gbs"] = "fast";
  json huge_spec = good_gpu("j");
  huge_spec["tflops"]["bf16"] = 1e308;
  const json catalog = {
      {"gpus", {good_gpu("g"), good_gpu("g"), no_source, bad_spec, huge_spec}},
      {"providers", {good_provider("p"), bad_date, bad_billing}},
      {"offerings", {good_offering("p/a", "nope"), bad_price, spot_high, good_offering("p/a", "g")}}};
  const json result = validate(catalog);
  REQUIRE(result["ok"] == false);
  const auto p = error_paths(result);
  for (const char* expected :
       {"/gpus/1/id", "/gpus/2/source", "/gpus/3/memory_bandwidth_gbs", "/gpus/4/tflops/bf16", "/providers/1/as_of",
        "/providers/2/billing/granularity_s", "/offerings/0/gpu", "/offerings/1/usd_per_hour",
        "/offerings/2/spot_usd_per_hour", "/offerings/3/id"}) {
    INFO(expected);
    CHECK(p.count(expected) == 1);
  }
}

TEST_CASE("hostile catalog values are data, never a crash", "[catalog]") {
  for (const std::string text : {"[]", "{\"gpus\": 3}", "{\"gpus\": [1, null, \"x\"]}", "{\"offerings\": [{}]}",
                                 "{\"gpus\": [{\"tflops\": {\"bf16\": -1}}]}"}) {
    INFO(text);
    const json result = sizer::validate_catalog_text(text);
    CHECK(result["ok"] == false);
  }
  json named = good_gpu("g");
  named["name"] = "<img src=x onerror=alert(1)>";
  const json result = validate({{"gpus", {named}}});
  CHECK(result["ok"] == true);
}

TEST_CASE("absurd prices in an imported catalog are flagged, not silently used", "[catalog]") {
  for (const double price : {99999.0, 1e-9}) {
    json offering = good_offering("p/x", "g");
    offering["gpus"] = 1;
    offering["usd_per_hour"] = price;
    offering.erase("spot_usd_per_hour");
    const json result = validate({{"gpus", {good_gpu("g")}}, {"providers", {good_provider("p")}}, {"offerings", {offering}}});
    INFO(price);
    CHECK(result["ok"] == true);  // a plausibility warning, not a rejection
    bool warned = false;
    for (const auto& w : result["warnings"]) {
      warned = warned || (w["code"] == "implausible_price" && w["path"] == "/offerings/0/usd_per_hour");
    }
    CHECK(warned);
  }
}
