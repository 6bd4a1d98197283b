// Edge inputs get clear errors, not garbage: zero or huge parameters, a context past the model's
// maximum, concurrency 0, unknown formats and engines, and absurd prices in an imported catalog. Each
// asserts the error code and its JSON Pointer (and, for a single fault, that it is the only error).
// Inline models, inline GPUs and a self-contained imported catalog keep this independent of the bundle.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "support.hpp"

using sizer::json;

namespace {

json small_model() {
  return {{"name", "edge-8b"}, {"params_b", 8.03}, {"layers", 32},  {"hidden", 4096},  {"heads", 32},
          {"kv_heads", 8},     {"head_dim", 128},  {"ffn", 14336},  {"vocab", 128256}, {"max_context", 8192}};
}

json inline_gpu() {
  return {{"name", "Edge H100"}, {"vram_gib", 80}, {"memory_bandwidth_gbs", 3350},
          {"tflops", {{"bf16", 989.5}, {"fp8", 1979}}}, {"interconnect", {{"kind", "nvlink"}, {"bandwidth_gbs", 900}}}};
}

// A valid inference request on one inline GPU; tests change one thing.
json base_request() {
  return {{"model", small_model()},
          {"workload", {{"kind", "inference"}, {"prompt_tokens", 1000}, {"output_tokens", 200}, {"concurrency", 4}}},
          {"engine", "vllm"},
          {"hardware", {{"gpu", inline_gpu()}, {"count", 1}}}};
}

// The last request evaluated, so a failing check says which one it was.
std::string& last_request() {
  static std::string text;
  return text;
}

json evaluate_text(const std::string& text) {
  last_request() = text;
  return sizer::evaluate_text(text, sizer_test::bundled());
}

json evaluate(const json& request) { return evaluate_text(sizer::dump_json(request)); }

std::string describe(const json& issues) { return sizer::dump_json(issues); }

// The response is a rejection carrying an error with `code` at `path` (and a message a person can read);
// with `only`, that is the one error.
void require_error(const json& r, const std::string& code, const std::string& path, bool only = true) {
  INFO("request: " << last_request());
  INFO("errors: " << describe(r.contains("errors") ? r["errors"] : json()));
  REQUIRE(r.is_object());
  REQUIRE(r.contains("ok"));
  CHECK(r["ok"] == false);
  REQUIRE(r.contains("errors"));
  bool found = false;
  for (const auto& e : r["errors"]) {
    if (e["code"] == code && e["path"] == path) {
      found = true;
      CHECK(e["message"].get<std::string>().size() > 10);
    }
  }
  CHECK(found);
  if (only) CHECK(r["errors"].size() == 1);
  // A rejection carries no half-computed figures.
  CHECK_FALSE(r.contains("options"));
  CHECK_FALSE(r.contains("memory"));
}

json with(json request, const json::json_pointer& where, const json& value) {
  request[where] = value;
  return request;
}

json::json_pointer ptr(const char* text) { return json::json_pointer(text); }

void require_finite(const json& node) {
  if (node.is_number_float()) CHECK(std::isfinite(node.get<double>()));
  if (node.is_structured()) {
    for (const auto& child : node) require_finite(child);
  }
}

// A self-contained catalog to import: one GPU, one provider, one offering at `usd_per_hour`.
json import_catalog(const json& usd_per_hour, const json& spot_usd_per_hour = nullptr) {
  json gpu = inline_gpu();
  gpu["id"] = "edge-gpu";
  gpu["source"] = "test";
  gpu["as_of"] = "2026-01-01";
  json provider = {{"id", "edge-cloud"},
                   {"name", "Edge Cloud"},
                   {"billing", {{"granularity_s", 60}}},
                   {"block_storage_usd_per_gb_month", 0.08},
                   {"egress_usd_per_gb", 0.05},
                   {"spot", {{"available", true}, {"notice_s", 30}}},
                   {"source", "test"},
                   {"as_of", "2026-01-01"}};
  json offering = {{"id", "edge-cloud/edge-1x"}, {"provider", "edge-cloud"}, {"instance", "edge-1x"},
                   {"gpu", "edge-gpu"},          {"gpus", 1},                 {"usd_per_hour", usd_per_hour},
                   {"spot_usd_per_hour", spot_usd_per_hour}, {"region", "test-1"}, {"interconnect", "none"},
                   {"source", "test"},           {"as_of", "2026-01-01"}};
  return {{"as_of", "2026-01-01"}, {"gpus", {gpu}}, {"providers", {provider}}, {"offerings", {offering}}};
}

// Validates `catalog` alone, and again merged over the bundled files the way an import is loaded.
void require_catalog_error(const json& catalog, const std::string& code, const std::string& path) {
  const std::string text = sizer::dump_json(catalog);
  const json report = sizer::validate_catalog_text(text);
  INFO("validate_catalog_text errors: " << describe(report["errors"]));
  CHECK(report["ok"] == false);
  bool found = false;
  for (const auto& e : report["errors"]) found = found || (e["code"] == code && e["path"] == path);
  CHECK(found);
  CHECK(report["errors"].size() == 1);

  std::vector<std::string_view> texts = sizer::embedded_catalog_files();
  texts.push_back(text);
  sizer::Issues errors, warnings;
  (void)sizer::load_catalog_texts(texts, errors, warnings);
  bool merged_found = false;
  for (const auto& e : errors) merged_found = merged_found || (e.code == code && e.path == path);
  CHECK(merged_found);
}

json ranked_request() {
  return {{"model", small_model()},
          {"workload", {{"kind", "inference"}, {"prompt_tokens", 1000}, {"output_tokens", 200}, {"concurrency", 4}}},
          {"engine", "vllm"}};
}

}  // namespace

TEST_CASE("edge: the base request is valid (the control for every case below)", "[edge]") {
  const json r = sizer_test::evaluate(base_request());
  INFO(describe(r["errors"]));
  REQUIRE(r["ok"] == true);
  REQUIRE(r["options"].size() == 1);
  CHECK(r["options"][0]["fits"] == true);
}

TEST_CASE("edge: zero, negative and huge model parameters", "[edge]") {
  const json base = base_request();
  require_error(evaluate(with(base, ptr("/model/params_b"), 0)), "out_of_range", "/model/params_b");
  require_error(evaluate(with(base, ptr("/model/params_b"), -8)), "out_of_range", "/model/params_b");
  require_error(evaluate(with(base, ptr("/model/params_b"), 1e6)), "out_of_range", "/model/params_b");
  require_error(evaluate(with(base, ptr("/model/params_b"), "8B")), "invalid_type", "/model/params_b");
  require_error(evaluate(with(base, ptr("/model/params_b"), nullptr)), "invalid_type", "/model/params_b");
  json no_params = base;
  no_params["model"].erase("params_b");
  require_error(evaluate(no_params), "missing_field", "/model/params_b");
  // Past double range: JSON cannot carry it, so the text itself is rejected (never read as infinity).
  require_error(evaluate_text(R"({"model":{"params_b":1e999},"workload":{"kind":"inference"}})"), "malformed_json", "");

  require_error(evaluate(with(base, ptr("/model/layers"), 0)), "out_of_range", "/model/layers");
  require_error(evaluate(with(base, ptr("/model/layers"), 1e9)), "out_of_range", "/model/layers");
  require_error(evaluate(with(base, ptr("/model/hidden"), 1LL << 40)), "out_of_range", "/model/hidden");
  require_error(evaluate(with(base, ptr("/model/heads"), 0)), "out_of_range", "/model/heads");
  require_error(evaluate(with(base, ptr("/model/vocab"), 0)), "out_of_range", "/model/vocab");
  require_error(evaluate(with(base, ptr("/model/layers"), 2.5)), "invalid_type", "/model/layers");
  require_error(evaluate(with(base, ptr("/model/max_context"), 0)), "out_of_range", "/model/max_context");
  // Cross-field: more active than total parameters, more KV heads than heads.
  require_error(evaluate(with(base, ptr("/model/active_params_b"), 9)), "out_of_range",
                "/model/active_params_b");
  require_error(evaluate(with(base, ptr("/model/kv_heads"), 64)), "out_of_range", "/model/kv_heads");
  // A Hugging Face config with zero layers.
  const json hf = {{"hf_config", {{"num_hidden_layers", 0}, {"hidden_size", 4096}}},
                   {"workload", {{"kind", "inference"}}}};
  require_error(evaluate(hf), "out_of_range", "/hf_config/num_hidden_layers", false);
}

TEST_CASE("edge: a huge but valid model is answered with finite figures and does not fit", "[edge]") {
  json request = base_request();
  request["model"] = {{"name", "100T"}, {"params_b", 100000}};  // the largest accepted
  request["hardware"]["count"] = 16;
  const json r = sizer_test::evaluate(request);
  INFO(describe(r["errors"]));
  REQUIRE(r["ok"] == true);
  require_finite(r);
  REQUIRE(r["options"].size() == 1);
  CHECK(r["options"][0]["fits"] == false);
  CHECK(r["memory"]["weights_bytes"].get<double>() >= 1e14 * 2 * 0.99);
}

TEST_CASE("edge: huge hardware counts never give negative or non-finite figures", "[edge]") {
  // A tiny sliding-window model with a 134M-token context on 4096 GPUs of 100,000 GiB: every figure must stay
  // finite and non-negative. This once overflowed int64 in place_inference (kv_capacity_tokens =
  // safe_floor(...) * data: undefined behaviour, a negative count in release builds; fixed in 689a528).
  const json request = {
      {"model", {{"name", "tiny"}, {"params_b", 0.001}, {"layers", 1}, {"hidden", 64}, {"heads", 1}, {"kv_heads", 1},
                 {"head_dim", 1}, {"max_context", 134217728}, {"sliding_window", 1}, {"sliding_layers", 1}}},
      {"workload", {{"kind", "inference"}, {"kv_cache", "q4"}, {"prompt_tokens", 134217000}, {"output_tokens", 100},
                    {"concurrency", 1}}},
      {"engine", "vllm"},
      {"hardware", {{"gpu", {{"vram_gib", 100000}, {"memory_bandwidth_gbs", 1000}, {"tflops", {{"bf16", 100}}}}},
                    {"count", 4096}}}};
  const json r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == true);
  require_finite(r);
  for (const auto& o : r["options"]) {
    for (const char* key : {"max_concurrency", "kv_capacity_tokens", "max_context_tokens"}) {
      INFO(key);
      if (o.contains(key)) CHECK(o[key].get<double>() >= 0);
    }
  }
}

TEST_CASE("edge: a context past the model's maximum", "[edge]") {
  const json base = base_request();  // max_context 8192
  // prompt + output past the maximum, context_tokens not given
  json too_long = with(base, ptr("/workload/prompt_tokens"), 8000);
  too_long["workload"]["output_tokens"] = 500;
  const json r = sizer_test::evaluate(too_long);
  // The request has no context_tokens, so the error points at the prompt it came from.
  require_error(r, "context_too_long", "/workload/prompt_tokens");
  const std::string message = r["errors"][0]["message"].get<std::string>();
  CHECK(message.find("8500") != std::string::npos);
  CHECK(message.find("8192") != std::string::npos);
  // an explicit context_tokens past the maximum
  require_error(evaluate(with(base, ptr("/workload/context_tokens"), 9000)), "context_too_long",
                "/workload/context_tokens");
  // exactly the maximum is fine
  const json at_max = sizer_test::evaluate(with(base, ptr("/workload/context_tokens"), 8192));
  CHECK(at_max["ok"] == true);
  // past any model's context (2^27 tokens) is out of range whatever the model
  require_error(evaluate(with(base, ptr("/workload/prompt_tokens"), (1LL << 27) + 1)), "out_of_range",
                "/workload/prompt_tokens", false);
  require_error(evaluate(with(base, ptr("/workload/prompt_tokens"), 0)), "out_of_range",
                "/workload/prompt_tokens");
  require_error(evaluate(with(base, ptr("/workload/output_tokens"), 0)), "out_of_range",
                "/workload/output_tokens");
  // a fine-tune whose sequence length is past the maximum
  const json finetune = {{"model", small_model()},
                         {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"seq_len", 16384}}},
                         {"hardware", {{"gpu", inline_gpu()}, {"count", 1}}}};
  require_error(evaluate(finetune), "context_too_long", "/workload/seq_len");
}

TEST_CASE("edge: concurrency 0, negative, fractional, text and too large", "[edge]") {
  const json base = base_request();
  require_error(evaluate(with(base, ptr("/workload/concurrency"), 0)), "out_of_range",
                "/workload/concurrency");
  require_error(evaluate(with(base, ptr("/workload/concurrency"), -4)), "out_of_range",
                "/workload/concurrency");
  require_error(evaluate(with(base, ptr("/workload/concurrency"), 2.5)), "invalid_type",
                "/workload/concurrency");
  require_error(evaluate(with(base, ptr("/workload/concurrency"), "8")), "invalid_type",
                "/workload/concurrency");
  require_error(evaluate(with(base, ptr("/workload/concurrency"), (1LL << 20) + 1)), "out_of_range",
                "/workload/concurrency");
  require_error(evaluate(with(base, ptr("/workload/concurrency"), 1e300)), "out_of_range",
                "/workload/concurrency");
  require_error(evaluate_text(R"({"model":{"params_b":8},"workload":{"kind":"inference","concurrency":18446744073709551615}})"),
                "out_of_range", "/workload/concurrency");
  // the other counts
  require_error(evaluate(with(base, ptr("/hardware/count"), 0)), "out_of_range", "/hardware/count");
  require_error(evaluate(with(base, ptr("/hardware/count"), 100000)), "out_of_range", "/hardware/count");
  require_error(evaluate(with(base, ptr("/limit"), 0)), "out_of_range", "/limit");
}

TEST_CASE("edge: unknown format, engine, kind, GPU, model and provider", "[edge]") {
  const json base = base_request();
  require_error(evaluate(with(base, ptr("/workload/weights"), "int3")), "unknown_value", "/workload/weights");
  require_error(evaluate(with(base, ptr("/workload/weights"), "FP8")), "unknown_value", "/workload/weights");
  require_error(evaluate(with(base, ptr("/workload/weights"), 8)), "invalid_type", "/workload/weights");
  require_error(evaluate(with(base, ptr("/workload/kv_cache"), "fp64")), "unknown_value",
                "/workload/kv_cache");
  require_error(evaluate(with(base, ptr("/engine"), "turbo")), "unknown_value", "/engine");
  require_error(evaluate(with(base, ptr("/engine"), "")), "unknown_value", "/engine");
  require_error(evaluate(with(base, ptr("/workload/kind"), "serve")), "unknown_value", "/workload/kind");
  require_error(evaluate(with(base, ptr("/hardware/gpu"), "h900-ultra")), "unknown_gpu", "/hardware/gpu");
  require_error(evaluate(with(base, ptr("/model"), "no-such-model-7b")), "unknown_model", "/model");
  json filtered = ranked_request();
  filtered["filters"] = {{"providers", {"no-such-cloud"}}};
  require_error(evaluate(filtered), "unknown_provider", "/filters/providers/0");
  // Every message names the bad value and what is expected.
  const json r = sizer_test::evaluate(with(base, ptr("/workload/weights"), "int3"));
  const std::string message = r["errors"][0]["message"].get<std::string>();
  CHECK(message.find("int3") != std::string::npos);
  CHECK(message.find("int4") != std::string::npos);
  // An unknown field inside the request's objects is an error naming the nearest field (issue 30: a misspelt
  // field must not change the answer silently); at the top level it stays a warning (a newer request's section).
  require_error(evaluate(with(base, ptr("/workload/turbo"), true)), "unknown_field", "/workload/turbo");
  const json extra = sizer_test::evaluate(with(base, ptr("/turbo"), true));
  CHECK(extra["ok"] == true);
  bool warned = false;
  for (const auto& w : extra["warnings"]) warned = warned || (w["code"] == "unknown_field" && w["path"] == "/turbo");
  CHECK(warned);
}

TEST_CASE("edge: zero and absurd GPU specs inline", "[edge]") {
  const json base = base_request();
  require_error(evaluate(with(base, ptr("/hardware/gpu/vram_gib"), 0)), "out_of_range",
                "/hardware/gpu/vram_gib");
  require_error(evaluate(with(base, ptr("/hardware/gpu/vram_gib"), 1e300)), "out_of_range",
                "/hardware/gpu/vram_gib");
  require_error(evaluate(with(base, ptr("/hardware/gpu/memory_bandwidth_gbs"), -1)), "out_of_range",
                "/hardware/gpu/memory_bandwidth_gbs");
  require_error(evaluate(with(base, ptr("/hardware/gpu/tflops/bf16"), 1e308)), "out_of_range",
                "/hardware/gpu/tflops/bf16");
  json no_16bit = base;
  no_16bit["hardware"]["gpu"]["tflops"] = {{"fp8", 1979}};
  require_error(evaluate(no_16bit), "missing_field", "/hardware/gpu/tflops/bf16");
}

TEST_CASE("edge: absurd prices in an imported catalog", "[edge]") {
  // The control: a sane price validates, and an evaluation against the import uses it.
  {
    const std::string text = sizer::dump_json(import_catalog(3.5, 1.25));
    const json report = sizer::validate_catalog_text(text);
    INFO(describe(report["errors"]));
    REQUIRE(report["ok"] == true);
    sizer::Issues errors, warnings;
    const sizer::Catalog catalog = sizer::load_catalog_texts({text}, errors, warnings);
    REQUIRE(errors.empty());
    const json r = sizer::evaluate_text(sizer::dump_json(ranked_request()), catalog);
    INFO(describe(r["errors"]));
    REQUIRE(r["ok"] == true);
    REQUIRE(r["options"].size() == 2);  // on-demand and spot
    CHECK(r["options"][0]["usd_per_hour"].get<double>() == Approx(3.5));
    require_finite(r);
  }
  require_catalog_error(import_catalog(1e9), "out_of_range", "/offerings/0/usd_per_hour");
  require_catalog_error(import_catalog(0), "out_of_range", "/offerings/0/usd_per_hour");
  require_catalog_error(import_catalog(-3), "out_of_range", "/offerings/0/usd_per_hour");
  require_catalog_error(import_catalog("3.50"), "invalid_type", "/offerings/0/usd_per_hour");
  require_catalog_error(import_catalog(3.5, -1), "out_of_range", "/offerings/0/spot_usd_per_hour");
  require_catalog_error(import_catalog(3.5, 1e12), "out_of_range", "/offerings/0/spot_usd_per_hour");
  {
    // Spot above on-demand is a warning, not an error (catalog issue: warn, do not drop).
    const json report = sizer::validate_catalog_text(sizer::dump_json(import_catalog(3.5, 7)));
    CHECK(report["ok"] == true);
    bool warned = false;
    for (const auto& w : report["warnings"]) {
      warned = warned || (w["code"] == "spot_above_on_demand" && w["path"] == "/offerings/0/spot_usd_per_hour");
    }
    CHECK(warned);
  }
  require_catalog_error(import_catalog(nullptr, nullptr), "missing_price", "/offerings/0/usd_per_hour");
  // Absurd storage, egress and GPU figures in the same import.
  json storage = import_catalog(3.5);
  storage["providers"][0]["block_storage_usd_per_gb_month"] = 1e6;
  require_catalog_error(storage, "out_of_range", "/providers/0/block_storage_usd_per_gb_month");
  json egress = import_catalog(3.5);
  egress["providers"][0]["egress_usd_per_gb"] = -0.5;
  require_catalog_error(egress, "out_of_range", "/providers/0/egress_usd_per_gb");
  json tflops = import_catalog(3.5);
  tflops["gpus"][0]["tflops"]["bf16"] = 1e308;
  require_catalog_error(tflops, "out_of_range", "/gpus/0/tflops/bf16");
  json gpus = import_catalog(3.5);
  gpus["offerings"][0]["gpus"] = 0;
  require_catalog_error(gpus, "out_of_range", "/offerings/0/gpus");
}
