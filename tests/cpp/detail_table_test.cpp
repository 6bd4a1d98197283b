// A request with "detail": "table" gets its options as columns of numbers (core/table.hpp): row r of every
// column holds what option r of the same request with "figures" says, the rest of the response is the figures
// response's, and a smaller limit keeps the first rows. The WASM door's binary path (the values held as
// doubles beside a text without them: evaluate_to_text's table_values) carries the same numbers.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "support.hpp"

using sizer::json;

namespace {

json with(json request, const char* key, const json& value) {
  request[key] = value;
  return request;
}

}  // namespace

TEST_CASE("detail table: each row is the option at its rank, column by column", "[detail][table][property]") {
  const json serving = {{"model", sizer_test::llama_70b()}, {"engine", "vllm"},
                        {"workload", {{"kind", "inference"}, {"weights", "fp8"}, {"prompt_tokens", 4000},
                                      {"output_tokens", 500}, {"concurrency", 32},
                                      {"min_output_tokens_per_s_per_user", 20}, {"max_ttft_s", 2}}},
                        {"limit", 10000}};
  const json small = {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"limit", 10000},
                      {"filters", {{"pricing", "any"}}}};
  const json pinned = sizer_test::inference_request(sizer_test::llama_8b(),
                                                    {{"weights", "bf16"}, {"prompt_tokens", 30000}, {"output_tokens", 256}},
                                                    "h100-sxm");
  const json too_big = sizer_test::inference_request(sizer_test::llama_70b(), {{"weights", "bf16"}}, "l4", 1);
  const json lora = {{"model", sizer_test::llama_8b()}, {"locale", "ar"}, {"limit", 10000},
                     {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 5e7}}}};
  const json pretrain = {{"model", sizer_test::llama_8b()},
                         {"workload", {{"kind", "pretrain"}, {"dataset_tokens", 1e10}, {"deadline_s", 86400}}},
                         {"limit", 300}};
  const json image = {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}}}, {"order", "cheapest_per_hour"},
                      {"limit", 10000}};
  const json audio = {{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}}}, {"limit", 40}};
  // A mixture of experts with its experts split over two GPUs (the only options with an `expert` member).
  const json experts = {{"model", "mixtral-8x7b"}, {"hardware", {{"gpu", "h100-sxm"}, {"count", 2}}},
                        {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 1e7},
                                      {"parallelism", {{"data", 2}, {"expert", 2}}}}}};
  size_t rows_seen = 0;
  std::set<std::string> option_fields;  // every field the options above carry, parallelism members included
  for (const json* document : {&serving, &small, &pinned, &too_big, &lora, &pretrain, &image, &audio, &experts}) {
    INFO(document->dump());
    const json figures = sizer_test::evaluate(with(*document, "detail", "figures"));
    const json table = sizer_test::evaluate(with(*document, "detail", "table"));
    REQUIRE(figures.at("ok") == true);
    REQUIRE(table.at("ok") == true);
    REQUIRE(table.contains("table"));
    CHECK_FALSE(figures.contains("table"));
    CHECK(table.at("options").empty());
    CHECK(table.at("guidance").empty());
    CHECK(table.at("explain").empty());
    REQUIRE(!figures.at("options").empty());
    CHECK(sizer_test::table_disagreement(table["table"], figures["options"], sizer_test::bundled()).empty());
    for (const char* key : {"memory", "fit_by_gpu", "options_evaluated", "model", "warnings", "errors"}) {
      INFO(key);
      CHECK(table.at(key) == figures.at(key));
    }
    CHECK(table.contains("scaling") == figures.contains("scaling"));
    if (figures.contains("scaling")) CHECK(table.at("scaling") == figures.at("scaling"));
    rows_seen += table["table"]["rows"].get<size_t>();
    for (const json& option : figures["options"]) {
      for (auto it = option.begin(); it != option.end(); ++it) option_fields.insert(it.key());
      for (auto it = option["parallelism"].begin(); it != option["parallelism"].end(); ++it) option_fields.insert(it.key());
    }
  }
  // Each column but `offering` is an option field of its name (the contract's promise; CONTRACT.md "table").
  for (const std::string_view column : sizer::ids_of<sizer::TableColumnId>()) {
    INFO(column);
    if (column != "offering") CHECK(option_fields.count(std::string(column)) == 1);
  }
  // The every-option requests above are whole rankings (hundreds of rows), not one option each.
  CHECK(rows_seen > 1000);
}

TEST_CASE("detail table: a smaller limit keeps the first rows", "[detail][table]") {
  const json request = {{"model", "qwen2.5-32b"}, {"workload", {{"kind", "inference"}, {"concurrency", 8}}},
                        {"detail", "table"}, {"limit", 10000}};
  const json all = sizer_test::evaluate(request);
  const json five = sizer_test::evaluate(with(request, "limit", 5));
  REQUIRE(all.at("ok") == true);
  REQUIRE(five.at("ok") == true);
  const size_t rows = all["table"]["rows"].get<size_t>();
  CHECK(rows == all["options_evaluated"].get<size_t>());
  REQUIRE(rows > 5);
  REQUIRE(five["table"]["rows"] == 5);
  for (size_t c = 0; c < all["table"]["values"].size(); ++c) {
    INFO("column " << all["table"]["columns"][c]);
    const json& column = all["table"]["values"][c];
    CHECK(five["table"]["values"][c] == json(std::vector<json>(column.begin(), column.begin() + 5)));
  }
}

TEST_CASE("detail table: the values held as doubles are the ones the text would carry", "[detail][table][wasm-door]") {
  const json request = {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"detail", "table"},
                        {"limit", 200}, {"filters", {{"pricing", "any"}}}};
  const std::string text = sizer::dump_json(request);
  const json with_values = json::parse(sizer::evaluate_to_text(text, sizer_test::bundled()));
  std::vector<double> held;
  const json without = json::parse(sizer::evaluate_to_text(text, sizer_test::bundled(), &held));
  REQUIRE(with_values.at("ok") == true);
  REQUIRE(without.at("ok") == true);
  CHECK_FALSE(without["table"].contains("values"));
  json rest = with_values;
  rest["table"].erase("values");
  CHECK(rest == without);
  const size_t rows = with_values["table"]["rows"].get<size_t>();
  const json& values = with_values["table"]["values"];
  REQUIRE(held.size() == values.size() * rows);
  size_t absent = 0;
  for (size_t c = 0; c < values.size(); ++c) {
    for (size_t r = 0; r < rows; ++r) {
      const double v = held[c * rows + r];
      const json& cell = values[c][r];
      if (cell.is_null()) {
        CHECK(std::isnan(v));
        ++absent;
      } else {
        CHECK(v == cell.get<double>());
      }
    }
  }
  CHECK(absent > 0);  // serving leaves the training and media columns empty: both branches ran
  // A response without a table holds nothing.
  held.assign(3, 1.0);
  const json full = json::parse(sizer::evaluate_to_text(sizer::dump_json(with(request, "detail", "figures")),
                                                       sizer_test::bundled(), &held));
  CHECK_FALSE(full.contains("table"));
  CHECK(held.size() == 3);
}
