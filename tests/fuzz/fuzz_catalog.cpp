// libFuzzer target: bytes as an imported catalog → sizer::validate_catalog_text; when it is valid,
// the same text is loaded with load_catalog_texts and fixed requests are evaluated against it (ranking
// every offering; pinning its first GPU with and without a concurrency; its first model preset).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_common.hpp"
#include "json_io.hpp"
#include "vocabulary.hpp"

namespace {

const sizer::json& inline_model() {
  static const sizer::json model = {{"name", "fuzz-8b"}, {"params_b", 8.03}, {"layers", 32}, {"hidden", 4096},
                                    {"heads", 32}, {"kv_heads", 8}, {"head_dim", 128}, {"ffn", 14336},
                                    {"vocab", 128256}, {"max_context", 131072}};
  return model;
}

sizer::json workload(bool with_concurrency) {
  sizer::json w = {{"kind", "inference"}, {"weights", "fp8"}, {"kv_cache", "fp16"}, {"prompt_tokens", 2000},
                   {"output_tokens", 500}, {"min_output_tokens_per_s_per_user", 10}, {"max_ttft_s", 5}};
  if (with_concurrency) w["concurrency"] = 16;
  return w;
}

void evaluate_checked(const sizer::json& request, const sizer::Catalog& catalog) {
  sizer_fuzz::check_response(sizer::evaluate_text(sizer::dump_json(request), catalog));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const sizer::json report = sizer::validate_catalog_text(text);
  if (!report.is_object() || !report.contains("ok") || !report["ok"].is_boolean()) {
    sizer_fuzz::fail("validate_catalog_text returned no boolean ok");
  }
  if (!sizer_fuzz::is_issue_list(report["errors"]) || !sizer_fuzz::is_issue_list(report["warnings"])) {
    sizer_fuzz::fail("validate_catalog_text returned a malformed issue list");
  }
  (void)sizer::dump_json(report);
  if (!report["ok"].get<bool>()) return 0;

  sizer::Issues errors, warnings;
  const sizer::Catalog catalog = sizer::load_catalog_texts({text}, errors, warnings);
  if (!errors.empty()) sizer_fuzz::fail("validate_catalog_text said ok but load_catalog_texts found errors");

  evaluate_checked({{"model", inline_model()}, {"workload", workload(true)}, {"engine", "vllm"}, {"limit", 5}}, catalog);
  evaluate_checked({{"model", inline_model()}, {"workload", workload(true)}, {"filters", {{"pricing", "spot"}, {"max_gpus", 8}}},
            {"order", "fastest"}, {"limit", 3}},
           catalog);
  if (!catalog.gpus.empty()) {
    const std::string& gpu = catalog.gpus.front().id;
    evaluate_checked({{"model", inline_model()}, {"workload", workload(true)}, {"hardware", {{"gpu", gpu}, {"count", 2}}}},
             catalog);
    // No concurrency: the largest batch that fits and meets the targets (a bisection over placements).
    evaluate_checked({{"model", inline_model()}, {"workload", workload(false)}, {"engine", "tensorrt-llm"},
              {"hardware", {{"gpu", gpu}, {"count", 3}}}},
             catalog);
  }
  if (!catalog.models.empty()) {
    const auto& model = catalog.models.front();
    sizer::json w = workload(true);
    w["prompt_tokens"] = 100;
    w["output_tokens"] = 20;
    const std::string kind =
        model.kind == sizer::ModelKindId::llm ? std::string("inference") : std::string(sizer::id_of(model.kind));
    w["kind"] = kind;
    evaluate_checked({{"model", model.id}, {"workload", w}, {"limit", 2}}, catalog);
  }
  return 0;
}
