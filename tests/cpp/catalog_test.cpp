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
bool has_issue(const json& list, const std::string& code, const std::string& path) {
  for (const auto& e : list) {
    if (e["code"] == code && e["path"] == path) return true;
  }
  return false;
}
int count_code(const json& list, const std::string& code) {
  int n = 0;
  for (const auto& e : list) n += e["code"] == code ? 1 : 0;
  return n;
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
        "/providers/2/billing/granularity_s", "/offerings/0/gpu", "/offerings/1/usd_per_hour", "/offerings/3/id"}) {
    INFO(expected);
    CHECK(p.count(expected) == 1);
  }
  // Spot above on-demand is a warning (kept, flagged), not an error.
  CHECK(p.count("/offerings/2/spot_usd_per_hour") == 0);
  CHECK(has_issue(result["warnings"], "spot_above_on_demand", "/offerings/2/spot_usd_per_hour"));
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

TEST_CASE("the bundled catalog has tiers, price dates and display names everywhere", "[catalog]") {
  sizer::Issues errors, warnings;
  const sizer::Catalog catalog = sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
  REQUIRE(errors.empty());
  std::set<std::string> with_offerings;
  for (const auto& o : catalog.offerings) {
    INFO(o.id);
    CHECK(o.price_as_of.size() == 10);
    CHECK_FALSE(o.display_name.empty());
    with_offerings.insert(o.provider);
    const sizer::Provider* p = catalog.find_provider(o.provider);
    REQUIRE(p != nullptr);
    CHECK((o.price_type == "listing") == (p->tier == sizer::TierId::marketplace));
    CHECK(o.tier == p->tier);
  }
  CHECK(catalog.offerings.size() >= 500);
  CHECK(with_offerings.size() >= 20);
  for (const auto& p : catalog.providers) {
    INFO(p.id);
    CHECK((p.tier == sizer::TierId::hyperscaler || p.tier == sizer::TierId::gpu_cloud || p.tier == sizer::TierId::marketplace));
  }
  const sizer::Provider* hyperstack = catalog.find_provider("hyperstack");
  REQUIRE(hyperstack != nullptr);
  CHECK_FALSE(hyperstack->commitments.empty());
}

TEST_CASE("new provider and offering fields are read and checked", "[catalog]") {
  json provider = good_provider("p");
  provider["tier"] = "gpu_cloud";
  provider["price_as_of"] = "2026-12-01";
  provider["commitments"] = {{{"term", "1y"}, {"gpu", "g"}, {"usd_per_gpu_hour", 1.5}, {"source", "price list"}},
                             {{"term", "3y"}, {"discount_fraction", 0.4}, {"source", "price list"}}};
  json offering = good_offering("p/a", "g");
  offering["display_name"] = "8x G 80 GB";
  offering["price_as_of"] = "2026-11-01";
  offering["price_type"] = "listing";
  offering["stale"] = true;
  offering["gpu_mem_gb"] = 80;
  const json ok = validate({{"gpus", {good_gpu("g")}}, {"providers", {provider}}, {"offerings", {offering}}});
  CHECK(ok["ok"] == true);
  sizer::Issues errors, warnings;
  const sizer::Catalog c = sizer::load_catalog_texts(
      {sizer::dump_json({{"gpus", {good_gpu("g")}}, {"providers", {provider}}, {"offerings", {offering}}})}, errors, warnings);
  REQUIRE(c.providers.size() == 1);
  CHECK(c.providers[0].tier == sizer::TierId::gpu_cloud);
  REQUIRE(c.providers[0].commitments.size() == 2);
  CHECK(*c.providers[0].commitments[0].usd_per_gpu_hour == Approx(1.5));
  CHECK(*c.providers[0].commitments[1].discount_fraction == Approx(0.4));
  REQUIRE(c.offerings.size() == 1);
  CHECK(c.offerings[0].stale);
  CHECK(c.offerings[0].price_type == "listing");
  CHECK(c.offerings[0].price_as_of == "2026-11-01");

  provider["tier"] = "reseller";
  provider["price_as_of"] = "last week";
  provider["commitments"] = {{{"term", "1y"}, {"source", "x"}}, {{"term", "1y"}, {"discount_fraction", 1.5}, {"source", "x"}}};
  offering["price_as_of"] = "2026-13-01";
  offering["price_type"] = "auction";
  const json bad = validate({{"gpus", {good_gpu("g")}}, {"providers", {provider}}, {"offerings", {offering}}});
  REQUIRE(bad["ok"] == false);
  CHECK(has_issue(bad["errors"], "unknown_value", "/providers/0/tier"));
  CHECK(has_issue(bad["errors"], "invalid_date", "/providers/0/price_as_of"));
  CHECK(has_issue(bad["errors"], "missing_price", "/providers/0/commitments/0/usd_per_hour"));
  CHECK(has_issue(bad["errors"], "out_of_range", "/providers/0/commitments/1/discount_fraction"));
  CHECK(has_issue(bad["errors"], "invalid_date", "/offerings/0/price_as_of"));
  CHECK(has_issue(bad["errors"], "unknown_value", "/offerings/0/price_type"));
  CHECK(bad["errors"].size() == 6);
}

TEST_CASE("sanity warnings: outlier price, repeated row, memory that disagrees with the GPU", "[catalog]") {
  json gpus = {good_gpu("g"), good_gpu("h100-40gb")};  // the id says 40 GB, vram_gib says 80
  json providers = {good_provider("p"), good_provider("q"), good_provider("r"), good_provider("s")};
  auto offer = [](const std::string& provider, const std::string& name, double usd) {
    json o = good_offering(provider + "/" + name, "g");
    o["provider"] = provider;
    o["instance"] = name;
    o["gpus"] = 1;
    o["usd_per_hour"] = usd;
    o.erase("spot_usd_per_hour");
    o["interconnect"] = "none";
    return o;
  };
  json offerings = {offer("p", "a", 2.0), offer("q", "a", 2.2), offer("r", "a", 1.9), offer("s", "a", 9.0),
                    offer("s", "b", 2.0)};
  offerings[4]["region"] = "x";
  json twin = offer("s", "c", 2.5);
  twin["region"] = "x";  // same provider, GPU, count, host and region as /offerings/4, another price
  offerings.push_back(twin);
  json mem = offer("p", "m", 2.0);
  mem["gpu_mem_gb"] = 40;  // the source says 40 GB; GPU g has 80
  offerings.push_back(mem);
  const json result = validate({{"gpus", gpus}, {"providers", providers}, {"offerings", offerings}});
  INFO(result.dump());
  CHECK(result["ok"] == true);  // warnings never reject
  const json& w = result["warnings"];
  CHECK(has_issue(w, "price_outlier", "/offerings/3/usd_per_hour"));  // $9 against a ~$2 median
  CHECK(count_code(w, "price_outlier") == 1);
  CHECK(has_issue(w, "duplicate_offering", "/offerings/5/usd_per_hour"));
  CHECK(count_code(w, "duplicate_offering") == 1);
  CHECK(has_issue(w, "gpu_memory_mismatch", "/gpus/1/vram_gib"));
  CHECK(has_issue(w, "gpu_memory_mismatch", "/offerings/6/gpu_mem_gb"));
  CHECK(count_code(w, "gpu_memory_mismatch") == 2);

  // Fewer than three providers for a GPU: no median to judge against, so no outlier warning.
  const json two = validate({{"gpus", {good_gpu("g")}}, {"providers", providers},
                             {"offerings", {offer("p", "a", 2.0), offer("q", "a", 20.0)}}});
  CHECK(count_code(two["warnings"], "price_outlier") == 0);
}
