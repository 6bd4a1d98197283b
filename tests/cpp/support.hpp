// Shared helpers for the Catch2 suite (natively and in WASM under Node).
#pragma once
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "embedded_catalog.hpp"
#include "json_io.hpp"
#include "price_doubt.hpp"
#include "request.hpp"
#include "vocabulary.hpp"

namespace sizer_test {

inline const sizer::Catalog& bundled() {
  static const sizer::Catalog catalog = [] {
    sizer::Issues errors, warnings;
    return sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
  }();
  return catalog;
}

inline sizer::json evaluate(const sizer::json& request) {
  return sizer::evaluate_text(sizer::dump_json(request), bundled());
}

// A request the test expects to parse, against the bundled catalog.
inline sizer::Request parsed(const sizer::json& document) {
  sizer::ParsedRequest p = sizer::parse_request(document, bundled());
  INFO(document.dump());
  REQUIRE(p.ok());
  return p.request;
}

// A value the top option's explanation of `figure` lists (the response's explain entry "options.0.<figure>").
inline double explained(const sizer::json& response, const std::string& figure, const std::string& value) {
  for (const sizer::json& e : response["explain"]) {
    if (e["figure"] == "options.0." + figure) return e["values"][value].get<double>();
  }
  FAIL("no explanation of " << figure);
  return 0;
}

// An option of a response without its sentences (notes, reasons, warnings): what "detail": "figures" keeps.
inline sizer::json option_figures(sizer::json option) {
  for (const char* words : {"notes", "reasons", "warnings"}) option.erase(words);
  return option;
}

// Where a table response (detail "table") and the options of the same request without it disagree: "" when
// every row holds, column by column, what the option at its rank says (CONTRACT.md "table": enum fields as
// positions in their vocabulary list, flags 0/1, instances and expert 1 when left out, `offering` the option's
// position in `catalog`'s offerings, absent for pinned hardware).
inline std::string table_disagreement(const sizer::json& table, const sizer::json& options, const sizer::Catalog& catalog) {
  using sizer::json;
  const std::vector<std::string_view> columns = sizer::ids_of<sizer::TableColumnId>();
  if (table.at("columns").size() != columns.size()) return "the columns are not TableColumnId's";
  for (size_t c = 0; c < columns.size(); ++c) {
    if (table["columns"][c] != std::string(columns[c])) return "column " + std::to_string(c) + " is misnamed";
  }
  const size_t rows = table.at("rows").get<size_t>();
  if (rows != options.size()) return "rows " + std::to_string(rows) + " against " + std::to_string(options.size()) + " options";
  const json& values = table.at("values");
  if (values.size() != columns.size()) return "values holds " + std::to_string(values.size()) + " columns";
  auto position = [](const std::vector<std::string_view>& ids, const json& id) -> json {
    for (size_t k = 0; k < ids.size(); ++k) {
      if (id == std::string(ids[k])) return k;
    }
    return nullptr;
  };
  // The enum fields, each with the vocabulary list its position is in.
  const std::pair<const char*, std::vector<std::string_view>> enums[] = {
      {"pricing", sizer::ids_of<sizer::PricingId>()},           {"tier", sizer::ids_of<sizer::TierId>()},
      {"interconnect", sizer::ids_of<sizer::InterconnectId>()}, {"bottleneck", sizer::ids_of<sizer::BottleneckId>()},
      {"sharding", sizer::ids_of<sizer::ShardingId>()},         {"price_confidence", sizer::ids_of<sizer::PriceConfidenceId>()}};
  for (size_t r = 0; r < rows; ++r) {
    const json& o = options[r];
    json expected = json::object();
    for (const std::string_view column : columns) expected[std::string(column)] = o.contains(std::string(column)) ? o[std::string(column)] : json();
    for (const auto& [field, ids] : enums) expected[field] = o.contains(field) ? position(ids, o[field]) : json();
    expected["fits"] = o.at("fits").get<bool>() ? 1 : 0;
    expected["meets_targets"] = o.at("meets_targets").get<bool>() ? 1 : 0;
    expected["instances"] = o.value("instances", 1);
    const json& parallelism = o.at("parallelism");
    for (const char* axis : {"tensor", "pipeline", "data"}) expected[axis] = parallelism.at(axis);
    expected["expert"] = parallelism.value("expert", 1);
    expected["offering"] = nullptr;
    if (o.contains("offering_id")) {
      for (size_t k = 0; k < catalog.offerings.size(); ++k) {
        if (catalog.offerings[k].id == o["offering_id"]) {
          expected["offering"] = k;
          break;
        }
      }
    }
    for (size_t c = 0; c < columns.size(); ++c) {
      const json& got = values[c].at(r);
      const json& want = expected[std::string(columns[c])];
      const bool same = got.is_null() ? want.is_null() : !want.is_null() && got.get<double>() == want.get<double>();
      if (!same) return "row " + std::to_string(r) + " column " + std::string(columns[c]) + ": " + got.dump() + " against " + want.dump();
    }
  }
  return "";
}

// A GPU of the bundled catalog the test expects to be there.
inline const sizer::Gpu& gpu(const char* id) {
  const sizer::Gpu* g = bundled().find_gpu(id);
  REQUIRE(g != nullptr);
  return *g;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A request for `model` (an inline architecture) on `count` × `gpu`, inference.
inline sizer::json inference_request(const sizer::json& model, const sizer::json& workload, const std::string& gpu,
                                     int count = 1, const std::string& engine = "vllm") {
  sizer::json workload_with_kind = workload;
  workload_with_kind["kind"] = "inference";
  return {{"model", model}, {"workload", workload_with_kind}, {"engine", engine},
          {"hardware", {{"gpu", gpu}, {"count", count}}}};
}

inline sizer::json llama_70b() {
  return {{"name", "Llama-3.1-70B"}, {"params_b", 70.55}, {"layers", 80}, {"hidden", 8192}, {"heads", 64},
          {"kv_heads", 8}, {"head_dim", 128}, {"ffn", 28672}, {"vocab", 128256}, {"max_context", 131072}};
}

inline sizer::json llama_8b() {
  return {{"name", "Llama-3.1-8B"}, {"params_b", 8.03}, {"layers", 32}, {"hidden", 4096}, {"heads", 32},
          {"kv_heads", 8}, {"head_dim", 128}, {"ffn", 14336}, {"vocab", 128256}, {"max_context", 131072}};
}

// A one-GPU L4 offering of "aws" at `usd_per_hour`, of the price confidence and seen date given (the doubtful-price
// tests, issue 33).
inline sizer::Offering l4_offering(const std::string& instance, double usd_per_hour, sizer::PriceConfidenceId confidence,
                                   const std::string& seen) {
  sizer::Offering o;
  o.id = "aws/" + instance;
  o.provider = "aws";
  o.instance = instance;
  o.gpu = "l4";
  o.gpus = 1;
  o.usd_per_hour = usd_per_hour;
  o.interconnect = sizer::InterconnectId::none;
  o.price_confidence = confidence;
  o.price_seen = seen;
  o.source = "test";
  o.as_of = "2026-12-01";
  return o;
}

// The bundled GPUs and providers with five L4 offerings of one provider: four single-source rows at $1.00-1.30 and
// one at $0.20, far below their median, of the confidence and seen date given; credible prices marked.
inline sizer::Catalog l4_market(sizer::PriceConfidenceId bargain, const std::string& seen) {
  sizer::Catalog c = bundled();
  const auto single = sizer::PriceConfidenceId::single_source;
  c.offerings = {l4_offering("a", 1.0, single, ""), l4_offering("b", 1.1, single, ""), l4_offering("c", 1.2, single, ""),
                 l4_offering("d", 1.3, single, ""), l4_offering("bargain", 0.2, bargain, seen)};
  sizer::mark_doubtful_prices(c);
  return c;
}

}  // namespace sizer_test
