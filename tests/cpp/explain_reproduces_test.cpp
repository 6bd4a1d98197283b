// "Show the math" reproduces its results (issue 16): every explain entry's formula, with the entry's own
// values substituted, gives the entry's result within rounding, and every value and result has a unit.
// Over the calibration requests (published measurements of every workload kind, pinned) and a grid of
// ranked and pinned requests of every kind, so each builder (memory, speed, training, media, cost) is hit.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "formula_eval.hpp"
#include "support.hpp"

using sizer::json;

namespace {

std::vector<json> requests() {
  std::vector<json> out;
  const std::string text = sizer_test::read_text(std::string(SIZER_FIXTURES_DIR) + "/../calibration/requests.json");
  sizer::Issues errors;
  if (auto doc = sizer::parse_json_text(text, errors)) {
    for (const json& r : *doc) out.push_back(r["request"]);
  }
  for (const char* model : {"llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b", "deepseek-v3", "gemma-2-9b", "gpt-oss-20b"}) {
    for (const char* weights : {"bf16", "fp8", "int4"}) {
      out.push_back({{"model", model}, {"workload", {{"kind", "inference"}, {"weights", weights}, {"concurrency", 8}}}, {"limit", 3}});
      out.push_back({{"model", model},
                     {"workload", {{"kind", "inference"}, {"weights", weights}, {"kv_cache", "fp8"}, {"concurrency", 32}}},
                     {"engine", "sglang"},
                     {"hardware", {{"gpu", "h100-sxm"}, {"count", 8}}}});
    }
  }
  for (const char* method : {"full", "lora", "qlora"}) {
    out.push_back({{"model", "llama-3.1-8b"}, {"workload", {{"kind", "finetune"}, {"method", method}, {"tokens", 5e7}}}, {"limit", 3}});
  }
  out.push_back({{"model", "llama-3.1-8b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 1e10}}}, {"limit", 3}});
  out.push_back({{"model", "llama-3.1-8b"},
                 {"workload", {{"kind", "pretrain"}, {"tokens", 1e10}, {"grad_checkpointing", "selective"}}},
                 {"limit", 3}});
  out.push_back({{"model", "llama-3.1-8b"},
                 {"workload", {{"kind", "finetune"}, {"method", "full"}, {"tokens", 5e7}, {"grad_checkpointing", "selective"},
                               {"activation_offload", true}}},
                 {"limit", 3}});
  out.push_back({{"model", "sdxl-base-1.0"}, {"workload", {{"kind", "image"}, {"images", 1000}}}, {"limit", 3}});
  out.push_back({{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 100}}}, {"limit", 3}});
  out.push_back({{"model", "wan2.1-t2v-14b"}, {"workload", {{"kind", "video"}, {"images", 4}}}, {"limit", 3}});
  out.push_back({{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 3600}}}, {"limit", 3}});
  out.push_back({{"model", "kokoro-82m"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 3600}}}, {"limit", 3}});
  return out;
}

}  // namespace

TEST_CASE("show the math: each entry's formula over its listed values gives its result, with units", "[explain]") {
  int entries = 0;
  std::set<std::string> figures;
  std::map<std::string, std::string> first_failure;
  for (const json& request : requests()) {
    const json r = sizer_test::evaluate(request);
    if (!r.value("ok", false)) continue;
    for (const json& e : r["explain"]) {
      const std::string figure = e["figure"].get<std::string>();
      const std::string key = figure.substr(figure.rfind('.') + 1);
      INFO(figure << " for " << sizer::dump_json(request));
      INFO("formula: " << e["formula"].get<std::string>());
      std::map<std::string, double> values;
      for (auto it = e["values"].begin(); it != e["values"].end(); ++it) values[it.key()] = it.value().get<double>();
      REQUIRE(e.contains("result"));
      const double result = e["result"].get<double>();
      sizer_test::FormulaEval eval(e["formula"].get<std::string>(), values);
      const auto got = eval.run();
      INFO(eval.error());
      CHECK(got.has_value());
      if (got) CHECK(std::fabs(*got - result) <= 1e-6 * std::max(1.0, std::fabs(result)));
      // Units: the result's and every value's ("count" and "ratio" for pure numbers).
      REQUIRE(e.contains("unit"));
      CHECK_FALSE(e["unit"].get<std::string>().empty());
      REQUIRE(e.contains("units"));
      for (const auto& [name, value] : values) {
        INFO(name);
        CHECK(e["units"].contains(name));
        if (!e["units"].contains(name)) continue;
        const std::string unit = e["units"][name].get<std::string>();
        CHECK_FALSE(unit.empty());
        // The unit agrees with what the name says it holds.
        if (name.find("bytes") != std::string::npos) CHECK(unit.rfind("bytes", 0) == 0);
        if (name.find("flops") != std::string::npos) CHECK(unit.rfind("flop", 0) == 0);
        if (name.size() > 2 && name.compare(name.size() - 2, 2, "_s") == 0 && name.find("_per_s") == std::string::npos) {
          CHECK(unit == "s");
        }
      }
      ++entries;
      figures.insert(key);
    }
  }
  // Every builder took part.
  for (const char* key : {"weights_bytes", "kv_cache_bytes", "total_bytes", "decode_output_tokens_per_s_per_user",
                          "output_tokens_per_s", "ttft_s", "optimizer_bytes", "train_s",
                          "seconds_per_image", "real_time_factor", "usd_total"}) {
    INFO(key);
    CHECK(figures.count(key) == 1);
  }
  CHECK(entries > 200);
}
