// Reading and checking a catalog's JSON (an imported catalog, the build-time check of catalog/*.json): apart from
// core/catalog.cpp's look-ups, which every evaluate runs, so the WASM build compiles this file for size
// (CMakeLists.txt SIZER_WASM_SMALL_SOURCES).
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <string>

#include "catalog.hpp"
#include "price_doubt.hpp"
#include "vocabulary.hpp"

namespace sizer {

namespace {
constexpr double kMaxTflops = 1e6;   // 1 exaFLOP per device: far above any part
constexpr double kMaxGbs = 1e6;      // 1 PB/s
constexpr double kMaxVramGib = 1e5;
constexpr double kMaxUsdPerHour = 1e5;

bool is_date(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u}) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  const int month = (text[5] - '0') * 10 + (text[6] - '0');
  const int day = (text[8] - '0') * 10 + (text[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

void read_provenance(const json& object, const std::string& path, JsonReader& r, std::string& source,
                     std::string& as_of) {
  source = r.string(object, "source", path, true, 2000).value_or("");
  as_of = r.string(object, "as_of", path, true, 10).value_or("");
  if (!as_of.empty() && !is_date(as_of)) {
    r.error("invalid_date", pointer_append(path, "as_of"), message("issue.invalid_date"));
    as_of.clear();
  }
}

std::optional<std::string> read_date(const json& object, const char* key, const std::string& path, JsonReader& r) {
  auto text = r.string(object, key, path, false, 10, true);
  if (text && !is_date(*text)) {
    r.error("invalid_date", pointer_append(path, key), message("issue.invalid_date", {param_text("field", key)}));
    return std::nullopt;
  }
  return text;
}

std::vector<Commitment> read_commitments(const json& object, const std::string& path, JsonReader& r) {
  std::vector<Commitment> out;
  const json* list = r.array(object, "commitments", path);
  if (list == nullptr) return out;
  const std::string list_path = pointer_append(path, "commitments");
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string cpath = pointer_append(list_path, i);
    const json& item = (*list)[i];
    if (!item.is_object()) {
      r.error("invalid_type", cpath, message("issue.invalid_type.commitment"));
      continue;
    }
    Commitment c;
    c.term = r.string(item, "term", cpath, true, 40).value_or("");
    c.gpu = r.string(item, "gpu", cpath, false, 100, true).value_or("");
    c.usd_per_hour = r.number(item, "usd_per_hour", cpath, {0, kMaxUsdPerHour, true}, false, true);
    c.usd_per_gpu_hour = r.number(item, "usd_per_gpu_hour", cpath, {0, kMaxUsdPerHour, true}, false, true);
    c.discount_fraction = r.number(item, "discount_fraction", cpath, {0, 1, true}, false, true);
    if (c.discount_fraction && *c.discount_fraction >= 1.0) {
      r.error("out_of_range", pointer_append(cpath, "discount_fraction"), message("issue.out_of_range.discount_fraction"));
    }
    const bool has_price = item.contains("usd_per_hour") && !item["usd_per_hour"].is_null();
    const bool has_gpu_price = item.contains("usd_per_gpu_hour") && !item["usd_per_gpu_hour"].is_null();
    const bool has_discount = item.contains("discount_fraction") && !item["discount_fraction"].is_null();
    if (!has_price && !has_gpu_price && !has_discount) {
      r.error("missing_price", pointer_append(cpath, "usd_per_hour"), message("issue.missing_price.commitment"));
    }
    // The term a long run can be billed at (issue 30): its length in days, chosen in steps up to a longest where
    // the provider sells it so; the least GPUs it covers; when and how surely the price was read.
    c.term_days = r.number(item, "term_days", cpath, {0, 3660, true}, false, true);
    c.max_term_days = r.number(item, "max_term_days", cpath, {0, 3660, true}, false, true);
    c.step_days = r.number(item, "step_days", cpath, {0, 3660, true}, false, true);
    c.min_gpus = r.integer(item, "min_gpus", cpath, 1, 1000000, false, true);
    c.seen = read_date(item, "seen", cpath, r).value_or("");
    c.confidence = r.choice_id<PriceConfidenceId>(item, "price_confidence", cpath);
    c.source = r.string(item, "source", cpath, true, 2000).value_or("");
    out.push_back(std::move(c));
  }
  return out;
}

template <typename Item>
void check_duplicate_ids(const std::vector<Item>& items, const std::string& list_path, JsonReader& r,
                         const char* what) {
  std::set<std::string> seen;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].id.empty()) continue;
    if (!seen.insert(items[i].id).second) {
      r.error("duplicate_id", pointer_append(pointer_append(list_path, i), "id"),
              message(std::string("issue.duplicate_id.") + (std::string_view(what) == "GPU" ? "gpu" : what),
                      {param_text("id", items[i].id.substr(0, 80))}));
    }
  }
}

Provider read_provider(const json& object, const std::string& path, JsonReader& r) {
  Provider p;
  p.id = r.string(object, "id", path, true, 100).value_or("");
  p.name = r.string(object, "name", path, true, 200).value_or("");
  p.tier = r.choice_id<TierId>(object, "tier", path);
  p.resells = r.boolean(object, "resells", path).value_or(false);
  p.price_as_of = read_date(object, "price_as_of", path, r).value_or("");
  p.commitments = read_commitments(object, path, r);
  if (const json* billing = r.object(object, "billing", path, true)) {
    const std::string bpath = pointer_append(path, "billing");
    if (auto granularity = r.number(*billing, "granularity_s", bpath, {0, 1e9, true}, true)) {
      if (*granularity == 1 || *granularity == 60 || *granularity == 3600) {
        p.billing_granularity_s = *granularity;
      } else {
        r.error("unknown_billing_unit", pointer_append(bpath, "granularity_s"),
                message("issue.unknown_billing_unit",
                        {param_number("value", *granularity, format_number(*granularity))}));
      }
    }
    p.minimum_charge_s = r.number(*billing, "minimum_s", bpath, {0, 86400 * 31}, false, true);
  }
  p.block_storage_usd_per_gb_month = r.number(object, "block_storage_usd_per_gb_month", path, {0, 100}, false, true);
  p.object_storage_usd_per_gb_month = r.number(object, "object_storage_usd_per_gb_month", path, {0, 100}, false, true);
  p.egress_usd_per_gb = r.number(object, "egress_usd_per_gb", path, {0, 100}, false, true);
  p.multi_node_fabric_on_demand = r.boolean(object, "multi_node_fabric_on_demand", path).value_or(false);
  if (const json* spot = r.object(object, "spot", path)) {
    const std::string spath = pointer_append(path, "spot");
    p.spot_available = r.boolean(*spot, "available", spath).value_or(false);
    p.spot_notice_s = r.number(*spot, "notice_s", spath, {0, 86400}, false, true);
  }
  read_provenance(object, path, r, p.source, p.as_of);
  return p;
}

// An offering's provenance fields (catalog/README.md "Provenance"). A price from a source in another currency
// must carry the amount and the dated rate it was converted at, and agree with them: a catalog that says EUR and
// files the EUR figure as dollars (the 2026-12 audit's Seeweb rows) is an error, not a warning.
void read_offering_provenance(const json& object, const std::string& path, JsonReader& r, Offering& o) {
  o.price_seen = read_date(object, "price_seen", path, r).value_or("");
  o.price_confidence = r.choice_id<PriceConfidenceId>(object, "price_confidence", path).value_or(PriceConfidenceId::single_source);
  o.spot_confidence = r.choice_id<PriceConfidenceId>(object, "spot_confidence", path);
  o.currency = r.string(object, "currency", path, false, 3, true).value_or("");
  o.source_amount = r.number(object, "source_amount", path, {0, kMaxUsdPerHour * 10, true}, false, true);
  o.source_spot_amount = r.number(object, "source_spot_amount", path, {0, kMaxUsdPerHour * 10, true}, false, true);
  o.fx_rate = r.number(object, "fx_rate", path, {0, 1e6, true}, false, true);
  o.fx_date = read_date(object, "fx_date", path, r).value_or("");
  if (o.currency == "USD") o.currency.clear();
  const bool iso = o.currency.size() == 3 && std::all_of(o.currency.begin(), o.currency.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  if (!o.currency.empty() && !iso) {
    r.error("invalid_format", pointer_append(path, "currency"), message("issue.invalid_currency", {param_text("currency", o.currency)}));
    o.currency.clear();
  }
  if (!o.currency.empty()) {
    if (!o.fx_rate || o.fx_date.empty() || !(o.source_amount || o.source_spot_amount)) {
      r.error("fx_incomplete", pointer_append(path, "fx_rate"), message("issue.fx_incomplete", {param_text("currency", o.currency)}));
    } else {
      // 1 %: the build rounds converted prices to 4 decimals, far inside it.
      constexpr double kFxTolerance = 0.01;
      for (const auto& [usd, amount, key] : {std::tuple{o.usd_per_hour, o.source_amount, "usd_per_hour"},
                                             std::tuple{o.spot_usd_per_hour, o.source_spot_amount, "spot_usd_per_hour"}}) {
        if (!usd || !amount) continue;
        const double expected = *amount * *o.fx_rate;
        if (std::fabs(*usd - expected) > kFxTolerance * expected) {
          r.error("fx_mismatch", pointer_append(path, key),
                  message("issue.fx_mismatch", {param_number("usd", *usd, "$" + format_number(*usd)),
                                                param_number("amount", *amount, format_number(*amount) + " " + o.currency),
                                                param_number("fx_rate", *o.fx_rate, format_number(*o.fx_rate)),
                                                param_number("expected", expected, "$" + format_number(std::round(expected * 10000) / 10000))}));
        }
      }
    }
  }
  if (const json* resale = r.object(object, "resale_of", path)) {
    const std::string rpath = pointer_append(path, "resale_of");
    o.resale_of_provider = r.string(*resale, "provider", rpath, true, 100).value_or("");
    o.resale_of_instance = r.string(*resale, "instance", rpath, false, 200, true).value_or("");
  }
  o.form_factor = r.choice(object, "form_factor", path, {"pcie", "sxm", "nvl", "oam"}).value_or("");
  o.spot_region = r.string(object, "spot_region", path, false, 100, true).value_or("");
}

Offering read_offering(const json& object, const std::string& path, JsonReader& r) {
  Offering o;
  o.id = r.string(object, "id", path, true, 200).value_or("");
  o.provider = r.string(object, "provider", path, true, 100).value_or("");
  o.instance = r.string(object, "instance", path, true, 200).value_or("");
  o.gpu = r.string(object, "gpu", path, true, 100).value_or("");
  o.gpus = r.integer(object, "gpus", path, 1, 1024, true).value_or(1);
  o.vcpus = r.number(object, "vcpus", path, {0, 1e5, true}, false, true);
  o.ram_gib = r.number(object, "ram_gib", path, {0, 1e6, true}, false, true);
  o.usd_per_hour = r.number(object, "usd_per_hour", path, {0, kMaxUsdPerHour, true}, false, true);
  o.spot_usd_per_hour = r.number(object, "spot_usd_per_hour", path, {0, kMaxUsdPerHour, true}, false, true);
  const bool has_on_demand = object.is_object() && object.contains("usd_per_hour") && !object["usd_per_hour"].is_null();
  const bool has_spot = object.is_object() && object.contains("spot_usd_per_hour") && !object["spot_usd_per_hour"].is_null();
  if (!has_on_demand && !has_spot) {
    r.error("missing_price", pointer_append(path, "usd_per_hour"),
            message("issue.missing_price"));
  }
  // A warning, not an error: spot and on-demand are often read in different regions or at different
  // times, and dropping the row would hide a real on-demand price.
  if (o.usd_per_hour && o.spot_usd_per_hour && *o.spot_usd_per_hour > *o.usd_per_hour) {
    r.warning("spot_above_on_demand", pointer_append(path, "spot_usd_per_hour"),
              message("issue.spot_above_on_demand",
                      {param_number("spot", *o.spot_usd_per_hour, "$" + format_number(*o.spot_usd_per_hour) + "/h"),
                       param_number("on_demand", *o.usd_per_hour, "$" + format_number(*o.usd_per_hour) + "/h")}));
  }
  // Plausibility, not validity: a GPU-hour under a cent or over $200 is most likely a unit or typing slip
  // (per-instance vs per-GPU, cents vs dollars) in an imported price list.
  for (const auto& [price, key] : {std::pair{o.usd_per_hour, "usd_per_hour"}, std::pair{o.spot_usd_per_hour, "spot_usd_per_hour"}}) {
    if (!price) continue;
    const double per_gpu_hour = *price / static_cast<double>(o.gpus);
    if (per_gpu_hour < 0.01 || per_gpu_hour > 200.0) {
      // append, not "$" + a temporary: GCC 12 warns falsely (-Wrestrict) about the latter once inlined here.
      r.warning("implausible_price", pointer_append(path, key),
                message("issue.implausible_price",
                        {param_number("price", per_gpu_hour, std::string("$").append(format_number(per_gpu_hour)))}));
    }
  }
  o.region = r.string(object, "region", path, false, 100, true).value_or("");
  o.interconnect = r.choice_id<InterconnectId>(object, "interconnect", path).value_or(InterconnectId::pcie);
  o.tier = r.choice_id<TierId>(object, "tier", path);
  o.display_name = r.string(object, "display_name", path, false, 300, true).value_or("");
  o.gpu_mem_gb = r.number(object, "gpu_mem_gb", path, {0, kMaxVramGib, true}, false, true);
  o.price_type = r.choice(object, "price_type", path, {"list", "listing"}).value_or("list");
  o.price_as_of = read_date(object, "price_as_of", path, r).value_or("");
  o.stale = r.boolean(object, "stale", path).value_or(false);
  o.upstream = r.string(object, "upstream", path, false, 100, true).value_or("");
  read_offering_provenance(object, path, r, o);
  o.commitments = read_commitments(object, path, r);
  read_provenance(object, path, r, o.source, o.as_of);
  return o;
}

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// The memory a GPU id names ("a100-80gb-sxm" -> 80), or 0 when it names none.
double memory_in_id(const std::string& id) {
  for (size_t i = 0; i + 2 < id.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(id[i])) && (i == 0 || !std::isdigit(static_cast<unsigned char>(id[i - 1])))) {
      size_t j = i;
      while (j < id.size() && std::isdigit(static_cast<unsigned char>(id[j]))) ++j;
      if (id.compare(j, 2, "gb") == 0 && (i == 0 || id[i - 1] == '-')) return std::strtod(id.substr(i, j - i).c_str(), nullptr);
    }
  }
  return 0;
}

// Sanity checks that warn and never drop: a per-GPU-hour price far from the median of the same GPU
// across providers, a row that repeats another of its provider at a different price, and GPU memory that
// disagrees with the GPU's id or with the GPU an offering names.
void sanity_warnings(const Catalog& c, JsonReader& r) {
  constexpr double kOutlierFactor = 3.0;  // more than 3x above or below the cross-provider median
  constexpr double kMemoryTolerance = 0.10;
  for (size_t i = 0; i < c.gpus.size(); ++i) {
    const double named = memory_in_id(c.gpus[i].id);
    if (named > 0 && c.gpus[i].vram_gib > 0 && std::fabs(c.gpus[i].vram_gib - named) > kMemoryTolerance * named) {
      r.warning("gpu_memory_mismatch", pointer_append(pointer_append("/gpus", i), "vram_gib"),
                message("issue.gpu_memory_mismatch.id",
                        {param_text("gpu", c.gpus[i].id.substr(0, 80)), param_number("named_gb", named, format_number(named)),
                         param_number("vram_gib", c.gpus[i].vram_gib, format_number(c.gpus[i].vram_gib))}));
    }
  }
  // Median per-GPU on-demand price of each GPU: first per provider, then across providers (so one
  // provider with many rows does not set the median alone). Needs 3 providers to judge.
  std::map<std::string, std::map<std::string, std::vector<double>>> by_gpu;
  for (const auto& o : c.offerings) {
    if (o.usd_per_hour && o.gpus > 0) by_gpu[o.gpu][o.provider].push_back(*o.usd_per_hour / static_cast<double>(o.gpus));
  }
  std::map<std::string, double> gpu_median;
  for (const auto& [gpu, per_provider] : by_gpu) {
    if (per_provider.size() < 3) continue;
    std::vector<double> medians;
    for (const auto& entry : per_provider) medians.push_back(median_of(entry.second));
    gpu_median[gpu] = median_of(medians);
  }
  std::map<std::string, size_t> first_of_shape;
  for (size_t i = 0; i < c.offerings.size(); ++i) {
    const Offering& o = c.offerings[i];
    const std::string path = pointer_append("/offerings", i);
    if (o.usd_per_hour && o.gpus > 0) {
      auto m = gpu_median.find(o.gpu);
      const double per_gpu = *o.usd_per_hour / static_cast<double>(o.gpus);
      if (m != gpu_median.end() && m->second > 0 && (per_gpu > m->second * kOutlierFactor || per_gpu < m->second / kOutlierFactor)) {
        r.warning("price_outlier", pointer_append(path, "usd_per_hour"),
                  message("issue.price_outlier",
                          {param_number("usd_per_gpu_hour", per_gpu, "$" + format_number(per_gpu)),
                           param_text("gpu", o.gpu.substr(0, 80)),
                           param_number("factor", kOutlierFactor, format_number(kOutlierFactor)),
                           param_number("median", m->second, "$" + format_number(std::round(m->second * 1000) / 1000))}));
      }
    }
    if (const Gpu* g = c.find_gpu(o.gpu); g && o.gpu_mem_gb && g->vram_gib > 0 &&
                                          std::fabs(*o.gpu_mem_gb - g->vram_gib) > kMemoryTolerance * g->vram_gib) {
      r.warning("gpu_memory_mismatch", pointer_append(path, "gpu_mem_gb"),
                message("issue.gpu_memory_mismatch.source",
                        {param_number("stated_gb", *o.gpu_mem_gb, format_number(*o.gpu_mem_gb)),
                         param_text("gpu", o.gpu.substr(0, 80)),
                         param_number("vram_gib", g->vram_gib, format_number(g->vram_gib))}));
    }
    auto opt = [](const std::optional<double>& v) { return v ? format_number(*v) : std::string("-"); };
    const std::string shape = o.provider + "|" + o.gpu + "|" + std::to_string(o.gpus) + "|" + opt(o.vcpus) + "|" +
                              opt(o.ram_gib) + "|" + o.region + "|" + o.upstream;
    auto [it, inserted] = first_of_shape.emplace(shape, i);
    if (!inserted) {
      const Offering& first = c.offerings[it->second];
      // Compared only price by price: a spot-only type beside its on-demand twin is not a repeat.
      const auto differs = [](const std::optional<double>& a, const std::optional<double>& b) { return a && b && *a != *b; };
      if (differs(first.usd_per_hour, o.usd_per_hour) || differs(first.spot_usd_per_hour, o.spot_usd_per_hour)) {
        r.warning("duplicate_offering", pointer_append(path, "usd_per_hour"),
                  message("issue.duplicate_offering",
                          {param_text("other", "/offerings/" + std::to_string(it->second))}));
      }
    }
  }
}

template <typename Item, typename ReadItem>
std::vector<Item> read_list(const json& document, const char* key, JsonReader& r, ReadItem read_item) {
  std::vector<Item> items;
  const json* list = r.array(document, key, "");
  if (list == nullptr) return items;
  const std::string list_path = pointer_append("", key);
  items.reserve(list->size());
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string item_path = pointer_append(list_path, i);
    if (!(*list)[i].is_object()) {
      r.error("invalid_type", item_path, message("issue.invalid_type.catalog_entry", {param_text("list", key)}));
      continue;
    }
    items.push_back(read_item((*list)[i], item_path, r));
  }
  return items;
}
}  // namespace

Gpu read_gpu(const json& object, const std::string& path, JsonReader& r, bool catalog_item) {
  Gpu g;
  g.id = r.string(object, "id", path, catalog_item, 100).value_or(catalog_item ? "" : "custom");
  g.name = r.string(object, "name", path, catalog_item, 200).value_or(g.id);
  g.vendor = r.string(object, "vendor", path, false, 40).value_or("");
  g.kind = r.choice_id<HardwareKindId>(object, "kind", path).value_or(HardwareKindId::gpu);
  g.vram_gib = r.number(object, "vram_gib", path, {0, kMaxVramGib, true}, true).value_or(0);
  g.memory_type = r.string(object, "memory_type", path, false, 40, true).value_or("");
  g.architecture = r.string(object, "architecture", path, false, 80, true).value_or("");
  g.memory_bandwidth_gbs = r.number(object, "memory_bandwidth_gbs", path, {0, kMaxGbs, true}, true).value_or(0);
  const std::string tpath = pointer_append(path, "tflops");
  if (const json* tflops = r.object(object, "tflops", path, true)) {
    auto rate = [&](const char* key) { return r.number(*tflops, key, tpath, {0, kMaxTflops, true}, false, true); };
    g.tflops.fp32 = rate("fp32");
    g.tflops.tf32 = rate("tf32");
    g.tflops.bf16 = rate("bf16");
    g.tflops.fp16 = rate("fp16");
    g.tflops.fp8 = rate("fp8");
    g.tflops.int8 = rate("int8");
    g.tflops.fp4 = rate("fp4");
    const bool has16 = (tflops->contains("bf16") && !(*tflops)["bf16"].is_null()) ||
                       (tflops->contains("fp16") && !(*tflops)["fp16"].is_null());
    if (!has16) {
      r.error("missing_field", pointer_append(tpath, "bf16"),
              message("issue.missing_field.tflops"));
    }
  }
  if (const json* link = r.object(object, "interconnect", path)) {
    const std::string ipath = pointer_append(path, "interconnect");
    g.interconnect_kind = r.choice_id<InterconnectId>(*link, "kind", ipath).value_or(InterconnectId::pcie);
    g.interconnect_bandwidth_gbs = r.number(*link, "bandwidth_gbs", ipath, {0, kMaxGbs}, false, true).value_or(0);
  }
  g.pcie_bandwidth_gbs = r.number(object, "pcie_bandwidth_gbs", path, {0, kMaxGbs, true}, false, true).value_or(64);
  // The driver's figure may not exceed the nominal size by more than rounding (a GiB figure for a decimal-GB card).
  g.driver_memory_bytes = r.number(object, "driver_memory_bytes", path, {0, kMaxVramGib * 1073741824.0 * 1.1, true}, false, true);
  g.driver_memory_source = r.string(object, "driver_memory_source", path, false, 600, true).value_or("");
  if (catalog_item) read_provenance(object, path, r, g.source, g.as_of);
  return g;
}

namespace {

// Everything but `document`, which the two entry points copy or move in.
Catalog read_catalog_items(const json& document, Issues& errors, Issues& warnings) {
  Catalog catalog;
  JsonReader r(errors, warnings);
  if (!document.is_object()) {
    r.error("invalid_type", "", message("issue.invalid_type.catalog"));
    return catalog;
  }
  catalog.as_of = r.string(document, "as_of", "", false, 10).value_or("");
  catalog.gpus = read_list<Gpu>(document, "gpus", r, [](const json& o, const std::string& p, JsonReader& rr) {
    return read_gpu(o, p, rr, true);
  });
  catalog.providers = read_list<Provider>(document, "providers", r, read_provider);
  catalog.offerings = read_list<Offering>(document, "offerings", r, read_offering);
  catalog.models = read_list<ModelArch>(document, "models", r, [](const json& o, const std::string& p, JsonReader& rr) {
    return read_model_arch(o, p, rr, true);
  });
  check_duplicate_ids(catalog.gpus, "/gpus", r, "GPU");
  check_duplicate_ids(catalog.providers, "/providers", r, "provider");
  check_duplicate_ids(catalog.offerings, "/offerings", r, "offering");
  check_duplicate_ids(catalog.models, "/models", r, "model");
  // Cross-references are checked only against lists this document has: an import of offerings alone is
  // checked again after it is merged over the bundled GPUs and providers.
  const bool has_gpus = document.contains("gpus");
  const bool has_providers = document.contains("providers");
  const json* offerings = document.contains("offerings") ? &document["offerings"] : nullptr;
  for (size_t i = 0; offerings && offerings->is_array() && i < offerings->size(); ++i) {
    const json& item = (*offerings)[i];
    if (!item.is_object()) continue;
    const std::string path = pointer_append("/offerings", i);
    if (has_gpus && item.contains("gpu") && item["gpu"].is_string() &&
        !catalog.find_gpu(item["gpu"].get_ref<const std::string&>())) {
      r.error("unknown_gpu", pointer_append(path, "gpu"),
              message("issue.unknown_gpu", {param_text("id", item["gpu"].get_ref<const std::string&>().substr(0, 80))}));
    }
    if (has_providers && item.contains("provider") && item["provider"].is_string() &&
        !catalog.find_provider(item["provider"].get_ref<const std::string&>())) {
      r.error("unknown_provider", pointer_append(path, "provider"),
              message("issue.unknown_provider",
                      {param_text("id", item["provider"].get_ref<const std::string&>().substr(0, 80))}));
    }
  }
  if (!catalog.offerings.empty()) sanity_warnings(catalog, r);
  mark_doubtful_prices(catalog);
  r.unknown_fields(document, "", {"as_of", "gpus", "providers", "offerings", "models", "$schema", "notes"});
  return catalog;
}

}  // namespace

Catalog read_catalog(const json& document, Issues& errors, Issues& warnings) {
  Catalog catalog = read_catalog_items(document, errors, warnings);
  if (document.is_object()) catalog.document_source = std::make_shared<CatalogDocument>(CatalogDocument{document, nullptr});
  return catalog;
}

// The bundled catalog is read once per start: moving the merged document in instead of copying it saves a
// deep copy and its frees (~7 ms of the native catalog load, more in WASM).
Catalog read_catalog(json&& document, Issues& errors, Issues& warnings) {
  Catalog catalog = read_catalog_items(document, errors, warnings);
  if (document.is_object()) {
    catalog.document_source = std::make_shared<CatalogDocument>(CatalogDocument{std::move(document), nullptr});
  }
  return catalog;
}

json merge_catalog_documents(const std::vector<json>& documents) {
  std::vector<json> copies = documents;
  return merge_catalog_documents(std::move(copies));
}

json merge_catalog_documents(std::vector<json>&& documents) {
  json merged = json::object();
  // The dates first: the lists are moved out of the documents below.
  std::string declared;
  for (const auto& document : documents) {
    if (document.is_object() && document.contains("as_of") && document["as_of"].is_string() &&
        is_date(document["as_of"].get_ref<const std::string&>())) {
      declared = document["as_of"].get<std::string>();
    }
  }
  for (auto& document : documents) {
    if (!document.is_object()) continue;
    for (auto it = document.begin(); it != document.end(); ++it) {
      if (it.key() == "as_of") continue;
      merged[it.key()] = std::move(it.value());
    }
  }
  // The catalog's date: the last document's own "as_of" (read above); failing that, its oldest item's date,
  // so a stale list is never hidden behind a fresh one.
  std::string oldest;
  for (const char* key : {"gpus", "providers", "offerings", "models"}) {
    if (!merged.contains(key) || !merged[key].is_array()) continue;
    for (const auto& item : merged[key]) {
      if (item.is_object() && item.contains("as_of") && item["as_of"].is_string()) {
        const auto& date = item["as_of"].get_ref<const std::string&>();
        if (is_date(date) && (oldest.empty() || date < oldest)) oldest = date;
      }
    }
  }
  if (!declared.empty()) oldest = declared;
  if (!oldest.empty()) merged["as_of"] = oldest;
  return merged;
}

}  // namespace sizer
